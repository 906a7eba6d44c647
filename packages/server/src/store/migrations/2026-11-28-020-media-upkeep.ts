/**
 * The media library's upkeep: the name a media's file was sent with (`file_name`, null for
 * media stored before), and `keep`, set by a person so the cleanup of unused media never
 * deletes it. The cleanup looks for old, unkept media across projects, hence the index.
 * Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').addColumn('file_name', 'text').execute();
  await db.schema
    .alterTable('media')
    .addColumn('keep', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('media_unkept_age')
    .on('media')
    .columns(['keep', 'created_at'])
    .execute();
}
