/**
 * `POST /v1/media` (an upload or a URL import), the media library (`GET /v1/media`,
 * `GET|PATCH|DELETE /v1/media/{id}`) and the public file route the platform fetches media from
 * (`GET|HEAD /media/<token>/<name>`, outside the API contract).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { ReelayError } from '@reelay/core';
import type { Request } from 'polka';
import { isoTime } from '../../clock';
import { rangeOf } from '../../media/byte-range';
import { presentMedia } from '../../media/media-record';
import type { MediaService } from '../../media/media-service';
import type { MediaLibraryService } from '../../services/media-library';
import { receiveMultipartFile } from '../../media/multipart-upload';
import type { RawRoute } from '../create-app';
import { projectOf, type RouteHandlers } from '../route-handler';

const mediaNotFound = () =>
  new ReelayError('NOT_FOUND', { message: 'Mídia não encontrada neste projeto.' });

/**
 * The media handlers: `uploadMedia` answers 201 `{ success: true, media }` for an upload
 * or an import; `listMedia`, `getMedia`, `updateMedia` and `deleteMedia` serve the library.
 *
 * @example
 * ```ts
 * const handlers = { ...mediaHandlers(context.media, createMediaLibraryService(deps)) };
 * ```
 */
export function mediaHandlers(media: MediaService, library: MediaLibraryService): RouteHandlers {
  return {
    listMedia: async ({ query }, context) => {
      const { total, media: found } = await library.list(
        projectOf(context),
        {
          type: query.type,
          unused: query.unused === undefined ? undefined : query.unused === 'true',
          q: query.q,
        },
        { limit: query.limit, offset: query.offset, sort: query.sort },
      );
      const media = found.map((entry) => presentMedia(entry.media, { unused: entry.unused }));
      return { status: 200, body: { success: true, total, media } };
    },

    getMedia: async ({ params }, context) => {
      const found = await library.find(projectOf(context), params.id);
      if (!found) throw mediaNotFound();
      const posts = found.posts.map((use) => ({
        id: use.postId,
        status: use.status,
        scheduledFor: isoTime(use.scheduledFor),
      }));
      return {
        status: 200,
        body: {
          success: true,
          media: { ...presentMedia(found.media, { unused: posts.length === 0 }), posts },
        },
      };
    },

    updateMedia: async ({ params, body }, context) => {
      const entry = await library.setKeep(projectOf(context), params.id, body!.keep);
      if (!entry) throw mediaNotFound();
      return {
        status: 200,
        body: { success: true, media: presentMedia(entry.media, { unused: entry.unused }) },
      };
    },

    deleteMedia: async ({ params }, context) => {
      if (!(await library.remove(projectOf(context), params.id))) throw mediaNotFound();
      return { status: 200, body: { success: true, message: 'Mídia removida.' } };
    },

    uploadMedia: async ({ body }, context) => {
      const projectId = projectOf(context);
      // The route runner hands a multipart body over unread, as the request itself; a
      // JSON body arrives parsed and validated.
      const record = isRequest(body)
        ? await receiveMultipartFile(body, context.res, (file) => media.upload(projectId, file))
        : body && 'url' in body
          ? await media.importFromUrl(projectId, body.url)
          : missingBody();
      // Just stored: no post can use it yet.
      return {
        status: 201,
        body: { success: true, media: presentMedia(record, { unused: true }) },
      };
    },
  };
}

function isRequest(body: unknown): body is IncomingMessage {
  return typeof body === 'object' && body !== null && 'headers' in body && 'pipe' in body;
}

function missingBody(): never {
  throw new ReelayError('VALIDATION_ERROR', {
    message:
      'Envie um arquivo (multipart/form-data, campo \'file\') ou um JSON { "url": "https://…" }.',
    details: { field: 'file' },
  });
}

/** How long shared caches may keep a file; the URL never changes content. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * The public file route. No credential: the token in the path is the secret. Answers the
 * content type and length, one byte range (206) or 416 for a range past the end.
 *
 * Only misses are counted, per address, in the `default` bucket (300 a minute, as an
 * unknown path): Instagram fetches every image and video of every post from here, from a
 * few addresses (from one behind a proxy without `REELAY_TRUST_PROXY`), so a limit on the
 * files found would fail publications in any burst, and a higher ceiling would only move
 * the burst size that fails. A file found is never counted, so no database write is made
 * per file either. Guessing a 192-bit token still meets the limit.
 *
 * @example
 * ```ts
 * createHttpServer({ ...deps, rawRoutes: mediaFileRoutes(context.media) });
 * ```
 */
export function mediaFileRoutes(media: MediaService): RawRoute[] {
  async function serve(req: Request, res: ServerResponse) {
    const { token, name } = req.params as { token: string; name: string };
    const file = await media.publicFile(token, name);
    if (!file) throw new ReelayError('NOT_FOUND', { message: 'Arquivo não encontrado.' });
    const range = rangeOf(req.headers.range, file.size);
    const headers: Record<string, string> = {
      'content-type': file.contentType,
      'accept-ranges': 'bytes',
      'cache-control': CACHE_CONTROL,
      'last-modified': new Date(file.createdAt).toUTCString(),
      'x-content-type-options': 'nosniff',
    };
    if (range.kind === 'unsatisfiable') {
      res.writeHead(416, {
        ...headers,
        'content-range': `bytes */${file.size}`,
        'content-length': '0',
      });
      res.end();
      return;
    }
    const partial = range.kind === 'partial';
    const start = partial ? range.start : 0;
    const end = partial ? range.end : file.size - 1;
    if (partial) headers['content-range'] = `bytes ${start}-${end}/${file.size}`;
    headers['content-length'] = String(file.size === 0 ? 0 : end - start + 1);
    if (req.method === 'HEAD' || file.size === 0) {
      res.writeHead(partial ? 206 : 200, headers);
      res.end();
      return;
    }
    // Opened before the status is written, so a missing object still answers 404/500.
    const body = await media.storage.read(file.key, partial ? { start, end } : undefined);
    res.writeHead(partial ? 206 : 200, headers);
    try {
      await pipeline(body, res);
    } catch {
      // The client went away, or storage failed mid-answer: nothing more can be said.
      res.destroy();
    }
  }
  return [
    { method: 'GET', path: '/media/:token/:name', counts: 'misses', handler: serve },
    { method: 'HEAD', path: '/media/:token/:name', counts: 'misses', handler: serve },
  ];
}
