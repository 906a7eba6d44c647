/**
 * Fixed one-minute windows per credential and bucket (spec §8). With SQLite (one
 * server) counters live in memory; with PostgreSQL they live in the database, so several
 * instances share one limit.
 */
import { sql } from 'kysely';
import type { Db } from '../store/schema';

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

function result(
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
      return result(count, limit, windowStart, windowMs, now);
    },
    close: () => clearInterval(sweep),
  };
}

/**
 * Counters in the database, one upsert per request.
 *
 * @example
 * ```ts
 * const limiter = createDatabaseRateLimiter(store.db);
 * ```
 */
export function createDatabaseRateLimiter(db: Db): RateLimiter {
  let hits = 0;
  return {
    async hit(key, limit, windowMs, now) {
      const windowStart = now - (now % windowMs);
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ key, window_start: windowStart, count: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['key', 'window_start'])
            .doUpdateSet({ count: sql`rate_limit_counters.count + 1` }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      // Old windows are useless; clear them now and then rather than on every request.
      if (++hits % 1000 === 0) {
        await db
          .deleteFrom('rate_limit_counters')
          .where('window_start', '<', now - 2 * windowMs)
          .execute();
      }
      return result(Number(row.count), limit, windowStart, windowMs, now);
    },
    close: () => {},
  };
}
