/**
 * Accepting a post (spec §4 POST /v1/posts): every check happens before anything is
 * written (accounts, media, composition, window, the platform's quota); then, in one
 * transaction, the accounts' queued posts are counted against the quota and the post,
 * its targets, their jobs and the `post.scheduled` event are written. After that,
 * no HTTP error is returned for the post: each target records its own outcome.
 *
 * An editor's post where approval is required is checked the same way but written as
 * `awaiting_approval`: no job, no quota counted, the `post.awaiting_approval` event. A
 * submitted draft goes through the same path, rewriting the draft's row (`drafts.ts`).
 */
import { createHash } from 'node:crypto';
import {
  assertPostComposition,
  checkScheduleWindow,
  mediaInvalid,
  newId,
  ReelayError,
  validationError,
  workStart,
  type CreatePostBody,
} from '@reelay/core';
import { add, jobKey } from '../queue';
import { appendEvents } from '../webhooks/dispatch-events';
import { findIntegration, type IntegrationRecord } from '../store/integrations';
import type { PostRecord, StoredMediaItem, TargetRecord } from '../store/post-records';
import { deleteTargetsOfPost, findTargetsOfPost, insertTargets } from '../store/post-targets';
import { findPostByIdempotencyKey, insertPost, lockPost, rewritePost } from '../store/posts';
import type { Db } from '../store/schema';
import { holdPostMedia, itemField } from './held-media';
import { discardImports } from './imported-media';
import type { MediaPort, PublishableMedia } from './media-port';
import { buildEvent } from './post-view';
import { readPlatformQuota, reserveQuota, type PlatformQuota } from './quota';
import { assertSlotStillFree, nextSlotOfAccounts, placeInQueue } from './slot-queue';
import type { PublishingDeps } from './publishing-deps';
import { recordActivity, type Actor } from '../store/activity';
import { acceptanceWarning, assertOptionsFitAccounts } from './target-options';
import { newTarget } from './target-row';
import { canPublishWith, readAccessToken } from '../services/account-token';
import { needsApproval } from './approval-policy';
import { assertSeriesRule, newSeries, storeSeries } from './series';

export const publishJobKey = (targetId: string) => jobKey('publish_target', targetId);

export interface AcceptedPost {
  post: PostRecord;
  targets: TargetRecord[];
  /** 201 for a stored schedule, 202 for a publication accepted to run now. */
  status: 201 | 202;
}

/** A fingerprint of what the request asks for, to tell a retry from another post. */
export function fingerprint(body: CreatePostBody): string {
  const canonical = JSON.stringify({
    content: body.content,
    kind: body.kind ?? null,
    mediaItems: body.mediaItems,
    platforms: body.platforms,
    scheduledFor: body.scheduledFor?.toISOString() ?? null,
    timezone: body.timezone ?? null,
    // Only when asked, so the fingerprints of posts stored before `queue` existed hold.
    ...(body.queue ? { queue: true } : {}),
    ...(body.draft ? { draft: true } : {}),
    ...(body.recurrence ? { recurrence: body.recurrence.rrule } : {}),
    ...(body.evergreen ? { evergreen: true } : {}),
    ...(body.evergreenCaptions?.length ? { evergreenCaptions: body.evergreenCaptions } : {}),
  });
  return createHash('sha256').update(canonical).digest('hex');
}

/** Accounts of the project, usable now; every problem names its field. */
export async function usableAccounts(
  ctx: Pick<PublishingDeps, 'db' | 'clock'>,
  projectId: string,
  body: CreatePostBody,
): Promise<IntegrationRecord[]> {
  const accounts: IntegrationRecord[] = [];
  const missing: Array<{ field: string; message: string }> = [];
  for (const [index, target] of (body.platforms ?? []).entries()) {
    const account = await findIntegration(ctx.db, projectId, target.accountId);
    if (!account)
      missing.push({
        field: `platforms[${index}].accountId`,
        message: 'conta não encontrada neste projeto',
      });
    else accounts.push(account);
  }
  if (missing.length > 0) throw validationError(missing);
  const now = ctx.clock.now();
  for (const account of accounts) {
    if (!canPublishWith(account, now)) {
      throw new ReelayError('TOKEN_INVALID', {
        message: `A conta ${account.username ?? account.id} precisa ser reconectada antes de publicar.`,
        details: { accountId: account.id },
      });
    }
  }
  return accounts;
}

/**
 * The post's media, imported or looked up. Each media imported from a URL is added to
 * `imported` as soon as it exists, so a refusal can discard it.
 */
export async function resolveMedia(
  media: MediaPort,
  projectId: string,
  body: CreatePostBody,
  imported: PublishableMedia[],
): Promise<Array<{ record: PublishableMedia; item: StoredMediaItem }>> {
  const resolved: Array<{ record: PublishableMedia; item: StoredMediaItem }> = [];
  for (const [index, item] of (body.mediaItems ?? []).entries()) {
    if (item.mediaId !== undefined) {
      const record = await media.find(projectId, item.mediaId);
      if (!record) {
        throw validationError([
          { field: `mediaItems[${index}].mediaId`, message: 'mídia não encontrada neste projeto' },
        ]);
      }
      resolved.push({ record, item: { type: record.type, mediaId: record.id, url: record.url } });
    } else {
      // Fetched and checked like an upload, so a bad URL fails now and not at publication.
      const record = await media.importFromUrl(projectId, item.url!);
      imported.push(record);
      if (item.type !== undefined && item.type !== record.type) {
        throw mediaInvalid(
          {
            reason: 'mime',
            message: `o tipo declarado é ${item.type}, mas a URL contém ${record.type === 'image' ? 'uma imagem' : 'um vídeo'}`,
          },
          `mediaItems[${index}]`,
        );
      }
      resolved.push({ record, item: { type: record.type, mediaId: record.id, url: item.url! } });
    }
  }
  return resolved;
}

/** A post to accept: a new one, or a draft being submitted. */
export interface Acceptance {
  projectId: string;
  body: CreatePostBody;
  /** The request's fingerprint; a submitted draft keeps its own. */
  hash: string | null;
  actor: Actor;
  /** The draft being submitted: its row is rewritten and its targets written again. */
  draft?: PostRecord;
  /** The occurrence of a series this post is (created by the series' job). */
  occurrence?: { seriesId: string; index: number };
  /**
   * The evergreen post this one recycles into an empty slot (`evergreen-fill.ts`): the
   * slot is checked again under the accounts' lock, so a post queued into it meanwhile
   * keeps it.
   */
  recycledFrom?: string;
}

/**
 * Checks a post completely (window, accounts, options, media, quota) and writes it:
 * scheduled or queued, or awaiting approval when the actor's posts wait for it.
 *
 * @example
 * ```ts
 * await acceptChecked(ctx, { projectId, body, hash, actor });
 * ```
 */
export async function acceptChecked(
  ctx: PublishingDeps,
  acceptance: Acceptance,
): Promise<AcceptedPost> {
  const { projectId, body, actor } = acceptance;
  if (body.scheduledFor) {
    const problem = checkScheduleWindow(body.scheduledFor, new Date(ctx.clock.now()));
    if (problem) throw validationError([{ field: 'scheduledFor', message: problem }]);
  }
  // A refused rule is refused before any account, media or quota is looked at.
  if (body.recurrence && body.scheduledFor) {
    assertSeriesRule(body, body.timezone ?? 'UTC', body.scheduledFor.getTime());
  }
  const accounts = await usableAccounts(ctx, projectId, body);
  assertOptionsFitAccounts(body.platforms ?? [], accounts);
  // Refused before any media is imported; the transaction below decides the slots.
  if (body.queue) await nextSlotOfAccounts(ctx.db, accounts, ctx.clock.now());
  const awaiting = await needsApproval(
    ctx.db,
    projectId,
    actor,
    accounts.map((account) => account.profileId),
  );
  const imported: PublishableMedia[] = [];
  try {
    return await store(ctx, { ...acceptance, accounts, imported, awaiting });
  } catch (error) {
    // Refused after its URLs were imported: the post never existed, nor does its media.
    await discardImports(ctx, projectId, imported);
    throw error;
  }
}

interface Storing extends Acceptance {
  accounts: IntegrationRecord[];
  imported: PublishableMedia[];
  /** Written as `awaiting_approval`: no job, no quota, until an admin approves. */
  awaiting: boolean;
}

/** The status an accepted post starts in. */
function acceptedStatus(body: CreatePostBody, awaiting: boolean) {
  if (awaiting) return 'awaiting_approval' as const;
  return body.scheduledFor == null && !body.queue ? ('queued' as const) : ('scheduled' as const);
}

/** Checks the media and the quota, then writes the post, its targets, jobs and event. */
async function store(ctx: PublishingDeps, storing: Storing): Promise<AcceptedPost> {
  const { projectId, body, accounts, imported, actor, awaiting, draft } = storing;
  const platforms = body.platforms ?? [];
  const now = ctx.clock.now();
  const scheduledFor = body.scheduledFor ? body.scheduledFor.getTime() : null;
  const media = await resolveMedia(ctx.media, projectId, body, imported);
  const kind = assertPostComposition({
    kind: body.kind,
    content: body.content,
    mediaTypes: media.map(({ record }) => record.type),
    platforms,
  });
  media.forEach(({ record }, index) =>
    ctx.media.assertUsable(record, kind, `mediaItems[${index}]`),
  );
  // Asked before the transaction: a slow platform must not hold the accounts locked. A
  // queued post has no time yet: asked for now, moved to its slots under the lock. Asked
  // for an awaiting post too: the platform refuses an account that cannot publish.
  const quotas: PlatformQuota[] = [];
  for (const account of accounts) {
    quotas.push(
      await readPlatformQuota(ctx, account, readAccessToken(ctx, account), scheduledFor ?? now),
    );
  }

  const status = acceptedStatus(body, awaiting);
  const post: PostRecord = {
    id: draft?.id ?? newId('post', now),
    projectId,
    kind,
    content: body.content,
    timezone: body.timezone ?? 'UTC',
    scheduledFor,
    wasScheduled: scheduledFor !== null || body.queue === true,
    // A submitted draft keeps its items as given (a URL stays the one the user gave).
    mediaItems: draft ? draft.mediaItems : media.map(({ item }) => item),
    idempotencyKey: draft ? draft.idempotencyKey : (body.idempotencyKey ?? null),
    requestHash: draft ? draft.requestHash : storing.hash,
    status,
    publishedAt: null,
    problems: [],
    rejectionReason: null,
    seriesId: storing.occurrence?.seriesId ?? null,
    seriesIndex: storing.occurrence?.index ?? null,
    evergreen: draft ? draft.evergreen : (body.evergreen ?? false),
    evergreenCaptions: draft ? draft.evergreenCaptions : (body.evergreenCaptions ?? []),
    recycledFrom: storing.recycledFrom ?? null,
    createdAt: draft?.createdAt ?? now,
    updatedAt: now,
  };
  // A post with `recurrence` starts a series, and is its first occurrence.
  const series = body.recurrence
    ? newSeries(
        post,
        body,
        accounts.map((account) => account.id),
        actor,
        now,
      )
    : null;
  if (series) {
    post.seriesId = series.id;
    post.seriesIndex = 1;
  }
  const targets: TargetRecord[] = platforms.map((target, index) =>
    newTarget(
      {
        id: newId('target', now),
        postId: post.id,
        projectId,
        integrationId: accounts[index]!.id,
        profileId: accounts[index]!.profileId,
        options: target.options ?? {},
        status,
        scheduledFor,
        warningMessage: acceptanceWarning(body.content),
      },
      now,
    ),
  );

  try {
    await ctx.db.transaction().execute(async (trx) => {
      // A queued post takes its slots under the accounts' lock, then counts at their times.
      const counted = body.queue
        ? await placeInQueue(trx, ctx.capabilities, { post, targets, accounts, quotas }, now)
        : quotas;
      if (storing.recycledFrom !== undefined) {
        await assertSlotStillFree(trx, ctx.capabilities, accounts, scheduledFor!);
      }
      // Counted and written as one decision: the accounts stay locked until commit. An
      // awaiting post counts only once approved.
      if (!awaiting) await reserveQuota(trx, ctx.capabilities, counted);
      // A media deleted since it was looked up refuses the post instead of dangling.
      await holdPostMedia(trx, ctx.capabilities, post, (index) =>
        itemField(body.mediaItems, index),
      );
      if (draft) {
        // Submitted twice at once: the second finds it no longer a draft.
        const locked = await lockPost(trx, ctx.capabilities, draft.id);
        if (locked?.status !== 'draft') throw new ReelayError('POST_NOT_DRAFT');
        await deleteTargetsOfPost(trx, post.id);
        await rewritePost(trx, post);
      } else {
        if (series) await storeSeries(trx, series, now);
        await insertPost(trx, post);
      }
      await insertTargets(trx, targets);
      await recordActivity(trx, {
        projectId,
        postId: post.id,
        action: draft ? 'submitted' : 'created',
        actor,
        now,
      });
      if (awaiting) {
        await appendEvents(
          trx,
          ctx.capabilities,
          [buildEvent('post.awaiting_approval', post, targets, ctx.config.publicUrl, now)],
          now,
        );
        return;
      }
      await queuePublication(trx, ctx, post, targets, now);
    });
  } catch (error) {
    // A concurrent request with the same key won the unique index: answer its post.
    if (body.idempotencyKey !== undefined && !draft) {
      const original = await findPostByIdempotencyKey(ctx.db, projectId, body.idempotencyKey);
      if (original) {
        // Its own media were stored with it: the copies imported here are not needed.
        await discardImports(ctx, projectId, imported.splice(0));
        return replay(ctx.db, original, storing.hash!);
      }
    }
    throw error;
  }
  ctx.wakeWorker();
  // An awaiting post is stored, not running: 201 as a scheduled one.
  return { post, targets, status: awaiting || post.scheduledFor !== null ? 201 : 202 };
}

/**
 * Inside the transaction that makes a post publishable (accepted, submitted or approved):
 * each target's publish job, and `post.scheduled` for a post with a time (spec §6: the
 * webhook follows the event; `wakeWorker` after commit starts it at once).
 *
 * @example
 * ```ts
 * await queuePublication(trx, ctx, post, targets, now);
 * ```
 */
export async function queuePublication(
  trx: Db,
  ctx: PublishingDeps,
  post: PostRecord,
  targets: readonly TargetRecord[],
  now: number,
): Promise<void> {
  for (const target of targets) {
    await add(
      trx,
      'publish_target',
      { targetId: target.id },
      {
        runAt:
          target.scheduledFor === null
            ? now
            : workStart(target.scheduledFor, post.mediaItems, ctx.pipeline),
        key: publishJobKey(target.id),
        mode: 'replace',
        now,
      },
    );
  }
  if (post.scheduledFor !== null) {
    await appendEvents(
      trx,
      ctx.capabilities,
      [buildEvent('post.scheduled', post, targets, ctx.config.publicUrl, now)],
      now,
    );
  }
}

/** The original post of a repeated `idempotencyKey`; another body with it is refused. */
export async function replay(db: Db, original: PostRecord, hash: string): Promise<AcceptedPost> {
  if (original.requestHash !== hash) {
    throw new ReelayError('IDEMPOTENCY_KEY_REUSED', {
      message: `A idempotencyKey "${original.idempotencyKey}" já criou o post ${original.id} com outro conteúdo; use uma chave nova para um post diferente.`,
    });
  }
  return {
    post: original,
    targets: await findTargetsOfPost(db, original.id),
    status: original.wasScheduled && original.scheduledFor !== null ? 201 : 202,
  };
}
