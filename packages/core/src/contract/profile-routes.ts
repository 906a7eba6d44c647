/**
 * Profiles, which group connected accounts. Part of the contract table (`routes.ts`), in its order.
 */
import { messageResponseSchema } from '../schemas/common';
import {
  createProfileBodySchema,
  profileListResponseSchema,
  profileResponseSchema,
  updateProfileBodySchema,
} from '../schemas/profiles';
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams, json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const profileRoutes = {
  createProfile: defineRoute({
    id: 'createProfile',
    method: 'POST',
    path: '/v1/profiles',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Perfis',
    summary: 'Cria um perfil',
    description:
      'Cria um perfil para agrupar contas conectadas (por exemplo, um por cliente ou marca). Passe o `id` como `profileId` ao conectar uma conta.',
    request: { body: json(createProfileBodySchema) },
    responses: { 201: { description: 'O perfil criado.', schema: profileResponseSchema } },
    examples: {
      criar: {
        summary: 'Cria um perfil',
        body: { name: 'Café Aurora', description: 'As contas da cafeteria' },
      },
    },
    errors: [],
    mcp: { tool: 'create_profile', title: 'Criar um perfil' },
  }),
  listProfiles: defineRoute({
    id: 'listProfiles',
    method: 'GET',
    path: '/v1/profiles',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: 'Perfis',
    summary: 'Lista os perfis',
    description:
      'Todos os perfis do projeto, mais novos primeiro, sem paginação. Perfis removidos não aparecem.',
    request: {},
    responses: { 200: { description: 'Os perfis.', schema: profileListResponseSchema } },
    examples: { listar: { summary: 'Lista os perfis' } },
    errors: [],
    mcp: { tool: 'list_profiles', title: 'Listar os perfis' },
  }),
  updateProfile: defineRoute({
    id: 'updateProfile',
    method: 'PATCH',
    path: '/v1/profiles/{id}',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Perfis',
    summary: 'Altera um perfil',
    description:
      'Muda o nome, a descrição ou se os posts de editores para as contas do perfil aguardam aprovação (`approvalRequired`: true, false, ou null para seguir o projeto).',
    request: { params: idParams, body: json(updateProfileBodySchema) },
    responses: { 200: { description: 'O perfil alterado.', schema: profileResponseSchema } },
    examples: {
      aprovacao: {
        summary: 'Exige aprovação para as contas de um perfil',
        params: { id: EX.profileId },
        body: { approvalRequired: true },
      },
    },
    errors: ['NOT_FOUND'],
  }),
  deleteProfile: defineRoute({
    id: 'deleteProfile',
    method: 'DELETE',
    path: '/v1/profiles/{id}',
    auth: 'key',
    role: 'admin',
    rateBucket: 'default',
    tag: 'Perfis',
    summary: 'Remove um perfil',
    description:
      'Remoção lógica. As contas conectadas do perfil continuam existindo e mantêm seu `profileId`.',
    request: { params: idParams },
    responses: { 200: { description: 'Perfil removido.', schema: messageResponseSchema } },
    examples: { remover: { summary: 'Remove um perfil', params: { id: EX.profileId } } },
    errors: ['NOT_FOUND'],
  }),
} as const satisfies Record<string, RouteDefinition>;
