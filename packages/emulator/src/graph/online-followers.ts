/**
 * `online_followers` (reference §10.7): followers online per hour of each UTC day, with
 * `period=lifetime` and `since`/`until`, one value a day `{ "<hour 0-23>": count }` whose
 * `end_time` is the next midnight. Only the last 30 days, never the last two (Meta's data
 * lag up to 48 h); empty days (`{}`) for accounts under 100 followers. The pattern is drawn
 * once per account: an evening peak that moves with the weekday, and a smaller one at
 * lunch, so suggestions made from it are stable and checkable.
 */
import type { EmulatorContext } from '../emulator-context';
import { invalidParameter } from '../graph-error';
import { jsonReply, type Reply } from '../http/reply';
import type { Account } from '../state/types';
import { createRandom } from '../random';
import { graphTimestamp } from './timestamp';

const DAY_MS = 86_400_000;

/**
 * The evening hour (UTC) an account's followers are most online on a UTC weekday
 * (0 = Sunday), drawn once per account.
 *
 * @example
 * ```ts
 * peakHour(account, 1); // 22
 * ```
 */
export function peakHour(account: Pick<Account, 'id'>, weekday: number): number {
  const random = createRandom(`online:${account.id}`);
  const base = 19 + Math.floor(random.next() * 4);
  return (base + (weekday % 3)) % 24;
}

/** One UTC day of the metric: followers online at each hour. */
export function onlineFollowersOn(account: Account, dayStart: number): Record<string, number> {
  if (account.followersCount < 100) return {};
  const weekday = new Date(dayStart).getUTCDay();
  const peak = peakHour(account, weekday);
  const hours: Record<string, number> = {};
  for (let hour = 0; hour < 24; hour++) {
    const fromPeak = Math.min(Math.abs(hour - peak), 24 - Math.abs(hour - peak));
    const fromLunch = Math.min(Math.abs(hour - 15), 24 - Math.abs(hour - 15));
    const share =
      0.05 + 0.5 * Math.exp(-(fromPeak ** 2) / 4) + 0.2 * Math.exp(-(fromLunch ** 2) / 2);
    hours[String(hour)] = Math.floor(account.followersCount * share);
  }
  return hours;
}

/** `GET /{ig-user-id}/insights?metric=online_followers&period=lifetime&since&until`. */
export function onlineFollowersInsights(
  ctx: EmulatorContext,
  account: Account,
  range: { since: number; until: number; period: string },
): Reply {
  if (range.period !== 'lifetime') {
    throw invalidParameter('period must be one of the following values: lifetime');
  }
  const now = ctx.now();
  const todayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const values: Array<{ value: Record<string, number>; end_time: string }> = [];
  const firstEnd = Math.floor((range.since * 1000) / DAY_MS) * DAY_MS + DAY_MS;
  for (let end = firstEnd; end <= range.until * 1000; end += DAY_MS) {
    const start = end - DAY_MS;
    if (start < todayStart - 30 * DAY_MS || start >= todayStart - 2 * DAY_MS) continue;
    values.push({
      value: ctx.config.onlineFollowers === 'empty' ? {} : onlineFollowersOn(account, start),
      end_time: graphTimestamp(end),
    });
  }
  return jsonReply({
    data: [
      {
        name: 'online_followers',
        period: 'lifetime',
        values,
        title: 'Online followers',
        description:
          "Total number of this profile's followers that were online during the specified period.",
        id: `${account.id}/insights/online_followers/lifetime`,
      },
    ],
  });
}
