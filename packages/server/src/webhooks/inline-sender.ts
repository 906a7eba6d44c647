/**
 * First attempts without a trip through the queue. The dispatcher hands the deliveries it
 * just created to this pool, and queues their jobs a few seconds ahead as a fallback.
 * The pool claims each attempt in the delivery row when it sends it (so the attempt's
 * time is true, and a claim can only succeed once: if the fallback job got there first,
 * the pool skips it), sends it, records the answer, and removes the job or moves it to
 * the retry time. Per receiver it keeps a queue and a cap on attempts in flight, so a
 * receiver that hangs holds its own queue only; a receiver known to be slow is left to
 * the queue, where the gate paces it. Nothing here is durable, and need not be: every
 * delivery has its job.
 */
import type { Logger } from '../logger';
import type { Clock } from '../clock';
import { claimFirstAttempts } from '../store/delivery-attempts';
import type { Db } from '../store/schema';
import type { ClaimedAttempt } from './deliver-webhook';
import type { DestinationGate } from './destination-gate';

/**
 * A delivery just created, with what sending it needs; with `claim` when the dispatcher
 * already claimed its first attempt in the row it wrote (a slot was free at once).
 */
export type FreshDelivery = Omit<ClaimedAttempt, 'attempt' | 'startedAt' | 'ticket'> & {
  readonly claim?: { readonly ticket: number; readonly startedAt: number };
};

export interface InlineSenderOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  gate: DestinationGate;
  /** Deliveries waiting in this pool, at most; beyond that the queue takes them. */
  maxQueued: number;
  /** Sends a claimed attempt, records it, and settles its job. */
  send(attempt: ClaimedAttempt): Promise<void>;
}

interface Waiting {
  delivery: FreshDelivery;
  done(): void;
}

/**
 * Creates the pool.
 *
 * @example
 * ```ts
 * const pool = createInlineSender({ db, clock, logger, gate, maxQueued: 5000, send });
 * if (pool.accepts(subscriptionId)) await pool.enqueue([fresh]);
 * ```
 */
export function createInlineSender(options: InlineSenderOptions) {
  const { db, clock, logger, gate } = options;
  const queues = new Map<string, Waiting[]>();
  let queued = 0;
  let closed = false;

  function pump(destination: string): void {
    const queue = queues.get(destination);
    while (queue && queue.length > 0 && !closed) {
      const decision = gate.admitInline(destination);
      if ('refused' in decision) {
        if (decision.refused === 'slow') {
          // Left to the fallback jobs: the gate paces a slow receiver there.
          for (const item of queue.splice(0)) finish(item);
        }
        break;
      }
      const item = queue.shift()!;
      void start(item, decision.ticket).finally(() => {
        finish(item);
        // A slot freed: this receiver's queue, and any other waiting for a free slot.
        pump(destination);
        for (const other of [...queues.keys()]) if (other !== destination) pump(other);
      });
    }
    if (queue && queue.length === 0) queues.delete(destination);
  }

  function finish(item: Waiting): void {
    queued -= 1;
    item.done();
  }

  /** Items started in this turn of the event loop: their attempts are claimed together. */
  let claiming: Array<{ item: Waiting; ticket: number; resolve(): void }> = [];
  /** Claims being written, which shutdown waits for (their attempts then start). */
  const claims = new Set<Promise<void>>();

  function start(item: Waiting, ticket: number): Promise<void> {
    return new Promise((resolve) => {
      claiming.push({ item, ticket, resolve });
      if (claiming.length === 1)
        setImmediate(() => {
          const claim = claimTogether().finally(() => claims.delete(claim));
          claims.add(claim);
        });
    });
  }

  async function claimTogether(): Promise<void> {
    const batch = claiming;
    claiming = [];
    const now = clock.now();
    let owned: Set<string>;
    try {
      owned = await claimFirstAttempts(
        db,
        batch.map(({ item }) => item.delivery.delivery.id),
        now,
      );
    } catch (error) {
      logger.error('envio direto de webhook falhou; as tarefas das entregas retomam', { error });
      owned = new Set();
    }
    for (const { item, ticket, resolve } of batch) {
      const { delivery } = item;
      if (!owned.has(delivery.delivery.id)) {
        // The fallback job (or another run) took it first.
        gate.finish(delivery.delivery.subscriptionId, ticket, 0, false);
        resolve();
        continue;
      }
      void options
        .send({ ...delivery, attempt: 1, startedAt: now, ticket })
        .catch((error: unknown) =>
          logger.error('envio direto de webhook falhou; a tarefa da entrega retoma', {
            deliveryId: delivery.delivery.id,
            error,
          }),
        )
        .finally(resolve);
    }
  }

  async function startClaimed(delivery: FreshDelivery): Promise<void> {
    const { ticket, startedAt } = delivery.claim!;
    try {
      await options.send({ ...delivery, attempt: 1, startedAt, ticket });
    } catch (error) {
      logger.error('envio direto de webhook falhou; a tarefa da entrega retoma', {
        deliveryId: delivery.delivery.id,
        error,
      });
    }
  }

  return {
    /** Whether the pool takes a delivery to this subscription now. */
    accepts(subscriptionId: string): boolean {
      return !closed && queued < options.maxQueued && !gate.isSlow(subscriptionId);
    },
    /**
     * A slot to send to this subscription as soon as the delivery is committed, when one
     * is free and nothing waits before it; the caller claims the attempt in the row.
     */
    reserve(subscriptionId: string): number | null {
      if (closed || queues.has(subscriptionId)) return null;
      const decision = gate.admitInline(subscriptionId);
      return 'ticket' in decision ? decision.ticket : null;
    },
    /** Gives back a reserved slot whose delivery was not written. */
    release(subscriptionId: string, ticket: number): void {
      gate.finish(subscriptionId, ticket, 0, false);
    },
    /** Takes deliveries; resolves when each was sent (or left to its job). */
    enqueue(deliveries: readonly FreshDelivery[]): Promise<void> {
      const done: Array<Promise<void>> = [];
      const touched = new Set<string>();
      for (const delivery of deliveries) {
        const destination = delivery.delivery.subscriptionId;
        if (delivery.claim) {
          queued += 1;
          const item: Waiting = { delivery, done: () => {} };
          done.push(
            startClaimed(delivery).finally(() => {
              finish(item);
              for (const waiting of [...queues.keys()]) pump(waiting);
            }),
          );
          continue;
        }
        let queue = queues.get(destination);
        if (!queue) queues.set(destination, (queue = []));
        done.push(new Promise<void>((resolve) => queue.push({ delivery, done: resolve })));
        queued += 1;
        touched.add(destination);
      }
      for (const destination of touched) pump(destination);
      return Promise.all(done).then(() => {});
    },
    /**
     * Stops starting attempts; the ones waiting are left to their jobs. Resolves once the
     * claims being written are done (the attempts they started are then under way).
     */
    async close(): Promise<void> {
      closed = true;
      for (const queue of queues.values()) for (const item of queue.splice(0)) finish(item);
      queues.clear();
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled([...claims]);
    },
  };
}

export type InlineSender = ReturnType<typeof createInlineSender>;
