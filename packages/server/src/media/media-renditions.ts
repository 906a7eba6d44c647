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
import { publicFileUrl, RENDITION_NAME, type MediaRecord } from './media-record';
import type { MediaStorage } from './media-storage';

export interface MediaRenditionsDeps {
  db: Db;
  storage: MediaStorage;
  incoming: IncomingFolder;
  logger: Logger;
  publicUrl: string;
}

/**
 * The URL the platform fetches for a record: the original, or for images that are not
 * JPEG the URL of a rendition made on the first call.
 *
 * @example
 * ```ts
 * const platformUrl = createPlatformUrls({ db, storage, incoming, logger, publicUrl });
 * await platformUrl(pngRecord); // 'https://reelay.example/media/…/platform.jpg'
 * ```
 */
export function createPlatformUrls(
  deps: MediaRenditionsDeps,
): (record: MediaRecord) => Promise<string> {
  const { db, storage, incoming, logger, publicUrl } = deps;
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
    return publicFileUrl(publicUrl, record.publicToken, RENDITION_NAME);
  }

  return async (record) => {
    if (record.type !== 'image' || record.mime === 'image/jpeg') return record.url;
    if (record.renditionKey) return publicFileUrl(publicUrl, record.publicToken, RENDITION_NAME);
    // One conversion per media at a time, however many targets publish it at once.
    let pending = renditions.get(record.id);
    if (!pending) {
      pending = ensureRendition(record).finally(() => renditions.delete(record.id));
      renditions.set(record.id, pending);
    }
    return pending;
  };
}
