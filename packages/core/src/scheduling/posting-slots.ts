/**
 * Posting slots: a weekly schedule of wall-clock times in an IANA time zone ("Monday to
 * Friday at 09:00 and 18:00 in America/Sao_Paulo"), resolved to instants one date at a
 * time with `vocabulary/zoned-time` (the runtime's zone database through `Intl`), so 09:00
 * stays 09:00 on both sides of a daylight saving change.
 *
 * Times a daylight saving change makes ambiguous follow that module's one rule:
 * - a time skipped by the change (02:30 in New York on 2026-03-08) moves to the first
 *   valid minute after the gap: the slot happens at 03:00 that day;
 * - a time that happens twice (01:30 in New York on 2026-11-01) is taken the first time.
 * Two slots resolving to the same instant count once.
 */

import { WEEKDAYS, type Weekday } from '../vocabulary/enums';
import { SLOT_TIME_PATTERN } from '../vocabulary/limits';
import { wallClockAt, zonedTimeToInstant } from '../vocabulary/zoned-time';

/** One weekly slot: a day and a wall-clock time (`HH:MM`). */
export interface WeeklySlot {
  readonly day: Weekday;
  readonly time: string;
}

/** A weekly schedule: its slots, read in `timezone`. */
export interface WeeklySchedule {
  /** IANA zone name, such as `America/Sao_Paulo`. */
  readonly timezone: string;
  readonly slots: readonly WeeklySlot[];
}

/** One slot on one date, resolved. */
export interface SlotOccurrence {
  /** The instant, in milliseconds since the epoch. */
  readonly at: number;
  /** The wall clock at that instant in the schedule's zone: `YYYY-MM-DDTHH:MM`. */
  readonly local: string;
  /** The slot's day of the week. */
  readonly day: Weekday;
}

const MINUTE_MS = 60_000;

interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DDTHH:MM` of the wall clock an instant shows in a zone. */
function localAt(instant: number, timeZone: string): string {
  const clock = wallClockAt(instant, timeZone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** The weekday of a civil date. */
function weekdayOf(date: CivilDate): Weekday {
  const sundayFirst = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

/** The civil date `days` after `date`. */
function addDays(date: CivilDate, days: number): CivilDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

/** Hours and minutes of a `HH:MM` text; throws on anything else. */
function parseSlotTime(time: string): { hour: number; minute: number } {
  const match = SLOT_TIME_PATTERN.exec(time);
  if (!match) throw new RangeError(`hora de horário inválida: ${time}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

/**
 * The instant at which a wall-clock time happens on a date in a zone, with the rule of
 * `vocabulary/zoned-time` for times a daylight saving change skips or repeats.
 *
 * @example
 * ```ts
 * new Date(resolveWallClock({ year: 2026, month: 3, day: 8 }, '09:00', 'America/New_York')).toISOString();
 * // '2026-03-08T13:00:00.000Z' (EDT)
 * new Date(resolveWallClock({ year: 2026, month: 3, day: 8 }, '02:30', 'America/New_York')).toISOString();
 * // '2026-03-08T07:00:00.000Z': 02:30 does not exist that day; 03:00 EDT
 * new Date(resolveWallClock({ year: 2026, month: 11, day: 1 }, '01:30', 'America/New_York')).toISOString();
 * // '2026-11-01T05:30:00.000Z': the first 01:30 (EDT)
 * ```
 */
export function resolveWallClock(
  date: { year: number; month: number; day: number },
  time: string,
  timeZone: string,
): number {
  return zonedTimeToInstant({ ...date, ...parseSlotTime(time) }, timeZone);
}

/**
 * The slots sorted Monday first, then by time, without repeats: the order a schedule is
 * stored and shown in.
 *
 * @example
 * ```ts
 * sortSlots([{ day: 'friday', time: '18:00' }, { day: 'monday', time: '09:00' }]);
 * // [{ day: 'monday', time: '09:00' }, { day: 'friday', time: '18:00' }]
 * ```
 */
export function sortSlots(slots: readonly WeeklySlot[]): WeeklySlot[] {
  const seen = new Set<string>();
  return slots
    .filter((slot) => {
      const key = `${slot.day} ${slot.time}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((slot) => ({ day: slot.day, time: slot.time }))
    .sort(
      (a, b) =>
        WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) ||
        (a.time < b.time ? -1 : a.time > b.time ? 1 : 0),
    );
}

/**
 * Every occurrence of the schedule's slots from `from` to `until` (both included, epoch
 * milliseconds), in time order, each date resolved in the schedule's zone. Lazy: stop
 * iterating when you have enough.
 *
 * @example
 * ```ts
 * const schedule = { timezone: 'America/Sao_Paulo', slots: [{ day: 'monday', time: '09:00' }] };
 * const [first] = slotOccurrences(schedule, Date.parse('2026-11-23T00:00:00Z'), Date.parse('2026-12-01T00:00:00Z'));
 * // { at: Date.parse('2026-11-23T12:00:00Z'), local: '2026-11-23T09:00', day: 'monday' }
 * ```
 */
export function* slotOccurrences(
  schedule: WeeklySchedule,
  from: number,
  until: number,
): Generator<SlotOccurrence> {
  if (schedule.slots.length === 0 || until < from) return;
  const { timezone } = schedule;
  const byDay = new Map<Weekday, string[]>();
  for (const slot of sortSlots(schedule.slots)) {
    byDay.set(slot.day, [...(byDay.get(slot.day) ?? []), slot.time]);
  }
  // A day before `from`'s local date too: a skipped time near midnight may move past it.
  let date = addDays(wallClockAt(from, timezone), -1);
  const last = addDays(wallClockAt(until, timezone), 1);
  const lastKey = Date.UTC(last.year, last.month - 1, last.day);
  let previous = -Infinity;
  while (Date.UTC(date.year, date.month - 1, date.day) <= lastKey) {
    const day = weekdayOf(date);
    const times = byDay.get(day);
    if (times) {
      const instants = times
        .map((time) => resolveWallClock(date, time, timezone))
        .sort((a, b) => a - b);
      for (const at of instants) {
        if (at <= previous || at < from || at > until) continue;
        previous = at;
        yield { at, local: localAt(at, timezone), day };
      }
    }
    date = addDays(date, 1);
  }
}

/**
 * The minute an instant falls in: a slot is taken by anything scheduled within its minute.
 *
 * @example
 * ```ts
 * slotMinute(Date.parse('2026-12-01T12:00:30Z')) === slotMinute(Date.parse('2026-12-01T12:00:00Z')); // true
 * ```
 */
export function slotMinute(instant: number): number {
  return Math.floor(instant / MINUTE_MS);
}

/** What {@link freeSlots} looks for. */
export interface FreeSlotsOptions {
  /** First instant a slot may have (epoch milliseconds, included). */
  readonly from: number;
  /** Last instant a slot may have (included). */
  readonly until: number;
  /** Instants already scheduled: a slot whose minute holds one of them is taken. */
  readonly taken: Iterable<number>;
  /** How many slots at most. */
  readonly count: number;
}

/**
 * The next `count` occurrences of the schedule between `from` and `until` whose minute is
 * not taken, in time order.
 *
 * @example
 * ```ts
 * const schedule = { timezone: 'UTC', slots: [{ day: 'monday', time: '09:00' }, { day: 'monday', time: '18:00' }] };
 * freeSlots(schedule, {
 *   from: Date.parse('2026-11-23T00:00:00Z'),
 *   until: Date.parse('2026-11-24T00:00:00Z'),
 *   taken: [Date.parse('2026-11-23T09:00:00Z')],
 *   count: 5,
 * }).map((slot) => slot.local); // ['2026-11-23T18:00']
 * ```
 */
export function freeSlots(schedule: WeeklySchedule, options: FreeSlotsOptions): SlotOccurrence[] {
  const taken = new Set<number>();
  for (const instant of options.taken) taken.add(slotMinute(instant));
  const found: SlotOccurrence[] = [];
  if (options.count <= 0) return found;
  for (const occurrence of slotOccurrences(schedule, options.from, options.until)) {
    if (taken.has(slotMinute(occurrence.at))) continue;
    found.push(occurrence);
    if (found.length >= options.count) break;
  }
  return found;
}
