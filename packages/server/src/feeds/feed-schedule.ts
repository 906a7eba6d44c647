/**
 * When a feed is read: one `check_feed` job per feed, due at its `nextCheckAt`, moved 15
 * minutes on by each run; a paused or removed feed has none.
 */
import { FEED_CHECK_MINUTES } from '@reelay/core';
import { add, cancel, jobKey } from '../queue';
import { updateFeed } from '../store/feeds';
import type { Db } from '../store/schema';

export const FEED_CHECK_INTERVAL_MS = FEED_CHECK_MINUTES * 60_000;

const checkJobKey = (feedId: string) => jobKey('check_feed', feedId);

/**
 * Sets (or moves) a feed's next check, with the time the feed shows.
 *
 * @example
 * ```ts
 * await scheduleFeedCheck(trx, feed.id, now + FEED_CHECK_INTERVAL_MS, now);
 * ```
 */
export async function scheduleFeedCheck(
  db: Db,
  feedId: string,
  runAt: number,
  now: number,
): Promise<void> {
  await add(
    db,
    'check_feed',
    { feedId },
    { runAt, key: checkJobKey(feedId), mode: 'replace', now },
  );
  await updateFeed(db, feedId, { nextCheckAt: runAt, updatedAt: now });
}

/** Removes a feed's check (paused or removed); the caller writes the feed itself. */
export async function unscheduleFeedCheck(db: Db, feedId: string): Promise<void> {
  await cancel(db, [checkJobKey(feedId)]);
}
