/**
 * Reading a time as people write it in `--at` or in a CSV's `at` column: an instant with
 * an offset, a local time in an IANA time zone, or a time relative to now. The answer is
 * the instant or the reason it cannot be one, which each surface words itself.
 */
import { parseOffsetDateTime } from '../rules/schedule';
import { isIanaTimeZone } from '../rules/timezone';
import { resolveZonedTime } from '../vocabulary/zoned-time';

/** Why a text is not an instant. */
export type ScheduleTextProblem =
  /** The zone is not an IANA name this runtime knows. */
  | 'unknownZone'
  /** None of the accepted shapes. */
  | 'invalid'
  /** A local time, and no zone to read it in. */
  | 'noZone'
  /** A date or time no calendar has (month 13, February 30, 24:00). */
  | 'noSuchDate'
  /** A local time the zone's clock skips (daylight saving time starts). */
  | 'skipped';

export type ScheduleTextResult = { instant: Date } | { problem: ScheduleTextProblem };

const UNIT_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

const RELATIVE = /^([+-])((?:\d+[smhdw])+)$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/i;

/** A wall-clock time, seconds included. */
export interface FullWallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Whether a calendar has this date and time (no month 13, February 30 or 24:00).
 *
 * @example
 * ```ts
 * isRealDate({ year: 2026, month: 2, day: 30, hour: 10, minute: 0, second: 0 }); // false
 * ```
 */
export function isRealDate(clock: FullWallClock): boolean {
  const check = new Date(
    Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second),
  );
  return (
    check.getUTCFullYear() === clock.year &&
    check.getUTCMonth() + 1 === clock.month &&
    check.getUTCDate() === clock.day &&
    clock.hour <= 23 &&
    clock.minute <= 59 &&
    clock.second <= 59
  );
}

/**
 * Reads a schedule time:
 *
 * - `2026-12-01T10:00-03:00` or `…Z`: that instant (seconds optional, `T` or a space);
 * - `2026-12-01T10:00` with a time zone: that wall-clock time there, DST included; an
 *   hour skipped by a DST change is refused, an hour that happens twice means the first;
 * - `+2h`, `+90m`, `+1d2h`, `+1w` (and `-1d`): relative to `now`.
 *
 * @example
 * ```ts
 * readScheduleText('2026-12-01T10:00', { timeZone: 'America/Sao_Paulo' });
 * // { instant: 2026-12-01T13:00:00.000Z }
 * readScheduleText('amanhã'); // { problem: 'invalid' }
 * ```
 */
export function readScheduleText(
  text: string,
  options: { timeZone?: string | undefined; now?: number } = {},
): ScheduleTextResult {
  const value = text.trim();
  if (options.timeZone !== undefined && !isIanaTimeZone(options.timeZone)) {
    return { problem: 'unknownZone' };
  }

  const relative = RELATIVE.exec(value);
  if (relative) {
    let total = 0;
    for (const [, amount, unit] of relative[2]!.matchAll(/(\d+)([smhdw])/gi)) {
      total += Number(amount) * UNIT_MS[unit!.toLowerCase()]!;
    }
    const sign = relative[1] === '-' ? -1 : 1;
    return { instant: new Date((options.now ?? Date.now()) + sign * total) };
  }

  const withOffset = parseOffsetDateTime(value.replace(/^(\d{4}-\d{2}-\d{2}) (?=\d)/, '$1T'));
  if (withOffset) return { instant: withOffset };

  const local = LOCAL.exec(value);
  if (local) {
    const [, year, month, day, hour, minute, second = '0'] = local;
    const clock = {
      year: Number(year),
      month: Number(month),
      day: Number(day),
      hour: Number(hour),
      minute: Number(minute),
      second: Number(second),
    };
    // A date no calendar has is the first thing to tell, with or without a zone.
    if (!isRealDate(clock)) return { problem: 'noSuchDate' };
    if (options.timeZone === undefined) return { problem: 'noZone' };
    const { instant, resolution } = resolveZonedTime(clock, options.timeZone);
    if (resolution === 'gap') return { problem: 'skipped' };
    return { instant: new Date(instant) };
  }
  return { problem: 'invalid' };
}
