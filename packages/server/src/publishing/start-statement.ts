/**
 * The move to `publishing` with the lease check before `media_publish` as one statement,
 * where the database runs data-modifying `WITH` (PostgreSQL, `StoreCapabilities.writingCtes`):
 * the post's row is locked first (as every writer of a post's targets does, and in the
 * order commands take it: the post, then its job), then the run's lease is extended
 * under its claim, and only then the target changes at its revision and the post takes
 * the status. Apart, the two are two round trips at the instant a burst falls due.
 */
import type { PostStatus } from '@reelay/core';
import { holdLeaseStep, type HeldJob } from '../queue';
import { changedColumns } from '../store/post-targets';
import type { TargetChanges, TargetRecord } from '../store/post-records';
import { preparedRows } from '../store/prepared-queries';
import type { Db } from '../store/schema';

/** What the statement found: the post (so the lease was reached), the lease, the change. */
export interface StartedPublishing {
  /** Whether the post was there; without it the lease was not looked at. */
  readonly postFound: boolean;
  /** Whether the claim still held the job (extended to `until`). */
  readonly held: boolean;
  /** Whether the target changed (its post there, the lease held, still at its revision). */
  readonly applied: boolean;
}

/**
 * Locks the post, extends the run's lease to `until` if its claim still holds the job,
 * and then applies the target's change at its revision with the post's new status, in
 * one statement. For a status the post takes whatever its other targets are
 * (`publishing`).
 *
 * @example
 * ```ts
 * const { held, applied } = await startPublishingHoldingLease(db, target, changes, 'publishing', lease.held, until);
 * ```
 */
export async function startPublishingHoldingLease(
  db: Db,
  target: Pick<TargetRecord, 'id' | 'postId' | 'revision' | 'status'>,
  changes: TargetChanges & { updatedAt: number },
  postStatus: PostStatus,
  job: HeldJob,
  until: number,
): Promise<StartedPublishing> {
  const { columns, set } = changedColumns(target, changes);
  const [row] = await preparedRows(
    db,
    `start-holding-lease:${set}`,
    {
      ...columns,
      id: target.id,
      revision: target.revision,
      postId: target.postId,
      postStatus,
      postUpdatedAt: changes.updatedAt,
      jobId: job.id,
      claim: job.claim,
      until,
    },
    ({
      id,
      revision,
      postId,
      postStatus: status,
      postUpdatedAt,
      jobId,
      claim,
      until: expiry,
      ...values
    }) =>
      db
        .with('locked', (qb) =>
          qb.selectFrom('posts').select('id').where('id', '=', postId).forUpdate(),
        )
        .with('lease', (qb) => holdLeaseStep(qb, { id: jobId, claim }, expiry, 'locked'))
        .with('changed', (qb) =>
          qb
            .updateTable('post_targets')
            .set(values)
            .where('id', '=', id)
            .where('revision', '=', revision)
            .where((eb) => eb.exists(eb.selectFrom('lease').select('lease.id')))
            .returning('post_id'),
        )
        .with('post', (qb) =>
          qb
            .updateTable('posts')
            .set({ status, updated_at: postUpdatedAt })
            .where('id', 'in', (eb) => eb.selectFrom('changed').select('changed.post_id'))
            .returning('posts.id'),
        )
        .selectNoFrom((eb) => [
          eb.exists(eb.selectFrom('locked').select('locked.id')).as('post_found'),
          eb.exists(eb.selectFrom('lease').select('lease.id')).as('held'),
          eb.exists(eb.selectFrom('post').select('post.id')).as('applied'),
        ]),
  );
  return {
    postFound: Boolean(row?.post_found),
    held: Boolean(row?.held),
    applied: Boolean(row?.applied),
  };
}
