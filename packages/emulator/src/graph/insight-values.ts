/**
 * The numbers the emulator reports as insights. Nothing is stored: every value is worked
 * out from the media or account id and the emulator's clock, so the same request at the
 * same emulator time always answers the same, and values only grow as time passes.
 */
import type { EmulatorContext } from '../emulator-context';
import { createRandom } from '../random';
import { DAY_MS } from '../state/store';
import type { Account, Media } from '../state/types';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Lifetime metrics of a published media at `now`. Reach grows quickly in the first hours
 * and slows down over the following days (`hours / (1 + hours / 48)`); everything else is
 * a fixed share of reach or views, drawn once per media id.
 *
 * @example
 * ```ts
 * mediaMetricValues(media, media.publishedAt + 3_600_000).reach; // > 0, and larger an hour later
 * ```
 */
export function mediaMetricValues(media: Media, now: number): Record<string, number> {
  const random = createRandom(`insights:${media.id}`);
  const hours = Math.max(0, now - media.publishedAt) / HOUR_MS;
  const pace = 20 + Math.floor(random.next() * 80);
  const reach = Math.floor(pace * 10 * (hours / (1 + hours / 48)));
  const views = Math.floor(reach * (1.2 + random.next()));
  const likes = Math.floor(reach * (0.03 + random.next() * 0.07));
  const comments = Math.floor(likes * (0.05 + random.next() * 0.1));
  const saved = Math.floor(likes * (0.1 + random.next() * 0.1));
  const shares = Math.floor(likes * (0.05 + random.next() * 0.1));
  const avgWatch = 2000 + Math.floor(random.next() * 10_000);
  const navigation = Math.floor(views * (0.4 + random.next() * 0.4));
  const replies = Math.floor(reach * (0.005 + random.next() * 0.02));
  const story = media.productType === 'STORY';
  return {
    views,
    reach,
    likes,
    comments,
    saved,
    shares,
    total_interactions: story ? shares + replies : likes + comments + saved + shares,
    ig_reels_avg_watch_time: views > 0 ? avgWatch : 0,
    ig_reels_video_view_total_time: views * avgWatch,
    navigation,
    replies,
  };
}

/** Metrics of one day of an account, `dayStart` being that day's UTC midnight. */
export interface AccountDayValues {
  reach: number;
  views: number;
  follower_count: number;
  profile_views: number;
  accounts_engaged: number;
}

/**
 * One UTC day of an account: a base audience drawn per account and day, plus what the
 * media it published that day brought. The day still running counts only its elapsed
 * part; days before the account existed or after `now` count nothing.
 *
 * @example
 * ```ts
 * accountDayValues(ctx, account, Date.UTC(2026, 0, 1)).reach;
 * ```
 */
export function accountDayValues(
  ctx: EmulatorContext,
  account: Account,
  dayStart: number,
): AccountDayValues {
  const now = ctx.now();
  const dayEnd = dayStart + DAY_MS;
  const existed = Math.max(dayStart, Math.floor(account.createdAt / DAY_MS) * DAY_MS);
  const share = Math.max(0, Math.min(now, dayEnd) - existed) / DAY_MS;
  const random = createRandom(`insights:${account.id}:${dayStart / DAY_MS}`);
  let published = 0;
  for (const media of ctx.store.media.values()) {
    if (
      media.accountId === account.id &&
      media.publishedAt >= dayStart &&
      media.publishedAt < dayEnd
    )
      published++;
  }
  const reach = Math.floor((100 + random.next() * 900 + published * 50) * share);
  return {
    reach,
    views: Math.floor(reach * (1.5 + random.next())),
    follower_count: Math.floor(random.next() * 20 * share),
    profile_views: Math.floor(reach * (0.02 + random.next() * 0.05)),
    accounts_engaged: Math.floor(reach * (0.03 + random.next() * 0.05)),
  };
}
