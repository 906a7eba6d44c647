/**
 * The `current_time` tool: what time it is for the Reelay server, which is the clock that
 * checks the scheduling window (1 minute to 75 days ahead), shown in a time zone, so a
 * model can turn "tomorrow at 9" into a `scheduledFor` with an explicit offset.
 */
import { formatZonedDateTime, SCHEDULE_MAX_LEAD_MS, SCHEDULE_MIN_LEAD_MS } from '@reelay/sdk';

/** Where the current time comes from. */
export type TimeSource = () => Date | Promise<Date>;

/**
 * The server's time from the `Date` header of its liveness route (a public route, one
 * second of precision), or `null` when the server does not answer.
 *
 * @example
 * ```ts
 * const now = (await serverDate('https://reelay.example.com', fetch)) ?? new Date();
 * ```
 */
export async function serverDate(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Date | null> {
  try {
    const response = await fetchImpl(`${baseUrl}/healthz`, {
      signal: AbortSignal.timeout(5_000),
    });
    await response.body?.cancel();
    const header = response.headers.get('date');
    const date = header ? new Date(header) : null;
    return date && !Number.isNaN(date.getTime()) ? date : null;
  } catch {
    return null;
  }
}

/**
 * A date as ISO 8601 local time in a zone, with that zone's offset at that instant (the
 * vocabulary's `formatZonedDateTime`, the form `scheduledFor` takes).
 *
 * @example
 * ```ts
 * inZone(new Date('2026-12-01T12:00:00Z'), 'America/Sao_Paulo'); // '2026-12-01T09:00:00-03:00'
 * ```
 */
export function inZone(date: Date, timeZone: string): string {
  return formatZonedDateTime(date, timeZone);
}

/** The answer of `current_time`. */
export interface CurrentTime {
  /** Now, UTC. */
  now: string;
  /** `server` when read from the Reelay server, `local` when it did not answer. */
  source: 'server' | 'local';
  timezone: string;
  /** Now in `timezone`, with its offset: the form `scheduledFor` takes. */
  localTime: string;
  weekday: string;
  /** The window a `scheduledFor` must fall in, in `timezone`. */
  scheduling: { earliest: string; latest: string };
}

/**
 * Describes an instant for a model that is about to schedule.
 *
 * @example
 * ```ts
 * describeTime(new Date(), 'server', 'America/Sao_Paulo').localTime; // '2026-11-22T10:00:00-03:00'
 * ```
 */
export function describeTime(
  now: Date,
  source: CurrentTime['source'],
  timezone: string,
): CurrentTime {
  return {
    now: now.toISOString(),
    source,
    timezone,
    localTime: inZone(now, timezone),
    weekday: new Intl.DateTimeFormat('pt-BR', { timeZone: timezone, weekday: 'long' }).format(now),
    scheduling: {
      earliest: inZone(new Date(now.getTime() + SCHEDULE_MIN_LEAD_MS), timezone),
      latest: inZone(new Date(now.getTime() + SCHEDULE_MAX_LEAD_MS), timezone),
    },
  };
}
