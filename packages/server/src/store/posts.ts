/**
 * Posts, as decoded records (`post-records.ts`); their targets are in `post-targets.ts`.
 * A post's status is written only by `setPostOutcome`, from its targets' statuses.
 */
import { sql } from 'kysely';
import type { PostStatus } from '@reelay/core';
import type { StoreCapabilities } from './database';
import {
  decodePost,
  encodePost,
  encodePostChanges,
  type PostChanges,
  type PostRecord,
} from './post-records';
import type { Db } from './schema';

export async function insertPost(db: Db, post: PostRecord): Promise<void> {
  await db.insertInto('posts').values(encodePost(post)).execute();
}

export async function findPost(
  db: Db,
  projectId: string,
  id: string,
): Promise<PostRecord | undefined> {
  const row = await db
    .selectFrom('posts')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decodePost(row);
}

export async function findPostById(db: Db, id: string): Promise<PostRecord | undefined> {
  const row = await db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
  return row && decodePost(row);
}

/**
 * The post, locked for the rest of the transaction where the database has row locks, so
 * two targets that finish at once cannot both (or neither) see the post finished.
 * Without row locks (SQLite) one write transaction runs at a time already.
 *
 * @example
 * ```ts
 * const post = await lockPost(trx, store.capabilities, postId);
 * ```
 */
export async function lockPost(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  id: string,
): Promise<PostRecord | undefined> {
  let query = db.selectFrom('posts').selectAll().where('id', '=', id);
  if (capabilities.rowLocks) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && decodePost(row);
}

export async function findPostByIdempotencyKey(
  db: Db,
  projectId: string,
  key: string,
): Promise<PostRecord | undefined> {
  const row = await db
    .selectFrom('posts')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row && decodePost(row);
}

export async function updatePost(db: Db, id: string, changes: PostChanges): Promise<void> {
  await db.updateTable('posts').set(encodePostChanges(changes)).where('id', '=', id).execute();
}

/**
 * Writes the post's status and publication time as derived from its targets
 * (`derivePostStatus`), whose own moves are checked by the target store.
 */
export async function setPostOutcome(
  db: Db,
  id: string,
  outcome: { status: PostStatus; publishedAt: number | null; updatedAt: number },
): Promise<void> {
  await db
    .updateTable('posts')
    .set({
      status: outcome.status,
      published_at: outcome.publishedAt,
      updated_at: outcome.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

export interface PostFilters {
  status?: PostStatus | undefined;
  kind?: PostRecord['kind'] | undefined;
  accountId?: string | undefined;
  /** A profile id, `null` for targets without profile, undefined for all. */
  profileId?: string | null | undefined;
  /** Bounds on the effective time: `scheduled_for`, or `created_at` for immediate posts. */
  from?: number | undefined;
  to?: number | undefined;
}

function filteredPosts(db: Db, projectId: string, filters: PostFilters) {
  let query = db.selectFrom('posts').where('posts.project_id', '=', projectId);
  if (filters.status !== undefined) query = query.where('posts.status', '=', filters.status);
  if (filters.kind !== undefined) query = query.where('posts.kind', '=', filters.kind);
  if (filters.accountId !== undefined || filters.profileId !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('post_targets')
          .select('post_targets.id')
          .whereRef('post_targets.post_id', '=', 'posts.id')
          .$if(filters.accountId !== undefined, (inner) =>
            inner.where('post_targets.integration_id', '=', filters.accountId!),
          )
          .$if(filters.profileId === null, (inner) =>
            inner.where('post_targets.profile_id', 'is', null),
          )
          .$if(typeof filters.profileId === 'string', (inner) =>
            inner.where('post_targets.profile_id', '=', filters.profileId as string),
          ),
      ),
    );
  }
  // An immediate post's date is when it was created.
  const effective = sql<number>`coalesce(posts.scheduled_for, posts.created_at)`;
  if (filters.from !== undefined) query = query.where(effective, '>=', filters.from);
  if (filters.to !== undefined) query = query.where(effective, '<=', filters.to);
  return query;
}

export async function listPosts(
  db: Db,
  projectId: string,
  filters: PostFilters,
  page: { limit: number; offset: number; sort: 'asc' | 'desc' },
): Promise<{ total: number; rows: PostRecord[] }> {
  const rows = await filteredPosts(db, projectId, filters)
    .selectAll('posts')
    .orderBy('posts.created_at', page.sort)
    .orderBy('posts.id', page.sort)
    .limit(page.limit)
    .offset(page.offset)
    .execute()
    .then((found) => found.map(decodePost));
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    return { total: page.offset + rows.length, rows };
  }
  const count = await filteredPosts(db, projectId, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { total: Number(count.count), rows };
}

export async function deletePostsOfProjects(db: Db, projectIds: readonly string[]): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('post_targets').where('project_id', 'in', projectIds).execute();
  await db.deleteFrom('events').where('project_id', 'in', projectIds).execute();
  await db.deleteFrom('posts').where('project_id', 'in', projectIds).execute();
}
