/**
 * What a recurring post's rule may be: an RFC 5545 rule (`FREQ=WEEKLY;BYDAY=MO`), checked
 * and written in one form, so every surface refuses the same rules:
 * - `FREQ` is `DAILY`, `WEEKLY` or `MONTHLY` (nothing finer than a day: a post is not a
 *   clock tick);
 * - the parts are `FREQ`, `INTERVAL`, `BYDAY`, `BYMONTHDAY`, `COUNT`, `UNTIL` and `WKST`;
 * - at most {@link RECURRENCE_MAX_OCCURRENCES} occurrences: a larger `COUNT` is refused
 *   here, an `UNTIL` that lets more through by `checkSeries` (recurrence.ts), which knows
 *   the start.
 *
 * Light on purpose (no calendar library): the contract's schemas use it, and they reach
 * the SDK and the browser.
 */
import { RECURRENCE_MAX_OCCURRENCES } from '../vocabulary/limits';

/** The frequencies a series may have. */
export const RECURRENCE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** The rule parts a series may use. */
export const RECURRENCE_PARTS = [
  'FREQ',
  'INTERVAL',
  'BYDAY',
  'BYMONTHDAY',
  'COUNT',
  'UNTIL',
  'WKST',
] as const;

/** Largest `INTERVAL`: every 366 days/weeks/months is as sparse as a series gets. */
const INTERVAL_MAX = 366;

/**
 * Why a rule was refused: not an RFC 5545 rule (`syntax`), a part this project does not
 * take (`part`, with its name), a frequency finer than a day or coarser than a month
 * (`frequency`), more than {@link RECURRENCE_MAX_OCCURRENCES} occurrences (`too_many`),
 * or no occurrence after the first (`empty`).
 */
export const RECURRENCE_PROBLEMS = ['syntax', 'part', 'frequency', 'too_many', 'empty'] as const;
export type RecurrenceProblem = (typeof RECURRENCE_PROBLEMS)[number];

/** A rule checked and normalised: its parts in upper case, in a stable order. */
export interface RecurrenceRule {
  /** The rule as stored and shown: `FREQ=WEEKLY;INTERVAL=1;BYDAY=MO`. */
  readonly rrule: string;
  readonly frequency: RecurrenceFrequency;
  readonly count: number | null;
  /** `UNTIL` as written (`YYYYMMDD` or `YYYYMMDDTHHMMSSZ`), or null. */
  readonly until: string | null;
}

export type RecurrenceCheck =
  | { readonly ok: true; readonly rule: RecurrenceRule }
  | { readonly ok: false; readonly problem: RecurrenceProblem; readonly detail?: string };

const WEEKDAY_CODE = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
/** `UNTIL` as a series takes it: a date, or a date and time in UTC. */
export const UNTIL_PATTERN = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/;

function partsOf(text: string): Map<string, string> | null {
  const parts = new Map<string, string>();
  const body = text.trim().replace(/^RRULE:/i, '');
  if (body === '') return null;
  for (const piece of body.split(';')) {
    const match = /^([A-Za-z]+)=([^=;]+)$/.exec(piece.trim());
    if (!match) return null;
    const name = match[1]!.toUpperCase();
    if (parts.has(name)) return null;
    parts.set(name, match[2]!.trim().toUpperCase());
  }
  return parts;
}

function positiveInteger(value: string, max: number): number | null {
  if (!/^\d{1,4}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
}

function validList(value: string, check: (item: string) => boolean): boolean {
  return value.split(',').every((item) => item !== '' && check(item));
}

function validMonthDay(item: string): boolean {
  const day = Math.abs(Number(item));
  return /^[+-]?\d{1,2}$/.test(item) && day >= 1 && day <= 31;
}

function validWeekday(item: string, frequency: RecurrenceFrequency): boolean {
  const match = WEEKDAY_CODE.exec(item);
  if (!match) return false;
  // "The first Monday" (1MO) means something only within a month.
  if (match[1] === undefined) return true;
  const nth = Math.abs(Number(match[1]));
  return frequency === 'MONTHLY' && nth >= 1 && nth <= 5;
}

/**
 * Checks a recurrence rule against what a series may be, and writes it in one form. It
 * does not count the occurrences an `UNTIL` lets through: that needs the start, see
 * {@link seriesOccurrences}.
 *
 * @example
 * ```ts
 * checkRecurrence('freq=weekly;byday=MO,WE');
 * // { ok: true, rule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE', frequency: 'WEEKLY', count: null, until: null } }
 * checkRecurrence('FREQ=HOURLY'); // { ok: false, problem: 'frequency' }
 * checkRecurrence('FREQ=DAILY;BYHOUR=9'); // { ok: false, problem: 'part', detail: 'BYHOUR' }
 * ```
 */
export function checkRecurrence(text: string): RecurrenceCheck {
  const parts = partsOf(text);
  if (!parts) return { ok: false, problem: 'syntax' };
  for (const name of parts.keys()) {
    if (!(RECURRENCE_PARTS as readonly string[]).includes(name)) {
      return { ok: false, problem: 'part', detail: name };
    }
  }
  const frequency = parts.get('FREQ');
  if (frequency === undefined) return { ok: false, problem: 'syntax', detail: 'FREQ' };
  if (!(RECURRENCE_FREQUENCIES as readonly string[]).includes(frequency)) {
    return ['YEARLY', 'HOURLY', 'MINUTELY', 'SECONDLY'].includes(frequency)
      ? { ok: false, problem: 'frequency', detail: frequency }
      : { ok: false, problem: 'syntax', detail: 'FREQ' };
  }
  const freq = frequency as RecurrenceFrequency;
  const interval = parts.get('INTERVAL');
  if (interval !== undefined && positiveInteger(interval, INTERVAL_MAX) === null) {
    return { ok: false, problem: 'syntax', detail: 'INTERVAL' };
  }
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined && !validList(byDay, (item) => validWeekday(item, freq))) {
    return { ok: false, problem: 'syntax', detail: 'BYDAY' };
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    if (!validList(byMonthDay, validMonthDay)) {
      return { ok: false, problem: 'syntax', detail: 'BYMONTHDAY' };
    }
    // RFC 5545: BYMONTHDAY is not for weekly rules.
    if (freq === 'WEEKLY') return { ok: false, problem: 'part', detail: 'BYMONTHDAY' };
  }
  const wkst = parts.get('WKST');
  if (wkst !== undefined && !/^(MO|TU|WE|TH|FR|SA|SU)$/.test(wkst)) {
    return { ok: false, problem: 'syntax', detail: 'WKST' };
  }
  const countText = parts.get('COUNT');
  const until = parts.get('UNTIL') ?? null;
  if (countText !== undefined && until !== null) {
    // RFC 5545: COUNT and UNTIL must not both occur.
    return { ok: false, problem: 'syntax', detail: 'COUNT' };
  }
  let count: number | null = null;
  if (countText !== undefined) {
    if (!/^\d{1,6}$/.test(countText) || Number(countText) < 1) {
      return { ok: false, problem: 'syntax', detail: 'COUNT' };
    }
    count = Number(countText);
    if (count > RECURRENCE_MAX_OCCURRENCES) {
      return { ok: false, problem: 'too_many', detail: String(RECURRENCE_MAX_OCCURRENCES) };
    }
  }
  if (until !== null && !untilInstantValid(until)) {
    return { ok: false, problem: 'syntax', detail: 'UNTIL' };
  }
  const ordered = RECURRENCE_PARTS.filter((name) => parts.has(name)).map(
    (name) => `${name}=${parts.get(name)}`,
  );
  return { ok: true, rule: { rrule: ordered.join(';'), frequency: freq, count, until } };
}

function untilInstantValid(until: string): boolean {
  const match = UNTIL_PATTERN.exec(until);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1;
}
