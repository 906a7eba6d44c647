/**
 * The time zone the app shows times in: the browser's own zone unless the person chose
 * another (remembered in this browser). Times are always shown with the zone's IANA name
 * and its current offset, so nobody has to guess which 10:00 a post is at. Also turns a
 * wall-clock date and time in a zone into the ISO instant with offset the API asks for.
 */
import {
  formatOffset,
  isIanaTimeZone,
  resolveZonedTime,
  wallClockAt,
  zoneOffsetLabel,
  zoneOffsetMinutes,
} from '@reelay/sdk';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { i18n } from '../i18n';

const STORAGE_KEY = 'reelay.timeZone';
const listeners = new Set<(zone: string) => void>();

/**
 * Whether the browser knows `zone` as an IANA time zone name.
 *
 * @example
 * ```ts
 * isTimeZone('Europe/Lisbon'); // true
 * isTimeZone('-03:00'); // false
 * ```
 */
export function isTimeZone(zone: string): boolean {
  return isIanaTimeZone(zone);
}

/**
 * The browser's zone (the operating system's setting), `UTC` when it does not say.
 *
 * @example
 * ```ts
 * browserTimeZone(); // 'America/Sao_Paulo'
 * ```
 */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

function readStored(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The zone times are shown in.
 *
 * @example
 * ```ts
 * personTimeZone(); // 'America/Sao_Paulo'
 * ```
 */
export function personTimeZone(): string {
  const stored = readStored();
  return stored && isTimeZone(stored) ? stored : browserTimeZone();
}

/**
 * Chooses the zone times are shown in, for every page, remembered in this browser.
 *
 * @example
 * ```ts
 * setPersonTimeZone('Europe/Lisbon');
 * ```
 */
export function setPersonTimeZone(zone: string): void {
  if (!isTimeZone(zone)) return;
  try {
    if (zone === browserTimeZone()) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, zone);
  } catch {
    // not remembered; still used for this visit
  }
  for (const listener of listeners) listener(zone);
}

/**
 * The person's zone, re-rendering when it changes.
 *
 * @example
 * ```tsx
 * const zone = usePersonTimeZone();
 * return <p>{zoneLabel(zone)}</p>;
 * ```
 */
export function usePersonTimeZone(): string {
  const [zone, setZone] = useState(personTimeZone);
  useEffect(() => {
    listeners.add(setZone);
    return () => void listeners.delete(setZone);
  }, []);
  return zone;
}

/**
 * Minutes east of UTC in `zone` at the instant `at`.
 *
 * @example
 * ```ts
 * offsetMinutes('America/Sao_Paulo', new Date()); // -180
 * ```
 */
export function offsetMinutes(zone: string, at: Date): number {
  return zoneOffsetMinutes(zone, at);
}

/**
 * The zone's name and its offset at `at`, as shown beside every time.
 *
 * @example
 * ```ts
 * zoneLabel('America/Sao_Paulo'); // 'America/Sao_Paulo (UTC−03:00)'
 * ```
 */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  return zoneOffsetLabel(zone, at);
}

/**
 * A date and time as people of the app's language write them, in `zone`.
 *
 * @example
 * ```ts
 * formatInZone('2026-12-01T13:00:00.000Z', 'America/Sao_Paulo'); // '1 de dez. de 2026 10:00'
 * ```
 */
export function formatInZone(iso: string, zone: string): string {
  return new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: zone,
  }).format(new Date(iso));
}

/**
 * The wall-clock date (`YYYY-MM-DD`) and time (`HH:MM`) of an instant in `zone`.
 *
 * @example
 * ```ts
 * wallClockIn('2026-12-01T13:00:00.000Z', 'America/Sao_Paulo'); // { date: '2026-12-01', time: '10:00' }
 * ```
 */
export function wallClockIn(iso: string, zone: string): { date: string; time: string } {
  const clock = wallClockAt(new Date(iso), zone);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return {
    date: `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`,
    time: `${pad(clock.hour)}:${pad(clock.minute)}`,
  };
}

/**
 * The instant of a wall-clock date and time in `zone`, written with its offset as the API
 * wants it (`scheduledFor` must carry one). A time that does not exist (skipped by a
 * daylight-saving change) moves forward by the gap, as clocks do.
 *
 * @example
 * ```ts
 * instantInZone('2026-12-01', '10:00', 'America/Sao_Paulo'); // '2026-12-01T10:00:00-03:00'
 * ```
 */
export function instantInZone(date: string, time: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || !clock || !isTimeZone(zone)) return null;
  const wall = {
    year: Number(match[1]),
    month: Number(match[2]),
    day: Number(match[3]),
    hour: Number(clock[1]),
    minute: Number(clock[2]),
  };
  const resolved = resolveZonedTime(wall, zone);
  // Inside a skipped hour the time moves forward by the gap, as clocks do: the offset
  // from before the change applies, so 02:30 on the night clocks jump to 03:00 is 03:30.
  const offsetBefore =
    resolved.resolution === 'gap' ? zoneOffsetMinutes(zone, resolved.instant - 60_000) : null;
  const instant =
    offsetBefore === null
      ? resolved.instant
      : Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) -
        offsetBefore * 60_000;
  const offset = zoneOffsetMinutes(zone, instant);
  const local = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  return `${local}${formatOffset(offset)}`;
}

/** Every IANA zone the browser knows, the current one first when it is missing. */
function allZones(current: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

export interface TimeZoneSelectProps {
  id: string;
  label: string;
  value: string;
  onChange(zone: string): void;
  /** A lasting hint under the list. */
  hint?: string;
}

/** A labelled list of every IANA zone, each shown with its current offset. */
export function TimeZoneSelect({ id, label, value, onChange, hint }: TimeZoneSelectProps) {
  const zones = useMemo(() => allZones(value), [value]);
  const now = useMemo(() => new Date(), []);
  return (
    <label for={id}>
      {label}
      <select
        id={id}
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone === value ? zoneLabel(zone, now) : zone}
          </option>
        ))}
      </select>
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </label>
  );
}
