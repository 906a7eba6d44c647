/**
 * Connected Instagram accounts: connecting, listing, disconnecting, health and insights, and the OAuth callback. Part of the contract table (`routes.ts`), in its order.
 */
import { messageResponseSchema } from '../schemas/common';
import { accountInsightsQuerySchema, accountInsightsResponseSchema } from '../schemas/insights';
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
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const integrationRoutes = {
  connectPlatform: defineRoute({
    id: 'connectPlatform',
    method: 'GET',
    path: '/v1/connect/{platform}',
    auth: 'key',
    role: 'admin',
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
    role: 'viewer',
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
    role: 'admin',
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
    role: 'viewer',
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
    role: 'viewer',
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
} as const satisfies Record<string, RouteDefinition>;
