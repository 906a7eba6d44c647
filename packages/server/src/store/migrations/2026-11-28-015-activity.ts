/**
 * The team's trail on posts: internal notes, and an append-only activity log written in
 * the same transaction as the change it records. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_notes')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('post_id', 'text', (column) => column.notNull())
    // `member` or `key` (core's ACTOR_KINDS), and the user's or the key's id.
    .addColumn('author_kind', 'text', (column) => column.notNull())
    .addColumn('author_id', 'text')
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('post_notes_post')
    .on('post_notes')
    .columns(['post_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('activity')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('post_id', 'text')
    // Core's ACTIVITY_ACTIONS.
    .addColumn('action', 'text', (column) => column.notNull())
    // For `edited`: the fields changed, as a JSON array.
    .addColumn('fields', 'text')
    .addColumn('actor_kind', 'text', (column) => column.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('activity_project')
    .on('activity')
    .columns(['project_id', 'id'])
    .execute();
  await db.schema.createIndex('activity_post').on('activity').columns(['post_id', 'id']).execute();
}
