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

/** Formats a stored millisecond time as the API writes dates: ISO 8601, UTC, with `Z`. */
export function isoTime(time: number): string;
export function isoTime(time: number | null): string | null;
export function isoTime(time: number | null): string | null {
  return time === null ? null : new Date(time).toISOString();
}
