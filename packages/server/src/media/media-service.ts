/**
 * The media service: uploads and URL imports are written to a temporary file under the
 * data folder (never held in memory), inspected, and only then stored and recorded; a
 * refused or failed file leaves nothing behind. Stored media is served to the platform
 * at unguessable public URLs, and images the platform cannot take (PNG, WebP) get a JPEG
 * rendition on first publication. This module wires the parts together.
 */
import type { VideoByteSource } from '@reelay/core/platform';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { checkMedia, mediaInvalid, type MediaUsage } from '@reelay/core';
import type { Clock } from '../clock';
import type { ReelayConfig } from '../config';
import type { Logger } from '../logger';
import { findMedia } from '../store/media';
import type { Database } from '../store/schema';
import { eraseQueuedFiles } from './erase-queued-files';
import { createIncomingFolder } from './incoming-folder';
import { createLocalStorage } from './local-storage';
import { createFileAddress } from './media-delivery';
import { createMediaIntake, type IncomingFile } from './media-intake';
import { recordOf, type MediaRecord } from './media-record';
import { createPlatformUrls } from './media-renditions';
import type { MediaStorage } from './media-storage';
import { findPublicFile, type PublicFile } from './public-file';
import { createS3Storage } from './s3-storage';
import {
  createSafeFetcher,
  DEFAULT_SAFE_FETCH,
  type FetchedText,
  type SafeFetchOptions,
  type TextRequest,
} from './safe-fetch';

export { uploadTooLarge, type IncomingFile } from './media-intake';
export type { PublicFile } from './public-file';
export type { FetchedText, TextRequest } from './safe-fetch';

export interface MediaService {
  /** Streams an upload (multipart file) into storage, inspects it, stores the record or throws MEDIA_INVALID; nothing half-written on failure. */
  upload(projectId: string, file: IncomingFile): Promise<MediaRecord>;
  /** Fetches a URL with the SSRF guard, then as upload. */
  importFromUrl(projectId: string, url: string): Promise<MediaRecord>;
  /** Reads a text document (a feed, a web page) through the same SSRF guard as imports. */
  fetchText(url: string, request: TextRequest): Promise<FetchedText>;
  /** The record of the project, or null (another project's media is null). */
  find(projectId: string, id: string): Promise<MediaRecord | null>;
  /** Throws MEDIA_INVALID (with details.reason and the field name) when the media breaks the limits of a usage. */
  assertUsable(record: MediaRecord, usage: MediaUsage, field: string): void;
  /** The URL the platform fetches (the unguessable public URL, or with presigned delivery a presigned URL of the bucket object, signed anew on each call); for images that are not JPEG, the URL of a JPEG rendition (created on first call, original kept). */
  platformUrl(record: MediaRecord): Promise<string>;
  /**
   * The stored original's bytes, range by range, for a resumable upload: the whole file is
   * never read into memory.
   */
  byteSource(record: MediaRecord): VideoByteSource;

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
  const incoming = createIncomingFolder(join(mediaDir, 'incoming'));
  const intake = createMediaIntake({
    db,
    storage,
    fetcher,
    incoming,
    clock,
    publicUrl: config.publicUrl,
  });
  const delivery =
    config.storage.kind === 's3' ? (config.storage.mediaDelivery ?? 'server') : 'server';
  const platformUrl = createPlatformUrls({
    db,
    storage,
    incoming,
    logger,
    address: createFileAddress({ delivery, storage, publicUrl: config.publicUrl }),
  });

  return {
    storage,
    upload: intake.upload,
    importFromUrl: intake.importFromUrl,
    fetchText: fetcher.fetchText,

    async find(projectId, id) {
      const media = await findMedia(db, projectId, id);
      return media ? recordOf(media, config.publicUrl) : null;
    },

    assertUsable(record, usage, field) {
      const problem = checkMedia(record.description, usage);
      if (problem) throw mediaInvalid(problem, field);
    },

    platformUrl,

    byteSource: (record) => ({
      size: record.size,
      read: (range) => storage.read(record.storageKey, range),
    }),

    publicFile: (token, name) => findPublicFile(db, token, name),

    async sweep() {
      const result = await eraseQueuedFiles(db, storage, logger);
      // File times are wall-clock times, whatever clock the server runs on.
      await incoming.removeStale(Date.now());
      return result;
    },

    async close() {
      await fetcher.close();
      await storage.close();
    },
  };
}
