/**
 * `reelay posts create|schedule|list|show|reschedule|cancel|retry`. Captions come from an
 * argument, a file or stdin; media from paths (uploaded with a progress bar), URLs
 * (imported by the server) or `med_…` ids; accounts by id or username; `--at` as an
 * instant with offset, a local time with `--timezone`, or `+2h`.
 */
import {
  checkCaption,
  type PostKind,
  type PostStatus,
  type SortOrder,
  type TrialGraduationStrategy,
} from '@reelay/core';
import type {
  CreatePostBody,
  InstagramOptions,
  ListPostsQuery,
  Post,
  PostTarget,
  Reelay,
} from '@reelay/sdk';
import { resolveAccountIds } from '../account-resolver';
import { CliError, usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { progressMode, startSpinner, type Spinner } from '../feedback';
import { t } from '../i18n';
import { readCaption } from '../input';
import { beforeDeadline, untilSignal } from '../interrupt';
import { classifyMedia, createUploadTracker, resolveMediaItems } from '../media-input';
import { integerOption } from '../options';
import { assertTimeZone, parseScheduleTime } from '../schedule-time';
import { loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';

const FINAL_STATUSES = new Set(['published', 'partial', 'failed', 'cancelled']);

/**
 * The columns of `posts list`: the time is the post's own wall clock and zone (the zone
 * it was scheduled in), or UTC with `--utc`.
 */
function postColumns(utc: boolean) {
  return [
    { header: 'id', value: (p: Post) => p.id },
    { header: t('posts.columnStatus'), value: (p: Post) => p.status },
    { header: t('posts.columnKind'), value: (p: Post) => p.kind },
    {
      header: t('posts.columnWhen'),
      value: (p: Post) =>
        wallClock(p.scheduledFor ?? p.publishedAt ?? p.createdAt, utc ? 'UTC' : p.timezone),
    },
    { header: t('posts.columnAccounts'), value: (p: Post) => p.platforms.length },
    { header: t('posts.columnCaption'), value: (p: Post) => p.content, max: 40 },
  ];
}

function targetColumns() {
  return [
    { header: t('posts.columnAccount'), value: (target: PostTarget) => target.integrationId },
    { header: t('posts.columnStatus'), value: (target: PostTarget) => target.status },
    // Each account has its own time in a post queued on posting schedules.
    { header: t('posts.columnScheduledFor'), value: (target: PostTarget) => target.scheduledFor },
    { header: t('posts.columnPublishedAt'), value: (target: PostTarget) => target.publishedAt },
    { header: t('posts.columnLink'), value: (target: PostTarget) => target.platformPostUrl },
    {
      header: t('posts.columnError'),
      value: (target: PostTarget) =>
        target.errorCode ? `${target.errorCode}: ${target.errorMessage ?? ''}` : null,
      max: 70,
    },
  ];
}

/**
 * An instant as the wall clock of a zone shows it, with the zone's name:
 * `2026-12-01 10:00 America/Sao_Paulo`; the ISO instant itself for a zone this Node.js
 * does not know.
 *
 * @example
 * ```ts
 * wallClock('2026-12-01T13:00:00.000Z', 'America/Sao_Paulo'); // '2026-12-01 10:00 America/Sao_Paulo'
 * wallClock('2026-12-01T13:00:00.000Z', 'UTC'); // '2026-12-01 13:00 UTC'
 * ```
 */
export function wallClock(iso: string, timeZone: string): string {
  try {
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(iso));
    return `${local} ${timeZone}`;
  } catch {
    return iso;
  }
}

/**
 * A post for people: its fields, then one line per account.
 *
 * @example
 * ```ts
 * process.stdout.write(describePost(post));
 * ```
 */
export function describePost(post: Post): string {
  return (
    renderFields([
      ['Id', post.id],
      [t('posts.fieldStatus'), post.status],
      [t('posts.fieldKind'), post.kind],
      [
        t('posts.fieldScheduledFor'),
        post.scheduledFor ? inZone(post.scheduledFor, post.timezone) : null,
      ],
      [t('posts.fieldPublishedAt'), post.publishedAt],
      [t('posts.fieldMedia'), post.mediaItems.map((item) => item.mediaId ?? item.url).join(', ')],
      ['Idempotency key', post.idempotencyKey],
      [t('posts.fieldCaption'), post.content || null],
    ]) +
    '\n' +
    renderTable(post.platforms, targetColumns())
  );
}

/**
 * An instant as the wall clock of the post's zone shows it, with the UTC instant after:
 * `2026-12-01 10:00 America/Sao_Paulo (2026-12-01T13:00:00.000Z)`.
 *
 * @example
 * ```ts
 * inZone('2026-12-01T13:00:00.000Z', 'America/Sao_Paulo');
 * ```
 */
export function inZone(iso: string, timeZone: string): string {
  const local = wallClock(iso, timeZone);
  return local === iso ? iso : `${local} (${iso})`;
}

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

async function submitPost(
  captionArgument: string | undefined,
  options: PostInputOptions,
  ctx: CommandContext,
): Promise<void> {
  // Everything that can be checked here is checked before any upload.
  const content = await readCaption(captionArgument, options.captionFile);
  if (content !== undefined) {
    const problem = checkCaption(content);
    if (problem) throw usageError(t('posts.invalidCaption', { problem }));
  }
  const platformOptions = instagramOptions(options);
  const mediaArgs = options.media ?? [];
  if (mediaArgs.length === 0) throw usageError(t('posts.mediaMissing'));
  const refs = mediaArgs.map((text) => classifyMedia(text));
  const accountArgs = options.account ?? [];
  if (accountArgs.length === 0) throw usageError(t('posts.accountMissing'));
  if (options.timezone !== undefined) assertTimeZone(options.timezone);
  if (options.queue && options.at) {
    throw usageError(t('posts.queueOrAt'), t('posts.queueOrAtHint'));
  }
  const scheduledFor = options.at
    ? parseScheduleTime(options.at, { timeZone: options.timezone })
    : undefined;
  const waitSeconds = integerOption(options.timeout, '--timeout', { min: 1 }) ?? 300;

  const tracker = createUploadTracker();
  const reelay = await projectClient(await loadSettings(ctx.global), { fetch: tracker.fetch });
  const accountIds = await resolveAccountIds(reelay, accountArgs);
  const mediaItems = await resolveMediaItems(reelay, tracker, refs);
  const body: CreatePostBody = {
    mediaItems,
    platforms: accountIds.map((accountId) => ({
      platform: 'instagram' as const,
      accountId,
      ...(platformOptions ? { options: platformOptions } : {}),
    })),
    ...(content !== undefined ? { content } : {}),
    ...(options.kind ? { kind: options.kind } : {}),
    ...(scheduledFor ? { scheduledFor } : {}),
    ...(options.queue ? { queue: true } : {}),
    ...(options.timezone ? { timezone: options.timezone } : {}),
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
  };
  const answer = await reelay.posts.create(body);
  if (!options.wait) {
    ctx.out.result(
      answer,
      () =>
        `${answer.post.scheduledFor ? t('posts.scheduledFor', { when: answer.post.scheduledFor }) : t('posts.acceptedNow')}: ${answer.post.id}\n\n${describePost(answer.post)}`,
    );
    return;
  }
  await waitForOutcome(reelay, answer.post, waitSeconds, ctx, accountArgs);
}

/**
 * Polls a post until it reaches a final status; prints it; a post that did not publish
 * everywhere exits 1, and one still going after the time-out exits 5. The time-out holds
 * even when a request hangs, and SIGTERM or Ctrl-C end the wait at once (exit 143, 130).
 */
async function waitForOutcome(
  reelay: Reelay,
  first: Post,
  seconds: number,
  ctx: CommandContext,
  accounts: readonly string[],
): Promise<void> {
  // Plain progress lines must not print a line a second: they count down by the minute.
  const precise = progressMode() === 'live';
  const describe = (post: Post) => waitText(post, accounts, Date.now(), precise);
  const spinner = await startSpinner(describe(first));
  const deadline = Date.now() + seconds * 1000;
  let post = first;
  try {
    post = await untilSignal(pollUntilFinal(reelay, first, deadline, spinner, describe));
  } catch (error) {
    spinner.fail(
      error instanceof CliError && error.code === 'INTERRUPTED'
        ? t('posts.interrupted')
        : t('posts.followFailed'),
    );
    throw error;
  }
  if (!FINAL_STATUSES.has(post.status)) {
    spinner.fail(t('posts.timedOut'));
    ctx.out.result({ success: true, post }, () => describePost(post));
    throw new CliError(
      'timeout',
      t('posts.stillGoing', { id: post.id, status: post.status, seconds }),
      {
        code: 'WAIT_TIMEOUT',
        hint: t('posts.followWithShow', { id: post.id }),
      },
    );
  }
  if (post.status === 'published') spinner.succeed(t('posts.published', { id: post.id }));
  else spinner.fail(t('posts.endedAs', { status: post.status }));
  ctx.out.result({ success: true, post }, () => describePost(post));
  if (post.status !== 'published') {
    const failures = post.platforms
      .filter((t) => t.errorCode)
      .map((t) => `${t.integrationId}: ${t.errorCode}`);
    throw new CliError('failure', t('posts.postEndedAs', { id: post.id, status: post.status }), {
      code: 'POST_NOT_PUBLISHED',
      details: { status: post.status, targets: failures },
    });
  }
}

/**
 * What `--wait` is waiting for, as the spinner shows it: the post, the accounts, and
 * before the scheduled time a countdown to it, in the post's zone.
 *
 * @example
 * ```ts
 * waitText(post, ['@cafe.aurora'], Date.now(), true);
 * // 'Waiting for post_01… on @cafe.aurora: publishes in 1 h 05 min 09 s (2026-12-01 10:00 America/Sao_Paulo)'
 * ```
 */
export function waitText(
  post: Post,
  accounts: readonly string[],
  now: number,
  precise: boolean,
): string {
  const where = accounts.join(', ');
  const due = post.scheduledFor ? Date.parse(post.scheduledFor) : Number.NaN;
  if (post.status === 'scheduled' && due > now) {
    return t('posts.waitingCountdown', {
      id: post.id,
      accounts: where,
      countdown: countdown(due - now, precise),
      when: wallClock(post.scheduledFor!, post.timezone),
    });
  }
  return t('posts.waiting', { id: post.id, accounts: where, status: post.status });
}

/**
 * A duration as a countdown: `1 h 05 min 09 s`, or by the minute (rounded up) when not
 * `precise`: `1 h 06 min`.
 *
 * @example
 * ```ts
 * countdown(3_909_000, true); // '1 h 05 min 09 s'
 * countdown(3_909_000, false); // '1 h 06 min'
 * ```
 */
export function countdown(ms: number, precise: boolean): string {
  const totalSeconds = precise ? Math.ceil(ms / 1000) : Math.ceil(ms / 60_000) * 60;
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const parts = [
    ...(days > 0 ? [t('posts.days', { n: days })] : []),
    ...(days > 0 || hours > 0 ? [`${hours} h`] : []),
    `${days > 0 || hours > 0 ? two(minutes) : minutes} min`,
    ...(precise ? [`${two(seconds)} s`] : []),
  ];
  return parts.join(' ');
}

/** The post once final, or as last seen when `deadline` (epoch ms) passes. */
async function pollUntilFinal(
  reelay: Reelay,
  first: Post,
  deadline: number,
  spinner: Spinner,
  describe: (post: Post) => string,
): Promise<Post> {
  let post = first;
  while (!FINAL_STATUSES.has(post.status)) {
    const left = deadline - Date.now();
    if (left <= 0) return post;
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, left)));
    const answer = await beforeDeadline(reelay.posts.get(post.id), deadline);
    if (answer === undefined) return post;
    post = answer.post;
    spinner.update(describe(post));
  }
  return post;
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
  ctx.out.result(answer, () => describePost(answer.post));
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
