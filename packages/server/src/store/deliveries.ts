/**
 * Webhook deliveries (spec §2 "Delivery record", §3 "Webhook delivery"), read and written
 * as decoded records: the attempts log as a list, flags as booleans. A delivery's job in
 * the work queue has the delivery's id as its own id, so the two can be found from each
 * other and removed together.
 */
import type { EventType } from '@reelay/core';
import type { Db, WebhookDeliveriesTable } from './schema';

export type DeliveryStatus = WebhookDeliveriesTable['status'];

/** One entry of a delivery's attempts log, as `GET …/deliveries` shows it. */
export interface AttemptRecord {
  attempt: number;
  at: number;
  durationMs: number | null;
  responseStatus: number | null;
  error: string | null;
}

/** A stored delivery. */
export interface Delivery {
  id: string;
  subscriptionId: string;
  projectId: string;
  eventId: string;
  eventType: EventType;
  status: DeliveryStatus;
  /** Attempts started so far, 0 to 3. */
  attempt: number;
  responseStatus: number | null;
  error: string | null;
  durationMs: number | null;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  /** Set while an attempt is in flight. */
  sendingSince: number | null;
  deliveredAt: number | null;
  attempts: AttemptRecord[];
  /** The delivery this one sends again (a new attempt series); null for the first. */
  redeliveryOf: string | null;
  createdAt: number;
  updatedAt: number;
}

/** What recording an attempt's result writes. */
export type AttemptResult = Pick<
  Delivery,
  | 'status'
  | 'responseStatus'
  | 'error'
  | 'durationMs'
  | 'nextAttemptAt'
  | 'deliveredAt'
  | 'attempts'
  | 'updatedAt'
>;

/** A stored row as a record. */
export function decodeDelivery(row: WebhookDeliveriesTable): Delivery {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    projectId: row.project_id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempt: row.attempt,
    responseStatus: row.response_status,
    error: row.error,
    durationMs: row.duration_ms,
    nextAttemptAt: row.next_attempt_at,
    lastAttemptAt: row.last_attempt_at,
    sendingSince: row.sending_since,
    deliveredAt: row.delivered_at,
    attempts: JSON.parse(row.attempts_log) as AttemptRecord[],
    redeliveryOf: row.redelivery_of,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function encodeDelivery(delivery: Delivery): WebhookDeliveriesTable {
  return {
    id: delivery.id,
    subscription_id: delivery.subscriptionId,
    project_id: delivery.projectId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempt: delivery.attempt,
    response_status: delivery.responseStatus,
    error: delivery.error,
    duration_ms: delivery.durationMs,
    next_attempt_at: delivery.nextAttemptAt,
    last_attempt_at: delivery.lastAttemptAt,
    sending_since: delivery.sendingSince,
    delivered_at: delivery.deliveredAt,
    attempts_log: JSON.stringify(delivery.attempts),
    redelivery_of: delivery.redeliveryOf,
    created_at: delivery.createdAt,
    updated_at: delivery.updatedAt,
  };
}

/** The columns that record an attempt's result. */
export function encodeResult(result: AttemptResult) {
  return {
    status: result.status,
    response_status: result.responseStatus,
    error: result.error,
    duration_ms: result.durationMs,
    next_attempt_at: result.nextAttemptAt,
    delivered_at: result.deliveredAt,
    attempts_log: JSON.stringify(result.attempts),
    updated_at: result.updatedAt,
  };
}

/**
 * The ids of the pending deliveries of some subscriptions or projects: those that still
 * have a job, which goes with them.
 */
export async function pendingDeliveryIdsOf(
  db: Db,
  owner: 'subscription_id' | 'project_id',
  ids: readonly string[],
): Promise<string[]> {
  const pending = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where(owner, 'in', ids)
    .where('status', '=', 'pending')
    .execute();
  return pending.map((row) => row.id);
}

/** Deletes the deliveries of some subscriptions or projects (their jobs are cancelled first). */
export async function deleteDeliveriesOf(
  db: Db,
  owner: 'subscription_id' | 'project_id',
  ids: readonly string[],
): Promise<void> {
  await db.deleteFrom('webhook_deliveries').where(owner, 'in', ids).execute();
}

/**
 * Inserts deliveries; one dispatched per event and subscription, so a repeated batch adds
 * nothing. Any of the unique indexes refuses a row quietly (the dispatched one, and the
 * one that keeps a single series of an event pending), so no target is named.
 */
export async function insertDeliveries(db: Db, deliveries: readonly Delivery[]): Promise<void> {
  for (let start = 0; start < deliveries.length; start += 500) {
    await db
      .insertInto('webhook_deliveries')
      .values(deliveries.slice(start, start + 500).map(encodeDelivery))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/**
 * Inserts a redelivery: `false` when a delivery of the same event to the same
 * subscription is still pending (the unique index of pending series refused it).
 */
export async function insertRedelivery(db: Db, delivery: Delivery): Promise<boolean> {
  const result = await db
    .insertInto('webhook_deliveries')
    .values(encodeDelivery(delivery))
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** One delivery of a subscription, or `undefined` (absent, or another subscription's). */
export async function findDelivery(
  db: Db,
  subscriptionId: string,
  id: string,
): Promise<Delivery | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decodeDelivery(row);
}

/** The delivery of an event to a subscription still pending, if any (at most one). */
export async function findPendingDelivery(
  db: Db,
  subscriptionId: string,
  eventId: string,
): Promise<Delivery | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('event_id', '=', eventId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row && decodeDelivery(row);
}

/** A page of a subscription's deliveries with the total. */
export async function listDeliveries(
  db: Db,
  subscriptionId: string,
  filters: { status?: DeliveryStatus | undefined },
  page: { limit: number; offset: number; sort: 'asc' | 'desc' },
): Promise<{ total: number; deliveries: Delivery[] }> {
  const filtered = () => {
    let query = db.selectFrom('webhook_deliveries').where('subscription_id', '=', subscriptionId);
    if (filters.status) query = query.where('status', '=', filters.status);
    return query;
  };
  const rows = await filtered()
    .selectAll()
    .orderBy('created_at', page.sort)
    .orderBy('id', page.sort)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const deliveries = rows.map(decodeDelivery);
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    return { total: page.offset + rows.length, deliveries };
  }
  const count = await filtered()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { total: Number(count.count), deliveries };
}

/**
 * The pending deliveries of a subscription, with the time each is due: its next attempt
 * time, or `now` when that is past or unset (held while paused).
 */
export async function heldDeliveriesOf(
  db: Db,
  subscriptionId: string,
  now: number,
): Promise<Array<{ id: string; runAt: number }>> {
  const held = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'next_attempt_at'])
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'pending')
    .execute();
  return held.map((row) => ({
    id: row.id,
    runAt: row.next_attempt_at !== null && row.next_attempt_at > now ? row.next_attempt_at : now,
  }));
}

/** Gives the pending deliveries a subscription held while paused a next attempt time, `now`. */
export async function markHeldDeliveriesDue(
  db: Db,
  subscriptionId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: now, updated_at: now })
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', 'is', null)
    .execute();
}
