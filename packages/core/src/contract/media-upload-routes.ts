/**
 * Sending a media item (a file or a URL) into the media library; the library itself is in `media-library-routes`. Part of the contract table (`routes.ts`), in its order.
 */
import {
  importMediaBodySchema,
  mediaResponseSchema,
  uploadMediaFormSchema,
} from '../schemas/media';
import { EXAMPLE_VALUES as EX } from './example-values';
import { json } from './route-parts';
import { defineRoute, type RouteDefinition } from './route';

export const mediaUploadRoutes = {
  uploadMedia: defineRoute({
    id: 'uploadMedia',
    method: 'POST',
    path: '/v1/media',
    auth: 'key',
    role: 'editor',
    rateBucket: 'upload',
    tag: 'Mídia',
    summary: 'Envia ou importa uma mídia',
    description:
      'Envia uma imagem ou um vídeo de até 50 MB (`multipart/form-data`, campo `file`) ou importa de uma URL (`{ url }`, para vídeos maiores). A mídia é verificada antes de ser aceita e guarda o nome do arquivo (`fileName`: o do envio, ou o último trecho do caminho da URL). Enquanto nenhum post a usa (`unused`), é apagada depois de `REELAY_UNUSED_MEDIA_DAYS` dias (7 por padrão), a menos que seja guardada com `PATCH /v1/media/{id}`. Limite: 60 por minuto.',
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
} as const satisfies Record<string, RouteDefinition>;
