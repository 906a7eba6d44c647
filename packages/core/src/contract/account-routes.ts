/**
 * The account side: the signed-in user, the organization and its API keys (Bearer only). Part of the contract table (`routes.ts`), in its order.
 */
import {
  apiKeyListResponseSchema,
  apiKeyResponseSchema,
  createApiKeyBodySchema,
  createdApiKeyResponseSchema,
  meResponseSchema,
  organizationResponseSchema,
  updateOrganizationBodySchema,
} from '../schemas/account';
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams, json, projectKeyParams } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const accountRoutes = {
  getMe: defineRoute({
    id: 'getMe',
    method: 'GET',
    path: '/v1/me',
    auth: 'bearer',
    rateBucket: 'account',
    tag: 'Conta',
    summary: 'Usuário, organização e projetos',
    description:
      'Devolve o usuário autenticado, sua organização e seus projetos. No primeiro acesso de um usuário novo, cria a organização e um projeto.',
    request: {},
    responses: { 200: { description: 'A conta do usuário.', schema: meResponseSchema } },
    examples: { conta: { summary: 'Lê a conta do usuário autenticado' } },
    errors: [],
  }),
  deleteMe: defineRoute({
    id: 'deleteMe',
    method: 'DELETE',
    path: '/v1/me',
    auth: 'bearer',
    rateBucket: 'account',
    tag: 'Conta',
    summary: 'Exclui a conta',
    description:
      'Exclui organização, projetos, chaves, contas conectadas, posts e mídias, e remove o usuário do login. Irreversível.',
    request: {},
    responses: { 204: { description: 'Conta excluída.' } },
    examples: { excluir: { summary: 'Exclui a conta e tudo dela' } },
    errors: [],
  }),
  updateOrganization: defineRoute({
    id: 'updateOrganization',
    method: 'PATCH',
    path: '/v1/organizations/{id}',
    auth: 'bearer',
    rateBucket: 'account',
    tag: 'Conta',
    summary: 'Renomeia a organização',
    description:
      'Altera o nome da organização (1 a 80 caracteres). Só o dono da organização pode alterá-la.',
    request: { params: idParams, body: json(updateOrganizationBodySchema) },
    responses: {
      200: { description: 'A organização atualizada.', schema: organizationResponseSchema },
    },
    examples: {
      renomear: {
        summary: 'Renomeia a organização',
        params: { id: EX.organizationId },
        body: { name: 'Café Aurora' },
      },
    },
    errors: ['FORBIDDEN'],
  }),
  listApiKeys: defineRoute({
    id: 'listApiKeys',
    method: 'GET',
    path: '/v1/projects/{id}/api-keys',
    auth: 'bearer',
    role: 'admin',
    rateBucket: 'account',
    tag: 'Chaves de API',
    summary: 'Lista as chaves do projeto',
    description:
      'Lista as chaves de API do projeto. O segredo nunca é devolvido: só prefixo, nome e datas.',
    request: { params: idParams },
    responses: { 200: { description: 'As chaves do projeto.', schema: apiKeyListResponseSchema } },
    examples: { listar: { summary: 'Lista as chaves do projeto', params: { id: EX.projectId } } },
    errors: ['FORBIDDEN'],
  }),
  createApiKey: defineRoute({
    id: 'createApiKey',
    method: 'POST',
    path: '/v1/projects/{id}/api-keys',
    auth: 'bearer',
    role: 'admin',
    rateBucket: 'createKey',
    tag: 'Chaves de API',
    summary: 'Cria uma chave de API',
    description:
      'Cria uma chave de API para o projeto. O segredo (`key`) aparece só nesta resposta; o serviço guarda apenas um hash. Limite: 10 criações por minuto.',
    request: { params: idParams, body: json(createApiKeyBodySchema), bodyOptional: true },
    responses: {
      201: { description: 'A chave criada, com o segredo.', schema: createdApiKeyResponseSchema },
    },
    examples: {
      criar: {
        summary: 'Cria uma chave com nome',
        params: { id: EX.projectId },
        body: { name: 'servidor de produção' },
      },
    },
    errors: ['FORBIDDEN'],
  }),
  revokeApiKey: defineRoute({
    id: 'revokeApiKey',
    method: 'DELETE',
    path: '/v1/projects/{id}/api-keys/{keyId}',
    auth: 'bearer',
    role: 'admin',
    rateBucket: 'account',
    tag: 'Chaves de API',
    summary: 'Revoga uma chave de API',
    description:
      'Revoga a chave na hora. Idempotente: revogar de novo devolve a mesma chave com o `revokedAt` original.',
    request: { params: projectKeyParams },
    responses: { 200: { description: 'A chave revogada.', schema: apiKeyResponseSchema } },
    examples: {
      revogar: { summary: 'Revoga uma chave', params: { id: EX.projectId, keyId: EX.apiKeyId } },
    },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  }),
} as const satisfies Record<string, RouteDefinition>;
