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
import { startSpinner, type Spinner } from '../feedback';
import { readCaption } from '../input';
import { beforeDeadline, untilSignal } from '../interrupt';
import { classifyMedia, createUploadTracker, resolveMediaItems } from '../media-input';
import { integerOption } from '../options';
import { assertTimeZone, parseScheduleTime } from '../schedule-time';
import { loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';

const FINAL_STATUSES = new Set(['published', 'partial', 'failed', 'cancelled']);

const POST_COLUMNS = [
  { header: 'id', value: (p: Post) => p.id },
  { header: 'status', value: (p: Post) => p.status },
  { header: 'tipo', value: (p: Post) => p.kind },
  { header: 'quando', value: (p: Post) => p.scheduledFor ?? p.publishedAt ?? p.createdAt },
  { header: 'contas', value: (p: Post) => p.platforms.length },
  { header: 'legenda', value: (p: Post) => p.content, max: 40 },
];

const TARGET_COLUMNS = [
  { header: 'conta', value: (t: PostTarget) => t.integrationId },
  { header: 'status', value: (t: PostTarget) => t.status },
  // Each account has its own time in a post queued on posting schedules.
  { header: 'agendado para', value: (t: PostTarget) => t.scheduledFor },
  { header: 'publicado em', value: (t: PostTarget) => t.publishedAt },
  { header: 'link', value: (t: PostTarget) => t.platformPostUrl },
  {
    header: 'erro',
    value: (t: PostTarget) => (t.errorCode ? `${t.errorCode}: ${t.errorMessage ?? ''}` : null),
    max: 70,
  },
];

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
      ['Status', post.status],
      ['Tipo', post.kind],
      ['Agendado para', post.scheduledFor ? inZone(post.scheduledFor, post.timezone) : null],
      ['Publicado em', post.publishedAt],
      ['Mídias', post.mediaItems.map((item) => item.mediaId ?? item.url).join(', ')],
      ['Idempotency key', post.idempotencyKey],
      ['Legenda', post.content || null],
    ]) +
    '\n' +
    renderTable(post.platforms, TARGET_COLUMNS)
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
  try {
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(iso));
    return `${local} ${timeZone} (${iso})`;
  } catch {
    return iso;
  }
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
  if (!options.at)
    throw usageError(
      'informe quando publicar com --at',
      'por exemplo --at +2h ou --at 2026-12-01T10:00-03:00',
    );
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
    throw usageError(
      `--product inválido: ${text}`,
      'use o id do produto, e no feed a posição: --product 3231775643511089:0.5,0.5',
    );
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
    if (problem) throw usageError(`legenda inválida: ${problem}`);
  }
  const platformOptions = instagramOptions(options);
  const mediaArgs = options.media ?? [];
  if (mediaArgs.length === 0) throw usageError('informe ao menos uma mídia com --media');
  const refs = mediaArgs.map((text) => classifyMedia(text));
  const accountArgs = options.account ?? [];
  if (accountArgs.length === 0) throw usageError('informe ao menos uma conta com --account');
  if (options.timezone !== undefined) assertTimeZone(options.timezone);
  if (options.queue && options.at) {
    throw usageError(
      'use --queue ou --at, não os dois',
      'reelay slots next mostra os horários livres',
    );
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
        `${answer.post.scheduledFor ? `Post agendado para ${answer.post.scheduledFor}` : 'Post aceito para publicação agora'}: ${answer.post.id}\n\n${describePost(answer.post)}`,
    );
    return;
  }
  await waitForOutcome(reelay, answer.post, waitSeconds, ctx);
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
): Promise<void> {
  const spinner = await startSpinner(`Aguardando a publicação de ${first.id}…`);
  const deadline = Date.now() + seconds * 1000;
  let post = first;
  try {
    post = await untilSignal(pollUntilFinal(reelay, first, deadline, spinner));
  } catch (error) {
    spinner.fail(
      error instanceof CliError && error.code === 'INTERRUPTED'
        ? 'Interrompido'
        : 'Falhou ao acompanhar o post',
    );
    throw error;
  }
  if (!FINAL_STATUSES.has(post.status)) {
    spinner.fail('Tempo esgotado');
    ctx.out.result({ success: true, post }, () => describePost(post));
    throw new CliError(
      'timeout',
      `o post ${post.id} ainda está ${post.status} depois de ${seconds} s`,
      {
        code: 'WAIT_TIMEOUT',
        hint: `acompanhe com reelay posts show ${post.id}`,
      },
    );
  }
  if (post.status === 'published') spinner.succeed(`Publicado: ${post.id}`);
  else spinner.fail(`O post terminou como ${post.status}`);
  ctx.out.result({ success: true, post }, () => describePost(post));
  if (post.status !== 'published') {
    const failures = post.platforms
      .filter((t) => t.errorCode)
      .map((t) => `${t.integrationId}: ${t.errorCode}`);
    throw new CliError('failure', `o post ${post.id} terminou como ${post.status}`, {
      code: 'POST_NOT_PUBLISHED',
      details: { status: post.status, targets: failures },
    });
  }
}

/** The post once final, or as last seen when `deadline` (epoch ms) passes. */
async function pollUntilFinal(
  reelay: Reelay,
  first: Post,
  deadline: number,
  spinner: Spinner,
): Promise<Post> {
  let post = first;
  while (!FINAL_STATUSES.has(post.status)) {
    const left = deadline - Date.now();
    if (left <= 0) return post;
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, left)));
    const answer = await beforeDeadline(reelay.posts.get(post.id), deadline);
    if (answer === undefined) return post;
    post = answer.post;
    spinner.update(`Aguardando a publicação de ${post.id} (${post.status})…`);
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
  limit?: string;
  offset?: string;
  sort?: SortOrder;
  all?: boolean;
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
  const limit = integerOption(options.limit, '--limit', { min: 1, max: 100 }) ?? 20;
  const offset = integerOption(options.offset, '--offset') ?? 0;
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
    ...(options.all ? {} : { limit }),
    offset,
  };
  if (options.all) {
    const posts: Post[] = [];
    for await (const post of reelay.posts.list(query)) posts.push(post);
    ctx.out.result({ success: true, total: posts.length, posts }, () =>
      renderTable(posts, POST_COLUMNS),
    );
    return;
  }
  const answer = await reelay.posts.list(query);
  ctx.out.result(answer, () => {
    const shown = answer.posts.length;
    const more =
      answer.total > offset + shown
        ? `\n${shown} de ${answer.total}; veja mais com --offset ${offset + shown} ou --all\n`
        : '';
    return renderTable(answer.posts, POST_COLUMNS) + more;
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
  if (!options.at) throw usageError('informe o novo horário com --at');
  const scheduledFor = parseScheduleTime(options.at, { timeZone: options.timezone });
  const reelay = await projectClient(await loadSettings(ctx.global));
  const answer = await reelay.posts.update(postId, {
    scheduledFor,
    ...(options.timezone ? { timezone: options.timezone } : {}),
  });
  ctx.out.result(
    answer,
    () => `Post ${answer.post.id} reagendado para ${answer.post.scheduledFor}.`,
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
  ctx.out.result(answer, () => `Post ${answer.post.id} cancelado (${answer.post.status}).`);
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
  ctx.out.result(
    answer,
    () =>
      `Nova tentativa de ${answer.post.id} ${answer.post.scheduledFor && scheduledFor ? `agendada para ${answer.post.scheduledFor}` : 'aceita'} (${answer.post.status}).`,
  );
}
