/**
 * An admin's decision on a post awaiting approval (docs/teams.md "Approvals"). Approving
 * checks the accounts and their quota live, as at creation, then in one transaction moves
 * the targets to `scheduled` (or `queued`), writes their jobs and the `post.approved` and
 * `post.scheduled` events. Rejecting sends the post back to draft with the reason. A post
 * whose time passed while it waited is never published on its own: approving it asks
 * for a new time or "now".
 */
import {
  checkScheduleWindow,
  newId,
  ReelayError,
  validationError,
  type approvePostBodySchema,
} from '@reelay/core';
import type * as z from 'zod';
import { insertNote, recordActivity, type Actor } from '../store/activity';
import { findIntegration } from '../store/integrations';
import type { PostRecord, TargetRecord } from '../store/post-records';
import { bumpTargets, findTargetsOfPost } from '../store/post-targets';
import { lockPost, updatePost } from '../store/posts';
import type { Db } from '../store/schema';
import { appendEvents } from '../webhooks/dispatch-events';
import { canPublishWith, readAccessToken } from '../services/account-token';
import { queuePublication } from './accept-post';
import { settlePost } from './post-outcome';
import { buildEvent } from './post-view';
import type { PublishingDeps } from './publishing-deps';
import { readPlatformQuota, reserveQuota, type PlatformQuota } from './quota';
import { freshPipeline } from './target-row';

type ApproveBody = z.output<typeof approvePostBodySchema>;

/** The post, locked, with its targets; refused unless it awaits approval. */
async function lockedAwaiting(trx: Db, ctx: PublishingDeps, id: string) {
  const post = (await lockPost(trx, ctx.capabilities, id))!;
  if (post.status !== 'awaiting_approval') throw new ReelayError('POST_NOT_AWAITING_APPROVAL');
  return { post, targets: await findTargetsOfPost(trx, id) };
}

/**
 * When each target publishes once approved: the new time for all, now for all (null), or
 * each its own; a time already passed refuses with `APPROVAL_TIME_PASSED`.
 */
function approvedTimes(
  post: PostRecord,
  targets: readonly TargetRecord[],
  body: ApproveBody,
  now: number,
): Map<string, number | null> {
  if (body.scheduledFor === 'now') return new Map(targets.map((target) => [target.id, null]));
  if (body.scheduledFor) {
    const problem = checkScheduleWindow(body.scheduledFor, new Date(now));
    if (problem) throw validationError([{ field: 'scheduledFor', message: problem }]);
    const at = body.scheduledFor.getTime();
    return new Map(targets.map((target) => [target.id, at]));
  }
  const times = new Map(targets.map((target) => [target.id, target.scheduledFor]));
  const passed = [...times.values()].some((at) => at !== null && at <= now);
  if (passed) {
    throw new ReelayError('APPROVAL_TIME_PASSED', {
      details: { scheduledFor: new Date(post.scheduledFor!).toISOString() },
    });
  }
  return times;
}

/**
 * Approves a post awaiting approval: it is scheduled, or publishes now when it has no
 * time (or `scheduledFor: 'now'`). The note, when given, joins the post's notes.
 *
 * @example
 * ```ts
 * await approvePost(ctx, post, { note: 'Pode ir!' }, actor);
 * ```
 */
export async function approvePost(
  ctx: PublishingDeps,
  post: PostRecord,
  body: ApproveBody,
  actor: Actor,
): Promise<void> {
  if (post.status !== 'awaiting_approval') throw new ReelayError('POST_NOT_AWAITING_APPROVAL');
  const targets = await findTargetsOfPost(ctx.db, post.id);
  const now = ctx.clock.now();
  const times = approvedTimes(post, targets, body, now);
  // As at creation: every account must still publish, and its quota is asked live.
  const quotas: PlatformQuota[] = [];
  for (const target of targets) {
    const account = await findIntegration(ctx.db, post.projectId, target.integrationId);
    if (!account || !canPublishWith(account, now)) {
      throw new ReelayError('TOKEN_INVALID', {
        message: 'A conta precisa ser reconectada antes de aprovar o post.',
        details: { accountId: target.integrationId },
      });
    }
    const at = times.get(target.id) ?? now;
    quotas.push(await readPlatformQuota(ctx, account, readAccessToken(ctx, account), at));
  }

  await ctx.db.transaction().execute(async (trx) => {
    // Accounts before the post, as every writer takes them.
    await reserveQuota(trx, ctx.capabilities, quotas, post.id);
    const locked = await lockedAwaiting(trx, ctx, post.id);
    for (const target of locked.targets) {
      const at = times.get(target.id) ?? null;
      await bumpTargets(
        trx,
        post.id,
        [target],
        { ...freshPipeline(), status: at === null ? 'queued' : 'scheduled', scheduledFor: at },
        now,
      );
    }
    const earliest = [...times.values()].filter((at): at is number => at !== null);
    const changes = {
      scheduledFor: earliest.length > 0 ? Math.min(...earliest) : null,
      wasScheduled: earliest.length > 0,
      rejectionReason: null,
      ...(body.timezone ? { timezone: body.timezone } : {}),
      updatedAt: now,
    };
    await updatePost(trx, post.id, changes);
    const settled = await settlePost(trx, ctx, { ...locked.post, ...changes }, now);
    await recordActivity(trx, {
      projectId: post.projectId,
      postId: post.id,
      action: 'approved',
      actor,
      now,
    });
    if (body.note) {
      await insertNote(trx, {
        id: newId('note', now),
        projectId: post.projectId,
        postId: post.id,
        text: body.note,
        author: actor,
        now,
      });
    }
    await appendEvents(
      trx,
      ctx.capabilities,
      [buildEvent('post.approved', settled.post, settled.targets, ctx.config.publicUrl, now)],
      now,
    );
    await queuePublication(trx, ctx, settled.post, settled.targets, now);
  });
  ctx.wakeWorker();
}

/**
 * Rejects a post awaiting approval: back to draft, the reason kept on the post and in
 * its notes.
 *
 * @example
 * ```ts
 * await rejectPost(ctx, post, 'Troque a foto.', actor);
 * ```
 */
export async function rejectPost(
  ctx: PublishingDeps,
  post: PostRecord,
  reason: string,
  actor: Actor,
): Promise<void> {
  if (post.status !== 'awaiting_approval') throw new ReelayError('POST_NOT_AWAITING_APPROVAL');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockedAwaiting(trx, ctx, post.id);
    await bumpTargets(trx, post.id, locked.targets, { status: 'draft' }, now);
    const changes = { rejectionReason: reason, problems: [], updatedAt: now };
    await updatePost(trx, post.id, changes);
    const settled = await settlePost(trx, ctx, { ...locked.post, ...changes }, now);
    await recordActivity(trx, {
      projectId: post.projectId,
      postId: post.id,
      action: 'rejected',
      actor,
      now,
    });
    await insertNote(trx, {
      id: newId('note', now),
      projectId: post.projectId,
      postId: post.id,
      text: reason,
      author: actor,
      now,
    });
    await appendEvents(
      trx,
      ctx.capabilities,
      [buildEvent('post.rejected', settled.post, settled.targets, ctx.config.publicUrl, now)],
      now,
    );
  });
  ctx.wakeWorker();
}
