/**
 * Rate-limit counters shared by every instance on one database: one row per credential,
 * bucket and one-minute window.
 */
import { RATE_BUCKETS, type RateBucket } from '@reelay/core';
import { sql } from 'kysely';
import { rateIdentity, rateLimitKey } from '../rate-limit-keys';
import { preparedWrite } from './prepared-queries';
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
  const {
    rows: [row],
  } = await preparedWrite(db, 'count-request', { key, windowStart }, (v) =>
    db
      .insertInto('rate_limit_counters')
      .values({ key: v.key, window_start: v.windowStart, count: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(['key', 'window_start'])
          .doUpdateSet({ count: sql`rate_limit_counters.count + 1` }),
      )
      .returning('count'),
  );
  return Number(row!.count);
}

/** Deletes the counters of windows that started before `before`. */
export async function deleteWindowsBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('window_start', '<', before).execute();
}

/** Credentials per statement: each names a key in every bucket, well under parameter limits. */
const CREDENTIALS_PER_DELETE = 200;

/**
 * Deletes the counters of credentials that no longer exist (an erased user and their API
 * keys), in every bucket. Left behind, they would keep those ids until old windows are
 * next cleared, which a quiet server may not do for a long time.
 *
 * @example
 * ```ts
 * await deleteCountersOfCredentials(trx, { userId, apiKeyIds });
 * ```
 */
export async function deleteCountersOfCredentials(
  db: Db,
  credentials: { userId: string; apiKeyIds: readonly string[] },
): Promise<void> {
  const identities = [
    rateIdentity('user', credentials.userId),
    ...credentials.apiKeyIds.map((apiKeyId) => rateIdentity('key', apiKeyId)),
  ];
  const buckets = Object.keys(RATE_BUCKETS) as RateBucket[];
  for (let start = 0; start < identities.length; start += CREDENTIALS_PER_DELETE) {
    const keys = identities
      .slice(start, start + CREDENTIALS_PER_DELETE)
      .flatMap((identity) => buckets.map((bucket) => rateLimitKey(bucket, identity)));
    await db.deleteFrom('rate_limit_counters').where('key', 'in', keys).execute();
  }
}
