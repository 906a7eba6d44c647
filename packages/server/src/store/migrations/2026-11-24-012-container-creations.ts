/**
 * Container creations: one row per Instagram media container Reelay asked an account's
 * platform to create, so preparing containers ahead of time can stay within the
 * platform's 400 containers per account per rolling 24 h. Rows older than a day are
 * pruned as new ones are written. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('container_creations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // The account (`int_…`) the container was created for.
    .addColumn('integration_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('container_creations_account')
    .on('container_creations')
    .columns(['integration_id', 'created_at'])
    .execute();
}
