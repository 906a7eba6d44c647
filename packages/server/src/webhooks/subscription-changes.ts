/**
 * Changes to a subscription that race the dispatcher: the dispatcher share-locks the
 * subscriptions it fans out to, so a change made here under the row's lock waits for the
 * deliveries being made, then sees them (a resume queues every delivery held while
 * paused; a removal takes them with it).
 */
import type { Kysely } from 'kysely';
import type { StoreCapabilities } from '../store/database';
import { heldDeliveriesOf, markHeldDeliveriesDue, pendingDeliveryIdsOf } from '../store/deliveries';
import {
  deleteSubscription,
  lockSubscription,
  updateSubscription,
  type Subscription,
  type SubscriptionChanges,
} from '../store/subscriptions';
import type { Database } from '../store/schema';
import { cancelDeliveries, queueDeliveries } from './delivery-jobs';

/** What a change needs: the store, what it allows (for the row lock) and waking the queue. */
export interface ChangeContext {
  readonly db: Kysely<Database>;
  readonly capabilities: Pick<StoreCapabilities, 'rowLocks'>;
  /** Asks the work queue to look for due jobs now. */
  wakeWorker(): void;
}

/**
 * Applies changes to a subscription; resuming a paused one queues its held deliveries.
 *
 * @example
 * ```ts
 * await changeSubscription(ctx, current, { paused: false, updatedAt: now }, now);
 * ```
 */
export async function changeSubscription(
  ctx: ChangeContext,
  current: Pick<Subscription, 'id' | 'paused'>,
  changes: SubscriptionChanges,
  now: number,
): Promise<void> {
  const resumed = changes.paused === false && current.paused;
  await ctx.db.transaction().execute(async (trx) => {
    await lockSubscription(trx, ctx.capabilities, current.id);
    await updateSubscription(trx, current.id, changes);
    if (resumed) {
      // Each goes at its next attempt time, or now; one that still has its job keeps it.
      await queueDeliveries(trx, await heldDeliveriesOf(trx, current.id, now), now);
      await markHeldDeliveriesDue(trx, current.id, now);
    }
  });
  if (resumed) ctx.wakeWorker();
}

/**
 * Removes a subscription with its deliveries and their jobs.
 *
 * @example
 * ```ts
 * await removeSubscription(ctx, subscription.id);
 * ```
 */
export async function removeSubscription(ctx: ChangeContext, id: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockSubscription(trx, ctx.capabilities, id);
    await cancelDeliveries(trx, await pendingDeliveryIdsOf(trx, 'subscription_id', [id]));
    await deleteSubscription(trx, id);
  });
}
