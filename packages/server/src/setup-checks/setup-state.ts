/**
 * What the setup checks read from the database: the project's connected accounts, one of
 * its stored files to fetch back, and which migrations have run.
 */
import { sql } from 'kysely';
import { MIGRATIONS } from '../store/migrations';
import type { Db } from '../store/schema';
import type { AccountState } from './account-checks';
import type { DatabaseProbe } from './local-checks';

/** Image and video types whose public URL is the stored file itself (no rendition made). */
const AS_STORED_MIMES = ['image/jpeg', 'video/mp4', 'video/quicktime'];

/**
 * The connected accounts (with a token) of a project.
 *
 * @example
 * ```ts
 * const accounts = await connectedAccounts(db, projectId);
 * ```
 */
export async function connectedAccounts(db: Db, projectId: string): Promise<AccountState[]> {
  const rows = await db
    .selectFrom('integrations')
    .select(['id', 'username', 'login_mode', 'token_expires_at', 'auth_status', 'scopes'])
    .where('project_id', '=', projectId)
    .where('access_token', 'is not', null)
    .where('status', '!=', 'revoked')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    loginMode: row.login_mode,
    tokenExpiresAt: row.token_expires_at === null ? null : Number(row.token_expires_at),
    reconnectRequired: row.auth_status === 'reconnect_required',
    scopes: JSON.parse(row.scopes) as string[],
  }));
}

/**
 * The id of the project's newest ready file that is served as stored, or null.
 *
 * @example
 * ```ts
 * const mediaId = await fetchableMediaId(db, projectId);
 * ```
 */
export async function fetchableMediaId(db: Db, projectId: string): Promise<string | null> {
  const row = await db
    .selectFrom('media')
    .select('id')
    .where('project_id', '=', projectId)
    .where('status', '=', 'ready')
    .where('mime', 'in', AS_STORED_MIMES)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * A trivial query and the migrations this version has that the database has not run.
 *
 * @example
 * ```ts
 * await databaseProbe(db).pendingMigrations(); // []
 * ```
 */
export function databaseProbe(db: Db): DatabaseProbe {
  return {
    async ping() {
      await sql`select 1`.execute(db);
    },
    async pendingMigrations() {
      // Kysely's own bookkeeping table, written by `migrateToLatest`.
      const ran = await db
        .selectFrom(sql`kysely_migration`.as('m') as never)
        .select(sql<string>`name`.as('name'))
        .execute();
      const done = new Set(ran.map((row) => (row as { name: string }).name));
      return Object.keys(MIGRATIONS).filter((name) => !done.has(name));
    },
  };
}
