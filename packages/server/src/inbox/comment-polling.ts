/**
 * Polling: the fallback and catch-up of the webhooks. The scheduled run reads accounts
 * ({@link pollDueAccounts}): one listing of each due account's media with their comment
 * counts, and in full only the media whose count moved. `POST /v1/comments/sync` reads
 * every published media of the window in full at once. Each answer's Business Use Case
 * usage is read: an account above {@link USAGE_PAUSE_PERCENT} of its budget, or
 * throttled, is left alone until Instagram says access returns (or an hour).
 */
import { findIntegration } from '../store/integrations';
import { publishedMediaInWindow, recordInboxAccount } from '../store/inbox-records';
import { pollDueAccounts, type PollReport } from './account-polling';
import type { InboxDeps } from './comment-ingest';
import {
  readMediaComments,
  startAccountRun,
  USAGE_PAUSE_PERCENT,
  type AccountRun,
} from './media-comment-read';
import { fullReadInterval, spread } from './poll-intervals';

export { USAGE_PAUSE_PERCENT, type PollReport };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Media read at once by a sync. */
const MEDIA_PER_SYNC = 1000;

/**
 * The scheduled run (due accounts), or with `force` a sync: every published media in the
 * window read in full, optionally of one project or account.
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
  if (!options.force) return pollDueAccounts(deps);
  const now = deps.clock.now();
  const media = await publishedMediaInWindow(deps.db, {
    now,
    publishedSince: now - deps.config.inbox.days * DAY,
    limit: MEDIA_PER_SYNC,
    projectId: options.projectId,
    integrationId: options.integrationId,
  });
  const report: PollReport = { media: 0, newComments: 0 };
  const runs = new Map<string, AccountRun | null>();
  for (const item of media) {
    let run = runs.get(item.integrationId);
    if (run === undefined) {
      const account = await findIntegration(deps.db, item.projectId, item.integrationId);
      run = account ? startAccountRun(account) : null;
      runs.set(item.integrationId, run);
    }
    if (run === null || run.stopped) continue;
    const created = await readMediaComments(deps, run, item.platformMediaId, {
      nextFullReadAt:
        now + Math.round(fullReadInterval(now - item.publishedAt) * spread(item.platformMediaId)),
      // Not known here: the next count read reads it again if comments came meanwhile.
      countSeen: null,
    });
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
        pausedUntil: paused ? now + (run.usage.regainAccessMinutes * MINUTE || HOUR) : null,
      },
      deps.clock.now(),
    );
  }
  return report;
}
