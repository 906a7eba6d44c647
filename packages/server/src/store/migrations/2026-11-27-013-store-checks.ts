/**
 * Store checks: a row a server writes again while its database is out of room, to find
 * out when writing works again (a read succeeds on a full disk). Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('store_checks')
    // What is checked: `write`.
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('checked_at', 'bigint', (column) => column.notNull())
    // Filler the size of an ordinary write, so that the check needs room as writes do.
    .addColumn('room', 'text', (column) => column.notNull())
    .execute();
}
