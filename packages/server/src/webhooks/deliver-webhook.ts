/**
 * One attempt of one delivery (spec §3 "Webhook delivery", §6 "Delivery and retries"):
 * the same stored body and event id every time, signed at the time of sending; what the
 * answer means is decided in attempt-result.ts.
 *
 * Never the same attempt twice: an attempt is claimed in the delivery row before it is
 * sent (attempt + 1, `sending_since`), and its result is recorded only while that claim
 * stands. A run that finds an attempt claimed and unrecorded past its deadline knows the
 * instance sending it died: the attempt counts as made (the receiver may have got it),
 * and the next one follows the schedule.
 *
 * A slow receiver never holds a worker slot for long: past `holdSlotMs` the attempt is
 * awaited in the background and the job waits as a watchdog; when the answer comes, the
 * result is recorded and the job moved to the next attempt or removed.
 */
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { ServerMetrics } from '../metrics/server-metrics';
import type { JobHandler, JobOutcome } from '../queue';
import type { TokenCipher } from '../security/token-cipher';
import type { StoreCapabilities } from '../store/database';
import type { Delivery } from '../store/deliveries';
import { claimAttempt, findDeliveryToSend, recordAttempt } from '../store/delivery-attempts';
import type { Db } from '../store/schema';
import { INTERRUPTED_MESSAGE, outcomeOf, resultOf, watchdogTime } from './attempt-result';
import { recordAttemptAndSettleJob, settleDeliveryJob } from './delivery-jobs';
import type { DestinationGate } from './destination-gate';
import { signingSecrets, UNREADABLE_SECRET_ERROR } from './signing-secrets';
import type { WebhookSettings } from './webhook-settings';
import type { WebhookResponse, WebhookSender } from './webhook-sender';

export interface DeliverOptions {
  db: Db;
  capabilities: Pick<StoreCapabilities, 'writingCtes'>;
  clock: Clock;
  logger: Logger;
  cipher: TokenCipher;
  settings: WebhookSettings;
  sender: WebhookSender;
  gate: DestinationGate;
  metrics?: Pick<ServerMetrics, 'webhookAttempt'>;
}

/** An attempt whose claim another run took over: its answer is not recorded. */
const LOST = Symbol('lost');

/** An attempt already claimed in the delivery row, ready to send. */
export interface ClaimedAttempt {
  readonly delivery: Pick<
    Delivery,
    'id' | 'subscriptionId' | 'eventId' | 'eventType' | 'attempts' | 'createdAt'
  >;
  readonly url: string;
  /** The event's stored body. */
  readonly body: string;
  readonly secrets: readonly string[];
  /** The attempt number claimed, 1 to 3. */
  readonly attempt: number;
  /** `sendingSince` of the claim. */
  readonly startedAt: number;
  /** The gate's ticket for this attempt. */
  readonly ticket: number;
}

/**
 * Creates the `deliver_webhook` handler, the entry point for first attempts sent outside
 * the queue, and what `close()` waits for.
 *
 * @example
 * ```ts
 * const delivery = createDeliverHandler({ db, clock, logger, cipher, settings, sender, gate });
 * createWorker({ …, handlers: { deliver_webhook: delivery.handler, … } });
 * await delivery.close(); // on shutdown: lets background attempts record their answer
 * ```
 */
export function createDeliverHandler(options: DeliverOptions) {
  const { db, capabilities, clock, logger, cipher, settings, sender, gate, metrics } = options;
  /** Attempts still awaited in the background, by delivery id. */
  const background = new Map<string, Promise<void>>();

  /** An attempt that cannot be signed counts as failed, without sending anything. */
  async function recordUnsigned(row: Delivery): Promise<JobOutcome> {
    const now = clock.now();
    if (!(await claimAttempt(db, row.id, row.attempt, now))) return;
    logger.error('segredo de webhook ilegível; gire o segredo da inscrição', {
      subscriptionId: row.subscriptionId,
      deliveryId: row.id,
    });
    const changes = resultOf(settings, row, row.attempt + 1, now, now, {
      delivered: false,
      responseStatus: null,
      error: UNREADABLE_SECRET_ERROR,
      durationMs: null,
    });
    const recorded = await recordAttempt(db, row.id, row.attempt + 1, now, changes);
    return recorded ? outcomeOf(changes) : undefined;
  }

  async function recordInterrupted(row: Delivery): Promise<JobOutcome> {
    const now = clock.now();
    const changes = resultOf(settings, row, row.attempt, row.sendingSince!, now, {
      delivered: false,
      responseStatus: null,
      error: INTERRUPTED_MESSAGE,
      durationMs: null,
    });
    const recorded = await recordAttempt(db, row.id, row.attempt, row.sendingSince!, changes);
    return recorded ? outcomeOf(changes) : undefined;
  }

  /**
   * Sends a claimed attempt and records its result while the claim stands; `LOST` when
   * the claim was taken over meanwhile (the answer is then not recorded).
   */
  async function runAttempt(
    claimed: ClaimedAttempt,
    settleJob: boolean,
  ): Promise<JobOutcome | typeof LOST> {
    const { delivery } = claimed;
    let response: WebhookResponse;
    gate.begin(delivery.subscriptionId, claimed.ticket);
    try {
      response = await sender.send({
        url: claimed.url,
        body: claimed.body,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        secrets: claimed.secrets,
      });
    } catch (error) {
      gate.finish(delivery.subscriptionId, claimed.ticket, 0, false);
      throw error;
    }
    gate.finish(delivery.subscriptionId, claimed.ticket, response.durationMs, response.timedOut);
    const changes = resultOf(
      settings,
      delivery,
      claimed.attempt,
      claimed.startedAt,
      clock.now(),
      response,
    );
    const outcome = outcomeOf(changes);
    const recorded = settleJob
      ? await recordAttemptAndSettleJob(
          db,
          capabilities,
          delivery.id,
          claimed.attempt,
          claimed.startedAt,
          changes,
          outcome ? outcome.retryAt : null,
          clock.now(),
        )
      : await recordAttempt(db, delivery.id, claimed.attempt, claimed.startedAt, changes);
    if (recorded && changes.deliveredAt !== null)
      metrics?.webhookAttempt(true, changes.deliveredAt - delivery.createdAt);
    else if (recorded) metrics?.webhookAttempt(false, null);
    return recorded ? outcome : LOST;
  }

  /** Finishes an attempt in the background, then moves or removes its job. */
  function inBackground(
    deliveryId: string,
    attempt: Promise<JobOutcome | typeof LOST>,
    settled: boolean,
  ): Promise<void> {
    const finishing = attempt
      .then((outcome) =>
        // A lost claim belongs to whoever took it over, job included.
        outcome === LOST || settled
          ? undefined
          : settleDeliveryJob(
              db,
              deliveryId,
              outcome && 'retryAt' in outcome ? outcome.retryAt : null,
              clock.now(),
            ),
      )
      .catch((error: unknown) =>
        logger.error('resultado de webhook não registrado; o vigia da tarefa retoma', {
          deliveryId,
          error,
        }),
      )
      .finally(() => background.delete(deliveryId));
    background.set(deliveryId, finishing);
    return finishing;
  }

  const handler: JobHandler<'deliver_webhook'> = async ({ deliveryId }) => {
    // This instance is still awaiting an attempt of this delivery (its watchdog came
    // early, as on a test's manual clock): let it finish, then read the result.
    const running = background.get(deliveryId);
    if (running) await running;

    const row = await findDeliveryToSend(db, deliveryId);
    // Gone with its subscription, or already over.
    if (!row || row.status !== 'pending' || !row.subscription || row.body === null) return;
    const { subscription, body } = row;
    // Paused: the delivery waits without a job; resuming queues it again.
    if (subscription.paused) return;

    let now = clock.now();
    if (row.sendingSince !== null) {
      const deadline = watchdogTime(settings, row.sendingSince);
      if (now < deadline) return { retryAt: deadline };
      logger.warn('tentativa de webhook interrompida', { deliveryId, attempt: row.attempt });
      // The next attempt, if any, runs on the job's next turn (at once when already due).
      return recordInterrupted(row);
    }
    if (row.nextAttemptAt !== null && row.nextAttemptAt > now) {
      return { retryAt: row.nextAttemptAt };
    }

    const secrets = signingSecrets(cipher, subscription, now);
    if (secrets === null) return recordUnsigned(row);
    const decision = gate.admit(row.subscriptionId);
    if (!decision.admitted) return { retryAt: now + decision.retryInMs };
    now = clock.now();
    let claimed = false;
    try {
      claimed = await claimAttempt(db, row.id, row.attempt, now);
    } finally {
      if (!claimed) gate.finish(row.subscriptionId, decision.ticket, 0, false);
    }
    if (!claimed) return;

    const sending = runAttempt(
      {
        delivery: row,
        url: subscription.url,
        body,
        secrets,
        attempt: row.attempt + 1,
        startedAt: now,
        ticket: decision.ticket,
      },
      false,
    );
    const HELD = Symbol('held');
    let timer: NodeJS.Timeout | undefined;
    const held = new Promise<typeof HELD>((resolve) => {
      timer = setTimeout(resolve, settings.holdSlotMs, HELD);
      timer.unref();
    });
    const first = await Promise.race([sending, held]).finally(() => clearTimeout(timer));
    if (first !== HELD) return first === LOST ? undefined : (first as JobOutcome);

    // A slow receiver: finish in the background and free the slot now; the job waits as
    // a watchdog until the attempt's deadline.
    void inBackground(deliveryId, sending, false);
    return { retryAt: watchdogTime(settings, now) };
  };

  return {
    handler,
    /**
     * Sends an attempt claimed outside the queue (the dispatcher's first attempts):
     * records it and moves or removes its job. Resolves when all that is done.
     */
    sendClaimed(claimed: ClaimedAttempt): Promise<void> {
      return inBackground(claimed.delivery.id, runAttempt(claimed, true), true);
    },
    /** Waits for attempts still awaited in the background (at most one timeout). */
    async close(): Promise<void> {
      await Promise.allSettled([...background.values()]);
    },
  };
}

export type DeliverHandler = ReturnType<typeof createDeliverHandler>;
