/**
 * Posts and their targets. Writes that race the publishing pipeline are conditional:
 * on a target's status (cancel, start) or on its revision (pipeline progress).
 */
import { sql } from 'kysely';
import type { Dialect } from './database';
import type { Db, PostsTable, PostTargetsTable } from './schema';

export async function insertPost(db: Db, post: PostsTable): Promise<void> {
  await db.insertInto('posts').values(post).execute();
}

export async function insertTargets(db: Db, targets: readonly PostTargetsTable[]): Promise<void> {
  if (targets.length > 0)
    await db
      .insertInto('post_targets')
      .values([...targets])
      .execute();
}

export function findPost(db: Db, projectId: string, id: string): Promise<PostsTable | undefined> {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findPostById(db: Db, id: string): Promise<PostsTable | undefined> {
  return db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The post, locked for the rest of the transaction on PostgreSQL, so two targets that
 * finish at once cannot both (or neither) see the post finished. SQLite runs one write
 * transaction at a time already.
 */
export function lockPost(db: Db, dialect: Dialect, id: string): Promise<PostsTable | undefined> {
  let query = db.selectFrom('posts').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export function findPostByIdempotencyKey(
  db: Db,
  projectId: string,
  key: string,
): Promise<PostsTable | undefined> {
  return db
    .selectFrom('posts')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export function findTargetsOfPost(db: Db, postId: string): Promise<PostTargetsTable[]> {
  return db
    .selectFrom('post_targets')
    .selectAll()
    .where('post_id', '=', postId)
    .orderBy('id')
    .execute();
}

export async function findTargetsOfPosts(
  db: Db,
  postIds: readonly string[],
): Promise<Map<string, PostTargetsTable[]>> {
  const byPost = new Map<string, PostTargetsTable[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('post_targets')
    .selectAll()
    .where('post_id', 'in', postIds)
    .orderBy('id')
    .execute();
  for (const row of rows) byPost.get(row.post_id)?.push(row);
  return byPost;
}

export function findTarget(db: Db, id: string): Promise<PostTargetsTable | undefined> {
  return db.selectFrom('post_targets').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Applies pipeline progress only if nobody edited, cancelled or retried the target since
 * it was read; returns whether it did.
 */
export async function updateTargetAtRevision(
  db: Db,
  id: string,
  revision: number,
  changes: Partial<Omit<PostTargetsTable, 'id' | 'post_id' | 'project_id' | 'revision'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('post_targets')
    .set(changes)
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updatePost(
  db: Db,
  id: string,
  changes: Partial<Omit<PostsTable, 'id' | 'project_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('posts').set(changes).where('id', '=', id).execute();
}

export interface PostFilters {
  status?: PostsTable['status'] | undefined;
  kind?: PostsTable['kind'] | undefined;
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
): Promise<{ total: number; rows: PostsTable[] }> {
  const rows = await filteredPosts(db, projectId, filters)
    .selectAll('posts')
    .orderBy('posts.created_at', page.sort)
    .orderBy('posts.id', page.sort)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    return { total: page.offset + rows.length, rows };
  }
  const count = await filteredPosts(db, projectId, filters)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { total: Number(count.count), rows };
}

/**
 * Targets of an account still waiting or publishing whose time falls in a window: what
 * Reelay has queued against the account's publishing quota.
 */
export async function countActiveTargetsInWindow(
  db: Db,
  integrationId: string,
  from: number,
  to: number,
  excludePostId?: string,
): Promise<number> {
  const row = await db
    .selectFrom('post_targets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('integration_id', '=', integrationId)
    .$if(excludePostId !== undefined, (query) => query.where('post_id', '!=', excludePostId!))
    .where('status', 'in', ['scheduled', 'queued', 'publishing'])
    .where((eb) => eb(eb.fn.coalesce('scheduled_for', 'created_at'), '>=', from))
    .where((eb) => eb(eb.fn.coalesce('scheduled_for', 'created_at'), '<=', to))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deletePostsOfProjects(db: Db, projectIds: readonly string[]): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('post_targets').where('project_id', 'in', projectIds).execute();
  await db.deleteFrom('events').where('project_id', 'in', projectIds).execute();
  await db.deleteFrom('posts').where('project_id', 'in', projectIds).execute();
}
