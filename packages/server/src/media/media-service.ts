/**
 * The media service: uploads and URL imports are written to a temporary file under the
 * data folder (never held in memory), inspected, and only then stored and recorded; a
 * refused or failed file leaves nothing behind. Stored media is served to the platform
 * at unguessable public URLs, and images the platform cannot take (PNG, WebP) get a JPEG
 * rendition on first publication.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import {
  checkMedia,
  MEDIA_LIMITS,
  mediaInvalid,
  newId,
  ReelayError,
  type MediaDescription,
  type MediaUsage,
} from '@reelay/core';
import type { Clock } from '../clock';
import type { ReelayConfig } from '../config';
import type { Logger } from '../logger';
import {
  findMedia,
  findMediaByToken,
  insertMedia,
  listQueuedErasures,
  setMediaRendition,
  unqueueErasure,
} from '../store/media';
import type { Database, MediaTable } from '../store/schema';
import { convertToJpeg } from './convert-image';
import { inspectMedia } from './inspect-media';
import { createLocalStorage } from './local-storage';
import type { MediaStorage } from './media-storage';
import {
  originalName,
  publicFileUrl,
  recordOf,
  RENDITION_NAME,
  type MediaRecord,
} from './media-record';
import { createS3Storage } from './s3-storage';
import { createSafeFetcher, DEFAULT_SAFE_FETCH, type SafeFetchOptions } from './safe-fetch';

export interface IncomingFile {
  stream: Readable;
  filename?: string;
  mimeType?: string;
}

/** One file of a media item, as the public route serves it. */
export interface PublicFile {
  key: string;
  contentType: string;
  size: number;
  createdAt: number;
}

export interface MediaService {
  /** Streams an upload (multipart file) into storage, inspects it, stores the record or throws MEDIA_INVALID; nothing half-written on failure. */
  upload(projectId: string, file: IncomingFile): Promise<MediaRecord>;
  /** Fetches a URL with the SSRF guard, then as upload. */
  importFromUrl(projectId: string, url: string): Promise<MediaRecord>;
  /** The record of the project, or null (another project's media is null). */
  find(projectId: string, id: string): Promise<MediaRecord | null>;
  /** Throws MEDIA_INVALID (with details.reason and the field name) when the media breaks the limits of a usage. */
  assertUsable(record: MediaRecord, usage: MediaUsage, field: string): void;
  /** The unguessable public URL the platform fetches; for images that are not JPEG, the URL of a JPEG rendition (created on first call, original kept). */
  platformUrl(record: MediaRecord): Promise<string>;

  /** The file behind a public URL, or null. */
  publicFile(token: string, name: string): Promise<PublicFile | null>;
  /** Deletes queued files of erased media and stale temporary files; safe to run often. */
  sweep(): Promise<{ erased: number; failed: number }>;
  readonly storage: MediaStorage;
  close(): Promise<void>;
}

export interface MediaServiceOptions {
  db: Kysely<Database>;
  config: Pick<ReelayConfig, 'dataDir' | 'publicUrl' | 'allowPrivateUrls' | 'storage'>;
  clock: Clock;
  logger: Logger;
  /** The storage backend; by default the one the configuration names. */
  storage?: MediaStorage;
  /** Bounds of URL imports (tests shorten them). */
  fetch?: Partial<SafeFetchOptions>;
}

/** Temporary files older than this belong to no running request. */
const STALE_INCOMING_MS = 60 * 60_000;
const ERASE_BATCH = 200;

/**
 * Creates the media service from the server's configuration.
 *
 * @example
 * ```ts
 * const media = createMediaService({ db, config, clock, logger });
 * const record = await media.upload(projectId, { stream: fileStream });
 * const url = await media.platformUrl(record);
 * ```
 */
export function createMediaService(options: MediaServiceOptions): MediaService {
  const { db, config, clock, logger } = options;
  const mediaDir = join(config.dataDir, 'media');
  const incomingDir = join(mediaDir, 'incoming');
  const storage =
    options.storage ??
    (config.storage.kind === 's3'
      ? createS3Storage(config.storage)
      : createLocalStorage(join(mediaDir, 'files')));
  const fetcher = createSafeFetcher({
    ...DEFAULT_SAFE_FETCH,
    allow: { loopback: config.allowPrivateUrls, private: config.allowPrivateUrls },
    allowHttp: config.allowPrivateUrls,
    ...options.fetch,
  });
  const renditions = new Map<string, Promise<string>>();

  async function incomingPath(): Promise<string> {
    await mkdir(incomingDir, { recursive: true });
    return join(incomingDir, `${randomBytes(12).toString('hex')}.part`);
  }

  /** Inspects a complete temporary file and, when it passes, stores and records it. */
  async function accept(
    projectId: string,
    temp: string,
    size: number,
    field: string,
    sourceUrl: string | null,
  ): Promise<MediaRecord> {
    const inspection = await inspectMedia(temp, size);
    if (!inspection.ok) throw mediaInvalid(inspection.problem, field);
    const description = inspection.description;
    const problem = checkMedia(description, 'upload');
    if (problem) throw mediaInvalid(problem, field);

    const now = clock.now();
    const id = newId('media', now);
    const key = `${projectId}/${id}/${originalName(description.mime)}`;
    const row = rowOf(description, {
      id,
      project_id: projectId,
      storage_key: key,
      // 192 random bits: the URL is the only secret between the platform and the file.
      public_token: randomBytes(24).toString('base64url'),
      source_url: sourceUrl,
      created_at: now,
    });
    await storage.put(key, temp, description.mime, size);
    try {
      await insertMedia(db, row);
    } catch (error) {
      await storage.remove(key).catch(() => {});
      throw error;
    }
    return recordOf(row, config.publicUrl);
  }

  async function ensureRendition(record: MediaRecord): Promise<string> {
    const key = `${record.projectId}/${record.id}/platform.jpg`;
    const original = await incomingPath();
    const output = await incomingPath();
    try {
      await storage.download(record.storageKey, original);
      const rendition = await convertToJpeg(original, output);
      await storage.put(key, output, 'image/jpeg', rendition.size);
      await setMediaRendition(db, record.id, key, rendition.size);
      logger.debug('rendição JPEG criada', { mediaId: record.id, quality: rendition.quality });
    } finally {
      await rm(original, { force: true });
      await rm(output, { force: true });
    }
    return publicFileUrl(config.publicUrl, record.publicToken, RENDITION_NAME);
  }

  const service: MediaService = {
    storage,

    async upload(projectId, file) {
      const temp = await incomingPath();
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
        return await accept(projectId, temp, size, 'file', null);
      } finally {
        await rm(temp, { force: true });
      }
    },

    async importFromUrl(projectId, url) {
      const temp = await incomingPath();
      try {
        const fetched = await fetcher.fetchToFile(url, temp);
        return await accept(projectId, temp, fetched.size, 'url', url);
      } finally {
        await rm(temp, { force: true });
      }
    },

    async find(projectId, id) {
      const row = await findMedia(db, projectId, id);
      return row ? recordOf(row, config.publicUrl) : null;
    },

    assertUsable(record, usage, field) {
      const problem = checkMedia(record.description, usage);
      if (problem) throw mediaInvalid(problem, field);
    },

    async platformUrl(record) {
      if (record.type !== 'image' || record.mime === 'image/jpeg') return record.url;
      if (record.renditionKey) {
        return publicFileUrl(config.publicUrl, record.publicToken, RENDITION_NAME);
      }
      // One conversion per media at a time, however many targets publish it at once.
      let pending = renditions.get(record.id);
      if (!pending) {
        pending = ensureRendition(record).finally(() => renditions.delete(record.id));
        renditions.set(record.id, pending);
      }
      return pending;
    },

    async publicFile(token, name) {
      if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
      const row = await findMediaByToken(db, token);
      if (!row || row.status !== 'ready') return null;
      if (name === originalName(row.mime)) {
        return {
          key: row.storage_key,
          contentType: row.mime,
          size: row.size,
          createdAt: row.created_at,
        };
      }
      if (name === RENDITION_NAME && row.rendition_key && row.rendition_size !== null) {
        return {
          key: row.rendition_key,
          contentType: 'image/jpeg',
          size: row.rendition_size,
          createdAt: row.created_at,
        };
      }
      return null;
    },

    async sweep() {
      let erased = 0;
      let failed = 0;
      for (;;) {
        const keys = await listQueuedErasures(db, ERASE_BATCH);
        let progressed = false;
        for (const key of keys) {
          try {
            await storage.remove(key);
            await unqueueErasure(db, key);
            erased++;
            progressed = true;
          } catch (error) {
            failed++;
            logger.warn('falha ao apagar arquivo de mídia; nova tentativa na próxima varredura', {
              key,
              error,
            });
          }
        }
        if (keys.length < ERASE_BATCH || !progressed) break;
      }
      // File times are wall-clock times, whatever clock the server runs on.
      await removeStaleIncoming(incomingDir, Date.now());
      return { erased, failed };
    },

    async close() {
      await fetcher.close();
      await storage.close();
    },
  };
  return service;
}

/** The answer to an upload over the direct-upload limit (50 MB). */
export function uploadTooLarge(): ReelayError {
  return mediaInvalid(
    {
      reason: 'too_large',
      message: 'o envio direto aceita até 50 MB; importe vídeos maiores por URL ({ url })',
    },
    'file',
  );
}

/** The row of an accepted file. */
function rowOf(
  description: MediaDescription,
  base: Pick<
    MediaTable,
    'id' | 'project_id' | 'storage_key' | 'public_token' | 'source_url' | 'created_at'
  >,
): MediaTable {
  const video = description.type === 'video' ? description : null;
  return {
    ...base,
    type: description.type,
    mime: description.mime,
    size: description.size,
    width: description.width,
    height: description.height,
    duration_seconds: video?.durationSeconds ?? null,
    fps: video?.fps ?? null,
    bitrate: video?.bitrate ?? null,
    video_codec: video?.videoCodec ?? null,
    audio_codec: video?.audioCodec ?? null,
    moov_before_mdat: video ? (video.moovBeforeMdat ? 1 : 0) : null,
    status: 'ready',
    rendition_key: null,
    rendition_size: null,
  };
}

/** Temporary files left by a crash: nothing refers to them, so they go. */
async function removeStaleIncoming(folder: string, now: number): Promise<void> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(folder, name);
    try {
      if (now - (await stat(path)).mtimeMs > STALE_INCOMING_MS) await rm(path, { force: true });
    } catch {
      // removed meanwhile
    }
  }
}
