/**
 * A database of its own for each benchmark run: a new SQLite file, or a new PostgreSQL
 * database created beside the one named, dropped at the end. A run never meets an earlier
 * run's rows, nor its encryption key (a server refuses a database whose secrets another
 * key wrote).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Dialect } from './publishing-options';

/** Where new PostgreSQL databases are created from, unless a run names another server. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface FreshDatabase {
  /** A `DATABASE_URL`: the file path on SQLite. */
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates the database, or answers `null` when PostgreSQL is not reachable at `adminUrl`.
 *
 * @example
 * ```ts
 * const database = await freshDatabase('postgres');
 * if (database) try { … } finally { await database.drop(); }
 * ```
 */
export async function freshDatabase(
  dialect: Dialect,
  adminUrl: string = POSTGRES_URL,
): Promise<FreshDatabase | null> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'reelay-bench-db-'));
    return {
      url: join(dir, 'reelay.db'),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `reelay_bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
