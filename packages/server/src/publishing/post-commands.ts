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
} from '@reelay/core';
import type * as z from 'zod';
import type { retryPostBodySchema, updatePostBodySchema } from '@reelay/core';
import { cancelJob, enqueue } from '../queue/jobs';
import { appendEvents } from '../webhooks/dispatch-events';
import type { ServerContext } from '../server-context';
import { findIntegration } from '../store/integrations';
import { findPost, findTargetsOfPost, lockPost, updatePost } from '../store/posts';
import type { Db, PostsTable, PostTargetsTable } from '../store/schema';
import { publishJobKey } from './accept-post';
import { settlePost } from './post-outcome';
import { buildEvent, mediaItemsOf, type StoredMediaItem } from './post-view';
import { readPlatformQuota, reserveQuota, type PlatformQuota } from './quota';
import { FRESH_PIPELINE } from './target-row';
import { readAccessToken } from '../services/account-token';
import { workStart } from './pipeline';
import type { MediaRecord } from '../media/media-record';

async function postWithTargets(ctx: ServerContext, projectId: string, id: string) {
  const post = await findPost(ctx.db, projectId, id);
  if (!post) throw new ReelayError('NOT_FOUND', { message: 'Post não encontrado neste projeto.' });
  return { post, targets: await findTargetsOfPost(ctx.db, id) };
}

/** Reads the post again inside a transaction, locked, with its targets. */
async function lockedPost(trx: Db, ctx: ServerContext, id: string) {
  const post = (await lockPost(trx, ctx.dialect, id))!;
  return { post, targets: await findTargetsOfPost(trx, id) };
}

function stillWaiting(
  post: PostsTable,
  targets: readonly PostTargetsTable[],
  now: number,
): boolean {
  return isCancellable(
    targets.map((target) => target.status),
    post.scheduled_for === null ? null : new Date(post.scheduled_for),
    new Date(now),
  );
}

async function bumpTargets(
  trx: Db,
  postId: string,
  changes: Partial<PostTargetsTable>,
  now: number,
) {
  await trx
    .updateTable('post_targets')
    .set((eb) => ({ ...changes, revision: eb('revision', '+', 1), updated_at: now }))
    .where('post_id', '=', postId)
    .execute();
}

/**
 * Edits content, media, kind, time or time zone of a post that has not started.
 *
 * @example
 * ```ts
 * const { post, targets } = await updatePost(ctx, projectId, id, { scheduledFor: new Date('2026-12-02T10:00:00-03:00') });
 * ```
 */
export async function editPost(
  ctx: ServerContext,
  projectId: string,
  id: string,
  body: z.output<typeof updatePostBodySchema>,
): Promise<{ post: PostsTable; targets: PostTargetsTable[] }> {
  const { post, targets } = await postWithTargets(ctx, projectId, id);
  const now = ctx.clock.now();
  if (!stillWaiting(post, targets, now)) throw new ReelayError('POST_NOT_EDITABLE');

  if (body.scheduledFor) {
    const problem = checkScheduleWindow(body.scheduledFor, new Date(now));
    if (problem) throw validationError([{ field: 'scheduledFor', message: problem }]);
  }
  let items: StoredMediaItem[] = mediaItemsOf(post);
  // The record of each item, looked up once, to check it fits the post's kind below.
  const records: Array<MediaRecord | null> = [];
  if (body.mediaItems) {
    items = [];
    for (const [index, item] of body.mediaItems.entries()) {
      const record =
        item.mediaId !== undefined
          ? await ctx.media.find(projectId, item.mediaId)
          : await ctx.media.importFromUrl(projectId, item.url!);
      if (!record)
        throw validationError([
          { field: `mediaItems[${index}].mediaId`, message: 'mídia não encontrada neste projeto' },
        ]);
      items.push({ type: record.type, mediaId: record.id, url: item.url ?? record.url });
      records.push(record);
    }
  } else {
    for (const item of items) records.push(await ctx.media.find(projectId, item.mediaId));
  }
  const content = body.content ?? post.content;
  const kind = assertPostComposition({
    kind: body.kind ?? (body.mediaItems ? undefined : post.kind),
    content,
    mediaTypes: items.map((item) => item.type),
    platforms: targets.map((target) => ({ options: JSON.parse(target.options) })),
  });
  for (const [index, record] of records.entries()) {
    if (record) ctx.media.assertUsable(record, kind, `mediaItems[${index}]`);
  }
  const scheduledFor = body.scheduledFor?.getTime() ?? post.scheduled_for!;
  const quotas: PlatformQuota[] = [];
  if (scheduledFor !== post.scheduled_for) {
    // A new time falls in another 24 h window of the account's quota.
    for (const target of targets) {
      const account = await findIntegration(ctx.db, projectId, target.integration_id);
      if (account)
        quotas.push(
          await readPlatformQuota(ctx, account, readAccessToken(ctx, account), scheduledFor),
        );
    }
  }

  await ctx.db.transaction().execute(async (trx) => {
    // Accounts before the post, as every writer takes them; moves that race for the last
    // slots of a window are counted one after another.
    await reserveQuota(trx, ctx, quotas, id);
    const locked = await lockedPost(trx, ctx, id);
    if (!stillWaiting(locked.post, locked.targets, ctx.clock.now()))
      throw new ReelayError('POST_NOT_EDITABLE');
    await updatePost(trx, id, {
      content,
      kind,
      media_items: JSON.stringify(items),
      scheduled_for: scheduledFor,
      timezone: body.timezone ?? post.timezone,
      updated_at: now,
    });
    // Containers made for the old content are abandoned (they expire unused).
    await bumpTargets(trx, id, { ...FRESH_PIPELINE, scheduled_for: scheduledFor }, now);
    for (const target of locked.targets) {
      await enqueue(
        trx,
        'publish_target',
        { targetId: target.id },
        {
          runAt: workStart(scheduledFor, items, ctx.pipeline),
          dedupeKey: publishJobKey(target.id),
          now,
        },
      );
    }
  });
  return postWithTargets(ctx, projectId, id);
}

/**
 * Cancels a scheduled post before its time: targets become `cancelled` with
 * `CANCELLED`, their jobs go, and no event is sent (spec §6 rule 2).
 *
 * @example
 * ```ts
 * await cancelPost(ctx, projectId, id);
 * ```
 */
export async function cancelPost(ctx: ServerContext, projectId: string, id: string) {
  await postWithTargets(ctx, projectId, id);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const { targets, post } = await lockedPost(trx, ctx, id);
    if (!stillWaiting(post, targets, now)) throw new ReelayError('POST_NOT_CANCELLABLE');
    await bumpTargets(
      trx,
      id,
      {
        status: 'cancelled',
        error_code: 'CANCELLED',
        error_message: 'O post foi cancelado antes da publicação.',
      },
      now,
    );
    await updatePost(trx, id, { status: 'cancelled', updated_at: now });
    for (const target of targets) await cancelJob(trx, publishJobKey(target.id));
  });
  return postWithTargets(ctx, projectId, id);
}

/**
 * Retries the failed targets, now or at `scheduledFor`; published ones stay. A scheduled
 * retry emits `post.scheduled`; the end emits a new final event.
 *
 * @example
 * ```ts
 * await retryPost(ctx, projectId, id, {});
 * ```
 */
export async function retryPost(
  ctx: ServerContext,
  projectId: string,
  id: string,
  body: z.output<typeof retryPostBodySchema>,
) {
  const { targets } = await postWithTargets(ctx, projectId, id);
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
    const account = await findIntegration(ctx.db, projectId, target.integration_id);
    if (!account || account.access_token === null || account.auth_status !== 'active') {
      throw new ReelayError('TOKEN_INVALID', {
        message: 'A conta precisa ser reconectada antes de tentar de novo.',
        details: { accountId: target.integration_id },
      });
    }
    quotas.push(await readPlatformQuota(ctx, account, readAccessToken(ctx, account), at ?? now));
  }

  await ctx.db.transaction().execute(async (trx) => {
    // The post's own targets are left out of the count: a concurrent retry of the same
    // post that got there first is answered POST_NOT_RETRYABLE below, not a quota error.
    await reserveQuota(trx, ctx, quotas, id);
    const locked = await lockedPost(trx, ctx, id);
    const stillFailed = locked.targets.filter((target) => target.status === 'failed');
    if (stillFailed.length === 0) throw new ReelayError('POST_NOT_RETRYABLE');
    const status = at === null ? 'queued' : 'scheduled';
    await trx
      .updateTable('post_targets')
      .set((eb) => ({
        ...FRESH_PIPELINE,
        status,
        scheduled_for: at,
        error_code: null,
        error_message: null,
        warning_message: null,
        revision: eb('revision', '+', 1),
        updated_at: now,
      }))
      .where('post_id', '=', id)
      .where('status', '=', 'failed')
      .execute();
    await updatePost(trx, id, {
      ...(at !== null ? { scheduled_for: at, was_scheduled: 1 } : {}),
      ...(body.timezone ? { timezone: body.timezone } : {}),
      updated_at: now,
    });
    for (const target of stillFailed) {
      await enqueue(
        trx,
        'publish_target',
        { targetId: target.id },
        {
          runAt: at === null ? now : workStart(at, mediaItemsOf(locked.post), ctx.pipeline),
          dedupeKey: publishJobKey(target.id),
          now,
        },
      );
    }
    await settlePost(trx, ctx, id, now);
    if (at !== null) {
      const refreshed = await lockedPost(trx, ctx, id);
      await appendEvents(
        trx,
        [
          buildEvent(
            'post.scheduled',
            refreshed.post,
            refreshed.targets,
            ctx.config.publicUrl,
            now,
          ),
        ],
        now,
      );
    }
  });
  ctx.wakeWorker();
  return postWithTargets(ctx, projectId, id);
}
