/**
 * Webhook subscriptions of a project (spec §2 "Notification subscription", §4 "Webhook
 * subscription routes"), read and written as decoded records: event types as a list,
 * flags as booleans. Secrets stay encrypted here; only the webhook code decrypts them.
 */
import type { EventType } from '@reelay/core';
import type { StoreCapabilities } from './database';
import { deleteDeliveriesOf } from './deliveries';
import type { Db, WebhookSubscriptionsTable } from './schema';

/** A stored subscription. */
export interface Subscription {
  id: string;
  projectId: string;
  url: string;
  eventTypes: EventType[];
  profileId: string | null;
  /** Only events of this account, or null. */
  integrationId: string | null;
  onlyScheduledPosts: boolean;
  paused: boolean;
  /** Encrypted `whsec_…` secret. */
  secret: string;
  /** Encrypted secret before the last rotation, still signing until it expires. */
  previousSecret: string | null;
  previousSecretExpiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** What may change on a subscription. */
export type SubscriptionChanges = Partial<Omit<Subscription, 'id' | 'projectId' | 'createdAt'>>;

/**
 * A stored row as a record.
 *
 * @example
 * ```ts
 * decodeSubscription(row).paused; // false
 * ```
 */
export function decodeSubscription(row: WebhookSubscriptionsTable): Subscription {
  return {
    id: row.id,
    projectId: row.project_id,
    url: row.url,
    eventTypes: JSON.parse(row.event_types) as EventType[],
    profileId: row.profile_id,
    integrationId: row.integration_id,
    onlyScheduledPosts: row.only_scheduled_posts === 1,
    paused: row.paused === 1,
    secret: row.secret,
    previousSecret: row.previous_secret,
    previousSecretExpiresAt: row.previous_secret_expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function encodeChanges(changes: SubscriptionChanges): Partial<WebhookSubscriptionsTable> {
  const row: Partial<WebhookSubscriptionsTable> = {};
  if (changes.url !== undefined) row.url = changes.url;
  if (changes.eventTypes !== undefined) row.event_types = JSON.stringify(changes.eventTypes);
  if (changes.profileId !== undefined) row.profile_id = changes.profileId;
  if (changes.integrationId !== undefined) row.integration_id = changes.integrationId;
  if (changes.onlyScheduledPosts !== undefined)
    row.only_scheduled_posts = changes.onlyScheduledPosts ? 1 : 0;
  if (changes.paused !== undefined) row.paused = changes.paused ? 1 : 0;
  if (changes.secret !== undefined) row.secret = changes.secret;
  if (changes.previousSecret !== undefined) row.previous_secret = changes.previousSecret;
  if (changes.previousSecretExpiresAt !== undefined)
    row.previous_secret_expires_at = changes.previousSecretExpiresAt;
  if (changes.updatedAt !== undefined) row.updated_at = changes.updatedAt;
  return row;
}

export async function insertSubscription(db: Db, subscription: Subscription): Promise<void> {
  await db
    .insertInto('webhook_subscriptions')
    .values({
      id: subscription.id,
      project_id: subscription.projectId,
      url: subscription.url,
      event_types: JSON.stringify(subscription.eventTypes),
      profile_id: subscription.profileId,
      integration_id: subscription.integrationId,
      only_scheduled_posts: subscription.onlyScheduledPosts ? 1 : 0,
      paused: subscription.paused ? 1 : 0,
      secret: subscription.secret,
      previous_secret: subscription.previousSecret,
      previous_secret_expires_at: subscription.previousSecretExpiresAt,
      created_at: subscription.createdAt,
      updated_at: subscription.updatedAt,
    })
    .execute();
}

export async function findSubscription(
  db: Db,
  projectId: string,
  id: string,
): Promise<Subscription | undefined> {
  const row = await db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decodeSubscription(row);
}

/** A page of the project's subscriptions with the total. */
export async function listSubscriptions(
  db: Db,
  projectId: string,
  page: { limit: number; offset: number; sort: 'asc' | 'desc' },
): Promise<{ total: number; subscriptions: Subscription[] }> {
  const rows = await db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at', page.sort)
    .orderBy('id', page.sort)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const subscriptions = rows.map(decodeSubscription);
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    return { total: page.offset + rows.length, subscriptions };
  }
  const count = await db
    .selectFrom('webhook_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return { total: Number(count.count), subscriptions };
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: SubscriptionChanges,
): Promise<void> {
  await db
    .updateTable('webhook_subscriptions')
    .set(encodeChanges(changes))
    .where('id', '=', id)
    .execute();
}

/**
 * Locks a subscription row until the transaction ends, where rows can be locked; without
 * row locks a write transaction already runs alone.
 */
export async function lockSubscription(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  id: string,
): Promise<void> {
  if (!capabilities.rowLocks) return;
  await db
    .selectFrom('webhook_subscriptions')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .execute();
}

/**
 * Removes a subscription and its deliveries: nothing more is sent to it (an attempt
 * already in flight finishes and is not recorded). The jobs of the pending deliveries
 * (`pendingDeliveryIdsOf`) are the caller's to cancel, in the same transaction.
 */
export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await deleteDeliveriesOf(db, 'subscription_id', [id]);
  await db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
}

/**
 * Everything webhook-related of erased projects (`DELETE /v1/me`); the jobs of their
 * pending deliveries are the caller's to cancel, as for {@link deleteSubscription}.
 */
export async function deleteWebhooksOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await deleteDeliveriesOf(db, 'project_id', projectIds);
  await db.deleteFrom('webhook_subscriptions').where('project_id', 'in', projectIds).execute();
}

/**
 * The subscriptions of some projects, read for fan-out. Where rows can be locked they
 * stay share-locked until the transaction ends, so a pause, resume or removal waits for
 * the deliveries being made and then sees them.
 */
export async function subscriptionsOfProjects(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  projectIds: readonly string[],
): Promise<Subscription[]> {
  if (projectIds.length === 0) return [];
  let query = db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('project_id', 'in', projectIds);
  if (capabilities.rowLocks) query = query.forShare();
  return (await query.execute()).map(decodeSubscription);
}
