/**
 * Posts, their targets, the durable work queue and the outbox of events. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('timezone', 'text', (column) => column.notNull())
    .addColumn('scheduled_for', 'bigint')
    .addColumn('was_scheduled', 'integer', (column) => column.notNull())
    .addColumn('media_items', 'text', (column) => column.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('published_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  // NULL keys never collide, on both dialects: only given keys are unique per project.
  await db.schema
    .createIndex('posts_idempotency')
    .on('posts')
    .columns(['project_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('posts_project_created')
    .on('posts')
    .columns(['project_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('post_targets')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('post_id', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('integration_id', 'text', (column) => column.notNull())
    .addColumn('profile_id', 'text')
    .addColumn('options', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('scheduled_for', 'bigint')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('warning_message', 'text')
    .addColumn('platform_post_id', 'text')
    .addColumn('platform_post_url', 'text')
    .addColumn('published_at', 'bigint')
    // Pipeline progress: every platform id is stored before the next call.
    .addColumn('revision', 'integer', (column) => column.notNull())
    .addColumn('children_ids', 'text', (column) => column.notNull())
    .addColumn('container_id', 'text')
    .addColumn('container_created_at', 'bigint')
    .addColumn('container_ready_at', 'bigint')
    .addColumn('publish_attempted_at', 'bigint')
    .addColumn('comment_id', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('post_targets_post').on('post_targets').column('post_id').execute();
  await db.schema
    .createIndex('post_targets_integration')
    .on('post_targets')
    .columns(['integration_id', 'status'])
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('run_at', 'bigint', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('last_error', 'text')
    // One live job per piece of work (e.g. per target): enqueueing it twice is a no-op.
    .addColumn('dedupe_key', 'text', (column) => column.unique())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('jobs_due')
    .on('jobs')
    .columns(['run_at', 'lease_expires_at'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('profile_id', 'text')
    .addColumn('post_id', 'text', (column) => column.notNull())
    .addColumn('type', 'text', (column) => column.notNull())
    .addColumn('was_scheduled', 'integer', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('dispatched_at', 'bigint')
    .execute();
  await db.schema.createIndex('events_post').on('events').column('post_id').execute();
  await db.schema
    .createIndex('events_undispatched')
    .on('events')
    .columns(['dispatched_at', 'created_at'])
    .execute();
}
