/**
 * New media: an upload (multipart file) or a URL import is written to a temporary file,
 * inspected, and only then stored and recorded; a refused or failed file leaves nothing
 * behind.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkMedia,
  fileNameOfUrl,
  MEDIA_LIMITS,
  mediaFileName,
  mediaInvalid,
  newId,
  ReelayError,
  type MediaDescription,
} from '@reelay/core';
import type { Clock } from '../clock';
import { insertMedia } from '../store/media';
import type { StoredMedia } from '../store/media-records';
import type { Db } from '../store/schema';
import type { IncomingFolder } from './incoming-folder';
import { inspectMedia } from './inspect-media';
import type { MediaStorage } from './media-storage';
import { originalName, recordOf, type MediaRecord } from './media-record';
import type { SafeFetcher } from './safe-fetch';

export interface IncomingFile {
  stream: Readable;
  filename?: string;
  mimeType?: string;
}

export interface MediaIntakeDeps {
  db: Db;
  storage: MediaStorage;
  fetcher: Pick<SafeFetcher, 'fetchToFile'>;
  incoming: IncomingFolder;
  clock: Clock;
  publicUrl: string;
}

export interface MediaIntake {
  upload(projectId: string, file: IncomingFile): Promise<MediaRecord>;
  importFromUrl(projectId: string, url: string): Promise<MediaRecord>;
}

/**
 * Uploads and URL imports, bound to one storage and database.
 *
 * @example
 * ```ts
 * const intake = createMediaIntake({ db, storage, fetcher, incoming, clock, publicUrl });
 * const record = await intake.importFromUrl(projectId, 'https://example.com/photo.jpg');
 * ```
 */
export function createMediaIntake(deps: MediaIntakeDeps): MediaIntake {
  const { db, storage, fetcher, incoming, clock, publicUrl } = deps;

  /** Inspects a complete temporary file and, when it passes, stores and records it. */
  async function accept(
    projectId: string,
    temp: string,
    size: number,
    field: string,
    source: { url: string | null; fileName: string | null },
  ): Promise<MediaRecord> {
    const inspection = await inspectMedia(temp, size);
    if (!inspection.ok) throw mediaInvalid(inspection.problem, field);
    const description = inspection.description;
    const problem = checkMedia(description, 'upload');
    if (problem) throw mediaInvalid(problem, field);

    const now = clock.now();
    const id = newId('media', now);
    const key = `${projectId}/${id}/${originalName(description.mime)}`;
    const media = storedMedia(description, {
      id,
      projectId,
      storageKey: key,
      // 192 random bits: the URL is the only secret between the platform and the file.
      publicToken: randomBytes(24).toString('base64url'),
      sourceUrl: source.url,
      fileName: source.fileName,
      createdAt: now,
    });
    await storage.put(key, temp, description.mime, size);
    try {
      await insertMedia(db, media);
    } catch (error) {
      await storage.remove(key).catch(() => {});
      throw error;
    }
    return recordOf(media, publicUrl);
  }

  return {
    async upload(projectId, file) {
      const temp = await incoming.newPath();
      try {
        let size = 0;
        const limit = MEDIA_LIMITS.directUploadMaxBytes;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            size += chunk.length;
            if (size > limit) return done(uploadTooLarge());
            done(null, chunk);
          },
        });
        await pipeline(file.stream, counter, createWriteStream(temp));
        return await accept(projectId, temp, size, 'file', {
          url: null,
          fileName: mediaFileName(file.filename),
        });
      } finally {
        await rm(temp, { force: true });
      }
    },

    async importFromUrl(projectId, url) {
      const temp = await incoming.newPath();
      try {
        const fetched = await fetcher.fetchToFile(url, temp);
        return await accept(projectId, temp, fetched.size, 'url', {
          url,
          fileName: fileNameOfUrl(url),
        });
      } finally {
        await rm(temp, { force: true });
      }
    },
  };
}

/**
 * The answer to an upload over the direct-upload limit (50 MB).
 *
 * @example
 * ```ts
 * throw uploadTooLarge(); // MEDIA_INVALID, details.reason 'too_large', field 'file'
 * ```
 */
export function uploadTooLarge(): ReelayError {
  return mediaInvalid(
    {
      reason: 'too_large',
      message: 'o envio direto aceita até 50 MB; importe vídeos maiores por URL ({ url })',
    },
    'file',
  );
}

/**
 * The answer to an upload whose `Content-Length` announces more than the direct-upload
 * limit allows: refused before any byte is read, as HTTP says, with 413 and the native
 * body-too-large code; `details` say why as {@link uploadTooLarge} does.
 *
 * @example
 * ```ts
 * throw announcedUploadTooLarge(); // 413 FST_ERR_CTP_BODY_TOO_LARGE, details.reason 'too_large'
 * ```
 */
export function announcedUploadTooLarge(): ReelayError {
  const { message, details } = uploadTooLarge();
  return new ReelayError('FST_ERR_CTP_BODY_TOO_LARGE', { message, details });
}

/** The stored media item of an accepted file. */
function storedMedia(
  description: MediaDescription,
  base: Pick<
    StoredMedia,
    'id' | 'projectId' | 'storageKey' | 'publicToken' | 'sourceUrl' | 'fileName' | 'createdAt'
  >,
): StoredMedia {
  const video = description.type === 'video' ? description : null;
  return {
    ...base,
    type: description.type,
    mime: description.mime,
    size: description.size,
    width: description.width,
    height: description.height,
    durationSeconds: video?.durationSeconds ?? null,
    fps: video?.fps ?? null,
    bitrate: video?.bitrate ?? null,
    videoCodec: video?.videoCodec ?? null,
    audioCodec: video?.audioCodec ?? null,
    moovBeforeMdat: video ? video.moovBeforeMdat : null,
    status: 'ready',
    renditionKey: null,
    renditionSize: null,
    keep: false,
  };
}
