/**
 * Fingerprints of the server's keys (table `key_checks`), and samples of the values
 * encrypted with the encryption key, which tell whether a key fits a database written
 * before fingerprints existed. The table is typed here rather than in the shared schema:
 * only the start-up check reads it.
 */
import type { Db } from './schema';

export interface KeyChecksTable {
  /** What the key is for: `encryption`. */
  name: string;
  fingerprint: string;
  created_at: number;
}

const withKeyChecks = (db: Db) => db.withTables<{ key_checks: KeyChecksTable }>();

/** The stored fingerprint of a key, or `null` when none was stored yet. */
export async function findKeyFingerprint(db: Db, name: string): Promise<string | null> {
  const row = await withKeyChecks(db)
    .selectFrom('key_checks')
    .select('fingerprint')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.fingerprint ?? null;
}

/**
 * Stores a key's fingerprint unless one is stored already: of several instances
 * starting at once on a new database, the first write wins and the others compare.
 */
export async function storeKeyFingerprint(
  db: Db,
  name: string,
  fingerprint: string,
  now: number,
): Promise<void> {
  await withKeyChecks(db)
    .insertInto('key_checks')
    .values({ name, fingerprint, created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/**
 * A few of the newest values encrypted with the encryption key (platform access tokens
 * and webhook secrets), to try the key on.
 */
export async function sampleEncryptedValues(db: Db, limit = 10): Promise<string[]> {
  const tokens = await db
    .selectFrom('integrations')
    .select('access_token as value')
    .where('access_token', 'is not', null)
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
  const secrets = await db
    .selectFrom('webhook_subscriptions')
    .select('secret as value')
    .orderBy('updated_at', 'desc')
    .limit(limit)
    .execute();
  return [...tokens, ...secrets].flatMap((row) => (row.value === null ? [] : [row.value]));
}
