/**
 * Reading one media's comments in full: every page with its replies, recorded; then the
 * known comments missing from a complete listing checked one by one, since hidden
 * comments may be left out of the listing (reference §10.2, open point 1).
 */
import type { PlatformComment } from '@reelay/core/platform';
import type { IntegrationRecord } from '../store/integrations';
import { listCommentsOfMedia, markThreadDeleted, updateComment } from '../store/comments';
import { scheduleMediaPoll } from '../store/inbox-records';
import { accountClient, platformTime } from './account-client';
import { isGoneAnswer, isThrottled } from './comment-errors';
import { ingestComment, type InboxDeps } from './comment-ingest';

/** Usage (percent of any share) from which an account is not polled until it recovers. */
export const USAGE_PAUSE_PERCENT = 75;

/** Pages of comments read for one media in one run (50 each, newest first). */
const MAX_PAGES_PER_MEDIA = 20;

/** Comments that vanished from a listing checked one by one, per media and run. */
const MAX_VANISHED_CHECKS = 10;

/** One account's polling run: its budget as reported, and whether to stop reading it. */
export interface AccountRun {
  account: IntegrationRecord;
  /** Highest usage reported during the run, and the minutes to wait when throttled. */
  usage: { percent: number; regainAccessMinutes: number };
  stopped: boolean;
}

/**
 * Starts an account's run.
 *
 * @example
 * ```ts
 * const run = startAccountRun(account);
 * ```
 */
export function startAccountRun(account: IntegrationRecord): AccountRun {
  return { account, usage: { percent: 0, regainAccessMinutes: 0 }, stopped: false };
}

/** Keeps the highest usage an answer reported during the run. */
export function usageObserver(run: AccountRun) {
  return (usage: { percent: number; regainAccessMinutes: number }) => {
    run.usage = {
      percent: Math.max(run.usage.percent, usage.percent),
      regainAccessMinutes: Math.max(run.usage.regainAccessMinutes, usage.regainAccessMinutes),
    };
  };
}

/** Stops the run as Instagram throttled it: an hour when it names no time. */
export function throttleRun(run: AccountRun): void {
  run.stopped = true;
  run.usage = { ...run.usage, regainAccessMinutes: run.usage.regainAccessMinutes || 60 };
}

/**
 * Reads one media in full and records when it is read in full next and the count seen
 * before the read (`countSeen`, null when unknown). Answers how many comments were new,
 * or `null` when it was not read (account unreachable or throttled).
 *
 * @example
 * ```ts
 * const created = await readMediaComments(deps, run, mediaId, { nextFullReadAt, countSeen: 3 });
 * ```
 */
export async function readMediaComments(
  deps: InboxDeps,
  run: AccountRun,
  mediaId: string,
  schedule: { nextFullReadAt: number; countSeen: number | null },
): Promise<number | null> {
  const { account } = run;
  const now = deps.clock.now();
  let connection: ReturnType<typeof accountClient>;
  try {
    connection = accountClient(deps, account);
  } catch {
    // Not reachable (reconnect needed, app not configured): tried again later.
    run.stopped = true;
    return null;
  }
  const { client, accessToken } = connection;
  const onUsage = usageObserver(run);
  const seen = new Set<string>();
  let created = 0;
  let complete = false;
  try {
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES_PER_MEDIA; page++) {
      const read = await client.listComments({ accessToken, mediaId, after, onUsage });
      for (const comment of read.comments) {
        created += await recordThread(deps, account, mediaId, comment, seen);
      }
      after = read.after;
      if (after === null) {
        complete = true;
        break;
      }
      if (run.usage.percent >= USAGE_PAUSE_PERCENT) break;
    }
  } catch (error) {
    if (isThrottled(error)) {
      throttleRun(run);
      return null;
    }
    if (!isGoneAnswer(error)) {
      deps.logger.warn('leitura de comentários falhou', {
        integrationId: account.id,
        mediaId,
        error,
      });
    }
    await scheduleMediaPoll(deps.db, account.id, mediaId, schedule.nextFullReadAt, now, null);
    return created;
  }
  if (complete) await checkVanished(deps, account, mediaId, seen, client, accessToken);
  // An incomplete read keeps no count: the next run reads the media again.
  await scheduleMediaPoll(
    deps.db,
    account.id,
    mediaId,
    schedule.nextFullReadAt,
    now,
    complete ? schedule.countSeen : null,
  );
  return created;
}

/** Records a top-level comment and then its replies, in order. */
async function recordThread(
  deps: InboxDeps,
  account: IntegrationRecord,
  mediaId: string,
  comment: PlatformComment,
  seen: Set<string>,
): Promise<number> {
  let created = 0;
  for (const item of [comment, ...comment.replies]) {
    seen.add(item.id);
    const result = await ingestComment(deps, account, {
      platformCommentId: item.id,
      platformMediaId: mediaId,
      parentPlatformId: item === comment ? null : (item.parentId ?? comment.id),
      text: item.text,
      username: item.username,
      fromId: item.fromId,
      markedSelf: false,
      writtenAt: platformTime(item.timestamp),
      hidden: item.hidden,
    });
    if (result.created && !result.comment.fromSelf) created += 1;
  }
  return created;
}

/**
 * Known comments of the media missing from a complete listing: each is read on its own;
 * gone means deleted, there means hidden (left out of the listing).
 */
async function checkVanished(
  deps: InboxDeps,
  account: IntegrationRecord,
  mediaId: string,
  seen: ReadonlySet<string>,
  client: ReturnType<typeof accountClient>['client'],
  accessToken: string,
): Promise<void> {
  const vanished = (await listCommentsOfMedia(deps.db, account.id, mediaId)).filter(
    (comment) => comment.deletedAt === null && !seen.has(comment.platformCommentId),
  );
  for (const comment of vanished.slice(0, MAX_VANISHED_CHECKS)) {
    try {
      const read = await client.getComment({ accessToken, commentId: comment.platformCommentId });
      if (read.hidden !== comment.hidden)
        await updateComment(deps.db, comment.id, { hidden: read.hidden });
    } catch (error) {
      if (isGoneAnswer(error)) await markThreadDeleted(deps.db, comment.id, deps.clock.now());
      else return;
    }
  }
}
