/**
 * What a backup's manifest records of its database: the newest migration applied and
 * the stored fingerprint of the encryption key.
 */
import { sql } from 'kysely';
import type { DatabaseSettings } from '../reelay-config';
import { openStore } from '../store/database';
import { findKeyFingerprint } from '../store/key-checks';

export interface DatabaseFacts {
  lastMigration: string | null;
  keyCheck: string | null;
}

/** Reads the facts from a database (for SQLite, the copy just made, so they match it). */
export async function readDatabaseFacts(settings: DatabaseSettings): Promise<DatabaseFacts> {
  const store = openStore(settings, { poolSize: 1 });
  try {
    // Migration names start with their date, so the greatest is the newest.
    const { rows } = await sql<{
      name: string | null;
    }>`select max(name) as name from kysely_migration`.execute(store.db);
    return {
      lastMigration: rows[0]?.name ?? null,
      keyCheck: await findKeyFingerprint(store.db, 'encryption'),
    };
  } finally {
    await store.close();
  }
}
