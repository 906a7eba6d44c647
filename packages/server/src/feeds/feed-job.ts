/**
 * The `check_feed` job: reads an active feed, then sets itself for the next check; a
 * feed paused (by a person, or by its failures) or removed meanwhile gets no next one.
 */
import type { JobHandler } from '../queue';
import { findFeedById } from '../store/feeds';
import { checkFeed, type FeedDeps } from './feed-check';
import { FEED_CHECK_INTERVAL_MS, scheduleFeedCheck } from './feed-schedule';

/**
 * @example
 * ```ts
 * createWorker({ …, handlers: { check_feed: checkFeedJob(context) } });
 * ```
 */
export function checkFeedJob(ctx: FeedDeps): JobHandler<'check_feed'> {
  return async ({ feedId }) => {
    const feed = await findFeedById(ctx.db, feedId);
    if (feed?.status !== 'active') return;
    await checkFeed(ctx, feed);
    const after = await findFeedById(ctx.db, feedId);
    if (after?.status !== 'active') return;
    const now = ctx.clock.now();
    await scheduleFeedCheck(ctx.db, feedId, now + FEED_CHECK_INTERVAL_MS, now);
  };
}
