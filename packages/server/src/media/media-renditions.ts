/**
 * JPEG renditions: the platform takes JPEG images only, so a PNG or WebP image gets a
 * JPEG copy on its first publication; the original is kept.
 */
import { rm } from 'node:fs/promises';
import type { Logger } from '../logger';
import { setMediaRendition } from '../store/media';
import type { Db } from '../store/schema';
import { convertToJpeg } from './convert-image';
import type { IncomingFolder } from './incoming-folder';
import type { FileAddress } from './media-delivery';
import { originalName, RENDITION_NAME, type MediaRecord } from './media-record';
import type { MediaStorage } from './media-storage';

export interface MediaRenditionsDeps {
  db: Db;
  storage: MediaStorage;
  incoming: IncomingFolder;
  logger: Logger;
  /** Where the platform fetches a stored file from (the server or the bucket). */
  address: FileAddress;
}

/**
 * The URL the platform fetches for a record: the original, or for images that are not
 * JPEG the URL of a rendition made on the first call. Each call asks `address` anew, so a
 * presigned URL is signed afresh for each container.
 *
 * @example
 * ```ts
 * const platformUrl = createPlatformUrls({ db, storage, incoming, logger, address });
 * await platformUrl(pngRecord); // 'https://reelay.example/media/…/platform.jpg'
 * ```
 */
export function createPlatformUrls(
  deps: MediaRenditionsDeps,
): (record: MediaRecord) => Promise<string> {
  const { db, storage, incoming, logger, address } = deps;
  const renditions = new Map<string, Promise<string>>();

  async function ensureRendition(record: MediaRecord): Promise<string> {
    const key = `${record.projectId}/${record.id}/platform.jpg`;
    const original = await incoming.newPath();
    const output = await incoming.newPath();
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
    return key;
  }

  /** The rendition's key, converting the original first if there is none yet. */
  function renditionKey(record: MediaRecord): Promise<string> {
    if (record.renditionKey) return Promise.resolve(record.renditionKey);
    // One conversion per media at a time, however many targets publish it at once.
    let pending = renditions.get(record.id);
    if (!pending) {
      pending = ensureRendition(record).finally(() => renditions.delete(record.id));
      renditions.set(record.id, pending);
    }
    return pending;
  }

  return async (record) => {
    if (record.type !== 'image' || record.mime === 'image/jpeg') {
      return address(record, { key: record.storageKey, name: originalName(record.mime) });
    }
    return address(record, { key: await renditionKey(record), name: RENDITION_NAME });
  };
}
