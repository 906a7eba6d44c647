/**
 * OAuth states already used by a connection callback (spec §4: a state serves once).
 * Several instances may share one database, so the record lives here: the nonce is the
 * primary key, and inserting it is what claims the state. Rows are useless once the
 * state has expired and are deleted then. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('oauth_state_uses')
    // The random nonce inside the signed state.
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    // When the state itself expires; the row may go some time after.
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('used_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('oauth_state_uses_expiry')
    .on('oauth_state_uses')
    .column('expires_at')
    .execute();
}
