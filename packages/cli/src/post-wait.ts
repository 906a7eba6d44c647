/**
 * `--wait` of `reelay posts create|schedule`: a countdown to the scheduled time, then
 * polling until the post reaches a final status.
 */
import type { Post, Reelay } from '@reelay/sdk';
import { CliError } from './cli-error';
import type { CommandContext } from './command-context';
import { progressMode, startSpinner, type Spinner } from './feedback';
import { t } from './i18n';
import { beforeDeadline, untilSignal } from './interrupt';
import { describePost, wallClock } from './post-display';

/** The statuses a post does not leave. */
const FINAL_STATUSES = new Set(['published', 'partial', 'failed', 'cancelled']);
/** The statuses only a person moves a post out of: waiting on them is waiting in vain. */
const REVIEW_STATUSES = new Set(['draft', 'awaiting_approval']);

/**
 * Polls a post until it reaches a final status; prints it; a post that did not publish
 * everywhere exits 1, and one still going after the time-out exits 5. The time-out holds
 * even when a request hangs, and SIGTERM or Ctrl-C end the wait at once (exit 143, 130).
 * A post that awaits an admin's approval (or went back to draft) is not waited for: it is
 * printed and the command exits 1 at once.
 */
export async function waitForOutcome(
  reelay: Reelay,
  first: Post,
  seconds: number,
  ctx: CommandContext,
  accounts: readonly string[],
): Promise<void> {
  // Plain progress lines must not print a line a second: they count down by the minute.
  const precise = progressMode() === 'live';
  const describe = (post: Post) => waitText(post, accounts, Date.now(), precise);
  if (REVIEW_STATUSES.has(first.status)) return notWaitingForReview(first, ctx);
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
  if (REVIEW_STATUSES.has(post.status)) {
    spinner.stop();
    return notWaitingForReview(post, ctx);
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

/** Prints a post that waits for a person, and fails: nothing publishes it meanwhile. */
function notWaitingForReview(post: Post, ctx: CommandContext): never {
  ctx.out.result({ success: true, post }, () => describePost(post));
  const awaiting = post.status === 'awaiting_approval';
  throw new CliError(
    'failure',
    t(awaiting ? 'posts.waitAwaitingApproval' : 'posts.waitDraft', { id: post.id }),
    {
      code: awaiting ? 'POST_AWAITING_APPROVAL' : 'POST_IS_DRAFT',
      hint: t(awaiting ? 'posts.approveHint' : 'posts.submitHint', { id: post.id }),
      details: { status: post.status },
    },
  );
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
export async function pollUntilFinal(
  reelay: Reelay,
  first: Post,
  deadline: number,
  spinner: Spinner,
  describe: (post: Post) => string,
): Promise<Post> {
  let post = first;
  while (!FINAL_STATUSES.has(post.status) && !REVIEW_STATUSES.has(post.status)) {
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
