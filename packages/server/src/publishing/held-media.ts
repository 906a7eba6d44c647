/**
 * A post's hold on its media. Media are looked up before a post's transaction (their
 * checks need no lock), so a media could be deleted between that look-up and the write.
 * Inside the transaction, the post's media are therefore locked (shared) and must still
 * exist, and its links (`post_media`) are written; deleting a media locks the same row
 * exclusively and then reads those links. Either the post is written first and the
 * deletion sees it (`MEDIA_IN_USE`), or the deletion is first and the post is refused:
 * never a post pointing at a deleted file.
 */
import { ReelayError, validationError } from '@reelay/core';
import { lockMedia } from '../store/media';
import { linkPostMedia } from '../store/post-media';
import type { StoredMediaItem } from '../store/post-records';
import type { Db } from '../store/schema';
import type { PublishingDeps } from './publishing-deps';

type Capabilities = PublishingDeps['capabilities'];

/** The items whose media no longer exist, with the media locked (shared) until commit. */
async function removedMedia(
  trx: Db,
  capabilities: Capabilities,
  projectId: string,
  items: readonly StoredMediaItem[],
): Promise<Array<{ index: number; mediaId: string }>> {
  const ids = items.map((item) => item.mediaId);
  const present = await lockMedia(trx, capabilities, projectId, ids, 'share');
  return items.flatMap((item, index) =>
    present.has(item.mediaId) ? [] : [{ index, mediaId: item.mediaId }],
  );
}

/**
 * Holds the post's media for the rest of the transaction and writes its links; a media
 * deleted meanwhile refuses the post with `VALIDATION_ERROR` naming the item, as an
 * unknown `mediaId` is.
 *
 * @example
 * ```ts
 * await holdPostMedia(trx, ctx.capabilities, post, (index) => `mediaItems[${index}].mediaId`);
 * ```
 */
export async function holdPostMedia(
  trx: Db,
  capabilities: Capabilities,
  post: { id: string; projectId: string; mediaItems: readonly StoredMediaItem[] },
  fieldOf: (index: number) => string,
): Promise<void> {
  const gone = await removedMedia(trx, capabilities, post.projectId, post.mediaItems);
  if (gone.length > 0) {
    throw validationError(
      gone.map(({ index }) => ({
        field: fieldOf(index),
        message: 'mídia não encontrada neste projeto',
      })),
    );
  }
  await linkPostMedia(trx, {
    id: post.id,
    projectId: post.projectId,
    mediaIds: post.mediaItems.map((item) => item.mediaId),
  });
}

/**
 * Holds the media of a finished post being retried; one deleted from the library since
 * refuses the retry with `POST_NOT_RETRYABLE`: publishing it again could only fail.
 *
 * @example
 * ```ts
 * await assertMediaKept(trx, ctx.capabilities, post);
 * ```
 */
export async function assertMediaKept(
  trx: Db,
  capabilities: Capabilities,
  post: { projectId: string; mediaItems: readonly StoredMediaItem[] },
): Promise<void> {
  const gone = await removedMedia(trx, capabilities, post.projectId, post.mediaItems);
  if (gone.length === 0) return;
  throw new ReelayError('POST_NOT_RETRYABLE', {
    message: `A mídia ${gone.map((item) => item.mediaId).join(', ')} deste post foi removida da biblioteca; crie um novo post com outra mídia.`,
  });
}

/**
 * The field a media item was given in: `mediaItems[i].mediaId` or `mediaItems[i].url`.
 *
 * @example
 * ```ts
 * itemField(body.mediaItems, 0); // 'mediaItems[0].mediaId'
 * ```
 */
export function itemField(
  items: ReadonlyArray<{ mediaId?: string | undefined }> | undefined,
  index: number,
): string {
  const given = items?.[index];
  return `mediaItems[${index}].${given && given.mediaId === undefined ? 'url' : 'mediaId'}`;
}
