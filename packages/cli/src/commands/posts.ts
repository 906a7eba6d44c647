/**
 * `reelay posts create|schedule|draft|list|show|edit|reschedule|cancel|retry`. Captions
 * come from an argument, a file or stdin; media from paths (uploaded with a progress
 * bar), URLs (imported by the server) or `med_…` ids; accounts by id or username; `--at`
 * as an instant with offset, a local time with `--timezone`, or `+2h`.
 */
import {
  checkCaption,
  checkRecurrence,
  recurrenceProblemMessage,
  type PostKind,
  type PostStatus,
  type SortOrder,
  type TrialGraduationStrategy,
} from '@reelay/core';
import {
  SCHEDULE_MAX_LEAD_MS,
  SCHEDULE_MIN_LEAD_MS,
  type CreatePostBody,
  type InstagramOptions,
  type ListPostsQuery,
  type Post,
  type UpdatePostBody,
} from '@reelay/sdk';
import { accountUsernames, resolveAccountIds } from '../account-resolver';
import { usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { t } from '../i18n';
import { readCaption } from '../input';
import { classifyMedia, createUploadTracker, resolveMediaItems } from '../media-input';
import { integerOption } from '../options';
import { assertTimeZone, parseScheduleTime } from '../schedule-time';
import { loadSettings } from '../settings';
import { describePost, postColumns } from '../post-display';
import { waitForOutcome } from '../post-wait';
import { renderTable } from '../table';

export interface PostInputOptions {
  captionFile?: string;
  media?: string[];
  account?: string[];
  kind?: PostKind;
  at?: string;
  timezone?: string;
  idempotencyKey?: string;
  firstComment?: string;
  altText?: string;
  collaborator?: string[];
  aiGenerated?: boolean;
  trial?: TrialGraduationStrategy;
  audioName?: string;
  product?: string[];
  wait?: boolean;
  timeout?: string;
  /** `posts create` only: the next free slot of each account's posting schedule. */
  queue?: boolean;
  /** An RFC 5545 rule: the post repeats, from `--at` on, at its local time. */
  repeat?: string;
  /** `--evergreen` (and `--no-evergreen` on `posts edit`). */
  evergreen?: boolean;
  /** `--evergreen-caption`, repeated: the copies' variant captions, in turn. */
  evergreenCaption?: string[];
}

/**
 * The evergreen fields of a post body from the flags, each variant caption checked
 * against the caption rules first.
 *
 * @example
 * ```ts
 * evergreenFields({ evergreen: true, evergreenCaption: ['De novo: o clássico'] });
 * // { evergreen: true, evergreenCaptions: ['De novo: o clássico'] }
 * ```
 */
export function evergreenFields(
  options: Pick<PostInputOptions, 'evergreen' | 'evergreenCaption'>,
): { evergreen?: boolean; evergreenCaptions?: string[] } {
  for (const variant of options.evergreenCaption ?? []) {
    const problem = checkCaption(variant);
    if (problem) throw usageError(t('posts.invalidEvergreenCaption', { problem }));
  }
  return {
    ...(options.evergreen !== undefined ? { evergreen: options.evergreen } : {}),
    ...(options.evergreenCaption?.length ? { evergreenCaptions: options.evergreenCaption } : {}),
  };
}

/**
 * `reelay posts create [caption]`: publishes now, at `--at`, or with `--queue` at the next
 * free slot of each account's posting schedule (`reelay slots`).
 *
 * @example
 * ```ts
 * await createPost('Bom dia! #café', { media: ['./cafe.jpg'], account: ['@cafe.aurora'] }, ctx);
 * ```
 */
export async function createPost(
  caption: string | undefined,
  options: PostInputOptions,
  ctx: CommandContext,
): Promise<void> {
  await submitPost(caption, options, ctx);
}

/**
 * `reelay posts schedule [caption] --at <when>`: the same as `create`, with `--at` required.
 *
 * @example
 * ```ts
 * await schedulePost('Bom dia!', { media: ['./cafe.jpg'], account: ['int_01…'], at: '+2h' }, ctx);
 * ```
 */
export async function schedulePost(
  caption: string | undefined,
  options: PostInputOptions,
  ctx: CommandContext,
): Promise<void> {
  if (!options.at) throw usageError(t('posts.atMissing'), t('posts.atMissingHint'));
  await submitPost(caption, options, ctx);
}

/**
 * A `--product` value: the catalog product id, and for a feed image its position,
 * `<id>:<x>,<y>` with x and y from 0 to 1 (a Reel's products take no position).
 *
 * @example
 * ```ts
 * parseProductTag('3231775643511089:0.5,0.25'); // { productId: '3231775643511089', x: 0.5, y: 0.25 }
 * parseProductTag('42'); // { productId: '42' }
 * ```
 */
export function parseProductTag(
  text: string,
): NonNullable<InstagramOptions['productTags']>[number] {
  const match = /^(\d{1,30})(?::([\d.]+),([\d.]+))?$/.exec(text.trim());
  const x = match?.[2] === undefined ? undefined : Number(match[2]);
  const y = match?.[3] === undefined ? undefined : Number(match[3]);
  const inside = (n: number | undefined) => n === undefined || (n >= 0 && n <= 1);
  if (!match || !inside(x) || !inside(y)) {
    throw usageError(t('posts.invalidProduct', { value: text }), t('posts.invalidProductHint'));
  }
  return { productId: match[1]!, ...(x !== undefined && y !== undefined ? { x, y } : {}) };
}

/**
 * The Instagram options the flags of `posts create|schedule` ask for, the same for every
 * account; `undefined` when none was given. Throws a usage error for a bad `--product`.
 *
 * @example
 * ```ts
 * instagramOptions({ aiGenerated: true, trial: 'MANUAL' });
 * // { aiGenerated: true, trialParams: { graduationStrategy: 'MANUAL' } }
 * ```
 */
export function instagramOptions(options: PostInputOptions): InstagramOptions | undefined {
  const result: InstagramOptions = {
    ...(options.firstComment ? { firstComment: options.firstComment } : {}),
    ...(options.altText ? { altText: options.altText } : {}),
    ...(options.collaborator?.length
      ? { collaborators: options.collaborator.map((c) => c.replace(/^@/, '')) }
      : {}),
    ...(options.aiGenerated ? { aiGenerated: true } : {}),
    ...(options.trial ? { trialParams: { graduationStrategy: options.trial } } : {}),
    ...(options.audioName ? { audioName: options.audioName } : {}),
    ...(options.product?.length ? { productTags: options.product.map(parseProductTag) } : {}),
  };
  return Object.keys(result).length > 0 ? result : undefined;
}

/**
 * Refuses, in the person's language and before any upload, a time the server would refuse
 * (spec §8: from 1 minute to 75 days ahead). The server still decides at its own clock.
 *
 * @example
 * ```ts
 * assertScheduleWindow(new Date(Date.now() + 10_000), '+10s'); // throws a usage error
 * ```
 */
export function assertScheduleWindow(scheduledFor: Date, text: string, now = Date.now()): void {
  const lead = scheduledFor.getTime() - now;
  if (lead < SCHEDULE_MIN_LEAD_MS) {
    throw usageError(
      t('posts.atTooSoon', { text, minutes: SCHEDULE_MIN_LEAD_MS / 60_000 }),
      t('posts.atMissingHint'),
    );
  }
  if (lead > SCHEDULE_MAX_LEAD_MS) {
    throw usageError(
      t('posts.atTooLate', { text, days: SCHEDULE_MAX_LEAD_MS / 86_400_000 }),
      t('posts.atMissingHint'),
    );
  }
}

/** The accounts of a post, each with the Instagram options the flags ask for. */
function targetsOf(accountIds: readonly string[], options: PostInputOptions) {
  const platformOptions = instagramOptions(options);
  return accountIds.map((accountId) => ({
    platform: 'instagram' as const,
    accountId,
    ...(platformOptions ? { options: platformOptions } : {}),
  }));
}

/** The caption of the argument or `--caption-file`, checked against the caption rules. */
async function checkedCaption(
  captionArgument: string | undefined,
  captionFile: string | undefined,
): Promise<string | undefined> {
  const content = await readCaption(captionArgument, captionFile);
  if (content !== undefined) {
    const problem = checkCaption(content);
    if (problem) throw usageError(t('posts.invalidCaption', { problem }));
  }
  return content;
}

/** `--at` read and checked against the server's window, with `--timezone`. */
function scheduleTimeOf(options: { at?: string; timezone?: string }): Date | undefined {
  if (options.timezone !== undefined) assertTimeZone(options.timezone);
  const scheduledFor = options.at
    ? parseScheduleTime(options.at, { timeZone: options.timezone })
    : undefined;
  if (scheduledFor) assertScheduleWindow(scheduledFor, options.at!);
  return scheduledFor;
}

/**
 * The body of a new post (or draft) from the flags: everything that can be checked here
 * is checked before any upload; then accounts are resolved and media uploaded.
 */
async function newPostBody(
  captionArgument: string | undefined,
  options: PostInputOptions,
  ctx: CommandContext,
  draft: boolean,
) {
  const content = await checkedCaption(captionArgument, options.captionFile);
  // Checks the Instagram options (`--product`) before any upload.
  instagramOptions(options);
  const mediaArgs = options.media ?? [];
  if (mediaArgs.length === 0 && !draft) throw usageError(t('posts.mediaMissing'));
  const refs = mediaArgs.map((text) => classifyMedia(text));
  const accountArgs = options.account ?? [];
  if (accountArgs.length === 0 && !draft) throw usageError(t('posts.accountMissing'));
  if (options.queue && options.at) {
    throw usageError(t('posts.queueOrAt'), t('posts.queueOrAtHint'));
  }
  const scheduledFor = scheduleTimeOf(options);
  const recurrence = options.repeat === undefined ? undefined : checkedRepeat(options);
  const evergreen = evergreenFields(options);

  const tracker = createUploadTracker();
  const reelay = await projectClient(await loadSettings(ctx.global), { fetch: tracker.fetch });
  const accountIds = await resolveAccountIds(reelay, accountArgs);
  const mediaItems = await resolveMediaItems(reelay, tracker, refs);
  const body: CreatePostBody = {
    ...(draft ? { draft: true } : {}),
    ...(mediaItems.length > 0 || !draft ? { mediaItems } : {}),
    ...(accountIds.length > 0 || !draft ? { platforms: targetsOf(accountIds, options) } : {}),
    ...(content !== undefined ? { content } : {}),
    ...(options.kind ? { kind: options.kind } : {}),
    ...(scheduledFor ? { scheduledFor } : {}),
    ...(options.queue ? { queue: true } : {}),
    ...(recurrence ? { recurrence } : {}),
    ...evergreen,
    ...(options.timezone ? { timezone: options.timezone } : {}),
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  };
  return { reelay, body, accountArgs };
}

/** `--repeat`'s rule, checked as the server checks it, before anything is uploaded. */
function checkedRepeat(options: PostInputOptions): { rrule: string } {
  if (!options.at) throw usageError(t('series.repeatNeedsAt'), t('series.repeatNeedsAtHint'));
  const checked = checkRecurrence(options.repeat!);
  if (!checked.ok) {
    throw usageError(
      t('series.invalidRule', {
        reason: recurrenceProblemMessage(checked.problem, checked.detail),
      }),
      t('series.invalidRuleHint'),
    );
  }
  return { rrule: checked.rule.rrule };
}

async function submitPost(
  captionArgument: string | undefined,
  options: PostInputOptions,
  ctx: CommandContext,
): Promise<void> {
  const waitSeconds = integerOption(options.timeout, '--timeout', { min: 1 }) ?? 300;
  const { reelay, body, accountArgs } = await newPostBody(captionArgument, options, ctx, false);
  const answer = await reelay.posts.create(body);
  if (!options.wait) {
    ctx.out.result(answer, () => `${acceptedText(answer.post)}\n\n${describePost(answer.post)}`);
    return;
  }
  await waitForOutcome(reelay, answer.post, waitSeconds, ctx, accountArgs);
}

/**
 * The first line of a post just created or submitted: scheduled for a time, publishing
 * now, or waiting for an admin's approval.
 */
function acceptedText(post: Post): string {
  if (post.status === 'awaiting_approval') return t('posts.awaitingApproval', { id: post.id });
  const accepted = `${post.scheduledFor ? t('posts.scheduledFor', { when: post.scheduledFor }) : t('posts.acceptedNow')}: ${post.id}`;
  return post.series
    ? `${accepted}\n${t('series.repeatsSeries', { id: post.series.id })}`
    : accepted;
}

/**
 * `reelay posts draft [caption]`: saves a draft, which never publishes. Media, accounts
 * and time may all be missing; what still keeps it from being submitted is listed.
 *
 * @example
 * ```ts
 * await draftPost('Lançamento de verão', { media: ['./capa.jpg'] }, ctx);
 * ```
 */
export async function draftPost(
  caption: string | undefined,
  options: PostInputOptions,
  ctx: CommandContext,
): Promise<void> {
  const { reelay, body } = await newPostBody(caption, options, ctx, true);
  const answer = await reelay.posts.create(body);
  ctx.out.result(answer, () =>
    [
      t('posts.draftSaved', { id: answer.post.id }),
      '',
      describePost(answer.post),
      draftNextStep(answer.post),
    ].join('\n'),
  );
}

/** What to do with a draft next: complete it, or submit it. */
function draftNextStep(post: Post): string {
  return post.problems.length > 0
    ? t('posts.draftIncomplete', { id: post.id })
    : t('posts.draftComplete', { id: post.id });
}

export interface EditPostOptions extends PostInputOptions {
  /** Removes the draft's time: it publishes as soon as it is submitted. */
  unschedule?: boolean;
}

/**
 * `reelay posts edit <id> [caption]`: changes a draft (caption, media, accounts, time) or a
 * scheduled post (caption, media, time); `--evergreen`, `--no-evergreen` and
 * `--evergreen-caption` change any post, a published one included. `--account` replaces the draft's accounts, with
 * the Instagram options given now.
 *
 * @example
 * ```ts
 * await editPost('post_01…', undefined, { media: ['./capa.jpg'], account: ['@cafe.aurora'] }, ctx);
 * ```
 */
export async function editPost(
  postId: string,
  caption: string | undefined,
  options: EditPostOptions,
  ctx: CommandContext,
): Promise<void> {
  const content = await checkedCaption(caption, options.captionFile);
  const accountArgs = options.account ?? [];
  if (instagramOptions(options) && accountArgs.length === 0) {
    throw usageError(t('posts.optionsNeedAccounts'), t('posts.optionsNeedAccountsHint'));
  }
  if (options.unschedule && options.at) {
    throw usageError(t('posts.unscheduleOrAt'));
  }
  const refs = (options.media ?? []).map((text) => classifyMedia(text));
  const scheduledFor = scheduleTimeOf(options);
  const evergreen = evergreenFields(options);
  const changes = [
    content,
    options.kind,
    options.timezone,
    scheduledFor,
    options.unschedule,
    evergreen.evergreen,
    evergreen.evergreenCaptions,
  ];
  if (refs.length === 0 && accountArgs.length === 0 && changes.every((c) => c === undefined)) {
    throw usageError(t('posts.nothingToEdit'), t('posts.nothingToEditHint'));
  }
  const tracker = createUploadTracker();
  const reelay = await projectClient(await loadSettings(ctx.global), { fetch: tracker.fetch });
  const accountIds = await resolveAccountIds(reelay, accountArgs);
  const mediaItems = await resolveMediaItems(reelay, tracker, refs);
  const body: UpdatePostBody = {
    ...(content !== undefined ? { content } : {}),
    ...(options.kind ? { kind: options.kind } : {}),
    ...(mediaItems.length > 0 ? { mediaItems } : {}),
    ...(accountIds.length > 0 ? { platforms: targetsOf(accountIds, options) } : {}),
    ...(scheduledFor ? { scheduledFor } : {}),
    ...(options.unschedule ? { scheduledFor: null } : {}),
    ...(options.timezone ? { timezone: options.timezone } : {}),
    ...evergreen,
  };
  const answer = await reelay.posts.update(postId, body);
  const post = answer.post;
  ctx.out.result(answer, () =>
    [
      t('posts.edited', { id: post.id }),
      '',
      describePost(post),
      ...(post.status === 'draft' ? [draftNextStep(post)] : []),
    ].join('\n'),
  );
}

export interface ListPostsOptions {
  status?: PostStatus;
  kind?: PostKind;
  account?: string;
  profile?: string;
  from?: string;
  to?: string;
  /** Checked against the route's bounds, with its default, before the command runs. */
  limit?: number;
  offset?: number;
  sort?: SortOrder;
  all?: boolean;
  /** Times in UTC instead of each post's zone. */
  utc?: boolean;
}

/**
 * `reelay posts list`: filters by status, kind, account, profile and date range; one
 * page, or every post with `--all`.
 *
 * @example
 * ```ts
 * await listPosts({ status: 'scheduled', from: '+0m', to: '+7d' }, ctx);
 * ```
 */
export async function listPosts(options: ListPostsOptions, ctx: CommandContext): Promise<void> {
  const from = options.from ? parseScheduleTime(options.from, { label: '--from' }) : undefined;
  const to = options.to ? parseScheduleTime(options.to, { label: '--to' }) : undefined;
  const { limit, offset = 0 } = options;
  const reelay = await projectClient(await loadSettings(ctx.global));
  const accountId = options.account
    ? (await resolveAccountIds(reelay, [options.account]))[0]
    : undefined;
  const query: ListPostsQuery = {
    ...(options.status ? { status: options.status } : {}),
    ...(options.kind ? { kind: options.kind } : {}),
    ...(accountId ? { accountId } : {}),
    ...(options.profile ? { profileId: options.profile } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(options.sort ? { sort: options.sort } : {}),
    ...(options.all || limit === undefined ? {} : { limit }),
    offset,
  };
  if (options.all) {
    const posts: Post[] = [];
    for await (const post of reelay.posts.list(query)) posts.push(post);
    ctx.out.result({ success: true, total: posts.length, posts }, () =>
      renderTable(posts, postColumns(options.utc === true)),
    );
    return;
  }
  const answer = await reelay.posts.list(query);
  ctx.out.result(answer, () => {
    const shown = answer.posts.length;
    const more =
      answer.total > offset + shown
        ? `\n${t('posts.more', { shown, total: answer.total, next: offset + shown })}\n`
        : '';
    return renderTable(answer.posts, postColumns(options.utc === true)) + more;
  });
}

/**
 * `reelay posts show <id>`.
 *
 * @example
 * ```ts
 * await showPost('post_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function showPost(postId: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.get(postId);
  // Usernames only for people: `--json` is the server's answer as it came.
  const usernames = ctx.out.json ? undefined : await accountUsernames(reelay);
  ctx.out.result(answer, () => describePost(answer.post, usernames));
}

/**
 * `reelay posts reschedule <id> --at <when> [--timezone]`.
 *
 * @example
 * ```ts
 * await reschedulePost('post_01…', { at: '2026-12-02T09:00', timezone: 'America/Sao_Paulo' }, ctx);
 * ```
 */
export async function reschedulePost(
  postId: string,
  options: { at: string; timezone?: string },
  ctx: CommandContext,
): Promise<void> {
  if (!options.at) throw usageError(t('posts.newTimeMissing'));
  const scheduledFor = parseScheduleTime(options.at, { timeZone: options.timezone });
  assertScheduleWindow(scheduledFor, options.at);
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.update(postId, {
    scheduledFor,
    ...(options.timezone ? { timezone: options.timezone } : {}),
  });
  ctx.out.result(answer, () =>
    t('posts.rescheduled', { id: answer.post.id, when: answer.post.scheduledFor ?? '' }),
  );
}

/**
 * `reelay posts cancel <id>`: cancels a scheduled post (409 `POST_NOT_CANCELLABLE` once it
 * started, finished or its time passed).
 *
 * @example
 * ```ts
 * await cancelPost('post_01…', ctx);
 * ```
 */
export async function cancelPost(postId: string, ctx: CommandContext): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.cancel(postId);
  ctx.out.result(answer, () =>
    t('posts.cancelled', { id: answer.post.id, status: answer.post.status }),
  );
}

/**
 * `reelay posts retry <id> [--at]`: tries the failed accounts of a post again, now or later.
 *
 * @example
 * ```ts
 * await retryPost('post_01…', { at: '+10m' }, ctx);
 * ```
 */
export async function retryPost(
  postId: string,
  options: { at?: string; timezone?: string },
  ctx: CommandContext,
): Promise<void> {
  const scheduledFor = options.at
    ? parseScheduleTime(options.at, { timeZone: options.timezone })
    : undefined;
  if (scheduledFor) assertScheduleWindow(scheduledFor, options.at!);
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.retry(postId, {
    ...(scheduledFor ? { scheduledFor } : {}),
    ...(options.timezone ? { timezone: options.timezone } : {}),
  });
  ctx.out.result(answer, () =>
    answer.post.scheduledFor && scheduledFor
      ? t('posts.retryScheduled', {
          id: answer.post.id,
          when: answer.post.scheduledFor,
          status: answer.post.status,
        })
      : t('posts.retryAccepted', { id: answer.post.id, status: answer.post.status }),
  );
}
