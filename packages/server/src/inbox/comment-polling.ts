/**
 * Polling: the fallback and catch-up of the webhooks. The comments of published posts
 * within `REELAY_INBOX_DAYS` are read with their replies, following cursors; posts from
 * the last day every `REELAY_INBOX_POLL_MINUTES`, from the last week hourly, older ones
 * every 6 hours, each spread by a fixed share of its interval so media published together
 * are not all read at the same minute. Each answer's Business Use Case usage is read: an
 * account above {@link USAGE_PAUSE_PERCENT} of its budget, or throttled, is left alone
 * until Instagram says access returns (or an hour). A comment that stops appearing is
 * checked on its own before it is shown as deleted, since hidden comments may be left
 * out of the listing (reference §10.2, open point 1).
 */
import { createHash } from 'node:crypto';
import type { PlatformComment } from '@reelay/core/platform';
import { findIntegration, type IntegrationRecord } from '../store/integrations';
import { listCommentsOfMedia, markThreadDeleted, updateComment } from '../store/comments';
import {
  dueMediaToPoll,
  recordInboxAccount,
  scheduleMediaPoll,
  type MediaToPoll,
} from '../store/inbox-records';
import { accountClient, platformTime } from './account-client';
import { isGoneAnswer, isThrottled } from './comment-errors';
import { ingestComment, type InboxDeps } from './comment-ingest';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Usage (percent of any share) from which an account is not polled until it recovers. */
export const USAGE_PAUSE_PERCENT = 75;

/** Pages of comments read for one media in one run (50 each, newest first). */
const MAX_PAGES_PER_MEDIA = 20;

/** Comments that vanished from a listing checked one by one, per media and run. */
const MAX_VANISHED_CHECKS = 10;

/** Media read by one scheduled run. */
const MEDIA_PER_RUN = 200;

/**
 * How long until a media is read again, by its age: recent posts get most comments.
 *
 * @example
 * ```ts
 * pollInterval(30 * 60_000, 5); // 300000: published half an hour ago, every 5 minutes
 * ```
 */
export function pollInterval(ageMs: number, pollMinutes: number): number {
  if (ageMs < DAY) return pollMinutes * MINUTE;
  if (ageMs < 7 * DAY) return Math.max(HOUR, pollMinutes * MINUTE);
  return Math.max(6 * HOUR, pollMinutes * MINUTE);
}

/** A fixed share (0.8–1.2) of the interval per media: spreads reads over time. */
function spread(mediaId: string): number {
  const byte = createHash('sha256').update(mediaId).digest()[0]!;
  return 0.8 + (byte / 255) * 0.4;
}

/** What one polling run did. */
export interface PollReport {
  media: number;
  newComments: number;
}

interface AccountRun {
  account: IntegrationRecord;
  /** Highest usage reported during the run, and the minutes to wait when throttled. */
  usage: { percent: number; regainAccessMinutes: number };
  stopped: boolean;
}

/**
 * Reads the comments of the media that are due (or, with `force`, of every published
 * media in the window), optionally of one project or account.
 *
 * @example
 * ```ts
 * const { media, newComments } = await pollComments(deps, { projectId, force: true });
 * ```
 */
export async function pollComments(
  deps: InboxDeps,
  options: { projectId?: string; integrationId?: string; force?: boolean } = {},
): Promise<PollReport> {
  const now = deps.clock.now();
  const due = await dueMediaToPoll(deps.db, {
    now,
    publishedSince: now - deps.config.inbox.days * DAY,
    limit: options.force ? 1000 : MEDIA_PER_RUN,
    projectId: options.projectId,
    integrationId: options.integrationId,
    ignoreSchedule: options.force === true,
  });
  const report: PollReport = { media: 0, newComments: 0 };
  const runs = new Map<string, AccountRun | null>();
  for (const media of due) {
    let run = runs.get(media.integrationId);
    if (run === undefined) {
      const account = await findIntegration(deps.db, media.projectId, media.integrationId);
      run = account
        ? { account, usage: { percent: 0, regainAccessMinutes: 0 }, stopped: false }
        : null;
      runs.set(media.integrationId, run);
    }
    if (run === null || run.stopped) continue;
    const created = await pollMedia(deps, run, media);
    if (created === null) continue;
    report.media += 1;
    report.newComments += created;
    if (run.usage.percent >= USAGE_PAUSE_PERCENT) run.stopped = true;
  }
  for (const run of runs.values()) {
    if (run === null) continue;
    const paused = run.stopped || run.usage.regainAccessMinutes > 0;
    await recordInboxAccount(
      deps.db,
      run.account.id,
      {
        usagePercent: Math.round(run.usage.percent),
        pausedUntil: paused
          ? deps.clock.now() + (run.usage.regainAccessMinutes * MINUTE || HOUR)
          : null,
      },
      deps.clock.now(),
    );
  }
  return report;
}

/** Reads one media; answers how many comments were new, or `null` when it was not read. */
async function pollMedia(
  deps: InboxDeps,
  run: AccountRun,
  media: MediaToPoll,
): Promise<number | null> {
  const { account } = run;
  const now = deps.clock.now();
  const next =
    now +
    Math.round(
      pollInterval(now - media.publishedAt, Math.max(deps.config.inbox.pollMinutes, 1)) *
        spread(media.platformMediaId),
    );
  let connection: ReturnType<typeof accountClient>;
  try {
    connection = accountClient(deps, account);
  } catch {
    // Not reachable (reconnect needed, app not configured): tried again later.
    run.stopped = true;
    return null;
  }
  const { client, accessToken } = connection;
  const onUsage = (usage: { percent: number; regainAccessMinutes: number }) => {
    run.usage = {
      percent: Math.max(run.usage.percent, usage.percent),
      regainAccessMinutes: Math.max(run.usage.regainAccessMinutes, usage.regainAccessMinutes),
    };
  };
  const seen = new Set<string>();
  let created = 0;
  let complete = false;
  try {
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES_PER_MEDIA; page++) {
      const read = await client.listComments({
        accessToken,
        mediaId: media.platformMediaId,
        after,
        onUsage,
      });
      for (const comment of read.comments) {
        created += await recordThread(deps, account, media.platformMediaId, comment, seen);
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
      run.stopped = true;
      run.usage = {
        ...run.usage,
        regainAccessMinutes: run.usage.regainAccessMinutes || 60,
      };
      return null;
    }
    if (!isGoneAnswer(error)) {
      deps.logger.warn('leitura de comentários falhou', {
        integrationId: account.id,
        mediaId: media.platformMediaId,
        error,
      });
    }
    await scheduleMediaPoll(deps.db, account.id, media.platformMediaId, next, now);
    return created;
  }
  if (complete)
    await checkVanished(deps, account, media.platformMediaId, seen, client, accessToken);
  await scheduleMediaPoll(deps.db, account.id, media.platformMediaId, next, now);
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
