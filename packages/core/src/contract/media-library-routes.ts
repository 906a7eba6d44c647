/**
 * The media library: list, read, keep and remove the media of a project (`GET /v1/media`,
 * `GET|PATCH|DELETE /v1/media/{id}`). Spread into the contract table right after `uploadMedia`.
 */
import * as z from 'zod';
import { messageResponseSchema, pathIdSchema } from '../schemas/common';
import {
  listMediaQuerySchema,
  mediaDetailResponseSchema,
  mediaListResponseSchema,
  mediaResponseSchema,
  updateMediaBodySchema,
} from '../schemas/media';
import { EXAMPLE_VALUES as EX } from './example-values';
import { json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

const idParams = z.object({ id: pathIdSchema });
const MEDIA_PARAM = { id: 'A mídia (`med_…`).' };

export const mediaLibraryRoutes = {
  listMedia: defineRoute({
    id: 'listMedia',
    method: 'GET',
    path: '/v1/media',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: 'Mídia',
    summary: 'Lista as mídias',
    description:
      'As mídias do projeto: as enviadas ou importadas por `POST /v1/media` e as importadas das URLs de `mediaItems` ao criar ou editar posts. Paginadas (`limit`, `offset`, `sort` por data de criação) e filtráveis por tipo (`image` ou `video`), por uso (`unused=true`: as que nenhum post usa) e pelo nome do arquivo (`q`). Cada mídia diz em que tipos de post cabe (`kinds`), o nome do arquivo enviado (`fileName`), se nenhum post a usa (`unused`) e se foi guardada (`keep`).',
    request: { query: listMediaQuerySchema },
    responses: { 200: { description: 'As mídias.', schema: mediaListResponseSchema } },
    examples: {
      imagens: { summary: 'Só as imagens', query: { type: 'image', limit: 20 } },
      semUso: { summary: 'As que nenhum post usa', query: { unused: 'true' } },
    },
    errors: [],
    mcp: {
      tool: 'list_media',
      title: 'Listar as mídias',
      guidance:
        'Use o `id` (`med_…`) como `mediaId` em `mediaItems` ao criar um post, em vez de enviar a mesma mídia de novo; `kinds` diz em que tipos de post ela cabe.',
    },
  }),
  getMedia: defineRoute({
    id: 'getMedia',
    method: 'GET',
    path: '/v1/media/{id}',
    auth: 'key',
    role: 'viewer',
    rateBucket: 'default',
    tag: 'Mídia',
    summary: 'Lê uma mídia',
    description:
      'Uma mídia: tipo, tamanho, dimensões, duração, os tipos de post em que cabe (`kinds`), a data de criação e os posts deste projeto que a usam (`posts`, com `id`, `status` e `scheduledFor`, mais novos primeiro).',
    request: { params: idParams },
    responses: { 200: { description: 'A mídia.', schema: mediaDetailResponseSchema } },
    examples: { ler: { summary: 'Lê uma mídia', params: { id: EX.mediaId } } },
    errors: ['NOT_FOUND'],
    mcp: { tool: 'get_media', title: 'Ler uma mídia', params: MEDIA_PARAM },
  }),
  updateMedia: defineRoute({
    id: 'updateMedia',
    method: 'PATCH',
    path: '/v1/media/{id}',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: 'Mídia',
    summary: 'Guarda uma mídia',
    description:
      'Marca a mídia para ficar (`keep: true`) ou volta à regra comum (`keep: false`). Uma mídia que nenhum post usa (`unused`) é apagada com seus arquivos depois de `REELAY_UNUSED_MEDIA_DAYS` dias (7 por padrão), a menos que esteja guardada; uma usada por qualquer post, até um rascunho, nunca é apagada pela limpeza.',
    request: { params: idParams, body: json(updateMediaBodySchema) },
    responses: { 200: { description: 'A mídia.', schema: mediaResponseSchema } },
    examples: {
      guardar: { summary: 'Guarda uma mídia', params: { id: EX.mediaId }, body: { keep: true } },
    },
    errors: ['NOT_FOUND'],
  }),
  deleteMedia: defineRoute({
    id: 'deleteMedia',
    method: 'DELETE',
    path: '/v1/media/{id}',
    auth: 'key',
    role: 'editor',
    rateBucket: 'default',
    tag: 'Mídia',
    summary: 'Remove uma mídia',
    description:
      'Apaga a mídia e seus arquivos (o original e a cópia JPEG feita para o Instagram); o endereço público dela deixa de responder. Recusado com `MEDIA_IN_USE` (`details.postIds`) enquanto um post agendado, na fila ou em publicação a usa: cancele ou edite esses posts antes. Uma série ativa (`details.seriesIds`) cujas próximas ocorrências vão publicá-la também a segura: pare a série ou troque a mídia das ocorrências seguintes. Posts já terminados continuam com seus `mediaItems` como estavam (o endereço hospedado passa a responder 404), e tentar de novo um deles é recusado com `POST_NOT_RETRYABLE`.',
    request: { params: idParams },
    responses: { 200: { description: 'Mídia removida.', schema: messageResponseSchema } },
    examples: { remover: { summary: 'Remove uma mídia', params: { id: EX.mediaId } } },
    errors: ['NOT_FOUND', 'MEDIA_IN_USE'],
    mcp: {
      tool: 'delete_media',
      title: 'Remover uma mídia',
      params: MEDIA_PARAM,
      guidance:
        'Se a resposta for `MEDIA_IN_USE`, os posts em `details.postIds` ainda vão publicá-la: mostre-os à pessoa e só cancele ou edite algum se ela pedir.',
    },
  }),
} as const satisfies Record<string, RouteDefinition>;
