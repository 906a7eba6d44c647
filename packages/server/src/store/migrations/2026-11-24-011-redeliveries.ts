/**
 * Redeliveries: an event sent again to a subscription is a new delivery row, with its own
 * attempts, that names the delivery it sends again. So the one-per-event uniqueness now
 * holds for the deliveries the dispatcher makes (`redelivery_of` null), and a second one
 * keeps at most one delivery per event and subscription `pending` at a time, whoever
 * writes it. Frozen.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The delivery this one sends again; null for the delivery the dispatcher made.
  await db.schema.alterTable('webhook_deliveries').addColumn('redelivery_of', 'text').execute();
  await db.schema.dropIndex('webhook_deliveries_event').execute();
  // One dispatched delivery per event and subscription, however often a batch is dispatched.
  await db.schema
    .createIndex('webhook_deliveries_event')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'event_id'])
    .unique()
    .where(sql<boolean>`redelivery_of is null`)
    .execute();
  // One series in progress per event and subscription: two redeliveries cannot race in.
  await db.schema
    .createIndex('webhook_deliveries_pending')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'event_id'])
    .unique()
    .where(sql<boolean>`status = 'pending'`)
    .execute();
}
