/**
 * How often polling reads an account, and each media in full. Recent posts get most
 * comments, so an account is read by the age of its newest post; an account whose counts
 * stand still is read less and less often, down to a floor per age; one whose Meta
 * webhooks arrive is only caught up on.
 */
import { createHash } from 'node:crypto';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long after its last one a Meta webhook still counts as flowing for the account. */
export const WEBHOOKS_FLOWING_MS = DAY;

/**
 * The interval of an account while its comments move, by the age of its newest post.
 *
 * @example
 * ```ts
 * pollInterval(30 * 60_000, 5); // 300000: newest post half an hour old, every 5 minutes
 * ```
 */
export function pollInterval(ageMs: number, pollMinutes: number): number {
  if (ageMs < DAY) return pollMinutes * MINUTE;
  if (ageMs < 7 * DAY) return Math.max(HOUR, pollMinutes * MINUTE);
  return Math.max(6 * HOUR, pollMinutes * MINUTE);
}

/** The longest interval of a quiet account, by the age of its newest post. */
function quietInterval(ageMs: number, pollMinutes: number): number {
  const base = pollInterval(ageMs, pollMinutes);
  if (ageMs < DAY) return Math.max(base, 30 * MINUTE);
  if (ageMs < 7 * DAY) return Math.max(base, 6 * HOUR);
  return Math.max(base, DAY);
}

/**
 * When an account is read next: its age's interval, doubled for every quiet read in a
 * row up to the quiet interval (30 minutes for a post of the last day, 6 hours for the
 * last week, a day beyond); the quiet interval at once while its webhooks arrive.
 *
 * @example
 * ```ts
 * accountPollInterval({ newestAgeMs: 3_600_000, pollMinutes: 5, quietPolls: 2, webhooksFlowing: false }); // 1200000
 * ```
 */
export function accountPollInterval(input: {
  newestAgeMs: number;
  pollMinutes: number;
  quietPolls: number;
  webhooksFlowing: boolean;
}): number {
  const quiet = quietInterval(input.newestAgeMs, input.pollMinutes);
  if (input.webhooksFlowing) return quiet;
  const base = pollInterval(input.newestAgeMs, input.pollMinutes);
  return Math.min(quiet, base * 2 ** Math.min(input.quietPolls, 16));
}

/**
 * How long until a media is read in full even when its count stands still: daily in its
 * first week (a comment deleted as another arrives leaves the count as it was), after
 * that only when its count moves.
 *
 * @example
 * ```ts
 * fullReadInterval(2 * 86_400_000); // 86400000
 * ```
 */
export function fullReadInterval(ageMs: number): number {
  return ageMs < 7 * DAY ? DAY : 60 * DAY;
}

/**
 * A fixed share (0.8–1.2) of an interval per key: spreads reads over time, so accounts
 * or media that start together are not all read in the same minute.
 *
 * @example
 * ```ts
 * spread('17841400000000001'); // 0.8 … 1.2, always the same for this key
 * ```
 */
export function spread(key: string): number {
  return 0.8 + keyFraction(key) * 0.4;
}

/** A fixed fraction (0–1) per key. */
export function keyFraction(key: string): number {
  return createHash('sha256').update(key).digest()[0]! / 255;
}
