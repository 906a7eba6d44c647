/**
 * Facts about a database itself rather than its rows, for backups: the newest migration
 * applied (Kysely's own `kysely_migration` table), whether Reelay's tables exist, and
 * PostgreSQL's major version.
 */
import { sql } from 'kysely';
import type { Db } from './schema';

/** The newest migration applied; names start with their date, so it is the greatest. */
export async function lastAppliedMigration(db: Db): Promise<string | null> {
  const { rows } = await sql<{
    name: string | null;
  }>`select max(name) as name from kysely_migration`.execute(db);
  return rows[0]?.name ?? null;
}

/** Reelay's tables present in the current PostgreSQL schema (none in an empty database). */
export async function reelayTablesPresent(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_name in ('kysely_migration', 'posts', 'users')
    order by table_name
  `.execute(db);
  return rows.map((row) => row.name);
}

/** The major version of the PostgreSQL server (15 for 15.20). */
export async function postgresMajorVersion(db: Db): Promise<number> {
  const { rows } = await sql<{
    version: string;
  }>`select current_setting('server_version_num') as version`.execute(db);
  return Math.floor(Number(rows[0]!.version) / 10_000);
}
