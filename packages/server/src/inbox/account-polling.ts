/**
 * Polling by account: one read of the account's media with their comment counts
 * (`GET /{ig-user-id}/media?fields=id,comments_count`, 50 a page) tells which of its posts
 * have new comments, and only those are read in full. A post of the last week is still
 * read in full once a day, in case a comment was deleted as another arrived. Accounts are
 * found by their publications (the last hour's at each run, the whole window at a
 * process's first run); each is read by the age of its newest post, less often while its
 * counts stand still or its Meta webhooks arrive ({@link accountPollInterval}).
 */
import { findIntegration } from '../store/integrations';
import {
  dueAccounts,
  forgetAccountPoll,
  knownMediaOfAccount,
  scheduleAccountPoll,
  watchPublishingAccounts,
  type DueAccount,
} from '../store/account-polls';
import { accountClient, platformTime } from './account-client';
import { isThrottled } from './comment-errors';
import type { InboxDeps } from './comment-ingest';
import {
  readMediaComments,
  startAccountRun,
  throttleRun,
  usageObserver,
  USAGE_PAUSE_PERCENT,
} from './media-comment-read';
import {
  accountPollInterval,
  fullReadInterval,
  keyFraction,
  spread,
  WEBHOOKS_FLOWING_MS,
} from './poll-intervals';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Due accounts taken per query, and read at once. */
const PAGE = 100;
const IN_FLIGHT = 8;

/** A run takes no more due accounts after this long: the next minute's run goes on. */
const RUN_BUDGET_MS = 50_000;

/** Publications looked for at each run: an hour back, for instances whose writes lag. */
const LOOKBACK_MS = HOUR;

/** Pages of the account's media listing read per run (50 media each). */
const MAX_MEDIA_PAGES = 20;

/** Databases whose whole window this process searched for publications. */
const searched = new WeakSet<object>();

/** What one polling run did. */
export interface PollReport {
  media: number;
  newComments: number;
}

/**
 * Reads the accounts that are due, until none is or the run's time is up.
 *
 * @example
 * ```ts
 * const { media, newComments } = await pollDueAccounts(deps);
 * ```
 */
export async function pollDueAccounts(deps: InboxDeps): Promise<PollReport> {
  const now = deps.clock.now();
  const windowStart = now - deps.config.inbox.days * DAY;
  const pollMs = Math.max(deps.config.inbox.pollMinutes, 1) * MINUTE;
  const firstSearch = !searched.has(deps.db);
  await watchPublishingAccounts(deps.db, {
    since: firstSearch ? windowStart : now - LOOKBACK_MS,
    now,
    // A new publication is read at once; older ones found by a process's first search of
    // the window are spread over one interval, not all read in the same minute.
    dueAt: (integrationId, newestMediaAt) =>
      newestMediaAt < now - LOOKBACK_MS
        ? now + Math.round(keyFraction(integrationId) * pollMs)
        : now,
  });
  searched.add(deps.db);
  const report: PollReport = { media: 0, newComments: 0 };
  const started = performance.now();
  for (;;) {
    const due = await dueAccounts(deps.db, { now, limit: PAGE });
    for (let start = 0; start < due.length; start += IN_FLIGHT) {
      const read = await Promise.all(
        due.slice(start, start + IN_FLIGHT).map((account) => pollAccount(deps, account, now)),
      );
      for (const one of read) {
        report.media += one.media;
        report.newComments += one.newComments;
      }
    }
    if (due.length < PAGE || performance.now() - started > RUN_BUDGET_MS) break;
  }
  return report;
}

/** Reads one account's counts, then the media whose count moved or whose full read is due. */
async function pollAccount(deps: InboxDeps, due: DueAccount, now: number): Promise<PollReport> {
  const report: PollReport = { media: 0, newComments: 0 };
  const account =
    due.projectId === null
      ? null
      : await findIntegration(deps.db, due.projectId, due.integrationId);
  if (!account) {
    await forgetAccountPoll(deps.db, due.integrationId);
    return report;
  }
  const later = (ms: number) => now + Math.round(ms * spread(account.id));
  const schedule = (nextPollAt: number | null, quietPolls: number, extra = {}) =>
    scheduleAccountPoll(
      deps.db,
      account.id,
      { nextPollAt, quietPolls, usagePercent: 0, pausedUntil: null, ...extra },
      now,
    );
  let connection: ReturnType<typeof accountClient>;
  try {
    connection = accountClient(deps, account);
  } catch {
    // Reconnect needed or app not configured: looked at again in a few hours.
    await schedule(later(6 * HOUR), due.quietPolls);
    return report;
  }
  const windowStart = now - deps.config.inbox.days * DAY;
  const known = await knownMediaOfAccount(deps.db, account.id, windowStart);
  if (known.length === 0) {
    // Nothing published in the window: watched again from its next publication.
    await schedule(null, 0);
    return report;
  }
  const { client, accessToken } = connection;
  const run = startAccountRun(account);
  const onUsage = usageObserver(run);
  const counts = new Map<string, number>();
  // Instagram's time of a post and ours differ (we note it once Instagram answers, and
  // clocks drift): the listing starts a day before our oldest.
  const since = known.at(-1)!.publishedAt - DAY;
  try {
    let after: string | null = null;
    for (let page = 0; page < MAX_MEDIA_PAGES; page++) {
      const read = await client.listMediaCommentCounts({
        accessToken,
        igUserId: account.platformUserId,
        since,
        after,
        onUsage,
      });
      for (const media of read.media) counts.set(media.id, media.commentsCount);
      after = read.after;
      const last = platformTime(read.media.at(-1)?.timestamp ?? null);
      if (after === null || (last !== null && last < since)) break;
    }
  } catch (error) {
    if (isThrottled(error)) throttleRun(run);
    else
      deps.logger.warn('leitura das contagens de comentários falhou', {
        integrationId: account.id,
        error,
      });
  }
  let moved = false;
  for (const media of known) {
    if (run.stopped || run.usage.percent >= USAGE_PAUSE_PERCENT) break;
    const count = counts.get(media.platformMediaId);
    const neverRead = media.fullReadDueAt === null;
    const changed = count !== undefined && count !== media.countAtRead;
    const fullReadDue = neverRead || media.fullReadDueAt! <= now;
    if (!changed && !fullReadDue) continue;
    const created = await readMediaComments(deps, run, media.platformMediaId, {
      nextFullReadAt: later(fullReadInterval(now - media.publishedAt)),
      countSeen: count ?? null,
    });
    if (created === null) continue;
    report.media += 1;
    report.newComments += created;
    // A new post, like a moving count, keeps the account read at its shortest interval.
    if (changed || neverRead) moved = true;
  }
  const quietPolls = moved ? 0 : due.quietPolls + 1;
  const interval = accountPollInterval({
    newestAgeMs: now - known[0]!.publishedAt,
    pollMinutes: Math.max(deps.config.inbox.pollMinutes, 1),
    quietPolls,
    webhooksFlowing: due.webhookAt !== null && now - due.webhookAt < WEBHOOKS_FLOWING_MS,
  });
  const paused =
    run.stopped || run.usage.percent >= USAGE_PAUSE_PERCENT || run.usage.regainAccessMinutes > 0;
  const pausedUntil = paused ? now + (run.usage.regainAccessMinutes * MINUTE || HOUR) : null;
  await schedule(Math.max(later(interval), pausedUntil ?? 0), quietPolls, {
    usagePercent: Math.round(run.usage.percent),
    pausedUntil,
  });
  return report;
}
