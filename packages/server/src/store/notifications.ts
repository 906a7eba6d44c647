/**
 * Webhook subscriptions and deliveries of a project (spec §2, §4 "Webhook subscription
 * routes"). A delivery's job in the work queue has the delivery's id as its own id, so
 * the two can be found from each other and removed together.
 */
import { sql } from 'kysely';
import type { Dialect } from './database';
import type { Db, WebhookDeliveriesTable, WebhookSubscriptionsTable } from './schema';

export type DeliveryStatus = WebhookDeliveriesTable['status'];

export async function insertSubscription(db: Db, row: WebhookSubscriptionsTable): Promise<void> {
  await db.insertInto('webhook_subscriptions').values(row).execute();
}

export function findSubscription(
  db: Db,
  projectId: string,
  id: string,
): Promise<WebhookSubscriptionsTable | undefined> {
  return db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A page of the project's subscriptions with the total. */
export async function listSubscriptions(
  db: Db,
  projectId: string,
  page: { limit: number; offset: number; sort: 'asc' | 'desc' },
): Promise<{ total: number; rows: WebhookSubscriptionsTable[] }> {
  const rows = await db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('created_at', page.sort)
    .orderBy('id', page.sort)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    return { total: page.offset + rows.length, rows };
  }
  const count = await db
    .selectFrom('webhook_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return { total: Number(count.count), rows };
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: Partial<Omit<WebhookSubscriptionsTable, 'id' | 'project_id' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('webhook_subscriptions').set(changes).where('id', '=', id).execute();
}

/** Locks a subscription row until the transaction ends (PostgreSQL; SQLite serialises). */
export async function lockSubscription(db: Db, dialect: Dialect, id: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await db
    .selectFrom('webhook_subscriptions')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .execute();
}

/**
 * Removes a subscription, its deliveries and the jobs of those still pending: nothing
 * more is sent to it (an attempt already in flight finishes and is not recorded).
 */
export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await deleteDeliveries(db, 'subscription_id', [id]);
  await db.deleteFrom('webhook_subscriptions').where('id', '=', id).execute();
}

/** Everything webhook-related of erased projects (`DELETE /v1/me`). */
export async function deleteWebhooksOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await deleteDeliveries(db, 'project_id', projectIds);
  await db.deleteFrom('webhook_subscriptions').where('project_id', 'in', projectIds).execute();
}

/** Deliveries of some subscriptions or projects, with the jobs of those still pending. */
async function deleteDeliveries(
  db: Db,
  owner: 'subscription_id' | 'project_id',
  ids: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('jobs')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_deliveries')
        .select('id')
        .where(owner, 'in', ids)
        .where('status', '=', 'pending'),
    )
    .execute();
  await db.deleteFrom('webhook_deliveries').where(owner, 'in', ids).execute();
}

/**
 * The subscriptions of some projects, read for fan-out. On PostgreSQL the rows stay
 * share-locked until the transaction ends, so a pause, resume or removal waits for the
 * deliveries being made and then sees them.
 */
export function subscriptionsOfProjects(
  db: Db,
  dialect: Dialect,
  projectIds: readonly string[],
): Promise<WebhookSubscriptionsTable[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('webhook_subscriptions')
    .selectAll()
    .where('project_id', 'in', projectIds);
  if (dialect === 'postgres') query = query.forShare();
  return query.execute();
}

/** Inserts deliveries; one per event and subscription, so a repeated batch adds nothing. */
export async function insertDeliveries(
  db: Db,
  rows: readonly WebhookDeliveriesTable[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(start, start + 500))
      .onConflict((conflict) => conflict.columns(['subscription_id', 'event_id']).doNothing())
      .execute();
  }
}

/** A page of a subscription's deliveries with the total. */
export async function listDeliveries(
  db: Db,
  subscriptionId: string,
  filters: { status?: DeliveryStatus },
  page: { limit: number; offset: number; sort: 'asc' | 'desc' },
): Promise<{ total: number; rows: WebhookDeliveriesTable[] }> {
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
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    return { total: page.offset + rows.length, rows };
  }
  const count = await filtered()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { total: Number(count.count), rows };
}

/** A delivery with what sending it needs: its subscription and the event's stored body. */
export interface DeliveryToSend extends WebhookDeliveriesTable {
  url: string | null;
  paused: number | null;
  secret: string | null;
  previous_secret: string | null;
  previous_secret_expires_at: number | null;
  payload: string | null;
}

export function findDeliveryToSend(db: Db, id: string): Promise<DeliveryToSend | undefined> {
  return db
    .selectFrom('webhook_deliveries as d')
    .leftJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .leftJoin('events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select([
      's.url',
      's.paused',
      's.secret',
      's.previous_secret',
      's.previous_secret_expires_at',
      'e.payload',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

/**
 * Starts attempt `attempt + 1`, if the delivery is still pending at `attempt` with no
 * attempt in flight. Returns whether this caller now owns the attempt: two runs can never
 * both start the same attempt.
 */
export async function claimAttempt(
  db: Db,
  id: string,
  attempt: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ attempt: attempt + 1, sending_since: now, last_attempt_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('attempt', '=', attempt)
    .where('sending_since', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Starts the first attempt of several deliveries at once, those still untouched: returns
 * the ids this caller now owns (the others were taken by another run).
 */
export async function claimFirstAttempts(
  db: Db,
  ids: readonly string[],
  now: number,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .updateTable('webhook_deliveries')
    .set({ attempt: 1, sending_since: now, last_attempt_at: now, updated_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .where('attempt', '=', 0)
    .where('sending_since', 'is', null)
    .returning('id')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Records the result of the attempt started at `sendingSince`, if it is still the one
 * in flight. Returns whether it was recorded.
 */
export async function recordAttempt(
  db: Db,
  id: string,
  attempt: number,
  sendingSince: number,
  changes: Pick<
    WebhookDeliveriesTable,
    | 'status'
    | 'response_status'
    | 'error'
    | 'duration_ms'
    | 'next_attempt_at'
    | 'delivered_at'
    | 'attempts_log'
    | 'updated_at'
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ ...changes, sending_since: null })
    .where('id', '=', id)
    .where('attempt', '=', attempt)
    .where('sending_since', '=', sendingSince)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records an attempt made outside the queue and, in the same step, removes its job
 * (`jobRunAt` null: the delivery is over) or moves it to the next attempt. One statement
 * on PostgreSQL; two on SQLite, where a statement costs no round trip. A job some worker
 * holds is left to it. Returns whether the attempt was recorded (its claim still stood).
 */
export async function recordAttemptAndSettleJob(
  db: Db,
  dialect: Dialect,
  id: string,
  attempt: number,
  sendingSince: number,
  changes: Parameters<typeof recordAttempt>[4],
  jobRunAt: number | null,
): Promise<boolean> {
  if (dialect !== 'postgres') {
    const recorded = await recordAttempt(db, id, attempt, sendingSince, changes);
    if (recorded) await settleDeliveryJob(db, id, jobRunAt);
    return recorded;
  }
  const recorded = db.with('recorded', (qb) =>
    qb
      .updateTable('webhook_deliveries')
      .set({ ...changes, sending_since: null })
      .where('id', '=', id)
      .where('attempt', '=', attempt)
      .where('sending_since', '=', sendingSince)
      .returning('id'),
  );
  const settled =
    jobRunAt === null
      ? recorded.with('settled', (qb) =>
          qb
            .deleteFrom('jobs')
            .where('id', 'in', (eb) => eb.selectFrom('recorded').select('id'))
            .where('lease_owner', 'is', null),
        )
      : recorded.with('settled', (qb) =>
          qb
            .updateTable('jobs')
            .set({ run_at: jobRunAt })
            .where('id', 'in', (eb) => eb.selectFrom('recorded').select('id'))
            .where('lease_owner', 'is', null),
        );
  const row = await settled
    .selectFrom('recorded')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 1;
}

/**
 * Queues the pending deliveries of a subscription that is resumed: each goes at its next
 * attempt time, or now. Deliveries that still have a job keep it.
 */
export async function queueHeldDeliveries(
  db: Db,
  subscriptionId: string,
  now: number,
): Promise<void> {
  await sql`
    insert into jobs (id, kind, payload, run_at, attempts, lease_owner, lease_expires_at, last_error, dedupe_key, created_at)
    select id, 'deliver_webhook', '{"deliveryId":"' || id || '"}',
      case when next_attempt_at > ${now} then next_attempt_at else ${now} end,
      0, null, null, null, 'deliver:' || id, ${now}
    from webhook_deliveries
    where subscription_id = ${subscriptionId} and status = 'pending'
    on conflict do nothing
  `.execute(db);
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: now, updated_at: now })
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', 'is', null)
    .execute();
}

/**
 * Queues the first attempt of new deliveries (the job id is the delivery id).
 *
 * @example
 * ```ts
 * await queueDeliveries(trx, [{ id: 'dlv_…', runAt: now }], now);
 * ```
 */
export async function queueDeliveries(
  db: Db,
  deliveries: ReadonlyArray<{ id: string; runAt: number }>,
  now: number,
): Promise<void> {
  for (let start = 0; start < deliveries.length; start += 500) {
    await db
      .insertInto('jobs')
      .values(
        deliveries.slice(start, start + 500).map(({ id, runAt }) => ({
          id,
          kind: 'deliver_webhook',
          payload: JSON.stringify({ deliveryId: id }),
          run_at: runAt,
          attempts: 0,
          lease_owner: null,
          lease_expires_at: null,
          last_error: null,
          dedupe_key: `deliver:${id}`,
          created_at: now,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/**
 * After an attempt finished in the background: moves the delivery's job to its next
 * attempt, or removes it when the delivery is over. A job some worker holds right now is
 * left to that worker, which reads the delivery again.
 */
export async function settleDeliveryJob(db: Db, id: string, runAt: number | null): Promise<void> {
  if (runAt === null) {
    await db.deleteFrom('jobs').where('id', '=', id).where('lease_owner', 'is', null).execute();
    return;
  }
  await db
    .updateTable('jobs')
    .set({ run_at: runAt })
    .where('id', '=', id)
    .where('lease_owner', 'is', null)
    .execute();
}
