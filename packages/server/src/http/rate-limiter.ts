/**
 * Fixed one-minute windows per credential and bucket (spec §8). With SQLite (one
 * server) counters live in memory; with PostgreSQL they live in the database
 * (`services/database-rate-limiter.ts`), so several instances share one limit.
 */

export interface RateLimitResult {
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
  limited: boolean;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number, now: number): Promise<RateLimitResult>;
  close(): void;
}

/**
 * The answer for a window's `count`-th request.
 *
 * @example
 * ```ts
 * windowResult(301, 300, windowStart, 60_000, now).limited; // true
 * ```
 */
export function windowResult(
  count: number,
  limit: number,
  windowStart: number,
  windowMs: number,
  now: number,
): RateLimitResult {
  return {
    limit,
    remaining: Math.max(0, limit - count),
    resetSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
    limited: count > limit,
  };
}

/**
 * Counters in this process's memory.
 *
 * @example
 * ```ts
 * const limiter = createMemoryRateLimiter();
 * await limiter.hit('key:key_01…:default', 300, 60_000, Date.now());
 * ```
 */
export function createMemoryRateLimiter(): RateLimiter {
  const counters = new Map<string, { windowStart: number; count: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, counter] of counters)
      if (counter.windowStart < now - 120_000) counters.delete(key);
  }, 60_000);
  sweep.unref();
  return {
    async hit(key, limit, windowMs, now) {
      const windowStart = now - (now % windowMs);
      const counter = counters.get(key);
      const count = counter && counter.windowStart === windowStart ? counter.count + 1 : 1;
      counters.set(key, { windowStart, count });
      return windowResult(count, limit, windowStart, windowMs, now);
    },
    close: () => clearInterval(sweep),
  };
}
