/**
 * What an evergreen queue reads: a project's published evergreen posts with their
 * targets, and the last time each was used, by itself or by any copy recycled from it.
 */
import { decodePost, decodeTarget, type PostRecord, type TargetRecord } from './post-records';
import type { Db } from './schema';

/** A published evergreen post, its targets, and when it or a copy of it last went out. */
export interface EvergreenPost {
  post: PostRecord;
  targets: TargetRecord[];
  /**
   * The latest of its own publication and its copies' slots (a copy counts at the slot it
   * took, published or still waiting, so a post is not taken twice before its copy
   * publishes; failed and cancelled copies do not count).
   */
  lastUsedAt: number;
  /** Copies recycled from it so far, failed and cancelled ones included. */
  copies: number;
}

/**
 * The published evergreen posts of a project, each with its targets, last use and copy
 * count; least recently used first.
 *
 * @example
 * ```ts
 * const [oldest] = await evergreenPosts(db, projectId);
 * ```
 */
export async function evergreenPosts(db: Db, projectId: string): Promise<EvergreenPost[]> {
  const rows = await db
    .selectFrom('posts')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('evergreen', '=', 1)
    .where('status', '=', 'published')
    .execute();
  if (rows.length === 0) return [];
  const posts = rows.map(decodePost);
  const ids = posts.map((post) => post.id);
  const targetRows = await db
    .selectFrom('post_targets')
    .selectAll()
    .where('post_id', 'in', ids)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const copyRows = await db
    .selectFrom('posts')
    .select(['recycled_from', 'status', 'published_at', 'scheduled_for'])
    .where('project_id', '=', projectId)
    .where('recycled_from', 'in', ids)
    .execute();
  const found = posts.map((post) => {
    const copies = copyRows.filter((copy) => copy.recycled_from === post.id);
    const uses = copies
      .filter((copy) => copy.status !== 'failed' && copy.status !== 'cancelled')
      .map((copy) => Number(copy.scheduled_for ?? copy.published_at ?? 0));
    return {
      post,
      targets: targetRows.filter((row) => row.post_id === post.id).map(decodeTarget),
      lastUsedAt: Math.max(post.publishedAt ?? 0, ...uses),
      copies: copies.length,
    };
  });
  return found.sort(
    (a, b) =>
      a.lastUsedAt - b.lastUsedAt ||
      (a.post.publishedAt ?? 0) - (b.post.publishedAt ?? 0) ||
      a.post.id.localeCompare(b.post.id),
  );
}
