/**
 * The jobs of webhook deliveries: one `deliver_webhook` job per pending delivery, whose
 * id is the delivery's id and whose key is `jobKey('deliver_webhook', deliveryId)`. Every
 * queue call about a delivery goes through here, inside the caller's transaction.
 */
import { add, addMany, cancel, jobKey, moveOrCancelUnheldStep } from '../queue';
import type { StoreCapabilities } from '../store/database';
import { recordAttempt, recordAttemptStep } from '../store/delivery-attempts';
import type { AttemptResult } from '../store/deliveries';
import type { Db } from '../store/schema';

/**
 * Queues the jobs of some deliveries, each due at its `runAt`; a delivery that has its
 * job already keeps it as it is.
 *
 * @example
 * ```ts
 * await queueDeliveries(trx, [{ id: delivery.id, runAt: now }], now);
 * ```
 */
export async function queueDeliveries(
  db: Db,
  deliveries: ReadonlyArray<{ id: string; runAt: number }>,
  now: number,
): Promise<void> {
  await addMany(
    db,
    'deliver_webhook',
    deliveries.map(({ id, runAt }) => ({
      payload: { deliveryId: id },
      runAt,
      key: jobKey('deliver_webhook', id),
    })),
    { mode: 'keep-existing', now },
  );
}

/**
 * Removes the jobs of deliveries that are going away.
 *
 * @example
 * ```ts
 * await cancelDeliveries(trx, pendingIds);
 * ```
 */
export async function cancelDeliveries(db: Db, deliveryIds: readonly string[]): Promise<void> {
  await cancel(
    db,
    deliveryIds.map((id) => jobKey('deliver_webhook', id)),
  );
}

/**
 * After an attempt made outside the queue: moves the delivery's job to its next attempt,
 * or removes it (`null`: the delivery is over). A job some worker holds right now is left
 * to that worker, which reads the delivery again.
 *
 * @example
 * ```ts
 * await settleDeliveryJob(db, deliveryId, retryAt, clock.now());
 * ```
 */
export async function settleDeliveryJob(
  db: Db,
  deliveryId: string,
  runAt: number | null,
  now: number,
): Promise<void> {
  const key = jobKey('deliver_webhook', deliveryId);
  if (runAt === null) await cancel(db, [key], { unheldOnly: true });
  else
    await add(db, 'deliver_webhook', { deliveryId }, { runAt, key, mode: 'move-if-unheld', now });
}

/**
 * Records an attempt made outside the queue and, in the same step, removes its job
 * (`jobRunAt` null: the delivery is over) or moves it to the next attempt. One statement
 * where the database writes in `WITH`; two otherwise, where a statement costs no round
 * trip. A job some worker holds is left to it. Returns whether the attempt was recorded
 * (its claim still stood).
 *
 * @example
 * ```ts
 * const recorded = await recordAttemptAndSettleJob(db, capabilities, id, attempt, startedAt, result, retryAt, now);
 * ```
 */
export async function recordAttemptAndSettleJob(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'writingCtes'>,
  id: string,
  attempt: number,
  sendingSince: number,
  result: AttemptResult,
  jobRunAt: number | null,
  now: number,
): Promise<boolean> {
  if (!capabilities.writingCtes) {
    const recorded = await recordAttempt(db, id, attempt, sendingSince, result);
    if (recorded) await settleDeliveryJob(db, id, jobRunAt, now);
    return recorded;
  }
  const row = await db
    .with('recorded', (qb) => recordAttemptStep(qb, id, attempt, sendingSince, result))
    .with('settled', (qb) => moveOrCancelUnheldStep(qb, 'deliver_webhook', 'recorded', jobRunAt))
    .selectFrom('recorded')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count) === 1;
}
