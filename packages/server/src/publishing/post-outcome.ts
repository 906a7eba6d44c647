/**
 * Writing a target's result together with what it means for the post (DESIGN.md
 * "Publishing pipeline"): the post's status, and when every target has finished, its
 * final event in the outbox, all in one transaction.
 */
import { ACTIVE_TARGET_STATUSES, derivePostStatus, finalOutcome } from '@reelay/core';
import type { PostRecord, TargetChanges, TargetRecord } from '../store/post-records';
import {
  findTargetsOfPost,
  lockPostAndUpdateTarget,
  updateTargetAtRevision,
} from '../store/post-targets';
import { lockPost, setPostOutcome } from '../store/posts';
import type { Db } from '../store/schema';
import { appendEvents } from '../webhooks/dispatch-events';
import { recordActivity, SYSTEM_ACTOR } from '../store/activity';
import { endHeldJob, type HeldJob, type JobLease } from '../queue';
import { writeFinalOutcome } from './outcome-statements';
import { startPublishingHoldingLease } from './start-statement';
import { buildEvent } from './post-view';
import type { PublishingDeps } from './publishing-deps';

export type { TargetChanges };

/** The post as settled, with the targets it was settled from, and whether an event was written. */
export interface SettledPost {
  post: PostRecord;
  targets: TargetRecord[];
  emitted: boolean;
  /** Whether the job given to end was removed by the outcome's own statement. */
  jobEnded: boolean;
}

/**
 * Inside a transaction: refreshes the post's status from its targets and, when they all
 * finished, records the final outcome and its event (linking under
 * `ctx.config.publicUrl`), with the webhook dispatch. `post` is the post as read under its lock in this transaction (with
 * any changes the caller made to it since). When an event was written, call
 * `ctx.wakeWorker()` after the transaction.
 *
 * @example
 * ```ts
 * const post = await lockPost(trx, ctx.capabilities, postId);
 * const { emitted } = await settlePost(trx, ctx, post, now);
 * ```
 *
 * `endJob`: a job to remove with the final outcome, in its statement where the database
 * writes several rows in one (`jobEnded` then says so); otherwise the caller removes it.
 */
export async function settlePost(
  trx: Db,
  ctx: Pick<PublishingDeps, 'capabilities' | 'config'>,
  post: PostRecord,
  now: number,
  endJob?: HeldJob,
): Promise<SettledPost> {
  const { publicUrl } = ctx.config;
  const targets = await findTargetsOfPost(trx, post.id);
  const statuses = targets.map((target) => target.status);
  const outcome = finalOutcome(statuses);
  const status = derivePostStatus(statuses);
  const publishedAt = targets.reduce<number | null>(
    (latest, target) =>
      target.publishedAt !== null && (latest === null || target.publishedAt > latest)
        ? target.publishedAt
        : latest,
    null,
  );
  const settled: PostRecord = { ...post, status, publishedAt, updatedAt: now };
  const change = { status, publishedAt, updatedAt: now };
  if (!outcome || post.status === outcome.status) {
    await setPostOutcome(trx, post.id, change);
    return { post: settled, targets, emitted: false, jobEnded: false };
  }
  const activity = {
    projectId: post.projectId,
    postId: post.id,
    action: outcome.status,
    actor: SYSTEM_ACTOR,
    now,
  };
  const event = buildEvent(outcome.event, settled, targets, publicUrl, now);
  if (ctx.capabilities.writingCtes) {
    await writeFinalOutcome(trx, { id: post.id, ...change }, activity, event, now, endJob);
    return { post: settled, targets, emitted: true, jobEnded: endJob !== undefined };
  }
  await setPostOutcome(trx, post.id, change);
  await recordActivity(trx, activity);
  await appendEvents(trx, ctx.capabilities, [event], now);
  return { post: settled, targets, emitted: true, jobEnded: false };
}

/**
 * The status that decides the post's whatever its other targets are (`derivePostStatus`
 * takes the first active status any target has): `publishing`.
 */
const LEADING_STATUS = ACTIVE_TARGET_STATUSES[0];

/**
 * The post once one of its targets moved to the {@link LEADING_STATUS}: that status, with its
 * publication time unchanged (the moving target has not been published), and no final
 * outcome, since that target is still active. Derived without reading the other targets.
 */
function settleOnLeadingStatus(post: PostRecord, now: number) {
  return { status: LEADING_STATUS, publishedAt: post.publishedAt, updatedAt: now };
}

/** Locks the target's post and applies the change: one statement where the database can. */
async function lockAndUpdate(
  trx: Db,
  ctx: Pick<PublishingDeps, 'capabilities'>,
  target: TargetRecord,
  changes: TargetChanges,
): Promise<{ post: PostRecord | undefined; applied: boolean }> {
  if (ctx.capabilities.writingCtes) return lockPostAndUpdateTarget(trx, target, changes);
  const post = await lockPost(trx, ctx.capabilities, target.postId);
  return { post, applied: await updateTargetAtRevision(trx, target, changes) };
}

/**
 * Records a target's progress or result, if the target is still at its revision, and
 * settles its post in the same transaction. Returns whether the change applied.
 *
 * `endJob`: the job of the run, removed in the same transaction whether or not the change
 * applied (under its claim), for a run that ends with this result and then answers
 * `{ ended: true }`.
 *
 * @example
 * ```ts
 * await recordTarget(ctx, target, { status: 'published', publishedAt: now, platformPostId: mediaId });
 * await recordTarget(ctx, target, result, { endJob: run.lease.held }); // then `{ ended: true }`
 * ```
 */
export async function recordTarget(
  ctx: PublishingDeps,
  target: TargetRecord,
  changes: TargetChanges,
  options: { endJob?: HeldJob } = {},
): Promise<boolean> {
  const { endJob } = options;
  const now = ctx.clock.now();
  let emitted = false;
  // Set inside the transaction (a cast, so the closure's assignment is not narrowed away).
  let dueAt = null as number | null;
  const applied = await ctx.db.transaction().execute(async (trx) => {
    // Lock the post first: every writer of a post's targets goes through its row.
    const { post, applied } = await lockAndUpdate(trx, ctx, target, { ...changes, updatedAt: now });
    dueAt = post?.scheduledFor ?? post?.createdAt ?? null;
    if (post && applied && changes.status !== undefined && changes.status !== target.status) {
      if (changes.status === LEADING_STATUS) {
        await setPostOutcome(trx, post.id, settleOnLeadingStatus(post, now));
      } else {
        let jobEnded: boolean;
        ({ emitted, jobEnded } = await settlePost(trx, ctx, post, now, endJob));
        if (jobEnded) return applied;
      }
    }
    if (endJob) await endHeldJob(trx, endJob);
    return applied;
  });
  // The final event's webhooks go at once, not at the next tick.
  if (emitted) ctx.wakeWorker();
  if (applied && changes.status !== target.status) {
    if (changes.status === 'published') {
      const publishedAt = changes.publishedAt ?? now;
      ctx.metrics.targetSettled({
        status: 'published',
        errorCode: null,
        lagMs: dueAt === null ? null : publishedAt - dueAt,
      });
    } else if (changes.status === 'failed') {
      ctx.metrics.targetSettled({
        status: 'failed',
        errorCode: changes.errorCode ?? null,
        lagMs: null,
      });
    }
  }
  return applied;
}

/**
 * What must hold before `media_publish`: the target moved to `publishing` (its attempt
 * recorded) and the run's lease confirmed, so a run that lost its job publishes nothing.
 * One statement where the database runs data-modifying `WITH`; otherwise the move, then
 * the confirmation. Returns whether both happened.
 *
 * @example
 * ```ts
 * if (!(await startPublishing(ctx, target, { status: 'publishing', publishAttemptedAt: now }, lease))) return;
 * ```
 */
export async function startPublishing(
  ctx: PublishingDeps,
  target: TargetRecord,
  changes: TargetChanges & { status: typeof LEADING_STATUS },
  lease: JobLease,
): Promise<boolean> {
  if (!ctx.capabilities.writingCtes) {
    return (await recordTarget(ctx, target, changes)) && (await lease.confirm());
  }
  const change = { ...changes, updatedAt: ctx.clock.now() };
  let applied = false;
  const held = await lease.confirmWith(async (until) => {
    const started = await startPublishingHoldingLease(
      ctx.db,
      target,
      change,
      LEADING_STATUS,
      lease.held,
      until,
    );
    applied = started.applied;
    // Without its post the statement never reached the job's row: the lease is unknown.
    return started.postFound ? started.held : undefined;
  });
  return held && applied;
}
