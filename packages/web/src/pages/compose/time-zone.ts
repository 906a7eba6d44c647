/**
 * Wall-clock dates and times in an IANA time zone, with the browser's `Intl` only: the
 * offset of a zone at an instant, the instant a date and time in a zone name, and the
 * `scheduledFor` text the API takes (an explicit offset, never a bare local time).
 */

const MINUTE_MS = 60_000;
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const partFormats = new Map<string, Intl.DateTimeFormat>();

function offsetFormat(zone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  return format;
}

function partFormat(zone: string): Intl.DateTimeFormat {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partFormats.set(zone, format);
  }
  return format;
}

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
  const name = offsetFormat(zone)
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name ?? '');
  if (!match) return 0; // plain "GMT": UTC itself
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
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
  const sign = minutes < 0 ? '-' : '+';
  const size = Math.abs(minutes);
  return `${sign}${twoDigits(Math.floor(size / 60))}:${twoDigits(size % 60)}`;
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
  return `${zone} (UTC${isoOffset(offsetMinutes(zone, at)).replace('-', '\u2212')})`;
}

/** The date (`YYYY-MM-DD`) and time (`HH:mm`) an instant shows on clocks of a zone. */
export function wallClock(instant: Date, zone: string): { date: string; time: string } {
  const parts: Record<string, string> = {};
  for (const part of partFormat(zone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
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
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The offset depends on the instant, which depends on the offset: two rounds settle it
  // everywhere but inside a clock change, which the check below refuses.
  let instant = asUtc - offsetMinutes(zone, new Date(asUtc)) * MINUTE_MS;
  instant = asUtc - offsetMinutes(zone, new Date(instant)) * MINUTE_MS;
  const shown = wallClock(new Date(instant), zone);
  if (shown.date !== date || shown.time !== time) return null;
  const offset = offsetMinutes(zone, new Date(instant));
  return { instant: new Date(instant), iso: `${date}T${time}:00${isoOffset(offset)}` };
}
