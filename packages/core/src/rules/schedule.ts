/**
 * The scheduling window and the date format of `scheduledFor` (spec §2, §8): an
 * ISO 8601 date-time with `Z` or an explicit offset, from 1 minute to 75 days ahead.
 */

import {
  SCHEDULE_MAX_LEAD_DAYS,
  SCHEDULE_MAX_LEAD_MS,
  SCHEDULE_MIN_LEAD_MS,
} from '../vocabulary/limits';

// RFC 3339 date-time; seconds and fractions optional; the offset is required.
const OFFSET_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * Parses a date-time that carries `Z` or an explicit offset such as `-03:00`. Returns
 * `null` for anything else, including a local time without offset and impossible dates
 * like February 30th.
 *
 * @example
 * ```ts
 * parseOffsetDateTime('2026-11-22T10:00:00-03:00')?.toISOString(); // '2026-11-22T13:00:00.000Z'
 * parseOffsetDateTime('2026-11-22T10:00:00'); // null: no offset
 * ```
 */
export function parseOffsetDateTime(text: string): Date | null {
  const match = OFFSET_DATE_TIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0', , zone, offsetHours, offsetMinutes] =
    match;
  const fields = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = fields;
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || s > 59) return null;
  if (zone !== 'Z' && zone !== 'z' && (Number(offsetHours) > 23 || Number(offsetMinutes) > 59)) {
    return null;
  }
  // Reject days the month does not have: Date.UTC would roll them over silently.
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d < 1 || d > daysInMonth) return null;
  const time = Date.parse(text.toUpperCase());
  return Number.isNaN(time) ? null : new Date(time);
}

/**
 * Checks that a scheduled time is inside the window, from 1 minute to 75 days after
 * `now`, both ends included. Returns the Portuguese problem or `null`.
 *
 * @example
 * ```ts
 * const now = new Date('2026-11-21T12:00:00Z');
 * checkScheduleWindow(new Date('2026-11-21T12:00:30Z'), now); // 'deve ser pelo menos 1 minuto no futuro'
 * checkScheduleWindow(new Date('2026-11-21T12:01:00Z'), now); // null
 * ```
 */
export function checkScheduleWindow(scheduledFor: Date, now: Date): string | null {
  const lead = scheduledFor.getTime() - now.getTime();
  if (lead < SCHEDULE_MIN_LEAD_MS) return 'deve ser pelo menos 1 minuto no futuro';
  if (lead > SCHEDULE_MAX_LEAD_MS)
    return `deve ser no máximo ${SCHEDULE_MAX_LEAD_DAYS} dias no futuro`;
  return null;
}
