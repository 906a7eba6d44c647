/**
 * Posts: creating, listing, reading, editing, cancelling and retrying them, and their insights. Part of the contract table (`routes.ts`), in its order.
 */
import { postInsightsQuerySchema, postInsightsResponseSchema } from '../schemas/insights';
import {
  createPostBodySchema,
  listPostsQuerySchema,
  postListResponseSchema,
  postResponseSchema,
  retryPostBodySchema,
  updatePostBodySchema,
} from '../schemas/posts';
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams, json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const postRoutes = {
  createPost: defineRoute({
    id: 'createPost',
    method: 'POST',
    path: '/v1/posts',
    auth: 'key',
    role: 'editor',
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
      title: 'Publicar agora, agendar ou guardar um rascunho',
      guidance:
        'A publicação é real: não existe ambiente de teste. Quando faltar algum detalhe (a conta, a mídia, o horário) ou a pessoa ainda não tiver confirmado, guarde um rascunho com `draft` = `true`: nada é publicado e o que falta vem em `problems`; complete-o com `reschedule_post` e envie-o com `submit_post`. Para agendar, envie `scheduledFor` com deslocamento (ex.: `2026-12-01T09:00:00-03:00`) e o `timezone` IANA da pessoa; consulte `current_time` para saber a hora atual antes de calcular "amanhã às 9". Para "no próximo horário livre" da agenda da conta, envie `queue` = `true` sem `scheduledFor`. Para um post que se repete ("toda segunda às 9h"), envie também `recurrence` = `{ "rrule": "FREQ=WEEKLY;BYDAY=MO" }`: cada ocorrência vira um post agendado no mesmo horário local; leia e altere a série com `get_series` e `update_series`. Quando a aprovação é exigida para a sua credencial (uma chave `editor` num projeto ou perfil que a exige), o post fica em `awaiting_approval` até uma pessoa aprovar: diga isso a quem pediu; você não aprova nem recusa.',
      openWorld: true,
    },
  }),
  listPosts: defineRoute({
    id: 'listPosts',
    method: 'GET',
    path: '/v1/posts',
    auth: 'key',
    role: 'viewer',
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
    role: 'viewer',
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
    role: 'editor',
    rateBucket: 'default',
    tag: 'Posts',
    summary: 'Reagenda ou edita um post',
    description:
      'Muda o horário (mesma janela de 1 minuto a 75 dias) ou o conteúdo de um post agendado que ainda não começou a ser publicado. Um novo `scheduledFor` vale para todas as contas do post; sem ele, cada conta mantém o seu horário (num post criado com `queue`, o horário da agenda de cada conta). Também edita um rascunho (inclusive as contas, em `platforms`, e `scheduledFor: null` para tirar o horário) e um post aguardando aprovação, em qualquer horário. Quando a aprovação é exigida, a edição de um editor devolve um post agendado para aprovação. `evergreen` e `evergreenCaptions` mudam em qualquer post, publicado inclusive: um post evergreen publicado volta nos horários vazios de uma agenda com a fila evergreen ligada.',
    request: { params: idParams, body: json(updatePostBodySchema) },
    responses: { 200: { description: 'O post atualizado.', schema: postResponseSchema } },
    examples: {
      legenda: {
        summary: 'Troca a legenda',
        params: { id: EX.postId },
        body: { content: 'Bom dia! Hoje tem bolo de laranja. #café' },
      },
      evergreen: {
        summary: 'Marca um post publicado como evergreen, com uma legenda alternativa',
        params: { id: EX.postId },
        body: { evergreen: true, evergreenCaptions: ['Voltou: o bolo de laranja da casa. #café'] },
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
      title: 'Reagendar ou editar um post (agendado, rascunho ou aguardando aprovação)',
      params: { id: 'O post (`post_…`).' },
      guidance:
        'Envie só o que muda. `scheduledFor` leva deslocamento explícito (ex.: `-03:00`). Num rascunho (`draft`) também completa o que falta: `platforms`, `mediaItems` e `scheduledFor` (`null` tira o horário); a resposta traz o que ainda falta em `problems`, e o rascunho só sai com `submit_post`. Também edita um post em `awaiting_approval`, que continua aguardando. Quando a aprovação é exigida para a sua credencial, editar um post agendado o devolve a `awaiting_approval`, até uma pessoa aprovar de novo. `evergreen` (com `evergreenCaptions`) marca qualquer post, publicado inclusive, para voltar nos horários vazios.',
    },
  }),
  deletePost: defineRoute({
    id: 'deletePost',
    method: 'DELETE',
    path: '/v1/posts/{id}',
    auth: 'key',
    role: 'editor',
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
      guidance: 'Também descarta um rascunho ou um post que aguarda aprovação.',
    },
  }),
  retryPost: defineRoute({
    id: 'retryPost',
    method: 'POST',
    path: '/v1/posts/{id}/retry',
    auth: 'key',
    role: 'editor',
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
    role: 'viewer',
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
} as const satisfies Record<string, RouteDefinition>;
