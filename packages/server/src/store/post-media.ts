/**
 * Which posts use which media (table `post_media`): written with a post's media items on
 * acceptance and edit, read by the media library for "the posts using it" and for the
 * refusal to delete media a post still has to publish. The table is typed here rather
 * than in the shared schema: only this repository reads it.
 */
import type { PostStatus } from '@reelay/core';
import type { Db } from './schema';

export interface PostMediaTable {
  post_id: string;
  media_id: string;
  project_id: string;
}

/** A post that uses a media item. Times are milliseconds since the epoch. */
export interface MediaUse {
  postId: string;
  status: PostStatus;
  scheduledFor: number | null;
}

const withLinks = (db: Db) => db.withTables<{ post_media: PostMediaTable }>();

/**
 * Makes the post's links those of its media items (one per distinct media), replacing
 * what an earlier version of the post had; in the transaction that writes the post.
 *
 * @example
 * ```ts
 * await linkPostMedia(trx, { id: post.id, projectId, mediaIds: post.mediaItems.map((item) => item.mediaId) });
 * ```
 */
export async function linkPostMedia(
  db: Db,
  post: { id: string; projectId: string; mediaIds: readonly string[] },
): Promise<void> {
  await withLinks(db).deleteFrom('post_media').where('post_id', '=', post.id).execute();
  const mediaIds = [...new Set(post.mediaIds)];
  if (mediaIds.length === 0) return;
  await withLinks(db)
    .insertInto('post_media')
    .values(
      mediaIds.map((mediaId) => ({
        post_id: post.id,
        media_id: mediaId,
        project_id: post.projectId,
      })),
    )
    .execute();
}

/**
 * The posts of the project that use the media, newest first.
 *
 * @example
 * ```ts
 * const uses = await findMediaUses(db, projectId, mediaId);
 * ```
 */
export async function findMediaUses(
  db: Db,
  projectId: string,
  mediaId: string,
): Promise<MediaUse[]> {
  const rows = await withLinks(db)
    .selectFrom('post_media')
    .innerJoin('posts', 'posts.id', 'post_media.post_id')
    .select(['posts.id', 'posts.status', 'posts.scheduled_for'])
    .where('post_media.project_id', '=', projectId)
    .where('post_media.media_id', '=', mediaId)
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .execute();
  return rows.map((row) => ({
    postId: row.id,
    status: row.status,
    scheduledFor: row.scheduled_for,
  }));
}

/**
 * Which of these media of the project some post uses (any status, drafts included).
 *
 * @example
 * ```ts
 * const used = await findUsedMedia(db, projectId, page.map((media) => media.id));
 * const unused = !used.has(media.id);
 * ```
 */
export async function findUsedMedia(
  db: Db,
  projectId: string,
  mediaIds: readonly string[],
): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const rows = await withLinks(db)
    .selectFrom('post_media')
    .select('media_id')
    .distinct()
    .where('project_id', '=', projectId)
    .where('media_id', 'in', [...new Set(mediaIds)])
    .execute();
  return new Set(rows.map((row) => row.media_id));
}

/** Drops the links to media that no longer exist, in the transaction that erases them. */
export async function unlinkMedia(
  db: Db,
  projectId: string,
  mediaIds: readonly string[],
): Promise<void> {
  if (mediaIds.length === 0) return;
  await withLinks(db)
    .deleteFrom('post_media')
    .where('project_id', '=', projectId)
    .where('media_id', 'in', mediaIds)
    .execute();
}

/** Drops every link of these projects (an erased account). */
export async function deletePostMediaOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await withLinks(db).deleteFrom('post_media').where('project_id', 'in', projectIds).execute();
}
