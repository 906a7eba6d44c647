/**
 * The statements that tell whether the database works: a read that needs a connection,
 * and a write that needs room (table `store_checks`). The table is typed here rather than
 * in the shared schema: only these checks touch it.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './schema';

interface StoreChecksTable {
  name: string;
  checked_at: number;
  room: string;
}

/**
 * The size of the check's write: some pages of a database, as a post with its targets,
 * job and event takes, so that room for the check is room for ordinary work. Random, so
 * that no database compresses it away.
 */
const CHECK_BYTES = 48 * 1024;

/**
 * Succeeds when the database answers a statement.
 *
 * @example
 * ```ts
 * await checkReads(db); // throws while the database is away
 * ```
 */
export async function checkReads(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Succeeds when the database can write and keep some pages, which a full disk refuses;
 * the row is removed again, leaving nothing behind.
 *
 * @example
 * ```ts
 * await checkWrites(db, clock.now()); // throws SQLITE_FULL on a full disk
 * ```
 */
export async function checkWrites(db: Db, now: number): Promise<void> {
  const checks = db.withTables<{ store_checks: StoreChecksTable }>();
  const room = randomBytes((CHECK_BYTES * 3) / 4).toString('base64');
  await checks
    .insertInto('store_checks')
    .values({ name: 'write', checked_at: now, room })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ checked_at: now, room }))
    .execute();
  await checks.deleteFrom('store_checks').where('name', '=', 'write').execute();
}
