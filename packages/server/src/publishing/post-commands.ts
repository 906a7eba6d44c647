/**
 * Changing a post after acceptance (spec §3, §4): edit or reschedule while it has not
 * started publishing, cancel a scheduled post (targets `CANCELLED`, no event), and retry
 * the failed targets now or at a new time (a new final event follows).
 *
 * Each command bumps the targets' revision in its transaction, so a pipeline run that
 * read the target before the change cannot write over it.
 */
import {
  assertPostComposition,
  checkScheduleWindow,
  isCancellable,
  ReelayError,
  validationError,
  workStart,
} from '@reelay/core';
import type * as z from 'zod';
import type { retryPostBodySchema, updatePostBodySchema } from '@reelay/core';
import { add, cancel } from '../queue';
import { appendEvents } from '../webhooks/dispatch-events';
import { recordActivity, type Actor } from '../store/activity';
import { findIntegration } from '../store/integrations';
import type { PostRecord, TargetRecord } from '../store/post-records';
import { bumpTargets, findTargetsOfPost } from '../store/post-targets';
import { findPost, lockPost, setPostOutcome, updatePost } from '../store/posts';
import type { Db } from '../store/schema';
import { publishJobKey } from './accept-post';
import { needsApproval } from './approval-policy';
import { editDraft } from './drafts';
import { discardImports } from './imported-media';
import { editedMedia } from './edited-media';
import { assertMediaKept, holdPostMedia, itemField } from './held-media';
import type { PublishableMedia } from './media-port';
import { settlePost } from './post-outcome';
import { buildEvent } from './post-view';
import type { PublishingDeps } from './publishing-deps';
import { readPlatformQuota, reserveQuota, type PlatformQuota } from './quota';
import { acceptanceWarning, assertStoredOptionsFitAccounts } from './target-options';
import { freshPipeline } from './target-row';
import { canPublishWith, readAccessToken } from '../services/account-token';

async function postWithTargets(db: Db, projectId: string, id: string) {
  const post = await findPost(db, projectId, id);
  if (!post) throw new ReelayError('NOT_FOUND', { message: 'Post não encontrado neste projeto.' });
  return { post, targets: await findTargetsOfPost(db, id) };
}

/** Reads the post again inside a transaction, locked, with its targets. */
async function lockedPost(trx: Db, capabilities: PublishingDeps['capabilities'], id: string) {
  const post = (await lockPost(trx, capabilities, id))!;
  return { post, targets: await findTargetsOfPost(trx, id) };
}

/** Whether a post is a draft or awaits approval: editable and cancellable whatever its time. */
const inReview = (post: PostRecord) =>
  post.status === 'draft' || post.status === 'awaiting_approval';

function stillWaiting(post: PostRecord, targets: readonly TargetRecord[], now: number): boolean {
  if (inReview(post)) return true;
  return isCancellable(
    targets.map((target) => target.status),
    post.scheduledFor === null ? null : new Date(post.scheduledFor),
    new Date(now),
  );
}

type PostEdit = z.output<typeof updatePostBodySchema>;

/**
 * Edits a post: content, media, kind, time or time zone while it has not started (media
 * imported for an edit that is then refused are discarded), and whether it is evergreen,
 * with its variant captions, at any time (a published post is the one recycled). An edit
 * of both writes the evergreen fields once the rest is accepted.
 *
 * @example
 * ```ts
 * const { post, targets } = await editPost(ctx, projectId, id, { scheduledFor: new Date('2026-12-02T10:00:00-03:00') }, actor);
 * ```
 */
export async function editPost(
  ctx: PublishingDeps,
  projectId: string,
  id: string,
  body: PostEdit,
  actor: Actor,
): Promise<{ post: PostRecord; targets: TargetRecord[] }> {
  const { evergreen, evergreenCaptions, ...rest } = body;
  if (Object.values(rest).some((value) => value !== undefined)) {
    await editContent(ctx, projectId, id, rest, actor);
  } else {
    await postWithTargets(ctx.db, projectId, id);
  }
  if (evergreen !== undefined || evergreenCaptions !== undefined) {
    await markEvergreen(ctx, projectId, id, { evergreen, evergreenCaptions }, actor);
  }
  return postWithTargets(ctx.db, projectId, id);
}

/** Writes whether the post is evergreen and its variant captions, whatever its status. */
async function markEvergreen(
  ctx: PublishingDeps,
  projectId: string,
  id: string,
  fields: Pick<PostEdit, 'evergreen' | 'evergreenCaptions'>,
  actor: Actor,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await lockPost(trx, ctx.capabilities, id);
    await updatePost(trx, id, { ...fields, updatedAt: now });
    await recordActivity(trx, {
      projectId,
      postId: id,
      action: 'edited',
      fields: Object.keys(fields).filter(
        (field) => fields[field as keyof typeof fields] !== undefined,
      ),
      actor,
      now,
    });
  });
}

async function editContent(
  ctx: PublishingDeps,
  projectId: string,
  id: string,
  body: Omit<PostEdit, 'evergreen' | 'evergreenCaptions'>,
  actor: Actor,
): Promise<void> {
  const { post, targets } = await postWithTargets(ctx.db, projectId, id);
  const now = ctx.clock.now();
  if (!stillWaiting(post, targets, now)) throw new ReelayError('POST_NOT_EDITABLE');
  if (post.status === 'draft') {
    await editDraft(ctx, post, targets, body, actor);
    return;
  }
  if (body.platforms) {
    throw validationError([
      { field: 'platforms', message: 'as contas de um post só mudam enquanto ele é rascunho' },
    ]);
  }
  if (body.scheduledFor === null) {
    throw validationError([
      { field: 'scheduledFor', message: 'só um rascunho pode ficar sem horário' },
    ]);
  }
  // An awaiting post stays so; an editor's edit sends a scheduled post back for approval.
  const review =
    post.status === 'awaiting_approval' ||
    (await needsApproval(
      ctx.db,
      projectId,
      actor,
      targets.map((target) => target.profileId),
    ));

  if (body.scheduledFor) {
    const problem = checkScheduleWindow(body.scheduledFor, new Date(now));
    if (problem) throw validationError([{ field: 'scheduledFor', message: problem }]);
  }
  const imported: PublishableMedia[] = [];
  try {
    const { items, records } = await editedMedia(ctx.media, projectId, post, body, imported);
    const content = body.content ?? post.content;
    const kind = assertPostComposition({
      kind: body.kind ?? (body.mediaItems ? undefined : post.kind),
      content,
      mediaTypes: items.map((item) => item.type),
      platforms: targets.map((target) => ({ options: target.options })),
    });
    await assertStoredOptionsFitAccounts(ctx, projectId, targets);
    for (const [index, record] of records.entries()) {
      if (record) ctx.media.assertUsable(record, kind, `mediaItems[${index}]`);
    }
    const scheduledFor = body.scheduledFor?.getTime() ?? post.scheduledFor!;
    const quotas: PlatformQuota[] = [];
    const moved = targets.some((target) => target.scheduledFor !== scheduledFor);
    if (!review && body.scheduledFor && moved) {
      // A new time falls in another 24 h window of the account's quota.
      for (const target of targets) {
        const account = await findIntegration(ctx.db, projectId, target.integrationId);
        if (account)
          quotas.push(
            await readPlatformQuota(ctx, account, readAccessToken(ctx, account), scheduledFor),
          );
      }
    }

    await ctx.db.transaction().execute(async (trx) => {
      // Accounts before the post, as every writer takes them; moves that race for the last
      // slots of a window are counted one after another.
      await reserveQuota(trx, ctx.capabilities, quotas, id);
      // Media before the post, as acceptance and the media deletion take them.
      await holdPostMedia(trx, ctx.capabilities, { id, projectId, mediaItems: items }, (index) =>
        itemField(body.mediaItems, index),
      );
      const locked = await lockedPost(trx, ctx.capabilities, id);
      if (
        !stillWaiting(locked.post, locked.targets, ctx.clock.now()) ||
        inReview(locked.post) !== inReview(post)
      )
        throw new ReelayError('POST_NOT_EDITABLE');
      await updatePost(trx, id, {
        content,
        kind,
        mediaItems: items,
        scheduledFor,
        timezone: body.timezone ?? post.timezone,
        updatedAt: now,
      });
      await recordActivity(trx, {
        projectId,
        postId: id,
        action: 'edited',
        fields: Object.keys(body).filter((field) => body[field as keyof typeof body] !== undefined),
        actor,
        now,
      });
      // Containers made for the old content are abandoned (they expire unused).
      const warningMessage = acceptanceWarning(content);
      // A new time moves every target; without one each keeps its own (a queued post's
      // accounts may each have their own slot).
      const newTime = body.scheduledFor ? { scheduledFor } : {};
      const status = review ? { status: 'awaiting_approval' as const } : {};
      await bumpTargets(
        trx,
        id,
        locked.targets,
        { ...freshPipeline(), ...newTime, ...status, warningMessage },
        now,
      );
      if (review) {
        await holdForApproval(
          trx,
          ctx,
          { ...locked.post, content, kind, mediaItems: items, scheduledFor },
          now,
        );
        return;
      }
      for (const target of locked.targets) {
        const at = body.scheduledFor ? scheduledFor : (target.scheduledFor ?? scheduledFor);
        await add(
          trx,
          'publish_target',
          { targetId: target.id },
          {
            runAt: workStart(at, items, ctx.pipeline),
            key: publishJobKey(target.id),
            mode: 'replace',
            now,
          },
        );
      }
    });
  } catch (error) {
    await discardImports(ctx, projectId, imported);
    throw error;
  }
}

/**
 * Inside an editor's edit of a scheduled post where approval is required (its targets
 * already moved to `awaiting_approval`): its jobs go, the post's status follows, and
 * `post.awaiting_approval` is written, once, when it was not waiting already.
 */
async function holdForApproval(trx: Db, ctx: PublishingDeps, post: PostRecord, now: number) {
  const wasWaiting = post.status === 'awaiting_approval';
  const settled = await settlePost(trx, ctx, post, now);
  if (wasWaiting) return;
  await cancel(
    trx,
    settled.targets.map((target) => publishJobKey(target.id)),
  );
  await appendEvents(
    trx,
    ctx.capabilities,
    [
      buildEvent(
        'post.awaiting_approval',
        settled.post,
        settled.targets,
        ctx.config.publicUrl,
        now,
      ),
    ],
    now,
  );
}

/**
 * Cancels a scheduled post before its time: targets become `cancelled` with
 * `CANCELLED`, their jobs go, and no event is sent (spec §6 rule 2).
 *
 * @example
 * ```ts
 * await cancelPost(ctx, projectId, id, actor);
 * ```
 */
export async function cancelPost(ctx: PublishingDeps, projectId: string, id: string, actor: Actor) {
  await postWithTargets(ctx.db, projectId, id);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const { targets, post } = await lockedPost(trx, ctx.capabilities, id);
    if (!stillWaiting(post, targets, now)) throw new ReelayError('POST_NOT_CANCELLABLE');
    await bumpTargets(
      trx,
      id,
      targets,
      {
        status: 'cancelled',
        errorCode: 'CANCELLED',
        errorMessage: 'O post foi cancelado antes da publicação.',
      },
      now,
    );
    // Every target cancelled: the post is too, and cancellation emits nothing. A draft
    // without accounts has no target to follow.
    if (targets.length === 0) {
      await setPostOutcome(trx, id, { status: 'cancelled', publishedAt: null, updatedAt: now });
    } else {
      await settlePost(trx, ctx, post, now);
    }
    await recordActivity(trx, { projectId, postId: id, action: 'cancelled', actor, now });
    await cancel(
      trx,
      targets.map((target) => publishJobKey(target.id)),
    );
  });
  return postWithTargets(ctx.db, projectId, id);
}

/**
 * Retries the failed targets, now or at `scheduledFor`; published ones stay. A scheduled
 * retry emits `post.scheduled`; the end emits a new final event.
 *
 * @example
 * ```ts
 * await retryPost(ctx, projectId, id, {}, actor);
 * ```
 */
export async function retryPost(
  ctx: PublishingDeps,
  projectId: string,
  id: string,
  body: z.output<typeof retryPostBodySchema>,
  actor: Actor,
) {
  const { post, targets } = await postWithTargets(ctx.db, projectId, id);
  const failed = targets.filter((target) => target.status === 'failed');
  if (failed.length === 0) throw new ReelayError('POST_NOT_RETRYABLE');
  const now = ctx.clock.now();
  if (body.scheduledFor) {
    const problem = checkScheduleWindow(body.scheduledFor, new Date(now));
    if (problem) throw validationError([{ field: 'scheduledFor', message: problem }]);
  }
  const at = body.scheduledFor?.getTime() ?? null;
  const quotas: PlatformQuota[] = [];
  for (const target of failed) {
    const account = await findIntegration(ctx.db, projectId, target.integrationId);
    // As at creation: an account whose token expired must be reconnected first.
    if (!account || !canPublishWith(account, now)) {
      throw new ReelayError('TOKEN_INVALID', {
        message: 'A conta precisa ser reconectada antes de tentar de novo.',
        details: { accountId: target.integrationId },
      });
    }
    quotas.push(await readPlatformQuota(ctx, account, readAccessToken(ctx, account), at ?? now));
  }

  await ctx.db.transaction().execute(async (trx) => {
    // The post's own targets are left out of the count: a concurrent retry of the same
    // post that got there first is answered POST_NOT_RETRYABLE below, not a quota error.
    await reserveQuota(trx, ctx.capabilities, quotas, id);
    // Media before the post, as every writer takes them; a deleted one refuses the retry.
    await assertMediaKept(trx, ctx.capabilities, post);
    const locked = await lockedPost(trx, ctx.capabilities, id);
    const stillFailed = locked.targets.filter((target) => target.status === 'failed');
    if (stillFailed.length === 0) throw new ReelayError('POST_NOT_RETRYABLE');
    await bumpTargets(
      trx,
      id,
      locked.targets,
      {
        ...freshPipeline(),
        status: at === null ? 'queued' : 'scheduled',
        scheduledFor: at,
        errorCode: null,
        errorMessage: null,
        warningMessage: acceptanceWarning(locked.post.content),
      },
      now,
      'failed',
    );
    const changes = {
      ...(at !== null ? { scheduledFor: at, wasScheduled: true } : {}),
      ...(body.timezone ? { timezone: body.timezone } : {}),
      updatedAt: now,
    };
    await updatePost(trx, id, changes);
    for (const target of stillFailed) {
      await add(
        trx,
        'publish_target',
        { targetId: target.id },
        {
          runAt: at === null ? now : workStart(at, locked.post.mediaItems, ctx.pipeline),
          key: publishJobKey(target.id),
          mode: 'replace',
          now,
        },
      );
    }
    const settled = await settlePost(trx, ctx, { ...locked.post, ...changes }, now);
    await recordActivity(trx, { projectId, postId: id, action: 'retried', actor, now });
    if (at !== null) {
      await appendEvents(
        trx,
        ctx.capabilities,
        [buildEvent('post.scheduled', settled.post, settled.targets, ctx.config.publicUrl, now)],
        now,
      );
    }
  });
  ctx.wakeWorker();
  return postWithTargets(ctx.db, projectId, id);
}
