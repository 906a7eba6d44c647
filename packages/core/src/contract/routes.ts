/**
 * The contract table: every route of spec §4 plus the built-in login routes and the
 * OpenAPI document. Summaries and descriptions are Portuguese (spec §1).
 */
import * as z from 'zod';
import {
  apiKeyListResponseSchema,
  apiKeyResponseSchema,
  createApiKeyBodySchema,
  createdApiKeyResponseSchema,
  healthAuthResponseSchema,
  livenessResponseSchema,
  meResponseSchema,
  organizationResponseSchema,
  updateOrganizationBodySchema,
} from '../schemas/account';
import {
  authSessionResponseSchema,
  loginBodySchema,
  refreshBodySchema,
  signupBodySchema,
} from '../schemas/auth';
import { messageResponseSchema, pathIdSchema } from '../schemas/common';
import {
  connectCallbackQuerySchema,
  connectCallbackResponseSchema,
  connectPathSchema,
  connectQuerySchema,
  connectResponseSchema,
  healthQuerySchema,
  healthResponseSchema,
  integrationListResponseSchema,
  listIntegrationsQuerySchema,
} from '../schemas/integrations';
import {
  accountInsightsQuerySchema,
  accountInsightsResponseSchema,
  postInsightsQuerySchema,
  postInsightsResponseSchema,
} from '../schemas/insights';
import {
  importMediaBodySchema,
  mediaResponseSchema,
  uploadMediaFormSchema,
} from '../schemas/media';
import {
  dataDeletionResponseSchema,
  dataDeletionStatusPathSchema,
  dataDeletionStatusResponseSchema,
  deauthorizeResponseSchema,
  signedRequestFormSchema,
} from '../schemas/meta-callbacks';
import {
  createNotificationBodySchema,
  createdNotificationResponseSchema,
  deliveryListResponseSchema,
  deliveryResponseSchema,
  listDeliveriesQuerySchema,
  listNotificationsQuerySchema,
  notificationListResponseSchema,
  notificationResponseSchema,
  rotateNotificationSecretBodySchema,
  testNotificationBodySchema,
  testNotificationResponseSchema,
  updateNotificationBodySchema,
} from '../schemas/notifications';
import {
  createPostBodySchema,
  listPostsQuerySchema,
  postListResponseSchema,
  postResponseSchema,
  retryPostBodySchema,
  updatePostBodySchema,
} from '../schemas/posts';
import {
  profileListResponseSchema,
  profileResponseSchema,
  createProfileBodySchema,
} from '../schemas/profiles';
import { authOptionsResponseSchema } from './auth-options';
import { mediaLibraryRoutes } from './media-library-routes';
import { EXAMPLE_VALUES as EX } from './example-values';
import { defineRoute, type RouteDefinition } from './route';
import { slotRoutes } from './slot-routes';

const idParams = z.object({ id: pathIdSchema });
const projectKeyParams = z.object({ id: pathIdSchema, keyId: pathIdSchema });
const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': schema });
const signedRequestBody = {
  'application/x-www-form-urlencoded': signedRequestFormSchema,
  'application/json': signedRequestFormSchema,
};

export const routes = {
  // ---------------------------------------------------------------- health
  healthz: defineRoute({
    id: 'healthz',
    method: 'GET',
    path: '/healthz',
    auth: 'public',
    // Load balancers probe often: the default bucket (by address) leaves them room.
    rateBucket: 'default',
    tag: 'Saúde',
    summary: 'Verifica se o servidor está no ar e alcança o banco de dados',
    description:
      'Responde 200 `{ ok: true }` enquanto o processo estiver de pé e o banco de dados responder. Enquanto o banco de dados estiver fora do ar, responde 503 `DATABASE_UNAVAILABLE`; sem espaço para gravar, 503 `STORAGE_FULL`; nos dois casos com `retry-after`, e volta a 200 sozinho quando a falha passa. Não exige credencial.',
    request: {},
    responses: { 200: { description: 'O processo está no ar.', schema: livenessResponseSchema } },
    examples: { noAr: { summary: 'Verifica se o processo responde' } },
    errors: [],
  }),
  healthAuth: defineRoute({
    id: 'healthAuth',
    method: 'GET',
    path: '/v1/health/auth',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Saúde',
    summary: 'Verifica a credencial',
    description:
      'Confere a credencial e devolve o projeto a que ela pertence. Com token Bearer, o cabeçalho `x-project-id` é obrigatório.',
    request: {},
    responses: { 200: { description: 'A credencial é válida.', schema: healthAuthResponseSchema } },
    examples: { credencial: { summary: 'Confere a credencial em uso' } },
    errors: ['VALIDATION_ERROR'],
    mcp: {
      tool: 'whoami',
      title: 'Qual credencial está em uso',
      guidance:
        'Diz o projeto da credencial e se ela é uma chave de API ou a sessão de um usuário (com o usuário). Use antes de agir, para confirmar em que projeto está.',
    },
  }),
  getOpenApiDocument: defineRoute({
    id: 'getOpenApiDocument',
    method: 'GET',
    path: '/openapi.json',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Saúde',
    summary: 'Documento OpenAPI deste serviço',
    description:
      'O contrato completo em OpenAPI 3.1, gerado a partir das rotas. Não exige credencial.',
    request: {},
    responses: {
      200: { description: 'O documento OpenAPI.', schema: z.record(z.string(), z.unknown()) },
    },
    examples: { documento: { summary: 'Baixa o documento OpenAPI' } },
    errors: [],
  }),

  // ---------------------------------------------------------------- login
  signup: defineRoute({
    id: 'signup',
    method: 'POST',
    path: '/v1/auth/signup',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Login',
    summary: 'Cria um usuário',
    description:
      'Cria um usuário do login embutido e devolve seus tokens. Aberto enquanto não existe nenhum usuário; depois, só com `REELAY_ALLOW_SIGNUP=true`.',
    request: { body: json(signupBodySchema) },
    responses: {
      201: { description: 'Usuário criado e autenticado.', schema: authSessionResponseSchema },
    },
    examples: {
      cadastro: {
        summary: 'Cria a usuária Ana',
        body: { email: EX.email, password: EX.password, name: 'Ana' },
      },
    },
    errors: ['FORBIDDEN', 'EMAIL_IN_USE'],
  }),
  login: defineRoute({
    id: 'login',
    method: 'POST',
    path: '/v1/auth/login',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Login',
    summary: 'Entra com e-mail e senha',
    description: 'Troca e-mail e senha por um token de acesso curto e um token de renovação.',
    request: { body: json(loginBodySchema) },
    responses: { 200: { description: 'Autenticado.', schema: authSessionResponseSchema } },
    examples: {
      entrar: {
        summary: 'Entra com e-mail e senha',
        body: { email: EX.email, password: EX.password },
      },
    },
    errors: ['UNAUTHORIZED'],
  }),
  refresh: defineRoute({
    id: 'refresh',
    method: 'POST',
    path: '/v1/auth/refresh',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Login',
    summary: 'Renova os tokens',
    description:
      'Troca um token de renovação válido por um novo par de tokens; o anterior deixa de valer.',
    request: { body: json(refreshBodySchema) },
    responses: { 200: { description: 'Tokens renovados.', schema: authSessionResponseSchema } },
    examples: {
      renovar: {
        summary: 'Troca o token de renovação por um novo par',
        body: { refreshToken: EX.refreshToken },
      },
    },
    errors: ['UNAUTHORIZED'],
  }),
  logout: defineRoute({
    id: 'logout',
    method: 'POST',
    path: '/v1/auth/logout',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Login',
    summary: 'Encerra a sessão',
    description:
      'Revoga o token de renovação informado e toda a sua sessão (os tokens renovados a partir do mesmo login): nenhum deles renova mais. Responde 204 também para um token desconhecido, expirado ou já revogado, sem dizer qual era o caso. Tokens de acesso já emitidos valem até expirar (no máximo 15 minutos).',
    request: { body: json(refreshBodySchema) },
    responses: { 204: { description: 'Sessão encerrada (ou já não existia).' } },
    examples: {
      sair: { summary: 'Encerra a sessão do token', body: { refreshToken: EX.refreshToken } },
    },
    errors: [],
  }),

  getAuthOptions: defineRoute({
    id: 'getAuthOptions',
    method: 'GET',
    path: '/v1/auth/options',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Login',
    summary: 'Formas de entrar neste servidor',
    description:
      'Diz, sem credencial, se o cadastro está aberto e se o servidor aceita entrada por um emissor OpenID Connect, para a tela de entrada mostrar só o que existe.',
    request: {},
    responses: { 200: { description: 'As formas de entrar.', schema: authOptionsResponseSchema } },
    examples: { opcoes: { summary: 'Lê as formas de entrar' } },
    errors: [],
  }),

  // ---------------------------------------------------------------- account
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

  // ---------------------------------------------------------------- profiles
  createProfile: defineRoute({
    id: 'createProfile',
    method: 'POST',
    path: '/v1/profiles',
    auth: 'key',
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
  deleteProfile: defineRoute({
    id: 'deleteProfile',
    method: 'DELETE',
    path: '/v1/profiles/{id}',
    auth: 'key',
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

  // ---------------------------------------------------------------- connected accounts
  connectPlatform: defineRoute({
    id: 'connectPlatform',
    method: 'GET',
    path: '/v1/connect/{platform}',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Contas conectadas',
    summary: 'Inicia a conexão de uma conta',
    description:
      'Devolve a URL de autorização do Instagram para conectar uma conta profissional, opcionalmente a um perfil. O `state` da URL vale 10 minutos. Outra plataforma responde 403 `PLATFORM_NOT_AVAILABLE`. A `redirectUrl`, com chave de API ou token Bearer, deve ter a origem deste servidor, de um painel de `REELAY_CORS_ORIGINS` ou de uma origem de `REELAY_REDIRECT_ORIGINS`; outra responde 400 `VALIDATION_ERROR` nomeando `redirectUrl`. `login=facebook` usa o Login do Facebook: a pessoa escolhe Páginas do Facebook e cada conta profissional vinculada a uma delas é conectada.',
    request: { params: connectPathSchema, query: connectQuerySchema },
    responses: { 200: { description: 'A URL de autorização.', schema: connectResponseSchema } },
    examples: {
      instagram: {
        summary: 'Começa a conectar uma conta do Instagram',
        params: { platform: 'instagram' },
      },
    },
    errors: ['PLATFORM_NOT_AVAILABLE', 'NOT_FOUND', 'PLATFORM_CREDENTIALS_MISSING'],
  }),
  listIntegrations: defineRoute({
    id: 'listIntegrations',
    method: 'GET',
    path: '/v1/connect/integrations',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Contas conectadas',
    summary: 'Lista as contas conectadas',
    description:
      'Lista as contas conectadas do projeto, com filtros por plataforma, perfil (`null` para contas sem perfil) e busca, paginadas.',
    request: { query: listIntegrationsQuerySchema },
    responses: {
      200: { description: 'As contas conectadas.', schema: integrationListResponseSchema },
    },
    examples: {
      listar: {
        summary: 'Lista as contas do Instagram',
        query: { platform: 'instagram', limit: 20 },
      },
    },
    errors: [],
    mcp: {
      tool: 'list_accounts',
      title: 'Listar as contas conectadas',
      guidance:
        'O `id` (`int_…`) de cada conta é o `accountId` de `platforms[]` ao criar um post. Contas com `authStatus` = `reconnect_required` precisam que uma pessoa as reconecte.',
    },
  }),
  deleteIntegration: defineRoute({
    id: 'deleteIntegration',
    method: 'DELETE',
    path: '/v1/connect/integrations/{id}',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Contas conectadas',
    summary: 'Desconecta uma conta',
    description:
      'Apaga o token guardado e marca a conta como `revoked`. Posts publicados continuam; posts agendados para a conta vão falhar.',
    request: { params: idParams },
    responses: { 200: { description: 'Conta desconectada.', schema: messageResponseSchema } },
    examples: {
      desconectar: { summary: 'Desconecta uma conta', params: { id: EX.integrationId } },
    },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'disconnect_account',
      title: 'Desconectar uma conta',
      params: { id: 'A conta conectada (`int_…`).' },
      guidance:
        'Só desconecte quando a pessoa pedir com todas as letras: os posts agendados para a conta vão falhar, e reconectar exige que ela passe de novo pela tela de consentimento do Instagram.',
    },
  }),
  getIntegrationHealth: defineRoute({
    id: 'getIntegrationHealth',
    method: 'GET',
    path: '/v1/integrations/{id}/health',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Contas conectadas',
    summary: 'Saúde da conexão',
    description:
      'Estado da conexão da conta. O Instagram é consultado no máximo a cada 10 minutos por conta; `force=true` ignora o intervalo. Use `authStatus` para decidir sobre reconectar e `daysUntilExpiry` para avisar antes.',
    request: { params: idParams, query: healthQuerySchema },
    responses: { 200: { description: 'A saúde da conexão.', schema: healthResponseSchema } },
    examples: {
      saude: { summary: 'Verifica a conexão de uma conta', params: { id: EX.integrationId } },
    },
    errors: ['NOT_FOUND', 'RATE_LIMIT_APP'],
    mcp: {
      tool: 'get_account_health',
      title: 'Saúde da conexão de uma conta',
      params: { id: 'A conta conectada (`int_…`).' },
      guidance:
        'Com `force` = `true`, consulta o Instagram agora em vez de usar a última verificação (de até 10 minutos); use quando a pessoa pedir para verificar de novo.',
      openWorld: true,
    },
  }),
  getIntegrationInsights: defineRoute({
    id: 'getIntegrationInsights',
    method: 'GET',
    path: '/v1/integrations/{id}/insights',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Contas conectadas',
    summary: 'Métricas da conta por dia',
    description:
      'Alcance (`reach`), visualizações (`views`) e seguidores novos (`follower_count`) da conta em cada dia de `since` a `until` (datas AAAA-MM-DD em UTC, inclusive; no máximo 30 dias, o limite do Instagram por consulta; padrão: os últimos 7 dias até hoje), e os totais do período (alcance sem repetição, visualizações, visitas ao perfil e contas que interagiram). Cada valor é `null` quando o Instagram não o serve; o Instagram só informa seguidores dos últimos 30 dias. Consulta o Instagram a cada chamada e exige a permissão de métricas (`instagram_business_manage_insights`). Se o Instagram falhar ou demorar, a resposta vem em poucos segundos: `PLATFORM_UNAVAILABLE` (503) ou `PLATFORM_TIMEOUT` (504), com `retry-after`; a mesma chamada pode ser repetida depois.',
    request: { params: idParams, query: accountInsightsQuerySchema },
    responses: {
      200: { description: 'As métricas da conta.', schema: accountInsightsResponseSchema },
    },
    examples: {
      semana: { summary: 'Métricas dos últimos 7 dias', params: { id: EX.integrationId } },
    },
    errors: [
      'NOT_FOUND',
      'TOKEN_INVALID',
      'PERMISSION_REQUIRED',
      'ACCOUNT_RESTRICTED',
      'RATE_LIMIT_APP',
      'PLATFORM_UNAVAILABLE',
      'PLATFORM_TIMEOUT',
      'PLATFORM_CREDENTIALS_MISSING',
    ],
    mcp: {
      tool: 'get_account_insights',
      title: 'Métricas de uma conta por dia',
      params: { id: 'A conta conectada (`int_…`).' },
      guidance:
        'Datas em UTC no formato AAAA-MM-DD; no máximo 30 dias por chamada (divida períodos maiores). Sem datas, devolve os últimos 7 dias.',
      openWorld: true,
    },
  }),
  connectCallback: defineRoute({
    id: 'connectCallback',
    method: 'GET',
    path: '/v1/connect/instagram/callback',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Callbacks da plataforma',
    summary: 'Retorno da autorização do Instagram',
    description:
      'Chamada pelo Instagram (ou pelo Facebook, no Login do Facebook) depois que a pessoa autoriza (ou recusa). Conecta a conta, ou atualiza a conexão existente; no Login do Facebook, uma conta por Página escolhida com conta profissional vinculada. Redireciona para a `redirectUrl` dada ao iniciar a conexão, se houver; senão responde com a conta conectada, ou, a um navegador que pede HTML (`Accept`), com uma página curta em português ou inglês (`Accept-Language`) dizendo o que aconteceu.',
    request: { query: connectCallbackQuerySchema },
    responses: {
      200: {
        description: 'As contas conectadas.',
        schema: connectCallbackResponseSchema,
      },
      302: {
        description:
          'Redireciona para a `redirectUrl` com `integrationId` (a primeira conta) e `count`, ou `error`.',
      },
    },
    examples: {
      autorizada: {
        summary: 'Retorno de uma autorização concedida',
        query: { code: EX.oauthCode, state: EX.oauthState },
      },
    },
    errors: [
      'STATE_INVALID',
      'AUTHORIZATION_DENIED',
      'ACCOUNT_NOT_BUSINESS',
      'ACCOUNT_IN_USE',
      'ACCOUNT_RESTRICTED',
      'TOKEN_INVALID',
      'PERMISSION_REQUIRED',
      'RATE_LIMIT_APP',
      'PLATFORM_CREDENTIALS_MISSING',
    ],
  }),
  ...slotRoutes,

  // ---------------------------------------------------------------- posts
  createPost: defineRoute({
    id: 'createPost',
    method: 'POST',
    path: '/v1/posts',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Posts',
    summary: 'Cria um post agora ou agendado',
    description:
      'Publica já ou agenda (`scheduledFor` de 1 minuto a 75 dias à frente) um post para 1 a 5 contas. Com `queue: true` em vez de `scheduledFor`, cada conta recebe o próximo horário livre da sua agenda de publicação (sem agenda ou sem horário livre em 75 dias: `NO_FREE_SLOT`). A cota de cada conta é verificada antes de aceitar. Depois de aceito, nenhum erro HTTP é devolvido para o post: cada conta registra seu resultado em `errorCode` e `errorMessage`. Reusar a `idempotencyKey` devolve o post original.',
    request: { body: json(createPostBodySchema) },
    responses: {
      201: { description: 'Post agendado e guardado.', schema: postResponseSchema },
      202: {
        description: 'Post aceito para publicação imediata em segundo plano.',
        schema: postResponseSchema,
      },
    },
    examples: {
      agora: {
        summary: 'Publica uma imagem agora',
        body: {
          content: 'Bom dia! #café',
          mediaItems: [{ type: 'image', url: EX.imageUrl }],
          platforms: [{ platform: 'instagram', accountId: EX.integrationId }],
        },
      },
      fila: {
        summary: 'Agenda no próximo horário livre da agenda da conta',
        body: {
          content: 'Bom dia! #café',
          mediaItems: [{ type: 'image', url: EX.imageUrl }],
          platforms: [{ platform: 'instagram', accountId: EX.integrationId }],
          queue: true,
          timezone: 'America/Sao_Paulo',
        },
      },
    },
    errors: [
      'NOT_FOUND',
      'MEDIA_INVALID',
      'MEDIA_FETCH_FAILED',
      'MEDIA_UNREACHABLE',
      'RATE_LIMIT_ACCOUNT',
      'TOKEN_INVALID',
      'ACCOUNT_RESTRICTED',
      'RATE_LIMIT_APP',
      'IDEMPOTENCY_KEY_REUSED',
      'NO_FREE_SLOT',
    ],
    mcp: {
      tool: 'create_post',
      title: 'Publicar agora ou agendar um post',
      guidance:
        'A publicação é real: não existe ambiente de teste. Para agendar, envie `scheduledFor` com deslocamento (ex.: `2026-12-01T09:00:00-03:00`) e o `timezone` IANA da pessoa; consulte `current_time` para saber a hora atual antes de calcular "amanhã às 9". Para "no próximo horário livre" da agenda da conta, envie `queue` = `true` sem `scheduledFor`.',
      openWorld: true,
    },
  }),
  listPosts: defineRoute({
    id: 'listPosts',
    method: 'GET',
    path: '/v1/posts',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Posts',
    summary: 'Lista os posts',
    description:
      'Lista os posts do projeto, paginados, com filtros por status, tipo, conta, perfil e intervalo de datas.',
    request: { query: listPostsQuerySchema },
    responses: { 200: { description: 'Os posts.', schema: postListResponseSchema } },
    examples: {
      agendados: { summary: 'Os posts agendados', query: { status: 'scheduled', limit: 20 } },
    },
    errors: [],
    mcp: { tool: 'list_posts', title: 'Listar os posts' },
  }),
  getPost: defineRoute({
    id: 'getPost',
    method: 'GET',
    path: '/v1/posts/{id}',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Posts',
    summary: 'Lê um post',
    description: 'Um post com o resultado em cada conta (`platforms[]`).',
    request: { params: idParams },
    responses: { 200: { description: 'O post.', schema: postResponseSchema } },
    examples: { ler: { summary: 'Lê um post', params: { id: EX.postId } } },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'get_post',
      title: 'Ler um post',
      params: { id: 'O post (`post_…`).' },
    },
  }),
  updatePost: defineRoute({
    id: 'updatePost',
    method: 'PATCH',
    path: '/v1/posts/{id}',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Posts',
    summary: 'Reagenda ou edita um post',
    description:
      'Muda o horário (mesma janela de 1 minuto a 75 dias) ou o conteúdo de um post agendado que ainda não começou a ser publicado. Um novo `scheduledFor` vale para todas as contas do post; sem ele, cada conta mantém o seu horário (num post criado com `queue`, o horário da agenda de cada conta).',
    request: { params: idParams, body: json(updatePostBodySchema) },
    responses: { 200: { description: 'O post atualizado.', schema: postResponseSchema } },
    examples: {
      legenda: {
        summary: 'Troca a legenda',
        params: { id: EX.postId },
        body: { content: 'Bom dia! Hoje tem bolo de laranja. #café' },
      },
    },
    errors: [
      'NOT_FOUND',
      'POST_NOT_EDITABLE',
      'MEDIA_INVALID',
      'MEDIA_FETCH_FAILED',
      'MEDIA_UNREACHABLE',
    ],
    mcp: {
      tool: 'reschedule_post',
      title: 'Reagendar ou editar um post agendado',
      params: { id: 'O post (`post_…`).' },
      guidance: 'Envie só o que muda. `scheduledFor` leva deslocamento explícito (ex.: `-03:00`).',
    },
  }),
  deletePost: defineRoute({
    id: 'deletePost',
    method: 'DELETE',
    path: '/v1/posts/{id}',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Posts',
    summary: 'Cancela um post agendado',
    description:
      'Cancela um post agendado: cada conta registra `errorCode` = `CANCELLED`, e nenhum evento é enviado. Recusado com `POST_NOT_CANCELLABLE` quando a publicação já começou, já terminou ou o horário já passou.',
    request: { params: idParams },
    responses: { 200: { description: 'O post cancelado.', schema: postResponseSchema } },
    examples: { cancelar: { summary: 'Cancela um post agendado', params: { id: EX.postId } } },
    errors: ['NOT_FOUND', 'POST_NOT_CANCELLABLE'],
    mcp: {
      tool: 'cancel_post',
      title: 'Cancelar um post agendado',
      params: { id: 'O post (`post_…`).' },
    },
  }),
  retryPost: defineRoute({
    id: 'retryPost',
    method: 'POST',
    path: '/v1/posts/{id}/retry',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Posts',
    summary: 'Tenta de novo as contas com falha',
    description:
      'Publica de novo nas contas com falha, agora ou em `scheduledFor`. Ao terminar, envia um novo evento final.',
    request: { params: idParams, body: json(retryPostBodySchema), bodyOptional: true },
    responses: { 202: { description: 'Nova tentativa aceita.', schema: postResponseSchema } },
    examples: {
      agora: {
        summary: 'Tenta de novo agora (um post agendado ainda não falhou)',
        params: { id: EX.postId },
        body: {},
        answers: 'POST_NOT_RETRYABLE',
      },
    },
    errors: ['NOT_FOUND', 'POST_NOT_RETRYABLE', 'TOKEN_INVALID', 'RATE_LIMIT_ACCOUNT'],
    mcp: {
      tool: 'retry_post',
      title: 'Tentar de novo as contas com falha',
      params: { id: 'O post (`post_…`).' },
      guidance:
        'É a forma certa de repetir um post que falhou (`failed` ou `partial`): nunca crie outro post com o mesmo conteúdo. A publicação é real.',
      openWorld: true,
    },
  }),
  getPostInsights: defineRoute({
    id: 'getPostInsights',
    method: 'GET',
    path: '/v1/posts/{id}/insights',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Posts',
    summary: 'Métricas de um post',
    description:
      'As métricas que o Instagram serve para o post em cada conta (`platforms[]`): visualizações, alcance, curtidas, comentários, salvamentos, compartilhamentos e interações; nos Reels também o tempo assistido, nos Stories a navegação e as respostas. Cada valor é `null` quando o Instagram não o serve. O Instagram é consultado no máximo uma vez por hora por conta; `force=true` consulta agora. Uma conta em que o post não foi publicado responde `reason` = `not_published`, sem consultar o Instagram; uma mídia vista por poucas pessoas responde `not_enough_viewers`. Uma falha ao consultar uma conta não falha a chamada: vem em `errorCode` e `errorMessage` daquela conta, com as métricas lidas antes (`PLATFORM_UNAVAILABLE` quando o Instagram falhou, `PLATFORM_TIMEOUT` quando não respondeu a tempo).',
    request: { params: idParams, query: postInsightsQuerySchema },
    responses: {
      200: {
        description: 'As métricas do post em cada conta.',
        schema: postInsightsResponseSchema,
      },
    },
    examples: { metricas: { summary: 'Lê as métricas de um post', params: { id: EX.postId } } },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'get_post_insights',
      title: 'Métricas de um post',
      params: { id: 'O post (`post_…`).' },
      guidance:
        'Os valores vêm da última leitura (de até 1 hora; veja `fetchedAt`); use `force` = `true` só quando a pessoa pedir números de agora.',
      openWorld: true,
    },
  }),

  // ---------------------------------------------------------------- media
  uploadMedia: defineRoute({
    id: 'uploadMedia',
    method: 'POST',
    path: '/v1/media',
    auth: 'key',
    rateBucket: 'upload',
    tag: 'Mídia',
    summary: 'Envia ou importa uma mídia',
    description:
      'Envia uma imagem ou um vídeo de até 50 MB (`multipart/form-data`, campo `file`) ou importa de uma URL (`{ url }`, para vídeos maiores). A mídia é verificada antes de ser aceita. Limite: 60 por minuto.',
    request: {
      body: {
        'multipart/form-data': uploadMediaFormSchema,
        'application/json': importMediaBodySchema,
      },
    },
    responses: { 201: { description: 'A mídia aceita.', schema: mediaResponseSchema } },
    examples: {
      arquivo: {
        summary: 'Envia um arquivo',
        contentType: 'multipart/form-data',
        body: { file: EX.imageFile },
      },
      url: { summary: 'Importa de uma URL', body: { url: EX.imageUrl } },
    },
    errors: ['MEDIA_INVALID', 'MEDIA_FETCH_FAILED', 'MEDIA_UNREACHABLE'],
    mcp: {
      tool: 'upload_media_from_url',
      title: 'Importar uma mídia de uma URL',
      guidance:
        'O servidor baixa e verifica a mídia; use o `id` (`med_…`) devolvido como `mediaId` em `mediaItems` ao criar o post.',
      openWorld: true,
    },
  }),
  ...mediaLibraryRoutes,

  // ---------------------------------------------------------------- webhooks
  createNotification: defineRoute({
    id: 'createNotification',
    method: 'POST',
    path: '/v1/notifications',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Cria uma assinatura de webhook',
    description:
      'Registra uma URL https para receber eventos assinados (`post.scheduled`, `post.published`, `post.partial`, `post.failed`), opcionalmente só de um perfil (`profileId`) ou, nos eventos finais, só de posts agendados (`onlyScheduledPosts`). A URL não pode apontar para endereços privados, de loopback ou de metadados. O segredo (`webhook.secret`, `whsec_…`) aparece só nesta resposta. Eventos anteriores à assinatura não são enviados.',
    request: { body: json(createNotificationBodySchema) },
    responses: {
      201: {
        description: 'A assinatura criada, com o segredo.',
        schema: createdNotificationResponseSchema,
      },
    },
    examples: {
      finais: {
        summary: 'Recebe os resultados das publicações',
        body: {
          eventTypes: ['post.published', 'post.partial', 'post.failed'],
          webhook: { url: EX.webhookUrl },
        },
      },
    },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'create_webhook',
      title: 'Criar uma assinatura de webhook',
      guidance:
        'Mostre o segredo (`webhook.secret`) à pessoa só para ela guardar: ele não aparece de novo.',
      openWorld: true,
    },
  }),
  listNotifications: defineRoute({
    id: 'listNotifications',
    method: 'GET',
    path: '/v1/notifications',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Lista as assinaturas de webhook',
    description:
      'As assinaturas de webhook do projeto, paginadas. O segredo nunca é devolvido aqui.',
    request: { query: listNotificationsQuerySchema },
    responses: {
      200: { description: 'As assinaturas.', schema: notificationListResponseSchema },
    },
    examples: { listar: { summary: 'Lista as assinaturas', query: { limit: 20 } } },
    errors: [],
    mcp: { tool: 'list_webhooks', title: 'Listar as assinaturas de webhook' },
  }),
  getNotification: defineRoute({
    id: 'getNotification',
    method: 'GET',
    path: '/v1/notifications/{id}',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Lê uma assinatura de webhook',
    description: 'Uma assinatura de webhook, sem o segredo.',
    request: { params: idParams },
    responses: { 200: { description: 'A assinatura.', schema: notificationResponseSchema } },
    examples: { ler: { summary: 'Lê uma assinatura', params: { id: EX.notificationId } } },
    errors: ['NOT_FOUND'],
  }),
  updateNotification: defineRoute({
    id: 'updateNotification',
    method: 'PATCH',
    path: '/v1/notifications/{id}',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Altera uma assinatura de webhook',
    description:
      'Muda a URL, os tipos de evento, os filtros (`profileId`, `onlyScheduledPosts`) ou pausa e retoma os envios (`paused`). Pausada, a assinatura continua registrando os eventos como entregas `pending`; ao retomar, elas são enviadas. O segredo não muda.',
    request: { params: idParams, body: json(updateNotificationBodySchema) },
    responses: {
      200: { description: 'A assinatura alterada.', schema: notificationResponseSchema },
    },
    examples: {
      pausar: {
        summary: 'Pausa os envios',
        params: { id: EX.notificationId },
        body: { paused: true },
      },
    },
    errors: ['NOT_FOUND'],
  }),
  deleteNotification: defineRoute({
    id: 'deleteNotification',
    method: 'DELETE',
    path: '/v1/notifications/{id}',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Remove uma assinatura de webhook',
    description:
      'Remove a assinatura e seu histórico de entregas. Entregas pendentes não são mais enviadas.',
    request: { params: idParams },
    responses: { 200: { description: 'Assinatura removida.', schema: messageResponseSchema } },
    examples: { remover: { summary: 'Remove uma assinatura', params: { id: EX.notificationId } } },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'delete_webhook',
      title: 'Remover uma assinatura de webhook',
      params: { id: 'A assinatura (`ntf_…`).' },
    },
  }),
  rotateNotificationSecret: defineRoute({
    id: 'rotateNotificationSecret',
    method: 'POST',
    path: '/v1/notifications/{id}/rotate-secret',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Troca o segredo de uma assinatura',
    description:
      'Gera um novo segredo (`whsec_…`), que aparece só nesta resposta. Durante a sobreposição (`overlapSeconds`, padrão 24 h) o segredo anterior continua assinando: cada entrega leva as duas assinaturas em `X-Service-Signature`, separadas por vírgula (e em `webhook-signature`, separadas por espaço). Uma nova troca encerra na hora o segredo anterior a ela.',
    request: {
      params: idParams,
      body: json(rotateNotificationSecretBodySchema),
      bodyOptional: true,
    },
    responses: {
      200: {
        description: 'A assinatura com o novo segredo.',
        schema: createdNotificationResponseSchema,
      },
    },
    examples: {
      trocar: {
        summary: 'Troca o segredo, o anterior vale por 1 hora',
        params: { id: EX.notificationId },
        body: { overlapSeconds: 3600 },
      },
    },
    errors: ['NOT_FOUND'],
  }),
  testNotification: defineRoute({
    id: 'testNotification',
    method: 'POST',
    path: '/v1/notifications/test',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Testa um destino de webhook',
    description:
      'Envia um evento de teste assinado para uma assinatura (`notificationId`, com o segredo dela) ou para uma URL ainda não salva (`webhook.url`, com um segredo avulso devolvido na resposta), e responde o que o receptor disse: status, tempo e erro. O evento tem a forma de um `post.published`, o cabeçalho `X-Service-Test: true` e `data.post.id` = `post_00000000000000000000000000`; ele não entra no histórico de entregas.',
    request: { body: json(testNotificationBodySchema) },
    responses: {
      200: {
        description: 'O resultado da entrega de teste.',
        schema: testNotificationResponseSchema,
      },
    },
    examples: {
      assinatura: {
        summary: 'Testa uma assinatura salva',
        body: { notificationId: EX.notificationId },
      },
      url: { summary: 'Testa uma URL antes de salvar', body: { webhook: { url: EX.webhookUrl } } },
    },
    errors: ['NOT_FOUND'],
  }),
  listDeliveries: defineRoute({
    id: 'listDeliveries',
    method: 'GET',
    path: '/v1/notifications/{id}/deliveries',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Histórico de entregas',
    description:
      'Cada evento enviado à assinatura, com `status` (`pending`, `delivered`, `failed`), `attempt`, `responseStatus`, `error`, as datas e cada tentativa, paginado e filtrável por `status`.',
    request: { params: idParams, query: listDeliveriesQuerySchema },
    responses: { 200: { description: 'As entregas.', schema: deliveryListResponseSchema } },
    examples: {
      listar: {
        summary: 'As últimas entregas',
        params: { id: EX.notificationId },
        query: { limit: 20 },
      },
    },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'list_webhook_deliveries',
      title: 'Histórico de entregas de um webhook',
      params: { id: 'A assinatura (`ntf_…`).' },
    },
  }),
  redeliverDelivery: defineRoute({
    id: 'redeliverDelivery',
    method: 'POST',
    path: '/v1/notifications/{id}/deliveries/{deliveryId}/redeliver',
    auth: 'key',
    rateBucket: 'default',
    tag: 'Webhooks',
    summary: 'Reenvia uma entrega',
    description:
      'Envia de novo o evento de uma entrega (entregue ou com falha) à assinatura: o mesmo id de evento e o mesmo corpo, byte a byte, assinados na hora do envio (novo timestamp). O reenvio é uma nova entrega no histórico (`redeliveryOf` aponta a entrega reenviada), com suas próprias tentativas e novas tentativas após 30 s e 2 min se falhar. Enquanto uma entrega desse evento para a assinatura estiver `pending`, responde `DELIVERY_PENDING`. Com a assinatura pausada, o reenvio espera como `pending` e sai quando ela for retomada.',
    request: {
      params: z.object({ id: pathIdSchema, deliveryId: pathIdSchema }),
    },
    responses: {
      202: { description: 'Reenvio aceito: a nova entrega.', schema: deliveryResponseSchema },
    },
    examples: {
      reenviar: {
        summary: 'Reenvia uma entrega',
        params: { id: EX.notificationId, deliveryId: EX.deliveryId },
      },
    },
    errors: ['NOT_FOUND', 'DELIVERY_PENDING'],
    mcp: {
      tool: 'redeliver_webhook_delivery',
      title: 'Reenviar uma entrega de webhook',
      params: {
        id: 'A assinatura (`ntf_…`).',
        deliveryId: 'A entrega a reenviar (`dlv_…`), de list_webhook_deliveries.',
      },
      openWorld: true,
    },
  }),

  // ---------------------------------------------------------------- platform callbacks
  metaDeauthorize: defineRoute({
    id: 'metaDeauthorize',
    method: 'POST',
    path: '/v1/meta/deauthorize',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Callbacks da plataforma',
    summary: 'Aviso de desautorização do Instagram',
    description:
      'Chamada pela Meta quando a pessoa remove o app. Verificada por `signed_request`; apaga os tokens da conta e exige reconexão.',
    request: { body: signedRequestBody },
    responses: { 200: { description: 'Aviso registrado.', schema: deauthorizeResponseSchema } },
    examples: {
      meta: {
        summary: 'O aviso como a Meta o envia',
        contentType: 'application/x-www-form-urlencoded',
        body: { signed_request: EX.signedRequest },
      },
    },
    errors: ['SIGNED_REQUEST_INVALID', 'PLATFORM_CREDENTIALS_MISSING'],
  }),
  metaDataDeletion: defineRoute({
    id: 'metaDataDeletion',
    method: 'POST',
    path: '/v1/meta/data-deletion',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Callbacks da plataforma',
    summary: 'Pedido de exclusão de dados',
    description:
      'Chamada pela Meta quando a pessoa pede a exclusão dos seus dados. Verificada por `signed_request`; responde a URL de acompanhamento e o código de confirmação.',
    request: { body: signedRequestBody },
    responses: { 200: { description: 'Pedido registrado.', schema: dataDeletionResponseSchema } },
    examples: {
      meta: {
        summary: 'O pedido como a Meta o envia',
        contentType: 'application/x-www-form-urlencoded',
        body: { signed_request: EX.signedRequest },
      },
    },
    errors: ['SIGNED_REQUEST_INVALID', 'PLATFORM_CREDENTIALS_MISSING'],
  }),
  getDataDeletionStatus: defineRoute({
    id: 'getDataDeletionStatus',
    method: 'GET',
    path: '/v1/meta/data-deletion/{code}',
    auth: 'public',
    rateBucket: 'public',
    tag: 'Callbacks da plataforma',
    summary: 'Situação de um pedido de exclusão',
    description: 'Situação de um pedido de exclusão de dados, pelo código de confirmação.',
    request: { params: dataDeletionStatusPathSchema },
    responses: {
      200: { description: 'A situação do pedido.', schema: dataDeletionStatusResponseSchema },
    },
    examples: {
      situacao: { summary: 'Situação de um pedido', params: { code: EX.dataDeletionCode } },
    },
    errors: ['NOT_FOUND'],
  }),
} as const satisfies Record<string, RouteDefinition>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

/** The table as a list, in declaration order. */
export const ROUTES: readonly RouteDefinition[] = Object.values(routes);
