/**
 * The cleanup of unused media: uploads and imports no post uses (a composition abandoned
 * before it became a post, even a draft), older than `REELAY_UNUSED_MEDIA_DAYS`, are
 * deleted with their files, unless a person keeps them (`PATCH /v1/media/{id}`). A
 * published post keeps its links to its media, so an evergreen post's media, which its
 * recycled copies reuse, are never unused (docs/posting-slots.md "Evergreen").
 *
 * Row first, files after: each batch deletes its rows and queues their files in one
 * transaction (`media_erasures`), and the files are deleted from storage after the commit.
 * A restart before the commit leaves the media whole; one after it leaves queued files,
 * which the media sweep deletes on its next run. The other order could lose what is still
 * needed: a file deleted before its row commits leaves, after a restart or a rolled-back
 * transaction (a post took the media meanwhile), a media whose file is gone, which the
 * library still lists and a post could still pick. Row first, the worst is a file kept a
 * little longer than its row.
 */
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { StoreCapabilities } from '../store/database';
import { eraseUnusedMedia, findUnusedMedia } from '../store/media';
import type { Db } from '../store/schema';
import type { MediaService } from './media-service';

const DAY = 24 * 60 * 60 * 1000;

/** Media deleted per transaction: short transactions, so posts taking media wait little. */
const BATCH = 100;

export interface UnusedMediaCleanupDeps {
  db: Db;
  capabilities: Pick<StoreCapabilities, 'rowLocks'>;
  clock: Clock;
  logger: Logger;
  /** Deletes queued files from storage. */
  media: Pick<MediaService, 'sweep'>;
  /** Days an unused media is kept; 0 turns the cleanup off. */
  days: number;
}

/**
 * Deletes every unused, unkept media older than `days`, with its files; answers how many.
 *
 * @example
 * ```ts
 * const { deleted } = await deleteUnusedMedia({ db, capabilities, clock, logger, media, days: 7 });
 * ```
 */
export async function deleteUnusedMedia(
  deps: UnusedMediaCleanupDeps,
): Promise<{ deleted: number }> {
  const { db, capabilities, clock, logger, media, days } = deps;
  if (days <= 0) return { deleted: 0 };
  const cutoff = clock.now() - days * DAY;
  let deleted = 0;
  for (;;) {
    const candidates = await findUnusedMedia(db, cutoff, BATCH);
    if (candidates.length === 0) break;
    // Rechecked under lock: a post or a keep may have come since the candidates were read.
    const erased = await db
      .transaction()
      .execute((trx) => eraseUnusedMedia(trx, capabilities, candidates, cutoff, clock.now()));
    deleted += erased.length;
    // Every candidate rescued meanwhile: the next read no longer finds them either, and a
    // short batch was the last one.
    if (candidates.length < BATCH) break;
  }
  if (deleted > 0) {
    logger.info('mídias sem uso apagadas', { count: deleted, days });
    await media
      .sweep()
      .catch((error: unknown) =>
        logger.warn('arquivos de mídia serão apagados pela varredura', { error }),
      );
  }
  return { deleted };
}
