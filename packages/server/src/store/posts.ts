/**
 * Posts, as decoded records (`post-records.ts`); their targets are in `post-targets.ts`.
 * A post's status is written only by `setPostOutcome`, from its targets' statuses.
 */
import { sql } from 'kysely';
import type { PostStatus } from '@reelay/core';
import type { StoreCapabilities } from './database';
import { bindsArrays, preparedRows, preparedWrite } from './prepared-queries';
import {
  decodePost,
  decodeTarget,
  encodePost,
  encodePostChanges,
  type PostChanges,
  type PostRecord,
  type TargetRecord,
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
  const [row] = await preparedRows(db, `lock-post:${capabilities.rowLocks}`, { id }, (v) => {
    const query = db.selectFrom('posts').selectAll().where('id', '=', v.id);
    return capabilities.rowLocks ? query.forUpdate() : query;
  });
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

/**
 * Writes every column of an existing post again, its status included: a draft submitted
 * becomes the post it was checked into, keeping its id.
 *
 * @example
 * ```ts
 * await rewritePost(trx, post);
 * ```
 */
export async function rewritePost(db: Db, post: PostRecord): Promise<void> {
  const { id: _id, ...columns } = encodePost(post);
  await db.updateTable('posts').set(columns).where('id', '=', post.id).execute();
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
  const { status, publishedAt, updatedAt } = outcome;
  await preparedWrite(db, 'post-outcome', { status, publishedAt, updatedAt, id }, (v) =>
    db
      .updateTable('posts')
      .set({ status: v.status, published_at: v.publishedAt, updated_at: v.updatedAt })
      .where('id', '=', v.id),
  );
}

export interface PostFilters {
  status?: PostStatus | undefined;
  kind?: PostRecord['kind'] | undefined;
  accountId?: string | undefined;
  /** A profile id, `null` for targets without profile, undefined for all. */
  profileId?: string | null | undefined;
  /**
   * Bounds on a target's time (`scheduled_for`, or the post's `created_at` when it went
   * out at once): a post matches when one of its targets kept by the filters is inside.
   */
  from?: number | undefined;
  to?: number | undefined;
}

/** Builds once per shape (`prepared-queries.ts`): the values are only handed to the SQL. */
function filteredPosts(db: Db, projectId: string, filters: PostFilters) {
  let query = db.selectFrom('posts').where('posts.project_id', '=', projectId);
  if (filters.status !== undefined) query = query.where('posts.status', '=', filters.status);
  if (filters.kind !== undefined) query = query.where('posts.kind', '=', filters.kind);
  const { accountId, profileId, from, to } = filters;
  if (
    accountId !== undefined ||
    profileId !== undefined ||
    from !== undefined ||
    to !== undefined
  ) {
    // A post is dated by each of its accounts' times (a queued post's accounts take
    // different slots), or by its creation when it went out at once; it matches when one
    // of the targets the filters keep is dated inside the range.
    const dated = sql<number>`coalesce(post_targets.scheduled_for, posts.created_at)`;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('post_targets')
          .select('post_targets.id')
          .whereRef('post_targets.post_id', '=', 'posts.id')
          .$if(accountId !== undefined, (inner) =>
            inner.where('post_targets.integration_id', '=', accountId!),
          )
          .$if(profileId === null, (inner) => inner.where('post_targets.profile_id', 'is', null))
          .$if(profileId !== undefined && profileId !== null, (inner) =>
            inner.where('post_targets.profile_id', '=', profileId as string),
          )
          .$if(from !== undefined, (inner) => inner.where(dated, '>=', from!))
          .$if(to !== undefined, (inner) => inner.where(dated, '<=', to!)),
      ),
    );
  }
  return query;
}

export async function listPosts(
  db: Db,
  projectId: string,
  filters: PostFilters,
  page: { limit: number; offset: number; sort: 'asc' | 'desc' },
): Promise<{ total: number; rows: PostRecord[] }> {
  const { limit, offset, sort } = page;
  const values = { projectId, ...filterValues(filters) };
  const found = await preparedRows(db, `posts:${sort}`, { ...values, limit, offset }, (v) =>
    filteredPosts(db, v.projectId, v)
      .selectAll('posts')
      .orderBy('posts.created_at', sort)
      .orderBy('posts.id', sort)
      .limit(v.limit)
      .offset(v.offset),
  );
  const rows = found.map(decodePost);
  if (rows.length < limit && (rows.length > 0 || offset === 0)) {
    return { total: offset + rows.length, rows };
  }
  const [count] = await preparedRows(db, 'posts-count', values, (v) =>
    filteredPosts(db, v.projectId, v).select((eb) => eb.fn.countAll<number>().as('count')),
  );
  return { total: Number(count!.count), rows };
}

/** The filters, each named (possibly `undefined`), in a fixed order: one shape per set. */
function filterValues(filters: PostFilters): {
  [K in keyof PostFilters]: PostFilters[K] | undefined;
} {
  const { status, kind, accountId, profileId, from, to } = filters;
  return { status, kind, accountId, profileId, from, to };
}

/**
 * The targets of several posts, by post, each post's in id order: the posts page reads
 * them in one statement.
 */
export async function targetsOfListedPosts(
  db: Db,
  postIds: readonly string[],
): Promise<Map<string, TargetRecord[]>> {
  const byPost = new Map<string, TargetRecord[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return byPost;
  // One statement for any number of posts on PostgreSQL (`= any($1)`).
  const rows = await preparedRows(db, 'targets-of-posts', { postIds }, (v) => {
    const targets = db.selectFrom('post_targets').selectAll();
    return (
      bindsArrays(db)
        ? targets.where('post_id', '=', sql<string>`any(${v.postIds})`)
        : targets.where('post_id', 'in', v.postIds)
    ).orderBy('id');
  });
  for (const row of rows) byPost.get(row.post_id)?.push(decodeTarget(row));
  return byPost;
}

/**
 * The ids of the targets of these projects' posts: erasing a user cancels their queued
 * publications with them, since a job left behind would keep naming a target that is
 * gone, and would never be run to its end.
 *
 * @example
 * ```ts
 * const targetIds = await targetIdsOfProjects(trx, projectIds);
 * ```
 */
export async function targetIdsOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const targets = await db
    .selectFrom('post_targets')
    .select('id')
    .where('project_id', 'in', projectIds)
    .execute();
  return targets.map((target) => target.id);
}

/**
 * Deletes the posts of these projects (erasing a user), with their targets and events;
 * the jobs of those targets ({@link targetIdsOfProjects}) are the caller's to cancel.
 *
 * @example
 * ```ts
 * await deletePostsOfProjects(trx, projectIds);
 * ```
 */
export async function deletePostsOfProjects(db: Db, projectIds: readonly string[]): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('post_targets').where('project_id', 'in', projectIds).execute();
  await db.deleteFrom('events').where('project_id', 'in', projectIds).execute();
  await db.deleteFrom('posts').where('project_id', 'in', projectIds).execute();
}
