/**
 * The days an account's insights cover: calendar days `YYYY-MM-DD` counted in UTC, both
 * ends included, at most 30 per request and never after today, as the API's
 * `GET /v1/integrations/{id}/insights` takes them. Checked here before asking, so a range
 * the API would refuse is explained beside its field at once. Pure: no DOM, no texts.
 */

import { ACCOUNT_INSIGHTS_DEFAULT_DAYS, ACCOUNT_INSIGHTS_MAX_DAYS } from '@reelay/sdk';

/** The most days one request covers (Instagram's own window). */
export const INSIGHTS_MAX_DAYS = ACCOUNT_INSIGHTS_MAX_DAYS;
/** Days shown at first: the last 7, today included (the API's default). */
export const INSIGHTS_DEFAULT_DAYS = ACCOUNT_INSIGHTS_DEFAULT_DAYS;

const DAY_MS = 24 * 60 * 60_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A range of UTC days, both included. */
export interface DayRange {
  since: string;
  until: string;
}

/** Why a range cannot be asked for: the field to fix and a text key under `accounts.insights.range`. */
export interface RangeProblem {
  field: 'since' | 'until';
  key: 'missing' | 'invalid' | 'future' | 'order' | 'tooLong';
}

/**
 * Today's date in UTC.
 *
 * @example
 * ```ts
 * utcDay(new Date('2026-11-24T23:30:00-03:00')); // '2026-11-25'
 * ```
 */
export function utcDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The time of a day's UTC midnight, or `null` for text that is not a real day. */
function timeOf(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Date.UTC rolls 2026-02-30 over to March: such a day does not exist.
  return new Date(time).toISOString().slice(0, 10) === day ? time : null;
}

/**
 * The day `count` days after `day` (before, when negative).
 *
 * @example
 * ```ts
 * addDays('2026-03-01', -1); // '2026-02-28'
 * ```
 */
export function addDays(day: string, count: number): string {
  return new Date((timeOf(day) ?? 0) + count * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The range shown when the insights open: the last 7 days, today (UTC) included.
 *
 * @example
 * ```ts
 * defaultRange(new Date('2026-11-24T15:00:00Z')); // { since: '2026-11-18', until: '2026-11-24' }
 * ```
 */
export function defaultRange(now: Date = new Date()): DayRange {
  const until = utcDay(now);
  return { since: addDays(until, -(INSIGHTS_DEFAULT_DAYS - 1)), until };
}

/**
 * What is wrong with a range, as the API would refuse it; `null` when it can be asked for.
 *
 * @example
 * ```ts
 * checkRange({ since: '2026-10-01', until: '2026-11-24' }, now); // { field: 'until', key: 'tooLong' }
 * ```
 */
export function checkRange(range: DayRange, now: Date = new Date()): RangeProblem | null {
  for (const field of ['since', 'until'] as const) {
    if (!range[field]) return { field, key: 'missing' };
    if (timeOf(range[field]) === null) return { field, key: 'invalid' };
  }
  if (range.until > utcDay(now)) return { field: 'until', key: 'future' };
  if (range.since > range.until) return { field: 'since', key: 'order' };
  if (dayCount(range) > INSIGHTS_MAX_DAYS) return { field: 'until', key: 'tooLong' };
  return null;
}

/**
 * How many days a range covers, both ends included.
 *
 * @example
 * ```ts
 * dayCount({ since: '2026-11-18', until: '2026-11-24' }); // 7
 * ```
 */
export function dayCount(range: DayRange): number {
  return Math.round(((timeOf(range.until) ?? 0) - (timeOf(range.since) ?? 0)) / DAY_MS) + 1;
}
