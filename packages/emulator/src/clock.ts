/**
 * Time as the emulator sees it. Every expiry (codes, tokens, containers) and every rolling
 * window (publishing quota, container limit) reads this clock, so tests can move time
 * forward instead of waiting.
 */

/**
 * A source of the current time, in milliseconds since the Unix epoch.
 *
 * @example
 * ```ts
 * const fixed: Clock = { now: () => Date.UTC(2026, 0, 1) };
 * ```
 */
export interface Clock {
  now(): number;
}

/**
 * A clock that only moves when told to; for tests.
 *
 * @example
 * ```ts
 * const clock: ManualClock = createManualClock();
 * clock.advance(60_000);
 * ```
 */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms` milliseconds. */
  advance(ms: number): void;
  /** Sets the current time. */
  set(ms: number): void;
}

/**
 * The wall clock.
 *
 * @example
 * ```ts
 * const emulator = await startEmulator({ clock: systemClock });
 * ```
 */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * A clock frozen at `startMs` (default 2026-01-01T00:00:00Z) that moves only through
 * `advance` and `set`.
 *
 * @example
 * ```ts
 * const clock = createManualClock();
 * const emulator = await startEmulator({ clock });
 * clock.advance(24 * 60 * 60 * 1000); // a day later, every container has expired
 * ```
 */
export function createManualClock(startMs = Date.UTC(2026, 0, 1)): ManualClock {
  let current = startMs;
  return {
    now: () => current,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance() takes a non-negative ms');
      current += ms;
    },
    set(ms) {
      current = ms;
    },
  };
}

/**
 * The emulator's own clock: the given clock plus an offset that only grows. It lets a
 * running emulator (even one on the wall clock, started from the command line) jump ahead
 * through `POST /_emulator/clock`.
 */
export class OffsetClock implements Clock {
  #offset = 0;

  constructor(private readonly base: Clock) {}

  now(): number {
    return this.base.now() + this.#offset;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance() takes a non-negative ms');
    this.#offset += ms;
  }

  /** Drops every jump made through `advance`. */
  rewind(): void {
    this.#offset = 0;
  }
}
