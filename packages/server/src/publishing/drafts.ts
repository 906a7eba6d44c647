/**
 * Drafts (docs/teams.md "Drafts"): a post being written, stored with whatever it has.
 * What makes the input itself wrong is refused as on any post (an account or a media not
 * in the project, a media whose type is not what was declared, a caption over the
 * limits); what is only missing or would refuse it at submission (no account, no media,
 * a composition that does not fit, a time outside the window, an account to reconnect)
 * is kept in the draft's `problems`. A draft has no job and counts against no quota;
 * submitting it runs every check of a new post (`acceptChecked`).
 */
import {
  assertPostComposition,
  checkScheduleWindow,
  isReelayError,
  newId,
  ReelayError,
  validationError,
  type CreatePostBody,
  type InstagramOptions,
  type PostKind,
  type updatePostBodySchema,
} from '@reelay/core';
import type * as z from 'zod';
import { recordActivity, type Actor } from '../store/activity';
import { findIntegration, type IntegrationRecord } from '../store/integrations';
import type { PostProblem, PostRecord, TargetRecord } from '../store/post-records';
import {
  bumpTargets,
  deleteTargetsOfPost,
  findTargetsOfPost,
  insertTargets,
} from '../store/post-targets';
import { insertPost, lockPost, updatePost } from '../store/posts';
import type { Db } from '../store/schema';
import { canPublishWith } from '../services/account-token';
import { acceptChecked, resolveMedia, type AcceptedPost } from './accept-post';
import { editedMedia } from './edited-media';
import { holdPostMedia, itemField } from './held-media';
import { discardImports } from './imported-media';
import type { PublishableMedia } from './media-port';
import type { PublishingDeps } from './publishing-deps';
import { acceptanceWarning, assertOptionsFitAccounts } from './target-options';
import { newTarget } from './target-row';

/** What a draft holds, as far as its checks go. */
interface DraftShape {
  content: string;
  /** The kind asked for; undefined lets the media decide. */
  kind: PostKind | undefined;
  /** The media records in order; null where a media is gone. */
  media: ReadonlyArray<PublishableMedia | null>;
  /** The accounts, in the order of `platforms`; null where an account is gone. */
  accounts: ReadonlyArray<IntegrationRecord | null>;
  platforms: ReadonlyArray<{ options?: InstagramOptions | undefined }>;
  scheduledFor: number | null;
}

/** An error of a check as problems, by field; anything else than a refusal goes on. */
function problemsOf(error: unknown, field: string): PostProblem[] {
  if (!isReelayError(error)) throw error;
  const issues = error.details?.issues as PostProblem[] | undefined;
  if (issues) return issues.map((issue) => ({ field: issue.field, message: issue.message }));
  const named = error.details?.field;
  return [{ field: typeof named === 'string' ? named : field, message: error.message }];
}

/** Runs a check, collecting its refusal as problems; answers its result or undefined. */
function collect<T>(problems: PostProblem[], field: string, check: () => T): T | undefined {
  try {
    return check();
  } catch (error) {
    problems.push(...problemsOf(error, field));
    return undefined;
  }
}

/**
 * What keeps a draft from being submitted, and the kind its media make (undefined while
 * they make none).
 *
 * @example
 * ```ts
 * const { problems, kind } = draftProblems(shape, ctx.clock.now());
 * ```
 */
function draftProblems(
  shape: DraftShape,
  now: number,
): { problems: PostProblem[]; kind: PostKind | undefined } {
  const problems: PostProblem[] = [];
  if (shape.platforms.length === 0) {
    problems.push({ field: 'platforms', message: 'informe ao menos uma conta' });
  }
  shape.accounts.forEach((account, index) => {
    const field = `platforms[${index}].accountId`;
    if (!account) problems.push({ field, message: 'conta não encontrada neste projeto' });
    else if (!canPublishWith(account, now)) {
      problems.push({ field, message: 'a conta precisa ser reconectada antes de publicar' });
    }
  });
  collect(problems, 'platforms', () =>
    assertOptionsFitAccounts(
      shape.platforms,
      shape.accounts.map((account) => account ?? { loginMode: 'facebook' as const }),
    ),
  );
  shape.media.forEach((record, index) => {
    if (!record) {
      problems.push({
        field: `mediaItems[${index}].mediaId`,
        message: 'mídia não encontrada neste projeto',
      });
    }
  });
  const records = shape.media.filter((record): record is PublishableMedia => record !== null);
  const kind = collect(problems, 'mediaItems', () =>
    assertPostComposition({
      kind: shape.kind,
      content: shape.content,
      mediaTypes: records.map((record) => record.type),
      platforms: shape.platforms,
    }),
  );
  if (shape.scheduledFor !== null) {
    const late = checkScheduleWindow(new Date(shape.scheduledFor), new Date(now));
    if (late) problems.push({ field: 'scheduledFor', message: late });
  }
  return { problems, kind };
}

/** The accounts named by a draft's platforms; an unknown one refuses the request. */
async function namedAccounts(
  db: Db,
  projectId: string,
  platforms: ReadonlyArray<{ accountId: string }>,
): Promise<IntegrationRecord[]> {
  const accounts: IntegrationRecord[] = [];
  const missing: PostProblem[] = [];
  for (const [index, target] of platforms.entries()) {
    const account = await findIntegration(db, projectId, target.accountId);
    if (account) accounts.push(account);
    else
      missing.push({
        field: `platforms[${index}].accountId`,
        message: 'conta não encontrada neste projeto',
      });
  }
  if (missing.length > 0) throw validationError(missing);
  return accounts;
}

/** A draft's targets: one per account, all `draft`, at the draft's time. */
function draftTargets(
  post: PostRecord,
  accounts: readonly IntegrationRecord[],
  platforms: ReadonlyArray<{ options?: InstagramOptions | undefined }>,
  now: number,
): TargetRecord[] {
  return accounts.map((account, index) =>
    newTarget(
      {
        id: newId('target', now),
        postId: post.id,
        projectId: post.projectId,
        integrationId: account.id,
        profileId: account.profileId,
        options: platforms[index]?.options ?? {},
        status: 'draft',
        scheduledFor: post.scheduledFor,
        warningMessage: acceptanceWarning(post.content),
      },
      now,
    ),
  );
}

/**
 * Stores a new draft (`POST /v1/posts` with `draft: true`): refused only for what is
 * wrong in itself; what is missing goes in `problems`.
 *
 * @example
 * ```ts
 * const { post } = await acceptDraft(ctx, projectId, body, hash, actor);
 * post.problems; // [{ field: 'platforms', message: 'informe ao menos uma conta' }]
 * ```
 */
export async function acceptDraft(
  ctx: PublishingDeps,
  projectId: string,
  body: CreatePostBody,
  hash: string,
  actor: Actor,
): Promise<AcceptedPost> {
  if (body.queue) {
    throw validationError([
      {
        field: 'queue',
        message: 'um rascunho não entra na fila; informe scheduledFor ou envie sem horário',
      },
    ]);
  }
  const platforms = body.platforms ?? [];
  const accounts = await namedAccounts(ctx.db, projectId, platforms);
  const imported: PublishableMedia[] = [];
  try {
    const media = await resolveMedia(ctx.media, projectId, body, imported);
    const now = ctx.clock.now();
    const scheduledFor = body.scheduledFor ? body.scheduledFor.getTime() : null;
    const { problems, kind } = draftProblems(
      {
        content: body.content,
        kind: body.kind,
        media: media.map(({ record }) => record),
        accounts,
        platforms,
        scheduledFor,
      },
      now,
    );
    const post: PostRecord = {
      id: newId('post', now),
      projectId,
      // Until the media make one, the kind asked for or a feed post; edits derive it again.
      kind: kind ?? body.kind ?? 'feed',
      content: body.content,
      timezone: body.timezone ?? 'UTC',
      scheduledFor,
      wasScheduled: false,
      mediaItems: media.map(({ item }) => item),
      idempotencyKey: body.idempotencyKey ?? null,
      requestHash: hash,
      status: 'draft',
      publishedAt: null,
      problems,
      rejectionReason: null,
      seriesId: null,
      seriesIndex: null,
      evergreen: body.evergreen ?? false,
      evergreenCaptions: body.evergreenCaptions ?? [],
      recycledFrom: null,
      createdAt: now,
      updatedAt: now,
    };
    const targets = draftTargets(post, accounts, platforms, now);
    await ctx.db.transaction().execute(async (trx) => {
      await holdPostMedia(trx, ctx.capabilities, post, (index) =>
        itemField(body.mediaItems, index),
      );
      await insertPost(trx, post);
      await insertTargets(trx, targets);
      await recordActivity(trx, { projectId, postId: post.id, action: 'created', actor, now });
    });
    return { post, targets, status: 201 };
  } catch (error) {
    await discardImports(ctx, projectId, imported);
    throw error;
  }
}

type PostEdit = z.output<typeof updatePostBodySchema>;

/** The accounts of a draft's stored targets, as they are now (null when gone). */
async function storedAccounts(db: Db, projectId: string, targets: readonly TargetRecord[]) {
  const accounts: Array<IntegrationRecord | null> = [];
  for (const target of targets) {
    accounts.push((await findIntegration(db, projectId, target.integrationId)) ?? null);
  }
  return accounts;
}

/**
 * Edits a draft (`PATCH /v1/posts/{id}`): content, kind, media, accounts (only a draft's
 * change), time and time zone; its problems are worked out again.
 *
 * @example
 * ```ts
 * await editDraft(ctx, post, targets, { platforms: [{ platform: 'instagram', accountId }] }, actor);
 * ```
 */
export async function editDraft(
  ctx: PublishingDeps,
  post: PostRecord,
  targets: readonly TargetRecord[],
  body: PostEdit,
  actor: Actor,
): Promise<void> {
  const { projectId } = post;
  const accounts = body.platforms
    ? await namedAccounts(ctx.db, projectId, body.platforms)
    : await storedAccounts(ctx.db, projectId, targets);
  const platforms = body.platforms ?? targets.map((target) => ({ options: target.options }));
  const imported: PublishableMedia[] = [];
  try {
    const { items, records } = await editedMedia(ctx.media, projectId, post, body, imported);
    const now = ctx.clock.now();
    const content = body.content ?? post.content;
    // New media without a kind let the media decide again, as on any post.
    const asked = body.kind ?? (body.mediaItems ? undefined : post.kind);
    const scheduledFor =
      body.scheduledFor === undefined ? post.scheduledFor : (body.scheduledFor?.getTime() ?? null);
    const { problems, kind } = draftProblems(
      { content, kind: asked, media: records, accounts, platforms, scheduledFor },
      now,
    );
    const changes = {
      content,
      kind: kind ?? asked ?? post.kind,
      mediaItems: items,
      scheduledFor,
      timezone: body.timezone ?? post.timezone,
      problems,
      updatedAt: now,
    };
    await ctx.db.transaction().execute(async (trx) => {
      await holdPostMedia(
        trx,
        ctx.capabilities,
        { id: post.id, projectId, mediaItems: items },
        (index) => itemField(body.mediaItems, index),
      );
      const locked = await lockPost(trx, ctx.capabilities, post.id);
      if (locked?.status !== 'draft') throw new ReelayError('POST_NOT_EDITABLE');
      const current = await findTargetsOfPost(trx, post.id);
      await updatePost(trx, post.id, changes);
      if (body.platforms) {
        await deleteTargetsOfPost(trx, post.id);
        const present = accounts.filter((account): account is IntegrationRecord => !!account);
        await insertTargets(trx, draftTargets({ ...post, ...changes }, present, platforms, now));
      } else {
        await bumpTargets(
          trx,
          post.id,
          current,
          { scheduledFor, warningMessage: acceptanceWarning(content) },
          now,
        );
      }
      await recordActivity(trx, {
        projectId,
        postId: post.id,
        action: 'edited',
        fields: Object.keys(body).filter((field) => body[field as keyof PostEdit] !== undefined),
        actor,
        now,
      });
    });
  } catch (error) {
    await discardImports(ctx, projectId, imported);
    throw error;
  }
}

/**
 * Submits a draft (`POST /v1/posts/{id}/submit`): a draft with problems is refused with
 * them as `VALIDATION_ERROR`; a complete one is checked as a new post and becomes
 * scheduled, queued, or awaiting approval.
 *
 * @example
 * ```ts
 * const { post } = await submitDraft(ctx, post, targets, actor);
 * ```
 */
export async function submitDraft(
  ctx: PublishingDeps,
  post: PostRecord,
  targets: readonly TargetRecord[],
  actor: Actor,
): Promise<AcceptedPost> {
  if (post.status !== 'draft') throw new ReelayError('POST_NOT_DRAFT');
  const { projectId } = post;
  const media: Array<PublishableMedia | null> = [];
  for (const item of post.mediaItems) media.push(await ctx.media.find(projectId, item.mediaId));
  const { problems } = draftProblems(
    {
      content: post.content,
      kind: post.kind,
      media,
      accounts: await storedAccounts(ctx.db, projectId, targets),
      platforms: targets.map((target) => ({ options: target.options })),
      scheduledFor: post.scheduledFor,
    },
    ctx.clock.now(),
  );
  if (problems.length > 0) throw validationError(problems);
  const body: CreatePostBody = {
    content: post.content,
    kind: post.kind,
    mediaItems: post.mediaItems.map((item) => ({ mediaId: item.mediaId })),
    platforms: targets.map((target) => ({
      platform: 'instagram',
      accountId: target.integrationId,
      options: target.options,
    })),
    scheduledFor: post.scheduledFor === null ? undefined : new Date(post.scheduledFor),
    timezone: post.timezone,
  };
  return acceptChecked(ctx, { projectId, body, hash: post.requestHash, actor, draft: post });
}
