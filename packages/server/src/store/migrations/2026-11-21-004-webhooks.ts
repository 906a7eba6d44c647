/**
 * Webhook subscriptions and their deliveries (spec §2, §3, §6). The body of a delivery is
 * the event's payload in `events`, stored once and sent as the same bytes on every
 * attempt. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_subscriptions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    // JSON list of event names.
    .addColumn('event_types', 'text', (column) => column.notNull())
    .addColumn('profile_id', 'text')
    .addColumn('only_scheduled_posts', 'integer', (column) => column.notNull())
    .addColumn('paused', 'integer', (column) => column.notNull())
    // Encrypted: the secret must be read back to sign every delivery.
    .addColumn('secret', 'text', (column) => column.notNull())
    // The secret before the last rotation, signing beside the current one until it expires.
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_subscriptions_project')
    .on('webhook_subscriptions')
    .columns(['project_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('subscription_id', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('event_id', 'text', (column) => column.notNull())
    .addColumn('event_type', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    // Attempts started so far, 0 to 3.
    .addColumn('attempt', 'integer', (column) => column.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('last_attempt_at', 'bigint')
    // Set while an attempt is in flight: found set by another run, the attempt was cut off.
    .addColumn('sending_since', 'bigint')
    .addColumn('delivered_at', 'bigint')
    // JSON list of every attempt: { attempt, at, durationMs, responseStatus, error }.
    .addColumn('attempts_log', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  // One delivery per event and subscription, however often a batch is dispatched.
  await db.schema
    .createIndex('webhook_deliveries_event')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'event_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_history')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_project')
    .on('webhook_deliveries')
    .column('project_id')
    .execute();
}
