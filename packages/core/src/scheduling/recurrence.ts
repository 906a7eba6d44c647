/**
 * Recurring posts: a rule (checked by recurrence-rule.ts) read in a post's time zone at
 * the wall-clock time of its `scheduledFor`, resolved to the instants its occurrences
 * publish at.
 *
 * The rule's calendar arithmetic (which dates a rule names) is `rrule-temporal`'s, run on
 * floating wall clocks (dates and times without a zone). Each wall clock then becomes an
 * instant through `vocabulary/zoned-time`, the one place that decides daylight saving
 * changes for the whole project: 09:00 in New York stays 09:00 across the March change
 * (14:00Z before, 13:00Z after); a time the change skips moves to the first valid minute
 * after the gap (02:30 → 03:00), and a time that happens twice is taken the first time.
 *
 * As RFC 5545 says of `DTSTART`, the first occurrence is the post itself, at its
 * `scheduledFor`, whether or not the rule names that date; `COUNT` counts it. A rule
 * without `COUNT` or `UNTIL` ends after {@link RECURRENCE_MAX_OCCURRENCES} occurrences.
 */
import { RRuleTemporal } from 'rrule-temporal';
import { RECURRENCE_MAX_OCCURRENCES } from '../vocabulary/limits';
import {
  resolveZonedTime,
  wallClockAt,
  type WallClock,
  type ZonedTimeResolution,
} from '../vocabulary/zoned-time';
import {
  checkRecurrence,
  UNTIL_PATTERN,
  type RecurrenceCheck,
  type RecurrenceRule,
} from './recurrence-rule';

/** One occurrence of a series. */
export interface SeriesOccurrence {
  /** Its place in the series, counting from 1 (the first post). */
  readonly index: number;
  /** The instant it publishes at, in milliseconds since the epoch. */
  readonly at: number;
  /** The wall clock the rule named: `YYYY-MM-DDTHH:MM` in the series' zone. */
  readonly local: string;
  /** Whether that wall clock happened once, was skipped (`gap`) or happened twice. */
  readonly resolution: ZonedTimeResolution;
}

/** A series as stored: its rule, zone and first occurrence. */
export interface SeriesStart {
  /** A rule {@link checkRecurrence} accepted. */
  readonly rrule: string;
  /** IANA zone name the rule is read in. */
  readonly timezone: string;
  /** The first occurrence (the post's `scheduledFor`), in milliseconds since the epoch. */
  readonly start: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function floating(clock: Required<WallClock>): string {
  return `${pad(clock.year, 4)}${pad(clock.month)}${pad(clock.day)}T${pad(clock.hour)}${pad(clock.minute)}00`;
}

/** `UNTIL` as the floating wall clock it ends at in the series' zone. */
function floatingUntil(until: string, timeZone: string): string {
  const match = UNTIL_PATTERN.exec(until)!;
  // A date: the whole day, in the series' zone.
  if (match[4] === undefined) return `${match[1]}${match[2]}${match[3]}T235959Z`;
  const instant = Date.UTC(
    Number(match[1]),
    Number(match[2]) - 1,
    Number(match[3]),
    Number(match[4]),
    Number(match[5]),
    Number(match[6]),
  );
  return `${floating(wallClockAt(instant, timeZone)).slice(0, 13)}${pad(wallClockAt(instant, timeZone).second)}Z`;
}

/**
 * The occurrences of a series, in order, from the first (the post itself) on: at most
 * `limit` of them (and never more than {@link RECURRENCE_MAX_OCCURRENCES} in all), only
 * those with `index > afterIndex` when given, none after the instant `until`. Throws a
 * `RangeError` for a rule {@link checkRecurrence} refuses; {@link checkSeries} says why
 * instead.
 *
 * @example
 * ```ts
 * // Every Monday at 09:00 in New York, across the March 2027 change.
 * seriesOccurrences(
 *   { rrule: 'FREQ=WEEKLY;BYDAY=MO', timezone: 'America/New_York', start: Date.parse('2027-03-08T14:00:00Z') },
 *   { limit: 2 },
 * ).map((occurrence) => new Date(occurrence.at).toISOString());
 * // ['2027-03-08T14:00:00.000Z', '2027-03-15T13:00:00.000Z']
 * ```
 */
export function seriesOccurrences(
  series: SeriesStart,
  options: { limit?: number; afterIndex?: number; until?: number } = {},
): SeriesOccurrence[] {
  const checked = checkRecurrence(series.rrule);
  if (!checked.ok) throw new RangeError(`regra de recorrência recusada: ${checked.problem}`);
  return expand(series, checked.rule, options, RECURRENCE_MAX_OCCURRENCES);
}

function expand(
  series: SeriesStart,
  rule: RecurrenceRule,
  options: { limit?: number; afterIndex?: number; until?: number },
  cap: number,
): SeriesOccurrence[] {
  const limit = Math.min(options.limit ?? cap, cap);
  const afterIndex = options.afterIndex ?? 0;
  const total = Math.min(rule.count ?? cap, cap);
  const startClock = wallClockAt(series.start, series.timezone);
  // COUNT is applied here (the first post counts); UNTIL as a floating wall clock.
  const body = rule.rrule
    .split(';')
    .filter((part) => !part.startsWith('COUNT=') && !part.startsWith('UNTIL='));
  if (rule.until !== null) body.push(`UNTIL=${floatingUntil(rule.until, series.timezone)}`);
  const library = new RRuleTemporal({
    rruleString: `DTSTART;TZID=UTC:${floating(startClock)}\nRRULE:${body.join(';')}`,
  });
  const startLocal = localOf(startClock);
  const found: SeriesOccurrence[] = [];
  if (afterIndex < 1 && limit > 0) {
    found.push({ index: 1, at: series.start, local: startLocal, resolution: 'exact' });
  }
  let index = 1;
  library.all((date) => {
    if (index >= total || found.length >= limit) return false;
    const clock: WallClock = {
      year: date.year,
      month: date.month,
      day: date.day,
      hour: date.hour,
      minute: date.minute,
    };
    const local = localOf(clock);
    // The rule may name the first post's own date: it is already counted.
    if (local <= startLocal) return true;
    const resolved = resolveZonedTime(clock, series.timezone);
    if (options.until !== undefined && resolved.instant > options.until) return false;
    index += 1;
    if (index > afterIndex) {
      found.push({ index, at: resolved.instant, local, resolution: resolved.resolution });
    }
    return found.length < limit && index < total;
  });
  return found;
}

function localOf(clock: WallClock): string {
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/**
 * Checks a rule for a series starting at `start`: {@link checkRecurrence}, then that its
 * `UNTIL` lets through no more than {@link RECURRENCE_MAX_OCCURRENCES} occurrences and
 * that there is at least one after the first.
 *
 * @example
 * ```ts
 * checkSeries({ rrule: 'FREQ=DAILY;UNTIL=20300101', timezone: 'UTC', start: Date.parse('2027-01-01T09:00:00Z') });
 * // { ok: false, problem: 'too_many', detail: '366' }
 * ```
 */
export function checkSeries(series: SeriesStart): RecurrenceCheck {
  const checked = checkRecurrence(series.rrule);
  if (!checked.ok) return checked;
  if (checked.rule.until !== null) {
    const cap = RECURRENCE_MAX_OCCURRENCES + 1;
    if (expand(series, checked.rule, {}, cap).length >= cap) {
      return { ok: false, problem: 'too_many', detail: String(RECURRENCE_MAX_OCCURRENCES) };
    }
  }
  if (expand(series, checked.rule, { limit: 2 }, RECURRENCE_MAX_OCCURRENCES).length < 2) {
    return { ok: false, problem: 'empty' };
  }
  return checked;
}
