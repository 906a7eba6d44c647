/**
 * Media uploaded to Reelay or imported from a URL (spec §4 "POST /v1/media").
 */
import * as z from 'zod';
import { MEDIA_SEARCH_MAX_LENGTH } from '../media/media-file-name';
import { MEDIA_STATUSES, POST_KINDS, POST_STATUSES } from '../vocabulary/enums';
import {
  dateTimeSchema,
  httpUrlSchema,
  idSchema,
  paginationQueryShape,
  safeString,
  sortQuerySchema,
  successResponse,
} from './common';
import { mediaTypeSchema } from './posts';

export const mediaSchema = z
  .object({
    id: idSchema('media'),
    type: mediaTypeSchema,
    mime: z.string().meta({ example: 'image/jpeg' }),
    size: z.int().meta({ description: 'Tamanho em bytes.' }),
    width: z.int().nullable(),
    height: z.int().nullable(),
    duration: z.number().nullable().meta({ description: 'Duração em segundos (vídeos).' }),
    fps: z.number().nullable(),
    bitrate: z.int().nullable().meta({ description: 'Bits por segundo do vídeo.' }),
    codecs: z
      .object({ video: z.string().nullable(), audio: z.string().nullable() })
      .nullable()
      .meta({ description: 'Codecs de vídeo e áudio (vídeos).' }),
    status: z.enum(MEDIA_STATUSES),
    kinds: z.array(z.enum(POST_KINDS)).meta({
      description:
        'Os tipos de post em que a mídia cabe, pelas mesmas regras da criação de posts (`carousel`: como um dos itens).',
      example: ['feed', 'story', 'carousel'],
    }),
    url: z.url().meta({
      description: 'Endereço público e impossível de adivinhar de onde o Instagram baixa a mídia.',
    }),
    createdAt: dateTimeSchema,
    fileName: z.string().nullable().meta({
      description:
        'O nome do arquivo enviado (no envio `multipart`) ou o último trecho do caminho da URL importada, sem pastas nem caracteres de controle e com até 120 caracteres; `null` nas mídias guardadas antes de o nome ser guardado.',
      example: 'cafe-da-manha.jpg',
    }),
    unused: z.boolean().meta({
      description:
        'Nenhum post usa a mídia (rascunhos e posts terminados contam como uso). Uma mídia sem uso e sem `keep` é apagada, com seus arquivos, depois de `REELAY_UNUSED_MEDIA_DAYS` dias (7 por padrão).',
    }),
    keep: z.boolean().meta({
      description:
        'Guardada de propósito: nunca é apagada por estar sem uso. Muda com `PATCH /v1/media/{id}`.',
    }),
  })
  .meta({ id: 'Media' });

export const importMediaBodySchema = z
  .strictObject({
    url: httpUrlSchema.meta({ description: 'URL https pública da imagem ou do vídeo.' }),
  })
  .meta({ id: 'ImportMediaBody' });

export const uploadMediaFormSchema = z
  .object({
    file: z
      .file()
      .meta({ description: 'Imagem (JPEG, PNG, WebP; até 8 MB) ou vídeo (MP4, MOV; até 50 MB).' }),
  })
  .meta({ id: 'UploadMediaForm' });

export const mediaResponseSchema = successResponse({ media: mediaSchema });

/** `PATCH /v1/media/{id}`: what a person may change of a media item. */
export const updateMediaBodySchema = z
  .strictObject({
    keep: z.boolean().meta({
      description:
        '`true` guarda a mídia mesmo sem uso (a limpeza de mídias sem uso não a apaga); `false` volta à regra comum.',
    }),
  })
  .meta({ id: 'UpdateMediaBody' });

/** `GET /v1/media`: filters (type, use, file name) and the pagination of spec §8. */
export const listMediaQuerySchema = z.object({
  type: mediaTypeSchema
    .optional()
    .meta({ description: 'Só imagens (`image`) ou só vídeos (`video`).' }),
  unused: z.enum(['true', 'false']).optional().meta({
    description: '`true`: só as mídias que nenhum post usa; `false`: só as usadas.',
  }),
  q: safeString()
    .min(1)
    .max(MEDIA_SEARCH_MAX_LENGTH)
    .optional()
    .meta({ description: 'Busca no nome do arquivo (`fileName`), sem diferenciar maiúsculas.' }),
  ...paginationQueryShape,
  sort: sortQuerySchema,
});

export const mediaListResponseSchema = successResponse({
  total: z.int(),
  media: z.array(mediaSchema),
});

/** A post that uses a media item, as `GET /v1/media/{id}` lists it. */
export const mediaPostSchema = z
  .object({
    id: idSchema('post'),
    status: z.enum(POST_STATUSES),
    scheduledFor: dateTimeSchema.nullable(),
  })
  .meta({ id: 'MediaPost' });

export const mediaDetailSchema = mediaSchema
  .extend({
    posts: z.array(mediaPostSchema).meta({
      description: 'Os posts deste projeto cujos `mediaItems` usam a mídia, mais novos primeiro.',
    }),
  })
  .meta({ id: 'MediaDetail' });

export const mediaDetailResponseSchema = successResponse({ media: mediaDetailSchema });
