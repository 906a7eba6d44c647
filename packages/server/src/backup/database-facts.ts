/**
 * What a backup's manifest records of its database: the newest migration applied and
 * the stored fingerprint of the encryption key.
 */
import type { DatabaseSettings } from '../reelay-config';
import { openStore } from '../store/database';
import { lastAppliedMigration } from '../store/database-facts';
import { ENCRYPTION_KEY_CHECK } from '../security/encryption-key-check';
import { findKeyFingerprint } from '../store/key-checks';

export interface DatabaseFacts {
  lastMigration: string | null;
  keyCheck: string | null;
}

/** Reads the facts from a database (for SQLite, the copy just made, so they match it). */
export async function readDatabaseFacts(settings: DatabaseSettings): Promise<DatabaseFacts> {
  const store = openStore(settings, { poolSize: 1 });
  try {
    return {
      lastMigration: await lastAppliedMigration(store.db),
      keyCheck: await findKeyFingerprint(store.db, ENCRYPTION_KEY_CHECK),
    };
  } finally {
    await store.close();
  }
}
