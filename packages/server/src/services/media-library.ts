/**
 * The media library (`GET /v1/media`, `GET|PATCH|DELETE /v1/media/{id}`): the project's
 * media, whether and by which posts each is used, keeping one from the cleanup of unused
 * media, and deleting a media no post still has to publish. A
 * deletion removes the row and its links and queues the files in one transaction, under
 * the lock posts take on their media (`publishing/held-media.ts`); the files are then
 * deleted from storage at once, and the media sweep retries what storage refused.
 */
import { ACTIVE_TARGET_STATUSES, ReelayError, type PostStatus } from '@reelay/core';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { recordOf, type MediaRecord } from '../media/media-record';
import type { MediaService } from '../media/media-service';
import type { StoreCapabilities } from '../store/database';
import {
  eraseMedia,
  findMedia,
  listMedia,
  lockMedia,
  setMediaKeep,
  type MediaFilters,
} from '../store/media';
import { findMediaUses, findUsedMedia, unlinkMedia, type MediaUse } from '../store/post-media';
import type { Db } from '../store/schema';
import { activeSeriesUsingMedia } from '../store/series';

export type { MediaFilters } from '../store/media';
export type { MediaUse } from '../store/post-media';

/** A media of the library and whether no post uses it. */
export interface LibraryEntry {
  media: MediaRecord;
  unused: boolean;
}

export interface MediaLibraryService {
  list(
    projectId: string,
    filters: MediaFilters,
    page: { limit: number; offset: number; sort: 'asc' | 'desc' },
  ): Promise<{ total: number; media: LibraryEntry[] }>;
  /** The media with the posts that use it (newest first), or undefined when the project has none such. */
  find(
    projectId: string,
    id: string,
  ): Promise<{ media: MediaRecord; posts: MediaUse[] } | undefined>;
  /**
   * Deletes the media, its links and its files; false when the project has no such media.
   * Throws `MEDIA_IN_USE` while a post or an active series still has to publish it.
   */
  remove(projectId: string, id: string): Promise<boolean>;
  /** Sets whether the media is kept from the cleanup of unused media; undefined when the project has no such media. */
  setKeep(projectId: string, id: string, keep: boolean): Promise<LibraryEntry | undefined>;
}

export interface MediaLibraryDeps {
  db: Db;
  capabilities: Pick<StoreCapabilities, 'rowLocks'>;
  clock: Clock;
  logger: Logger;
  /** Deletes queued files from storage. */
  media: Pick<MediaService, 'sweep'>;
  /** Media URLs are under this URL. */
  publicUrl: string;
}

/**
 * Whether the post still has to publish (scheduled, queued or publishing), or will once
 * approved. A draft does not hold its media: one deleted shows in its problems.
 */
const stillPublishing = (status: PostStatus) =>
  status === 'awaiting_approval' ||
  (ACTIVE_TARGET_STATUSES as readonly PostStatus[]).includes(status);

function seriesUseMedia(id: string, seriesIds: readonly string[]): ReelayError {
  return new ReelayError('MEDIA_IN_USE', {
    message: `A mídia ${id} é usada pelas próximas ocorrências de ${seriesIds.length === 1 ? 'uma série ativa' : `${seriesIds.length} séries ativas`} (${seriesIds.join(', ')}); pare a série ou troque a mídia das ocorrências seguintes antes de removê-la.`,
    details: { postIds: [], seriesIds: [...seriesIds] },
  });
}

function mediaInUse(id: string, postIds: readonly string[]): ReelayError {
  const [posts, those] =
    postIds.length === 1
      ? ['um post agendado ou em publicação', 'esse post']
      : [`${postIds.length} posts agendados ou em publicação`, 'esses posts'];
  return new ReelayError('MEDIA_IN_USE', {
    message: `A mídia ${id} é usada por ${posts} (${postIds.join(', ')}); cancele ou edite ${those} antes de removê-la.`,
    details: { postIds: [...postIds] },
  });
}

/**
 * @example
 * ```ts
 * const library = createMediaLibraryService({ db, capabilities, clock, logger, media, publicUrl });
 * const { total, media } = await library.list(projectId, { type: 'image' }, { limit: 20, offset: 0, sort: 'desc' });
 * ```
 */
export function createMediaLibraryService(deps: MediaLibraryDeps): MediaLibraryService {
  const { db, capabilities, clock, logger, media, publicUrl } = deps;

  return {
    async list(projectId, filters, page) {
      const { total, rows } = await listMedia(db, projectId, filters, page);
      const used = await findUsedMedia(
        db,
        projectId,
        rows.map((row) => row.id),
      );
      const media = rows.map((row) => ({
        media: recordOf(row, publicUrl),
        unused: !used.has(row.id),
      }));
      return { total, media };
    },

    async find(projectId, id) {
      const stored = await findMedia(db, projectId, id);
      if (!stored) return undefined;
      return { media: recordOf(stored, publicUrl), posts: await findMediaUses(db, projectId, id) };
    },

    async setKeep(projectId, id, keep) {
      if (!(await setMediaKeep(db, projectId, id, keep))) return undefined;
      const stored = await findMedia(db, projectId, id);
      // Deleted between the two statements (DELETE, or the cleanup had it locked).
      if (!stored) return undefined;
      const used = await findUsedMedia(db, projectId, [id]);
      return { media: recordOf(stored, publicUrl), unused: !used.has(id) };
    },

    async remove(projectId, id) {
      const erased = await db.transaction().execute(async (trx) => {
        // Exclusive: a post holding the media (shared) is waited for, then seen below.
        const present = await lockMedia(trx, capabilities, projectId, [id], 'update');
        if (!present.has(id)) return false;
        const pending = (await findMediaUses(trx, projectId, id)).filter((use) =>
          stillPublishing(use.status),
        );
        if (pending.length > 0)
          throw mediaInUse(
            id,
            pending.map((use) => use.postId),
          );
        const series = (await activeSeriesUsingMedia(trx, projectId, [id])).get(id);
        if (series) throw seriesUseMedia(id, series);
        await unlinkMedia(trx, projectId, [id]);
        await eraseMedia(trx, projectId, [id], clock.now());
        return true;
      });
      if (erased) {
        // The files are queued with the row: delete them now; the sweep retries failures.
        await media
          .sweep()
          .catch((error: unknown) =>
            logger.warn('arquivos de mídia serão apagados pela varredura', { error }),
          );
      }
      return erased;
    },
  };
}
