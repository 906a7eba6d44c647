/**
 * Files of erased media are queued in the database and deleted from storage here, so an
 * erasure never waits on (or fails because of) the storage backend.
 */
import type { Logger } from '../logger';
import { listQueuedErasures, unqueueErasure } from '../store/media';
import type { Db } from '../store/schema';
import type { MediaStorage } from './media-storage';

const ERASE_BATCH = 200;

/**
 * Deletes every queued file it can; a file that fails stays queued for the next sweep.
 *
 * @example
 * ```ts
 * await eraseQueuedFiles(db, storage, logger); // { erased: 3, failed: 0 }
 * ```
 */
export async function eraseQueuedFiles(
  db: Db,
  storage: MediaStorage,
  logger: Logger,
): Promise<{ erased: number; failed: number }> {
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
  return { erased, failed };
}
