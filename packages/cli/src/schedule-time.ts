/**
 * Reading `--at` (and the `at` column of a CSV): an instant with an offset, a local time
 * in an IANA time zone, or a time relative to now. The server decides whether the
 * instant is inside the scheduling window (spec §8: 1 minute to 75 days); this only
 * makes sure the instant is the one the person meant.
 */
import { isIanaTimeZone, resolveZonedTime } from '@reelay/core';
import { isRealDate, readScheduleText } from '@reelay/core/bulk';
// The SDK's declaration of core's wall clock: core is bundled into the CLI, not a
// dependency, so the published types name the SDK's.
import type { WallClock as SdkWallClock } from '@reelay/sdk';
import { usageError } from './cli-error';
import { t } from './i18n';

const examples = () => t('time.examples');

export interface ScheduleTimeOptions {
  /** IANA zone for local times (`--timezone`). */
  timeZone?: string | undefined;
  /** "Now" for relative times, in milliseconds; default `Date.now()`. */
  now?: number;
  /** Names the flag or column in messages; default `--at`. */
  label?: string;
}

/**
 * Turns the text of `--at` into an instant.
 *
 * - `2026-12-01T10:00-03:00` or `…Z`: that instant (seconds optional, `T` or a space);
 * - `2026-12-01T10:00` with a time zone: that wall-clock time there, DST included; an
 *   hour skipped by a DST change is refused, an hour that happens twice means the first;
 * - `+2h`, `+90m`, `+1d2h`, `+1w` (and `-1d`, for list filters): relative to now.
 *
 * Anything else is a usage error (exit 2) with examples.
 *
 * @example
 * ```ts
 * parseScheduleTime('2026-12-01T10:00-03:00').toISOString(); // '2026-12-01T13:00:00.000Z'
 * parseScheduleTime('2026-12-01T10:00', { timeZone: 'America/Sao_Paulo' }).toISOString(); // same
 * parseScheduleTime('+2h', { now: Date.parse('2026-12-01T13:00Z') }).toISOString(); // '2026-12-01T15:00:00.000Z'
 * ```
 */
export function parseScheduleTime(text: string, options: ScheduleTimeOptions = {}): Date {
  const label = options.label ?? '--at';
  if (options.timeZone !== undefined) assertTimeZone(options.timeZone);
  // Core reads the text (the web app's CSV import reads it the same way).
  const read = readScheduleText(text, {
    timeZone: options.timeZone,
    ...(options.now !== undefined ? { now: options.now } : {}),
  });
  if ('instant' in read) return read.instant;
  switch (read.problem) {
    case 'noSuchDate':
      throw usageError(t('time.noSuchDate', { label: `${label} "${text}"` }), examples());
    case 'noZone':
      throw usageError(t('time.noZone', { label, text }), t('time.noZoneHint'));
    case 'skipped':
      throw usageError(
        t('time.skipped', { label: `${label} "${text}"`, zone: options.timeZone! }),
        t('time.skippedHint'),
      );
    default:
      throw usageError(t('time.invalid', { label, text }), examples());
  }
}

/**
 * Refuses a time zone that is not an IANA name this runtime knows.
 *
 * @example
 * ```ts
 * assertTimeZone('America/Sao_Paulo'); // ok
 * assertTimeZone('GMT-3'); // throws a usage error
 * ```
 */
export function assertTimeZone(timeZone: string): void {
  if (!isIanaTimeZone(timeZone)) {
    throw usageError(t('time.unknownZone', { zone: timeZone }), t('time.unknownZoneHint'));
  }
}

/** A wall-clock time as `--at` names it, seconds included. */
export type WallClock = Required<SdkWallClock>;

/**
 * The instant at which the wall clock in `timeZone` shows `clock` (core's zoned-time
 * rule): a time skipped by a DST change is refused; one that happens twice means the
 * first, as Temporal's `disambiguation: 'compatible'` does.
 *
 * @example
 * ```ts
 * const fields = { year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 };
 * zonedTimeToInstant(fields, 'America/New_York').toISOString(); // '2026-11-01T05:30:00.000Z' (EDT, the first 1:30)
 * ```
 */
export function zonedTimeToInstant(
  clock: WallClock,
  timeZone: string,
  label = t('time.label'),
): Date {
  assertRealDate(clock, label);
  const { instant, resolution } = resolveZonedTime(clock, timeZone);
  if (resolution === 'gap') {
    throw usageError(t('time.skipped', { label, zone: timeZone }), t('time.skippedHint'));
  }
  return new Date(instant);
}

/** Refuses a date or time that no calendar has (month 13, February 30, 24:00). */
function assertRealDate(clock: WallClock, label: string): void {
  if (!isRealDate(clock)) throw usageError(t('time.noSuchDate', { label }), examples());
}
