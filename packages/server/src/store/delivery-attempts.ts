/**
 * Attempts of webhook deliveries: reading what sending needs, claiming an attempt in the
 * delivery row before it is sent, and recording its result only while that claim stands,
 * so two runs never make the same attempt.
 */
import type { QueryCreator } from 'kysely';
import { decodeDelivery, encodeResult, type AttemptResult, type Delivery } from './deliveries';
import type { Database, Db } from './schema';
import type { Subscription } from './subscriptions';

/**
 * A delivery with what sending it needs: its subscription (`null` when it is gone) and
 * the event's stored body, sent as the same bytes every time.
 */
export interface DeliveryToSend extends Delivery {
  subscription: Pick<
    Subscription,
    'url' | 'paused' | 'secret' | 'previousSecret' | 'previousSecretExpiresAt'
  > | null;
  body: string | null;
}

export async function findDeliveryToSend(db: Db, id: string): Promise<DeliveryToSend | undefined> {
  const row = await db
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
  if (!row) return undefined;
  return {
    ...decodeDelivery(row),
    subscription:
      row.url === null || row.secret === null
        ? null
        : {
            url: row.url,
            paused: row.paused === 1,
            secret: row.secret,
            previousSecret: row.previous_secret,
            previousSecretExpiresAt: row.previous_secret_expires_at,
          },
    body: row.payload,
  };
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
  result: AttemptResult,
): Promise<boolean> {
  const updated = await db
    .updateTable('webhook_deliveries')
    .set({ ...encodeResult(result), sending_since: null })
    .where('id', '=', id)
    .where('attempt', '=', attempt)
    .where('sending_since', '=', sendingSince)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/**
 * {@link recordAttempt} as the step of a data-modifying `WITH` (see
 * `StoreCapabilities.writingCtes`), returning the id of the delivery it recorded, so the
 * caller can move its job in the same statement.
 *
 * @example
 * ```ts
 * db.with('recorded', (qb) => recordAttemptStep(qb, id, attempt, sendingSince, result))
 * ```
 */
export function recordAttemptStep(
  qb: QueryCreator<Database>,
  id: string,
  attempt: number,
  sendingSince: number,
  result: AttemptResult,
) {
  return qb
    .updateTable('webhook_deliveries')
    .set({ ...encodeResult(result), sending_since: null })
    .where('id', '=', id)
    .where('attempt', '=', attempt)
    .where('sending_since', '=', sendingSince)
    .returning('id');
}
