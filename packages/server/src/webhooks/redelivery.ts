/**
 * Sending an event again (`POST /v1/notifications/{id}/deliveries/{deliveryId}/redeliver`):
 * a new delivery of the same event to the same subscription, with its own attempt series
 * (attempts 1 to 3 on spec §6's schedule) and `redeliveryOf` naming the delivery asked
 * for. It goes through the queue like any delivery, so it sends the event's stored body
 * and id, signed at the time of sending (a new timestamp).
 *
 * Decisions:
 * - While a delivery of that event to that subscription is `pending` (the original still
 *   retrying, or an earlier redelivery), the request is refused with `DELIVERY_PENDING`
 *   rather than coalesced: the caller learns that attempts are still under way and which
 *   delivery holds them. A unique index keeps this true whoever writes.
 * - A paused subscription takes the redelivery as it takes new events: `pending`, without
 *   a job, sent when the subscription is resumed.
 */
import { newId, ReelayError } from '@reelay/core';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import { queueDeliveries } from './delivery-jobs';
import type { StoreCapabilities } from '../store/database';
import {
  findDelivery,
  findPendingDelivery,
  insertRedelivery,
  type Delivery,
} from '../store/deliveries';
import type { Database, Db } from '../store/schema';
import { findSubscription, lockSubscription } from '../store/subscriptions';

/** What a redelivery needs. */
export interface RedeliveryDeps {
  readonly db: Kysely<Database>;
  readonly capabilities: Pick<StoreCapabilities, 'rowLocks'>;
  readonly clock: Clock;
  /** Asks the work queue to look for due jobs now. */
  wakeWorker(): void;
}

const deliveryNotFound = () =>
  new ReelayError('NOT_FOUND', {
    message: 'Entrega não encontrada nesta assinatura de webhook.',
    details: { field: 'deliveryId' },
  });

async function deliveryPending(db: Db, subscriptionId: string, eventId: string) {
  const pending = await findPendingDelivery(db, subscriptionId, eventId);
  return new ReelayError('DELIVERY_PENDING', {
    message: `Este evento ainda tem uma entrega pendente${pending ? ` (${pending.id})` : ''} para esta assinatura; aguarde ela terminar antes de reenviar.`,
    details: { field: 'deliveryId', ...(pending ? { deliveryId: pending.id } : {}) },
  });
}

/**
 * Writes the redelivery of `deliveryId` and queues its first attempt; returns it, with
 * whether its subscription is paused (it then waits for the resume).
 *
 * @example
 * ```ts
 * const { delivery } = await redeliver(deps, projectId, 'ntf_…', 'dlv_…');
 * delivery.redeliveryOf; // 'dlv_…'
 * ```
 */
export async function redeliver(
  deps: RedeliveryDeps,
  projectId: string,
  subscriptionId: string,
  deliveryId: string,
): Promise<{ delivery: Delivery; paused: boolean }> {
  const result = await deps.db.transaction().execute(async (trx) => {
    // Under the subscription's lock, a pause, resume or removal made meanwhile waits for
    // this redelivery and then sees it (see subscription-changes.ts).
    await lockSubscription(trx, deps.capabilities, subscriptionId);
    const subscription = await findSubscription(trx, projectId, subscriptionId);
    if (!subscription) {
      throw new ReelayError('NOT_FOUND', {
        message: 'Assinatura de webhook não encontrada neste projeto.',
      });
    }
    const original = await findDelivery(trx, subscription.id, deliveryId);
    if (!original) throw deliveryNotFound();
    const now = deps.clock.now();
    const delivery: Delivery = {
      id: newId('delivery', now),
      subscriptionId: subscription.id,
      projectId: subscription.projectId,
      eventId: original.eventId,
      eventType: original.eventType,
      status: 'pending',
      attempt: 0,
      responseStatus: null,
      error: null,
      durationMs: null,
      // Paused: it waits, unqueued, like the subscription's new deliveries.
      nextAttemptAt: subscription.paused ? null : now,
      lastAttemptAt: null,
      sendingSince: null,
      deliveredAt: null,
      attempts: [],
      redeliveryOf: original.id,
      createdAt: now,
      updatedAt: now,
    };
    if (!(await insertRedelivery(trx, delivery))) {
      throw await deliveryPending(trx, subscription.id, original.eventId);
    }
    if (!subscription.paused) {
      await queueDeliveries(trx, [{ id: delivery.id, runAt: now }], now);
    }
    return { delivery, paused: subscription.paused };
  });
  if (!result.paused) deps.wakeWorker();
  return result;
}
