/**
 * Media uploaded to Reelay or imported from a URL (spec §4 "POST /v1/media").
 */
import * as z from 'zod';
import { dateTimeSchema, httpUrlSchema, idSchema, successResponse } from './common';
import { mediaTypeSchema } from './posts';

export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;

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
    url: z.url().meta({
      description: 'Endereço público e impossível de adivinhar de onde o Instagram baixa a mídia.',
    }),
    createdAt: dateTimeSchema,
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
