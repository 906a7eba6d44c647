/**
 * Recurring posts: a series keeps its rule, zone and the post it repeats (`template`);
 * each occurrence is an ordinary post carrying `series_id` and `series_index`. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('series')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    // active | stopped | ended (core's SERIES_STATUSES)
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('rrule', 'text', (column) => column.notNull())
    .addColumn('timezone', 'text', (column) => column.notNull())
    // The rule's first occurrence (its DTSTART), and that occurrence's index in the series:
    // a new rule from occurrence 5 on starts there, with index 5.
    .addColumn('start_at', 'bigint', (column) => column.notNull())
    .addColumn('first_index', 'integer', (column) => column.notNull())
    // Bumped by a new rule: occurrence idempotency keys include it.
    .addColumn('generation', 'integer', (column) => column.notNull())
    // The next occurrence to create as a post, and when it publishes (null once none is left).
    .addColumn('next_index', 'integer', (column) => column.notNull())
    .addColumn('next_at', 'bigint')
    // JSON: { kind, content, mediaItems, platforms } of the posts it creates.
    .addColumn('template', 'text', (column) => column.notNull())
    // JSON: the actor that created it, on whose behalf occurrences are created.
    .addColumn('created_by', 'text', (column) => column.notNull())
    // JSON list of occurrences that could not be created: { index, at, code, message }.
    .addColumn('skipped', 'text', (column) => column.notNull())
    .addColumn('first_post_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('series_project')
    .on('series')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema.alterTable('posts').addColumn('series_id', 'text').execute();
  await db.schema.alterTable('posts').addColumn('series_index', 'integer').execute();
  // One post per occurrence: a retried or raced creation finds the index taken.
  await db.schema
    .createIndex('posts_series_occurrence')
    .on('posts')
    .columns(['series_id', 'series_index'])
    .unique()
    .execute();
}
