/**
 * Recurring posts' occurrences, computed as the server computes them: the instants a rule
 * gives from a first post, in the post's time zone, daylight saving changes included. The
 * same code the server runs (bundled in from `@reelay/core/recurrence`, where it is
 * documented and tested), declared here with the SDK's own types, so a client can show
 * the next occurrences, or why a rule would be refused, before anything is sent.
 *
 * @example
 * ```ts
 * import { checkSeries, seriesOccurrences } from '@reelay/sdk/recurrence';
 * const series = { rrule: 'FREQ=WEEKLY;BYDAY=MO', timezone: 'America/New_York', start: Date.parse('2027-03-08T14:00:00Z') };
 * checkSeries(series).ok; // true
 * seriesOccurrences(series, { limit: 2 }).map((occurrence) => occurrence.local);
 * // ['2027-03-08T09:00', '2027-03-15T09:00']
 * ```
 */
import {
  checkSeries as coreCheckSeries,
  seriesOccurrences as coreSeriesOccurrences,
} from '@reelay/core/recurrence';

/**
 * How an occurrence's wall clock became an instant: `ZONED_TIME_RESOLUTIONS` of the main
 * entry, written out so that this entry's declarations stand alone (the assignment of
 * core's occurrences below fails to compile if the two ever differ).
 */
export type ZonedTimeResolution = 'exact' | 'gap' | 'overlap';

/** Why a rule is refused: see the API's `recurrence.rrule` messages. */
export type RecurrenceProblem = 'syntax' | 'part' | 'frequency' | 'too_many' | 'empty';

/** A series' start: its rule, the zone it is read in and its first occurrence. */
export interface SeriesStart {
  /** An RFC 5545 rule, such as `FREQ=WEEKLY;BYDAY=MO`. */
  readonly rrule: string;
  /** IANA zone name the rule is read in (the post's `timezone`). */
  readonly timezone: string;
  /** The first occurrence (the post's `scheduledFor`), in milliseconds since the epoch. */
  readonly start: number;
}

/** When one occurrence of a series publishes (computed, not read from the API). */
export interface SeriesOccurrenceTime {
  /** Its place in the series, counting from 1 (the first post). */
  readonly index: number;
  /** The instant it publishes at, in milliseconds since the epoch. */
  readonly at: number;
  /** The wall clock the rule named: `YYYY-MM-DDTHH:MM` in the series' zone. */
  readonly local: string;
  /** `exact`, or `gap` when that time does not exist that day and moved forward. */
  readonly resolution: ZonedTimeResolution;
}

/** A rule accepted (in the form the server stores it), or why not. */
export type SeriesCheck =
  | {
      readonly ok: true;
      readonly rule: {
        readonly rrule: string;
        readonly frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY';
        readonly count: number | null;
        readonly until: string | null;
      };
    }
  | { readonly ok: false; readonly problem: RecurrenceProblem; readonly detail?: string };

/**
 * Checks a rule for a series as `POST /v1/posts` does: the parts a series takes, at most
 * 366 occurrences, and at least one after the first (see `@reelay/core/recurrence`).
 *
 * @example
 * ```ts
 * checkSeries({ rrule: 'FREQ=HOURLY', timezone: 'UTC', start: Date.now() });
 * // { ok: false, problem: 'frequency', detail: 'HOURLY' }
 * ```
 */
export function checkSeries(series: SeriesStart): SeriesCheck {
  return coreCheckSeries(series);
}

/**
 * The occurrences of a series from the first (the post itself) on: at most `limit`, only
 * those after `afterIndex`, none after the instant `until`. Throws a `RangeError` for a
 * rule {@link checkSeries} refuses (see `@reelay/core/recurrence`).
 *
 * @example
 * ```ts
 * seriesOccurrences({ rrule: 'FREQ=DAILY;COUNT=3', timezone: 'UTC', start: Date.parse('2027-01-01T09:00:00Z') })
 *   .map((occurrence) => occurrence.index); // [1, 2, 3]
 * ```
 */
export function seriesOccurrences(
  series: SeriesStart,
  options: { limit?: number; afterIndex?: number; until?: number } = {},
): SeriesOccurrenceTime[] {
  return coreSeriesOccurrences(series, options);
}
