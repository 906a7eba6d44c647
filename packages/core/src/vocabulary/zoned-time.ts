/**
 * Wall clocks in IANA time zones, with the runtime's `Intl` only (no date library): the
 * wall clock an instant shows in a zone, the instant a wall clock names in a zone, and a
 * zone's offset as text. Every place that turns "09:00 in America/Sao_Paulo" into an
 * instant (posting slots, the CLI's `--at`, the web composer, the MCP's `current_time`)
 * uses this module, so a daylight saving change is decided once:
 *
 * - a time the change skips (02:30 in New York on 2026-03-08) moves to the first valid
 *   minute after the gap: 03:00 EDT, the instant the clocks jumped;
 * - a time that happens twice (01:30 in New York on 2026-11-01) is taken the first time,
 *   with the earlier instant (the offset before the change).
 *
 * The answer says which case applied, so a caller may refuse a skipped time instead.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A civil date and time as clocks show it, without a zone. Months count from 1. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  /** Whole seconds; 0 when absent. */
  readonly second?: number | undefined;
}

/**
 * How a wall clock met the zone's clocks: it happened once (`exact`), the clocks skipped
 * it (`gap`: the instant is the first valid minute after), or it happened twice
 * (`overlap`: the instant is the earlier one).
 */
export const ZONED_TIME_RESOLUTIONS = ['exact', 'gap', 'overlap'] as const;
export type ZonedTimeResolution = (typeof ZONED_TIME_RESOLUTIONS)[number];

/** The instant a wall clock names in a zone. */
export interface ZonedInstant {
  /** Milliseconds since the epoch. */
  readonly instant: number;
  readonly resolution: ZonedTimeResolution;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

const toMillis = (instant: number | Date) =>
  typeof instant === 'number' ? instant : instant.getTime();

/**
 * The wall clock an instant shows in a zone, to the second. Throws `RangeError` for a zone
 * the runtime does not know.
 *
 * @example
 * ```ts
 * wallClockAt(Date.parse('2026-12-01T12:00:00Z'), 'America/Sao_Paulo');
 * // { year: 2026, month: 12, day: 1, hour: 9, minute: 0, second: 0 }
 * ```
 */
export function wallClockAt(instant: number | Date, timeZone: string): Required<WallClock> {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(toMillis(instant)))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const wallAsUtc = (clock: WallClock) =>
  Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second ?? 0);

/** The zone's offset at an instant in milliseconds (wall clock minus UTC), to the minute. */
function offsetMsAt(instant: number, timeZone: string): number {
  const minute = Math.floor(instant / MINUTE_MS) * MINUTE_MS;
  return wallAsUtc(wallClockAt(minute, timeZone)) - minute;
}

/**
 * Minutes the zone is ahead of UTC at an instant: `-180` for São Paulo, `330` for Kolkata.
 *
 * @example
 * ```ts
 * zoneOffsetMinutes('Asia/Kolkata', Date.now()); // 330
 * zoneOffsetMinutes('America/New_York', Date.parse('2026-07-01T12:00:00Z')); // -240
 * ```
 */
export function zoneOffsetMinutes(timeZone: string, instant: number | Date): number {
  return Math.round(offsetMsAt(toMillis(instant), timeZone) / MINUTE_MS);
}

/**
 * The instant a wall clock names in a zone, with this module's rule for times a daylight
 * saving change skips or repeats (see {@link ZonedTimeResolution}). The zone's offsets a
 * day before and a day after are the only candidates: no zone changes its clocks twice
 * within two days. Throws `RangeError` for a zone the runtime does not know.
 *
 * @example
 * ```ts
 * const at = (hour: number, minute: number, day = 8, month = 3) =>
 *   resolveZonedTime({ year: 2026, month, day, hour, minute }, 'America/New_York');
 * new Date(at(9, 0).instant).toISOString(); // '2026-03-08T13:00:00.000Z' (EDT), 'exact'
 * new Date(at(2, 30).instant).toISOString(); // '2026-03-08T07:00:00.000Z' (03:00 EDT), 'gap'
 * new Date(at(1, 30, 1, 11).instant).toISOString(); // '2026-11-01T05:30:00.000Z' (EDT), 'overlap'
 * ```
 */
export function resolveZonedTime(clock: WallClock, timeZone: string): ZonedInstant {
  const wanted = wallAsUtc(clock);
  const before = offsetMsAt(wanted - DAY_MS, timeZone);
  const after = offsetMsAt(wanted + DAY_MS, timeZone);
  // No change of offset within a day of this time (almost always): one answer.
  if (before === after) return { instant: wanted - before, resolution: 'exact' };
  const matching = [wanted - before, wanted - after]
    .filter((instant) => wallAsUtc(wallClockAt(instant, timeZone)) === wanted)
    .sort((a, b) => a - b);
  if (matching.length === 2 && matching[0] !== matching[1]) {
    return { instant: matching[0]!, resolution: 'overlap' };
  }
  if (matching.length > 0) return { instant: matching[0]!, resolution: 'exact' };
  return {
    instant: transitionWithin(wanted - after, wanted - before, after, timeZone),
    resolution: 'gap',
  };
}

/**
 * The first minute in `(from, to]` at which the zone's offset is `offset`: the instant the
 * clocks jumped, found by halving (a gap of a day takes 11 steps).
 */
function transitionWithin(from: number, to: number, offset: number, timeZone: string): number {
  let low = Math.floor(from / MINUTE_MS);
  let high = Math.ceil(to / MINUTE_MS);
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (offsetMsAt(middle * MINUTE_MS, timeZone) === offset) high = middle;
    else low = middle;
  }
  return high * MINUTE_MS;
}

/**
 * The instant a wall clock names in a zone, as epoch milliseconds: {@link resolveZonedTime}
 * without saying which case applied.
 *
 * @example
 * ```ts
 * new Date(zonedTimeToInstant({ year: 2026, month: 12, day: 1, hour: 9, minute: 0 }, 'America/Sao_Paulo')).toISOString();
 * // '2026-12-01T12:00:00.000Z'
 * ```
 */
export function zonedTimeToInstant(clock: WallClock, timeZone: string): number {
  return resolveZonedTime(clock, timeZone).instant;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * An offset in minutes as ISO 8601 and the API write it: `-03:00`, `+05:30`, `+00:00`.
 *
 * @example
 * ```ts
 * formatOffset(-180); // '-03:00'
 * formatOffset(345); // '+05:45'
 * ```
 */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/**
 * An instant as ISO 8601 local time in a zone with that zone's offset then, to the second:
 * the form `scheduledFor` takes.
 *
 * @example
 * ```ts
 * formatZonedDateTime(Date.parse('2026-12-01T12:00:00Z'), 'America/Sao_Paulo'); // '2026-12-01T09:00:00-03:00'
 * ```
 */
export function formatZonedDateTime(instant: number | Date, timeZone: string): string {
  const millis = toMillis(instant);
  const clock = wallClockAt(millis, timeZone);
  const local =
    `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}` +
    `T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;
  return `${local}${formatOffset(zoneOffsetMinutes(timeZone, millis))}`;
}

/**
 * A zone with its offset at an instant, as people read it, with a true minus sign:
 * `America/Sao_Paulo (UTC−03:00)`.
 *
 * @example
 * ```ts
 * zoneOffsetLabel('Asia/Kolkata', Date.now()); // 'Asia/Kolkata (UTC+05:30)'
 * ```
 */
export function zoneOffsetLabel(timeZone: string, instant: number | Date): string {
  return `${timeZone} (UTC${formatOffset(zoneOffsetMinutes(timeZone, instant)).replace('-', '\u2212')})`;
}
