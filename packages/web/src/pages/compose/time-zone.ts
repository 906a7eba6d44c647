/**
 * Wall-clock dates and times in an IANA time zone, in the shapes the composer's inputs
 * use (`YYYY-MM-DD`, `HH:mm`): the offset of a zone at an instant, the instant a date and
 * time in a zone name, and the `scheduledFor` text the API takes (an explicit offset,
 * never a bare local time). The arithmetic is the contract's (`resolveZonedTime`).
 */

import {
  formatOffset,
  resolveZonedTime,
  wallClockAt,
  zoneOffsetLabel,
  zoneOffsetMinutes,
} from '@reelay/sdk';

/*
 * Browsers answer ICU's names, some of which IANA has since renamed (Asia/Calcutta is
 * Asia/Kolkata); people look for the current ones. Both name the same zone everywhere.
 */
const RENAMED: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * A zone's current IANA name.
 *
 * @example
 * ```ts
 * currentZoneName('Asia/Calcutta'); // 'Asia/Kolkata'
 * ```
 */
export function currentZoneName(zone: string): string {
  return RENAMED[zone] ?? zone;
}

/** The zone this browser runs in, such as `America/Sao_Paulo`. */
export function browserTimeZone(): string {
  return currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/**
 * Every zone the browser knows, by current name, sorted, with `current` and `UTC` always
 * among them (browsers leave UTC and aliases such as `Etc/UTC` out of their list).
 *
 * @example
 * ```ts
 * timeZones('America/Sao_Paulo').includes('Asia/Tokyo'); // true
 * ```
 */
export function timeZones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known.map(currentZoneName), current, 'UTC'])].sort();
}

/**
 * Minutes the zone is ahead of UTC at an instant: `-180` for São Paulo, `330` for Kolkata.
 *
 * @example
 * ```ts
 * offsetMinutes('Asia/Kolkata', new Date()); // 330
 * ```
 */
export function offsetMinutes(zone: string, at: Date): number {
  return zoneOffsetMinutes(zone, at);
}

/**
 * An offset as the API writes it: `-03:00`, `+05:30`, `+00:00`.
 *
 * @example
 * ```ts
 * isoOffset(-180); // '-03:00'
 * ```
 */
export function isoOffset(minutes: number): string {
  return formatOffset(minutes);
}

/**
 * A zone with its offset at an instant, as people read it: `America/Sao_Paulo (UTC−03:00)`
 * (a true minus sign).
 *
 * @example
 * ```ts
 * zoneLabel('Asia/Kolkata', new Date()); // 'Asia/Kolkata (UTC+05:30)'
 * ```
 */
export function zoneLabel(zone: string, at: Date): string {
  return zoneOffsetLabel(zone, at);
}

const twoDigits = (value: number, width = 2) => String(value).padStart(width, '0');

/** The date (`YYYY-MM-DD`) and time (`HH:mm`) an instant shows on clocks of a zone. */
export function wallClock(instant: Date, zone: string): { date: string; time: string } {
  const clock = wallClockAt(instant, zone);
  return {
    date: `${twoDigits(clock.year, 4)}-${twoDigits(clock.month)}-${twoDigits(clock.day)}`,
    time: `${twoDigits(clock.hour)}:${twoDigits(clock.minute)}`,
  };
}

export interface ZonedTime {
  instant: Date;
  /** What `scheduledFor` carries: the wall-clock time with the zone's offset then. */
  iso: string;
}

/**
 * The instant a date and time name in a zone, with its `scheduledFor` text. `null` for a
 * malformed value, or a time the clocks of that zone skip (the hour lost when daylight
 * saving time starts).
 *
 * @example
 * ```ts
 * zonedTime('2026-12-01', '09:00', 'America/Sao_Paulo')?.iso; // '2026-12-01T09:00:00-03:00'
 * ```
 */
export function zonedTime(date: string, time: string, zone: string): ZonedTime | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dateMatch || !timeMatch) return null;
  const [year, month, day] = dateMatch.slice(1).map(Number) as [number, number, number];
  const [hour, minute] = timeMatch.slice(1).map(Number) as [number, number];
  // A date the calendar does not have (30 February) is refused, not rolled over.
  const asUtc = new Date(Date.UTC(year, month - 1, day));
  if (asUtc.getUTCMonth() !== month - 1 || asUtc.getUTCDate() !== day || hour > 23 || minute > 59) {
    return null;
  }
  const { instant, resolution } = resolveZonedTime({ year, month, day, hour, minute }, zone);
  // A time the clocks skip names no instant: the person picks another, rather than
  // having the post silently moved past the gap.
  if (resolution === 'gap') return null;
  const offset = offsetMinutes(zone, new Date(instant));
  return { instant: new Date(instant), iso: `${date}T${time}:00${isoOffset(offset)}` };
}
