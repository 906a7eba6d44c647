/**
 * The dispatcher (DESIGN.md "Webhooks"): events are written to the `events` outbox in the
 * transaction of the state change that caused them, with a `dispatch_events` job under one
 * fixed key, added if missing and otherwise left alone: a burst of publications does not
 * queue on that one row. A run ends only when, holding the outbox alone (`lockOutbox`),
 * it finds no event waiting; so an event written while it runs is taken by this run, or
 * finds the job gone and adds it again. The job takes undispatched events in batches
 * and, per batch in one transaction, creates one delivery per matching subscription,
 * queues each delivery's first attempt and marks the events dispatched. Several instances
 * may run it at once: on PostgreSQL each takes different events (`FOR UPDATE SKIP
 * LOCKED`), and a delivery is unique per event and subscription.
 *
 * The first attempt skips the queue when it can: right after the commit, the dispatching
 * instance hands the new deliveries to its inline sender (inline-sender.ts), and their
 * jobs fall due a few seconds later, as a fallback that finds the work done (or takes it
 * over if this instance died). Deliveries beyond what the sender takes, or to a receiver
 * known to be slow, are queued due now instead.
 */
import { newId } from '@reelay/core';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { add, jobKey, newJobRow, type JobHandler } from '../queue';
import type { StoreCapabilities } from '../store/database';
import { insertDeliveries, type Delivery } from '../store/deliveries';
import {
  hasUndispatchedEvents,
  insertEvents,
  lockOutbox,
  markEventsDispatched,
  takeUndispatchedEvents,
  type NewEvent,
} from '../store/events';
import type { Db } from '../store/schema';
import { subscriptionsOfProjects, type Subscription } from '../store/subscriptions';
import { queueDeliveries } from './delivery-jobs';
import type { FreshDelivery } from './inline-sender';
import { subscriptionReceives } from './event-matching';

const DISPATCHER_KEY = jobKey('dispatch_events');

/**
 * The dispatcher's job as `appendEvents` adds it when missing, for a statement that adds
 * it with the write that needs it (`insert … on conflict do nothing`).
 *
 * @example
 * ```ts
 * const row = dispatcherJobRow(now); // { id, kind: 'dispatch_events', run_at: now, … }
 * ```
 */
export function dispatcherJobRow(now: number) {
  return newJobRow('dispatch_events', {}, now, DISPATCHER_KEY, now);
}

/** The dispatcher's one job, added due `now` unless it is there, whatever its state. */
function addDispatcherIfMissing(db: Db, now: number): Promise<void> {
  return add(
    db,
    'dispatch_events',
    {},
    { runAt: now, key: DISPATCHER_KEY, mode: 'keep-existing', now },
  );
}

/**
 * Makes sure the dispatcher runs soon (the sweep): its job is added when missing (given up
 * after repeated failures), and moved to `now` when it waits in a backoff. A run under way
 * is left alone: it takes what is waiting, and another run would only compete with it.
 */
async function requestEventDispatch(db: Db, now: number): Promise<void> {
  await add(
    db,
    'dispatch_events',
    {},
    { runAt: now, key: DISPATCHER_KEY, mode: 'advance-if-unheld', now },
  );
}

/**
 * Writes events to the outbox and makes sure the dispatcher runs, inside the caller's
 * transaction (that of the state change the events report), so no event is stored
 * without its dispatch. Call `ctx.wakeWorker()` after the commit so it runs at once.
 *
 * @example
 * ```ts
 * await appendEvents(trx, capabilities, [buildEvent('post.published', post, targets, publicUrl, now)], now);
 * ```
 */
export async function appendEvents(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  events: readonly NewEvent[],
  now: number,
): Promise<void> {
  if (events.length === 0) return;
  await insertEvents(db, events);
  // Held until this transaction commits: a dispatcher cannot end in between unseen.
  await lockOutbox(db, capabilities, 'shared');
  await addDispatcherIfMissing(db, now);
}

/** How long a run that found events held by another run waits before it looks again. */
const BUSY_OUTBOX_WAIT_MS = 20;

/**
 * Whether a dispatcher run may end: no event waits, seen holding the outbox alone, so
 * every transaction that wrote events and found the job there has committed and is seen
 * here. The worker removes the job in the same transaction.
 */
async function outboxDrained(
  db: Db,
  capabilities: DispatcherOptions['capabilities'],
): Promise<boolean> {
  await lockOutbox(db, capabilities, 'alone');
  return !(await hasUndispatchedEvents(db));
}

/** First attempts sent at once by the dispatching instance, outside the queue. */
export interface InlineAttempts {
  /** Whether a delivery to this subscription is taken now. */
  accepts(subscriptionId: string): boolean;
  /** A slot to send at once after the commit, or `null`; the attempt is then claimed here. */
  reserve(subscriptionId: string): number | null;
  /** Gives back a slot whose delivery was not written. */
  release(subscriptionId: string, ticket: number): void;
  /** The secrets that sign for a subscription now; `null` when they cannot be read. */
  secrets(subscription: Subscription, now: number): string[] | null;
  /** When the fallback job of a delivery handed over at `now` falls due. */
  fallbackAt(now: number): number;
  /** Sends the deliveries; resolves once each was sent, or left to its job. */
  send(deliveries: FreshDelivery[]): Promise<void>;
  /** How long a dispatch run waits for its deliveries before it ends. */
  readonly holdMs: number;
}

export interface DispatcherOptions {
  db: Db;
  capabilities: Pick<StoreCapabilities, 'rowLocks' | 'skipLocked'>;
  clock: Clock;
  logger: Logger;
  batchSize: number;
  /** Called after a batch queued deliveries, so workers pick them up at once. */
  wake(): void;
  /** Without it, every first attempt goes through the queue. */
  inline?: InlineAttempts;
}

/**
 * One batch, in one transaction: returns how many events it dispatched (fewer than the
 * batch size: none left) and the deliveries handed to the inline sender, to send once
 * committed.
 */
export async function dispatchBatch(
  options: DispatcherOptions,
): Promise<{ dispatched: number; handed: FreshDelivery[] }> {
  const { db, capabilities, clock, batchSize, inline } = options;
  const handed: FreshDelivery[] = [];
  const release = () => {
    for (const item of handed)
      if (item.claim) inline!.release(item.delivery.subscriptionId, item.claim.ticket);
  };
  let dispatched: number;
  try {
    dispatched = await db.transaction().execute(async (trx) => {
      const events = await takeUndispatchedEvents(trx, capabilities, batchSize);
      if (events.length === 0) return 0;

      const now = clock.now();
      const subscriptions = await subscriptionsOfProjects(trx, capabilities, [
        ...new Set(events.map((event) => event.projectId)),
      ]);
      const byProject = new Map<string, Subscription[]>();
      for (const subscription of subscriptions) {
        const list = byProject.get(subscription.projectId) ?? [];
        list.push(subscription);
        byProject.set(subscription.projectId, list);
      }

      const deliveries: Delivery[] = [];
      const queued: Array<{ id: string; runAt: number }> = [];
      const secrets = new Map<string, string[] | null>();
      for (const event of events) {
        for (const subscription of byProject.get(event.projectId) ?? []) {
          if (!subscriptionReceives(subscription, event)) continue;
          const paused = subscription.paused;
          const delivery: Delivery = {
            id: newId('delivery', now),
            subscriptionId: subscription.id,
            projectId: event.projectId,
            eventId: event.id,
            eventType: event.type,
            status: 'pending',
            attempt: 0,
            responseStatus: null,
            error: null,
            durationMs: null,
            // A paused subscription keeps its deliveries waiting, unqueued, until resumed.
            nextAttemptAt: paused ? null : now,
            lastAttemptAt: null,
            sendingSince: null,
            deliveredAt: null,
            attempts: [],
            redeliveryOf: null,
            createdAt: now,
            updatedAt: now,
          };
          deliveries.push(delivery);
          if (paused) continue;
          if (inline && !secrets.has(subscription.id))
            secrets.set(subscription.id, inline.secrets(subscription, now));
          const signing = secrets.get(subscription.id);
          // Unsigned deliveries go through the queue, which records why they failed.
          if (inline?.accepts(subscription.id) && signing) {
            // With a slot free at once, the first attempt is claimed in the row written
            // here, which saves the sender a statement; otherwise the sender claims it.
            const ticket = inline.reserve(subscription.id);
            if (ticket !== null) {
              delivery.attempt = 1;
              delivery.sendingSince = now;
              delivery.lastAttemptAt = now;
            }
            handed.push({
              delivery,
              url: subscription.url,
              body: event.body,
              secrets: signing,
              ...(ticket !== null ? { claim: { ticket, startedAt: now } } : {}),
            });
            queued.push({ id: delivery.id, runAt: inline.fallbackAt(now) });
          } else {
            queued.push({ id: delivery.id, runAt: now });
          }
        }
      }
      await insertDeliveries(trx, deliveries);
      await queueDeliveries(trx, queued, now);
      await markEventsDispatched(
        trx,
        events.map((event) => event.id),
        now,
      );
      return events.length;
    });
  } catch (error) {
    release();
    throw error;
  }
  return { dispatched, handed };
}

/**
 * The `dispatch_events` handler. It dispatches batches until none is left, then answers
 * that its job may end unless an event came in meanwhile ({@link outboxDrained}, checked
 * by the worker in the transaction that removes the job, which runs this handler again
 * when one did): so no event slips between the last batch and the end of the run.
 *
 * @example
 * ```ts
 * createWorker({ …, handlers: { dispatch_events: createDispatchHandler(options), … } });
 * ```
 */
export function createDispatchHandler(options: DispatcherOptions): JobHandler<'dispatch_events'> {
  return async (_payload, { lease }) => {
    const sending: Array<Promise<void>> = [];
    let ending = false;
    try {
      for (;;) {
        // Another run has the job now (its lease ran out): that run goes on.
        if (lease.signal.aborted) return;
        const { dispatched, handed } = await dispatchBatch(options);
        if (handed.length > 0) sending.push(options.inline!.send(handed));
        if (dispatched > 0) options.wake();
        if (dispatched < options.batchSize && !(await hasUndispatchedEvents(options.db))) {
          ending = true;
          return {
            completeIf: (trx) => outboxDrained(trx, options.capabilities),
            afterwards: holdForSending(options, sending),
          };
        }
        // Events another run is dispatching right now: let it commit.
        if (dispatched === 0)
          await new Promise((resolve) => setTimeout(resolve, BUSY_OUTBOX_WAIT_MS));
      }
    } finally {
      if (!ending) await holdForSending(options, sending);
    }
  };
}

/**
 * The run ends once its deliveries were sent, or after a short hold: slow ones go on
 * without it.
 */
async function holdForSending(
  options: DispatcherOptions,
  sending: ReadonlyArray<Promise<void>>,
): Promise<void> {
  if (sending.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(sending),
    new Promise((resolve) => {
      timer = setTimeout(resolve, options.inline!.holdMs);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The safety net: queues the dispatcher when undispatched events wait and no dispatch
 * job is due, e.g. after repeated database failures put the job in a backoff (new events
 * do not move it) or dropped it.
 */
export async function sweepUndispatched(db: Db, now: number): Promise<boolean> {
  if (!(await hasUndispatchedEvents(db))) return false;
  await requestEventDispatch(db, now);
  return true;
}
