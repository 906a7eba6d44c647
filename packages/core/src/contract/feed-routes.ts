/**
 * Feeds (`/v1/feeds`): RSS, Atom and JSON Feed followed by a project, each new item a
 * draft or a queued post. Part of the contract table (`routes.ts`), in its order.
 */
import {
  createFeedBodySchema,
  feedCheckResponseSchema,
  feedListResponseSchema,
  feedResponseSchema,
  updateFeedBodySchema,
} from '../schemas/feeds';
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams, json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

const TAG = 'Feeds';
const FEED_PARAM = { id: 'O feed (`fed_…`).' };

export const feedRoutes = {
  listFeeds: defineRoute({
    id: 'listFeeds',
    method: 'GET',
    path: '/v1/feeds',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Lista os feeds seguidos',
    description:
      'Os feeds do projeto, dos mais novos aos mais antigos, com o estado de cada um: ativo ou pausado, as falhas seguidas e o último erro.',
    request: {},
    responses: { 200: { description: 'Os feeds.', schema: feedListResponseSchema } },
    examples: { todos: { summary: 'Os feeds do projeto' } },
    errors: [],
    mcp: { tool: 'list_feeds', title: 'Listar os feeds seguidos' },
  }),
  createFeed: defineRoute({
    id: 'createFeed',
    method: 'POST',
    path: '/v1/feeds',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Segue um feed RSS, Atom ou JSON Feed',
    description:
      'O feed é lido agora (pelo mesmo caminho protegido das URLs de mídia: endereços privados, de loopback ou inacessíveis são recusados com o mesmo código) e depois a cada 15 minutos, com requisições condicionais (ETag e Last-Modified). Cada item novo (pelo `guid`/`id`, senão pelo link) vira um rascunho (`mode: draft`) ou entra no próximo horário livre da agenda de publicação (`mode: queue`), com a imagem do item (enclosure, media:content ou a `og:image` da página do link) e a legenda do modelo. Nenhum item vira dois posts.',
    request: { body: json(createFeedBodySchema) },
    responses: { 201: { description: 'O feed.', schema: feedResponseSchema } },
    examples: {
      rascunhos: {
        summary: 'Cada post novo do blog vira um rascunho',
        body: {
          url: EX.feedUrl,
          integrationIds: [EX.integrationId],
          mode: 'draft',
          captionTemplate: '{title}\n\n{summary}\n\n{link}',
        },
      },
    },
    errors: ['VALIDATION_ERROR', 'MEDIA_UNREACHABLE', 'MEDIA_FETCH_FAILED', 'FEED_INVALID'],
    mcp: {
      tool: 'create_feed',
      title: 'Seguir um feed RSS, Atom ou JSON Feed',
      guidance:
        'Prefira `mode: draft` quando a pessoa quer revisar antes; `queue` publica nos horários da agenda de publicação das contas.',
    },
  }),
  getFeed: defineRoute({
    id: 'getFeed',
    method: 'GET',
    path: '/v1/feeds/{id}',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Lê um feed',
    description: 'O feed, o seu estado e quando será lido de novo.',
    request: { params: idParams },
    responses: { 200: { description: 'O feed.', schema: feedResponseSchema } },
    examples: { ler: { summary: 'Lê um feed', params: { id: EX.feedId } } },
    errors: ['NOT_FOUND'],
    mcp: { tool: 'get_feed', title: 'Ler um feed', params: FEED_PARAM },
  }),
  updateFeed: defineRoute({
    id: 'updateFeed',
    method: 'PATCH',
    path: '/v1/feeds/{id}',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Altera, pausa ou retoma um feed',
    description:
      'Muda o endereço, o modelo da legenda, o modo ou as contas (`integrationIds` ou `profileId`). `paused: true` pausa o feed; `paused: false` o retoma, zerando as falhas, e o lê logo. Um endereço novo é lido antes de ser aceito, como na criação. Os itens já vistos continuam vistos.',
    request: { params: idParams, body: json(updateFeedBodySchema) },
    responses: { 200: { description: 'O feed.', schema: feedResponseSchema } },
    examples: {
      pausar: { summary: 'Pausa um feed', params: { id: EX.feedId }, body: { paused: true } },
    },
    errors: [
      'NOT_FOUND',
      'VALIDATION_ERROR',
      'MEDIA_UNREACHABLE',
      'MEDIA_FETCH_FAILED',
      'FEED_INVALID',
    ],
  }),
  checkFeed: defineRoute({
    id: 'checkFeed',
    method: 'POST',
    path: '/v1/feeds/{id}/check',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Lê um feed agora',
    description:
      'Lê o feed sem esperar a próxima leitura e responde o que achou: os itens, os posts criados (com os ids), os itens pulados e por quê, ou `not_modified` quando o servidor do feed responde 304. Uma leitura com falha responde 200 com `outcome: failed` e conta como falha do feed. Um feed pausado também pode ser lido assim; ele continua pausado.',
    request: { params: idParams },
    responses: { 200: { description: 'O que a leitura achou.', schema: feedCheckResponseSchema } },
    examples: { ler: { summary: 'Lê um feed agora', params: { id: EX.feedId } } },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'check_feed',
      title: 'Ler um feed agora',
      params: FEED_PARAM,
      guidance: 'Cria rascunhos ou posts na fila para os itens novos; responde os ids.',
    },
  }),
  deleteFeed: defineRoute({
    id: 'deleteFeed',
    method: 'DELETE',
    path: '/v1/feeds/{id}',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Deixa de seguir um feed',
    description: 'O feed não é mais lido. Os posts já criados a partir dele ficam.',
    request: { params: idParams },
    responses: { 204: { description: 'Removido.' } },
    examples: { remover: { summary: 'Remove um feed', params: { id: EX.feedId } } },
    errors: ['NOT_FOUND'],
  }),
} as const satisfies Record<string, RouteDefinition>;
