/**
 * Writing a target's result together with what it means for the post (DESIGN.md
 * "Publishing pipeline"): the post's status, and when every target has finished, its
 * final event in the outbox, all in one transaction.
 */
import { derivePostStatus, finalOutcome } from '@reelay/core';
import type { ServerContext } from '../server-context';
import { findTargetsOfPost, lockPost, updatePost, updateTargetAtRevision } from '../store/posts';
import type { Db, PostTargetsTable } from '../store/schema';
import { appendEvents } from '../webhooks/dispatch-events';
import { buildEvent } from './post-view';

export type TargetChanges = Partial<
  Omit<PostTargetsTable, 'id' | 'post_id' | 'project_id' | 'revision'>
>;

/**
 * Inside a transaction: refreshes the post's status from its targets and, when they all
 * finished, records the final outcome and its event, with the webhook dispatch. The post
 * row must be locked. Returns whether an event was written (then call `ctx.wakeWorker()`
 * after the transaction).
 */
export async function settlePost(
  trx: Db,
  ctx: ServerContext,
  postId: string,
  now: number,
): Promise<boolean> {
  const post = await lockPost(trx, ctx.dialect, postId);
  if (!post) return false;
  const targets = await findTargetsOfPost(trx, postId);
  const statuses = targets.map((target) => target.status);
  const outcome = finalOutcome(statuses);
  const status = derivePostStatus(statuses);
  const publishedAt = targets.reduce<number | null>(
    (latest, target) =>
      target.published_at !== null && (latest === null || target.published_at > latest)
        ? target.published_at
        : latest,
    null,
  );
  const settled = { ...post, status, published_at: publishedAt, updated_at: now };
  await updatePost(trx, postId, { status, published_at: publishedAt, updated_at: now });
  if (outcome && post.status !== outcome.status) {
    await appendEvents(
      trx,
      [buildEvent(outcome.event, settled, targets, ctx.config.publicUrl, now)],
      now,
    );
    return true;
  }
  return false;
}

/**
 * Records a target's progress or result, if the target is still at `revision`, and
 * settles its post in the same transaction. Returns whether the change applied.
 *
 * @example
 * ```ts
 * await recordTarget(ctx, target, { status: 'published', published_at: now, platform_post_id: mediaId });
 * ```
 */
export async function recordTarget(
  ctx: ServerContext,
  target: PostTargetsTable,
  changes: TargetChanges,
): Promise<boolean> {
  const now = ctx.clock.now();
  let emitted = false;
  const applied = await ctx.db.transaction().execute(async (trx) => {
    // Lock the post first: every writer of a post's targets goes through its row.
    await lockPost(trx, ctx.dialect, target.post_id);
    const applied = await updateTargetAtRevision(trx, target.id, target.revision, {
      ...changes,
      updated_at: now,
    });
    if (applied && changes.status !== undefined && changes.status !== target.status) {
      emitted = await settlePost(trx, ctx, target.post_id, now);
    }
    return applied;
  });
  // The final event's webhooks go at once, not at the next tick.
  if (emitted) ctx.wakeWorker();
  return applied;
}
