/**
 * Rate-limit counters in the database, so several instances behind one address share
 * one limit (spec §8). The windows and the answer are the HTTP layer's (`RateLimiter`).
 */
import { type RateLimiter, windowResult } from '../http/rate-limiter';
import { countRequest, deleteWindowsBefore } from '../store/rate-limit-counters';
import type { Db } from '../store/schema';

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
      const count = await countRequest(db, key, windowStart);
      // Old windows are useless; clear them now and then rather than on every request.
      if (++hits % 1000 === 0) await deleteWindowsBefore(db, now - 2 * windowMs);
      return windowResult(count, limit, windowStart, windowMs, now);
    },
    close: () => {},
  };
}
