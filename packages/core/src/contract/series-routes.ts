/**
 * Series (`/v1/series`): recurring posts, started by `POST /v1/posts` with `recurrence`.
 * Part of the contract table (`routes.ts`), in its order.
 */
import {
  getSeriesQuerySchema,
  listSeriesQuerySchema,
  seriesListResponseSchema,
  seriesResponseSchema,
  stopSeriesResponseSchema,
  updateSeriesBodySchema,
} from '../schemas/series';
import { EXAMPLE_VALUES as EX } from './example-values';
import { idParams, json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

const TAG = 'Séries';
const SERIES_PARAM = { id: 'A série (`ser_…`).' };

export const seriesRoutes = {
  listSeries: defineRoute({
    id: 'listSeries',
    method: 'GET',
    path: '/v1/series',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Lista os posts recorrentes',
    description:
      'As séries do projeto, das mais novas às mais antigas, com a próxima ocorrência ainda não publicada de cada uma (`next`).',
    request: { query: listSeriesQuerySchema },
    responses: { 200: { description: 'As séries.', schema: seriesListResponseSchema } },
    examples: { ativas: { summary: 'As séries ativas', query: { status: 'active' } } },
    errors: [],
    mcp: {
      tool: 'list_series',
      title: 'Listar os posts recorrentes',
      guidance:
        'Para criar uma série, use create_post com `recurrence: { rrule }` e `scheduledFor` (a primeira ocorrência).',
    },
  }),
  getSeries: defineRoute({
    id: 'getSeries',
    method: 'GET',
    path: '/v1/series/{id}',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Lê um post recorrente e as suas ocorrências',
    description:
      'A regra, o fuso, as ocorrências já criadas como posts (com os estados deles) e as próximas (`upcoming`), com os instantes em UTC em que publicam. A hora local fica a mesma nas mudanças de horário de verão; uma hora que não existe num dia de mudança passa para o primeiro minuto válido (`adjusted`). As ocorrências que não puderam ser criadas (conta desconectada, mídia apagada, limite do Instagram) aparecem com `error`.',
    request: { params: idParams, query: getSeriesQuerySchema },
    responses: { 200: { description: 'A série.', schema: seriesResponseSchema } },
    examples: { ler: { summary: 'Lê uma série', params: { id: EX.seriesId } } },
    errors: ['NOT_FOUND'],
    mcp: { tool: 'get_series', title: 'Ler um post recorrente', params: SERIES_PARAM },
  }),
  updateSeries: defineRoute({
    id: 'updateSeries',
    method: 'PATCH',
    path: '/v1/series/{id}',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Muda as próximas ocorrências de um post recorrente',
    description:
      'Muda a legenda (`content`) ou a regra (`rrule`) de uma ocorrência e de todas as seguintes (`fromPostId`), ou de todas as que ainda não publicaram. As já publicadas, em publicação ou com falha ficam como estão. Uma regra nova vale a partir dessa ocorrência, que passa a ser a primeira dela (o `COUNT` conta dali): as ocorrências já criadas a partir dali são canceladas e criadas de novo pela regra nova. Para mudar só uma ocorrência, edite o post dela (`PATCH /v1/posts/{id}`).',
    request: { params: idParams, body: json(updateSeriesBodySchema) },
    responses: { 200: { description: 'A série.', schema: seriesResponseSchema } },
    examples: {
      legenda: {
        summary: 'Troca a legenda das próximas',
        params: { id: EX.seriesId },
        body: { content: 'O cardápio da semana ☕' },
      },
    },
    errors: ['NOT_FOUND', 'VALIDATION_ERROR', 'SERIES_STOPPED'],
    mcp: {
      tool: 'update_series',
      title: 'Mudar as próximas ocorrências de um post recorrente',
      params: SERIES_PARAM,
      guidance:
        'Sem `fromPostId`, muda todas as ocorrências ainda não publicadas; para só uma, use update_post no post dela.',
    },
  }),
  stopSeries: defineRoute({
    id: 'stopSeries',
    method: 'DELETE',
    path: '/v1/series/{id}',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: TAG,
    summary: 'Para um post recorrente',
    description:
      'Nenhuma ocorrência nova é criada, e as já criadas que ainda não começaram a publicar são canceladas (`cancelledPostIds`). As publicadas ficam. Parar de novo uma série parada responde o mesmo.',
    request: { params: idParams },
    responses: { 200: { description: 'A série, parada.', schema: stopSeriesResponseSchema } },
    examples: { parar: { summary: 'Para uma série', params: { id: EX.seriesId } } },
    errors: ['NOT_FOUND'],
    mcp: {
      tool: 'stop_series',
      title: 'Parar um post recorrente',
      params: SERIES_PARAM,
      destructive: true,
      guidance: 'Confirme com a pessoa antes: cancela as ocorrências já agendadas.',
    },
  }),
} as const satisfies Record<string, RouteDefinition>;
