/**
 * Rate-limit counters shared by every instance on one database: one row per credential,
 * bucket and one-minute window.
 */
import { sql } from 'kysely';
import type { Db } from './schema';

/**
 * Counts one request in a window and answers the window's count, this one included.
 *
 * @example
 * ```ts
 * await countRequest(db, 'key:key_01…:default', windowStart); // 1 for the window's first
 * ```
 */
export async function countRequest(db: Db, key: string, windowStart: number): Promise<number> {
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
  return Number(row.count);
}

/** Deletes the counters of windows that started before `before`. */
export async function deleteWindowsBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('window_start', '<', before).execute();
}
