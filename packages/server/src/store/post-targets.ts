/**
 * Post targets. Writes that race the publishing pipeline are conditional on the target's
 * revision (pipeline progress), and commands bump the revision, so a pipeline run that
 * read a target before a command cannot write over it. Every status write is checked
 * against the target state machine (`assertTransition`).
 */
import {
  ACTIVE_TARGET_STATUSES,
  assertTransition,
  type PostKind,
  type TargetStatus,
} from '@reelay/core';
import {
  decodePost,
  decodeTarget,
  encodeTarget,
  encodeTargetChanges,
  type PostRecord,
  type TargetChanges,
  type TargetRecord,
} from './post-records';
import { preparedRows, preparedWrite } from './prepared-queries';
import type { Db } from './schema';

export async function insertTargets(db: Db, targets: readonly TargetRecord[]): Promise<void> {
  if (targets.length > 0)
    await db.insertInto('post_targets').values(targets.map(encodeTarget)).execute();
}

export async function findTarget(db: Db, id: string): Promise<TargetRecord | undefined> {
  const row = await db
    .selectFrom('post_targets')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decodeTarget(row);
}

/**
 * A target with its post, in one read built once: what every run of a target's pipeline
 * starts from.
 *
 * @example
 * ```ts
 * const found = await findTargetWithPost(db, targetId); // { target, post } or undefined
 * ```
 */
export async function findTargetWithPost(
  db: Db,
  id: string,
): Promise<{ target: TargetRecord; post: PostRecord } | undefined> {
  const [row] = await preparedRows(db, 'target-with-post', { id }, (v) =>
    db
      .selectFrom('post_targets as t')
      .innerJoin('posts as p', 'p.id', 't.post_id')
      .selectAll('t')
      .select([
        'p.project_id as post_project_id',
        'p.kind as post_kind',
        'p.content as post_content',
        'p.timezone as post_timezone',
        'p.scheduled_for as post_scheduled_for',
        'p.was_scheduled as post_was_scheduled',
        'p.media_items as post_media_items',
        'p.idempotency_key as post_idempotency_key',
        'p.request_hash as post_request_hash',
        'p.status as post_status',
        'p.published_at as post_published_at',
        'p.problems as post_problems',
        'p.rejection_reason as post_rejection_reason',
        'p.series_id as post_series_id',
        'p.series_index as post_series_index',
        'p.evergreen as post_evergreen',
        'p.evergreen_captions as post_evergreen_captions',
        'p.recycled_from as post_recycled_from',
        'p.created_at as post_created_at',
        'p.updated_at as post_updated_at',
      ])
      .where('t.id', '=', v.id),
  );
  if (!row) return undefined;
  const post = decodePost({
    id: row.post_id,
    project_id: row.post_project_id,
    kind: row.post_kind,
    content: row.post_content,
    timezone: row.post_timezone,
    scheduled_for: row.post_scheduled_for,
    was_scheduled: row.post_was_scheduled,
    media_items: row.post_media_items,
    idempotency_key: row.post_idempotency_key,
    request_hash: row.post_request_hash,
    status: row.post_status,
    published_at: row.post_published_at,
    problems: row.post_problems,
    series_id: row.post_series_id,
    series_index: row.post_series_index,
    evergreen: row.post_evergreen,
    evergreen_captions: row.post_evergreen_captions,
    recycled_from: row.post_recycled_from,
    rejection_reason: row.post_rejection_reason,
    created_at: row.post_created_at,
    updated_at: row.post_updated_at,
  });
  return { target: decodeTarget(row), post };
}

export async function findTargetsOfPost(db: Db, postId: string): Promise<TargetRecord[]> {
  const rows = await preparedRows(db, 'targets-of-post', { postId }, (v) =>
    db.selectFrom('post_targets').selectAll().where('post_id', '=', v.postId).orderBy('id'),
  );
  return rows.map(decodeTarget);
}

/**
 * The columns a change sets, checked against the state machine, and their names joined:
 * the columns set make the SQL, so they are part of a prepared statement's name.
 *
 * @example
 * ```ts
 * const { columns, set } = changedColumns(target, { status: 'publishing', updatedAt: now });
 * ```
 */
export function changedColumns(target: Pick<TargetRecord, 'status'>, changes: TargetChanges) {
  if (changes.status !== undefined) assertTransition(target.status, changes.status);
  const columns = encodeTargetChanges(changes);
  return { columns, set: Object.keys(columns).join(',') };
}

/**
 * Applies pipeline progress only if nobody edited, cancelled or retried the target since
 * it was read; returns whether it did. A status change must be allowed from the status
 * the target was read with (throws otherwise, before writing).
 *
 * @example
 * ```ts
 * await updateTargetAtRevision(db, target, { containerId: id, updatedAt: now });
 * ```
 */
export async function updateTargetAtRevision(
  db: Db,
  target: Pick<TargetRecord, 'id' | 'revision' | 'status'>,
  changes: TargetChanges,
): Promise<boolean> {
  const { columns, set } = changedColumns(target, changes);
  const { changed } = await preparedWrite(
    db,
    `target-at-revision:${set}`,
    { ...columns, id: target.id, revision: target.revision },
    ({ id, revision, ...values }) =>
      db
        .updateTable('post_targets')
        .set(values)
        .where('id', '=', id)
        .where('revision', '=', revision),
  );
  return changed === 1;
}

/**
 * Locks a post's row and applies {@link updateTargetAtRevision} in one statement, for a
 * database that runs data-modifying `WITH` (`StoreCapabilities.writingCtes`): the start
 * of a transaction that then reads the post's targets and settles the post. The post is
 * returned as locked (its newest version, a concurrent writer's change included); the
 * targets must be read by a later statement, whose snapshot is taken once the lock is
 * held. The target changes only when its post is there.
 *
 * @example
 * ```ts
 * const { post, applied } = await lockPostAndUpdateTarget(trx, target, { status: 'published', publishedAt: now, updatedAt: now });
 * ```
 */
export async function lockPostAndUpdateTarget(
  db: Db,
  target: Pick<TargetRecord, 'id' | 'postId' | 'revision' | 'status'>,
  changes: TargetChanges,
): Promise<{ post: PostRecord | undefined; applied: boolean }> {
  const { columns, set } = changedColumns(target, changes);
  const [row] = await preparedRows(
    db,
    `lock-post-and-target:${set}`,
    { ...columns, id: target.id, revision: target.revision, postId: target.postId },
    ({ id, revision, postId, ...values }) =>
      db
        .with('locked', (qb) =>
          qb.selectFrom('posts').selectAll().where('id', '=', postId).forUpdate(),
        )
        .with('changed', (qb) =>
          qb
            .updateTable('post_targets')
            .set(values)
            .where('id', '=', id)
            .where('revision', '=', revision)
            .where((eb) => eb.exists(eb.selectFrom('locked').select('locked.id')))
            .returning('post_targets.id'),
        )
        .selectFrom('locked')
        .selectAll('locked')
        .select((eb) =>
          eb.exists(eb.selectFrom('changed').select('changed.id')).as('target_changed'),
        ),
  );
  if (!row) return { post: undefined, applied: false };
  const { target_changed: applied, ...post } = row;
  return { post: decodePost(post), applied: Boolean(applied) };
}

/**
 * Changes a post's targets (those in `current`, or only those of them in status `only`)
 * and bumps their revision. `current` are the targets as read under the post's lock: each
 * status move is checked against them.
 *
 * @example
 * ```ts
 * await bumpTargets(trx, postId, locked.targets, { status: 'cancelled' }, now);
 * ```
 */
export async function bumpTargets(
  db: Db,
  postId: string,
  current: readonly TargetRecord[],
  changes: TargetChanges,
  now: number,
  only?: TargetStatus,
): Promise<void> {
  if (current.length === 0) return;
  if (changes.status !== undefined) {
    for (const target of current) {
      if (only === undefined || target.status === only) {
        assertTransition(target.status, changes.status);
      }
    }
  }
  await db
    .updateTable('post_targets')
    .set((eb) => ({
      ...encodeTargetChanges(changes),
      revision: eb('revision', '+', 1),
      updated_at: now,
    }))
    .where('post_id', '=', postId)
    .where(
      'id',
      'in',
      current.map((target) => target.id),
    )
    .$if(only !== undefined, (query) => query.where('status', '=', only!))
    .execute();
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
    .where('status', 'in', ACTIVE_TARGET_STATUSES)
    .where((eb) => eb(eb.fn.coalesce('scheduled_for', 'created_at'), '>=', from))
    .where((eb) => eb(eb.fn.coalesce('scheduled_for', 'created_at'), '<=', to))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * When the targets of these accounts are scheduled between two instants (both included),
 * except drafts and targets that failed or were cancelled: the times that take the accounts'
 * posting slots.
 *
 * @example
 * ```ts
 * const taken = await scheduledTimesOfAccounts(db, [integrationId], from, until);
 * ```
 */
export async function scheduledTimesOfAccounts(
  db: Db,
  integrationIds: readonly string[],
  from: number,
  to: number,
): Promise<number[]> {
  if (integrationIds.length === 0) return [];
  const rows = await db
    .selectFrom('post_targets')
    .select('scheduled_for')
    .where('integration_id', 'in', integrationIds)
    // A draft has no time of its own yet; an awaiting post keeps its slot.
    .where('status', 'not in', ['failed', 'cancelled', 'draft'])
    .where('scheduled_for', '>=', from)
    .where('scheduled_for', '<=', to)
    .execute();
  return rows.map((row) => Number(row.scheduled_for));
}

/**
 * The times (scheduled, or of creation for immediate ones) of an account's targets still
 * waiting or publishing between two instants, sorted: what {@link countActiveTargetsInWindow}
 * counts, for deciding many windows at once.
 *
 * @example
 * ```ts
 * const queued = await activeTargetTimes(db, integrationId, from, to);
 * ```
 */
export async function activeTargetTimes(
  db: Db,
  integrationId: string,
  from: number,
  to: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('post_targets')
    .select((eb) => eb.fn.coalesce('scheduled_for', 'created_at').as('at'))
    .where('integration_id', '=', integrationId)
    .where('status', 'in', ACTIVE_TARGET_STATUSES)
    .where((eb) => eb(eb.fn.coalesce('scheduled_for', 'created_at'), '>=', from))
    .where((eb) => eb(eb.fn.coalesce('scheduled_for', 'created_at'), '<=', to))
    .execute();
  return rows.map((row) => Number(row.at)).sort((a, b) => a - b);
}

/**
 * Deletes a draft's targets, to write them again: a draft's accounts change freely, and
 * submitting it writes its targets as an accepted post's.
 *
 * @example
 * ```ts
 * await deleteTargetsOfPost(trx, postId);
 * ```
 */
export async function deleteTargetsOfPost(db: Db, postId: string): Promise<void> {
  await db.deleteFrom('post_targets').where('post_id', '=', postId).execute();
}

/**
 * The account's targets published since `since`, newest first, with their post's kind.
 *
 * @example
 * ```ts
 * const recent = await publishedTargetsOfAccount(db, integrationId, now - 90 * DAY, 60);
 * ```
 */
export async function publishedTargetsOfAccount(
  db: Db,
  integrationId: string,
  since: number,
  limit: number,
): Promise<Array<{ target: TargetRecord; kind: PostKind }>> {
  const rows = await db
    .selectFrom('post_targets')
    .innerJoin('posts', 'posts.id', 'post_targets.post_id')
    .selectAll('post_targets')
    .select('posts.kind as post_kind')
    .where('post_targets.integration_id', '=', integrationId)
    .where('post_targets.status', '=', 'published')
    .where('post_targets.platform_post_id', 'is not', null)
    .where('post_targets.published_at', '>=', since)
    .orderBy('post_targets.published_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ post_kind, ...row }) => ({ target: decodeTarget(row), kind: post_kind }));
}
