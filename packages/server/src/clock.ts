/**
 * The source of time. Everything that reads "now" takes a Clock, so tests can run a
 * 75-day schedule in milliseconds.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Jumps to an instant. */
  set(time: number | Date): void;
}

/**
 * Creates a clock that only moves when told to.
 *
 * @example
 * ```ts
 * const clock = createManualClock(new Date('2026-11-21T12:00:00Z'));
 * clock.advance(60_000);
 * new Date(clock.now()).toISOString(); // '2026-11-21T12:01:00.000Z'
 * ```
 */
export function createManualClock(start: number | Date = Date.now()): ManualClock {
  let current = typeof start === 'number' ? start : start.getTime();
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (time) => {
      current = typeof time === 'number' ? time : time.getTime();
    },
  };
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));
const DAY_MS = 86_400_000;
/** 9999-12-31T23:59:59.999Z: past it, `toISOString` writes six-digit years. */
const LAST_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;
// The dates of one answer fall on few days: the last day's text is kept.
let lastDay = Number.NaN;
let lastDayText = '';

/** `YYYY-MM-DDT` of a day counted from the epoch (civil calendar, H. Hinnant's method). */
function dayText(day: number): string {
  const shifted = day + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${TWO_DIGITS[month]}-${TWO_DIGITS[dayOfMonth]}T`;
}

/**
 * Formats a stored millisecond time as the API writes dates: ISO 8601, UTC, with `Z`,
 * exactly as `Date#toISOString` does. List answers format many dates, so the common
 * case (whole milliseconds, years 1970–9999) is written here without a `Date`.
 *
 * @example
 * ```ts
 * isoTime(1_795_000_000_000); // '2026-11-18T11:06:40.000Z'
 * isoTime(null); // null
 * ```
 */
export function isoTime(time: number): string;
export function isoTime(time: number | null): string | null;
export function isoTime(time: number | null): string | null {
  if (time === null) return null;
  if (!(time >= 0 && time <= LAST_FOUR_DIGIT_YEAR_MS) || time % 1 !== 0) {
    return new Date(time).toISOString();
  }
  const day = Math.floor(time / DAY_MS);
  if (day !== lastDay) {
    lastDayText = dayText(day);
    lastDay = day;
  }
  let rest = time - day * DAY_MS;
  const ms = rest % 1000;
  rest = (rest - ms) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  const minutes = rest % 60;
  const hours = (rest - minutes) / 60;
  return `${lastDayText}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[ms]}Z`;
}
