/**
 * One attempt of one delivery (spec §3 "Webhook delivery", §6 "Delivery and retries"):
 * the same stored body and event id every time, signed at the time of sending; a 2xx
 * within 10 s is `delivered`; otherwise the next attempt goes 30 s, then 2 min, after the
 * start of the failed one; after the third the delivery is `failed`.
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
import type { JobHandler, JobOutcome } from '../queue/worker';
import type { TokenCipher } from '../security/token-cipher';
import {
  claimAttempt,
  findDeliveryToSend,
  recordAttempt,
  recordAttemptAndSettleJob,
  settleDeliveryJob,
  type DeliveryToSend,
} from '../store/notifications';
import type { Dialect } from '../store/database';
import type { Db, WebhookDeliveriesTable } from '../store/schema';
import type { DestinationGate } from './destination-gate';
import { maxAttempts, nextAttemptAt, type WebhookSettings } from './webhook-settings';
import type { WebhookResponse, WebhookSender } from './webhook-sender';

/** Margin past an attempt's deadline before another run treats it as cut off. */
const INTERRUPTED_AFTER_MS = 15_000;
const INTERRUPTED_MESSAGE =
  'A tentativa foi interrompida: o servidor parou durante o envio, sem saber a resposta.';

export interface DeliverOptions {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  logger: Logger;
  cipher: TokenCipher;
  settings: WebhookSettings;
  sender: WebhookSender;
  gate: DestinationGate;
}

/** One entry of `attempts_log`, as `GET …/deliveries` shows it. */
export interface AttemptRecord {
  attempt: number;
  at: number;
  durationMs: number | null;
  responseStatus: number | null;
  error: string | null;
}

/** Recorded instead of an answer when a subscription's secret cannot be read. */
export const UNREADABLE_SECRET_ERROR =
  'O segredo desta inscrição não pode ser lido (REELAY_ENCRYPTION_KEY mudou?); gire o segredo.';

function decryptOrNull(cipher: TokenCipher, stored: string): string | null {
  try {
    return cipher.decrypt(stored);
  } catch {
    return null;
  }
}

/**
 * The secrets that sign now: the current one, and the previous one during its overlap.
 * `null` when the current one cannot be read (the encryption key changed): nothing of
 * this subscription can be signed until its secret is rotated, and nothing else waits.
 */
export function signingSecrets(
  cipher: TokenCipher,
  row: Pick<DeliveryToSend, 'secret' | 'previous_secret' | 'previous_secret_expires_at'>,
  now: number,
): string[] | null {
  const current = decryptOrNull(cipher, row.secret!);
  if (current === null) return null;
  const secrets = [current];
  if (row.previous_secret && (row.previous_secret_expires_at ?? 0) > now) {
    const previous = decryptOrNull(cipher, row.previous_secret);
    if (previous !== null) secrets.push(previous);
  }
  return secrets;
}

/** The row changes that record an attempt's result. */
function resultOf(
  settings: WebhookSettings,
  row: WebhookDeliveriesTable,
  attempt: number,
  startedAt: number,
  finishedAt: number,
  response: Pick<WebhookResponse, 'delivered' | 'responseStatus' | 'error'> & {
    durationMs: number | null;
  },
) {
  const log = JSON.parse(row.attempts_log) as AttemptRecord[];
  log.push({
    attempt,
    at: startedAt,
    durationMs: response.durationMs,
    responseStatus: response.responseStatus,
    error: response.error,
  });
  // Counted from the attempt's start (spec §3: 30 s after the first attempt, 2 min after
  // the second), so a receiver that hangs until the timeout does not push retries back.
  const next = response.delivered ? null : nextAttemptAt(settings, attempt, startedAt);
  const status: WebhookDeliveriesTable['status'] = response.delivered
    ? 'delivered'
    : next === null || attempt >= maxAttempts(settings)
      ? 'failed'
      : 'pending';
  return {
    status,
    response_status: response.responseStatus,
    error: response.error,
    duration_ms: response.durationMs,
    next_attempt_at: status === 'pending' ? next : null,
    delivered_at: response.delivered ? finishedAt : null,
    attempts_log: JSON.stringify(log),
    updated_at: finishedAt,
  };
}

/** An attempt whose claim another run took over: its answer is not recorded. */
const LOST = Symbol('lost');

const outcomeOf = (changes: { status: string; next_attempt_at: number | null }): JobOutcome =>
  changes.status === 'pending' && changes.next_attempt_at !== null
    ? { retryAt: changes.next_attempt_at }
    : undefined;

/** An attempt already claimed in the delivery row, ready to send. */
export interface ClaimedAttempt {
  readonly delivery: Pick<
    WebhookDeliveriesTable,
    'id' | 'subscription_id' | 'event_id' | 'event_type' | 'attempts_log'
  >;
  readonly url: string;
  /** The event's stored body. */
  readonly body: string;
  readonly secrets: readonly string[];
  /** The attempt number claimed, 1 to 3. */
  readonly attempt: number;
  /** `sending_since` of the claim. */
  readonly startedAt: number;
  /** The gate's ticket for this attempt. */
  readonly ticket: number;
}

/** The job time of a claimed attempt: after its deadline, another run may take it over. */
export function watchdogTime(settings: WebhookSettings, startedAt: number): number {
  return startedAt + settings.timeoutMs + INTERRUPTED_AFTER_MS;
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
  const { db, dialect, clock, logger, cipher, settings, sender, gate } = options;
  /** Attempts still awaited in the background, by delivery id. */
  const background = new Map<string, Promise<void>>();

  /** An attempt that cannot be signed counts as failed, without sending anything. */
  async function recordUnsigned(row: DeliveryToSend): Promise<JobOutcome> {
    const now = clock.now();
    if (!(await claimAttempt(db, row.id, row.attempt, now))) return;
    logger.error('segredo de webhook ilegível; gire o segredo da inscrição', {
      subscriptionId: row.subscription_id,
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

  async function recordInterrupted(row: DeliveryToSend): Promise<JobOutcome> {
    const now = clock.now();
    const changes = resultOf(settings, row, row.attempt, row.sending_since!, now, {
      delivered: false,
      responseStatus: null,
      error: INTERRUPTED_MESSAGE,
      durationMs: null,
    });
    const recorded = await recordAttempt(db, row.id, row.attempt, row.sending_since!, changes);
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
    gate.begin(delivery.subscription_id, claimed.ticket);
    try {
      response = await sender.send({
        url: claimed.url,
        body: claimed.body,
        eventId: delivery.event_id,
        eventType: delivery.event_type,
        secrets: claimed.secrets,
      });
    } catch (error) {
      gate.finish(delivery.subscription_id, claimed.ticket, 0, false);
      throw error;
    }
    gate.finish(delivery.subscription_id, claimed.ticket, response.durationMs, response.timedOut);
    const changes = resultOf(
      settings,
      delivery as WebhookDeliveriesTable,
      claimed.attempt,
      claimed.startedAt,
      clock.now(),
      response,
    );
    const outcome = outcomeOf(changes);
    const recorded = settleJob
      ? await recordAttemptAndSettleJob(
          db,
          dialect,
          delivery.id,
          claimed.attempt,
          claimed.startedAt,
          changes,
          outcome ? outcome.retryAt : null,
        )
      : await recordAttempt(db, delivery.id, claimed.attempt, claimed.startedAt, changes);
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
    if (!row || row.status !== 'pending' || row.url === null || row.payload === null) return;
    // Paused: the delivery waits without a job; resuming queues it again.
    if (row.paused === 1) return;

    let now = clock.now();
    if (row.sending_since !== null) {
      const deadline = watchdogTime(settings, row.sending_since);
      if (now < deadline) return { retryAt: deadline };
      logger.warn('tentativa de webhook interrompida', { deliveryId, attempt: row.attempt });
      // The next attempt, if any, runs on the job's next turn (at once when already due).
      return recordInterrupted(row);
    }
    if (row.next_attempt_at !== null && row.next_attempt_at > now) {
      return { retryAt: row.next_attempt_at };
    }

    const secrets = signingSecrets(cipher, row, now);
    if (secrets === null) return recordUnsigned(row);
    const decision = gate.admit(row.subscription_id);
    if (!decision.admitted) return { retryAt: now + decision.retryInMs };
    now = clock.now();
    let claimed = false;
    try {
      claimed = await claimAttempt(db, row.id, row.attempt, now);
    } finally {
      if (!claimed) gate.finish(row.subscription_id, decision.ticket, 0, false);
    }
    if (!claimed) return;

    const sending = runAttempt(
      {
        delivery: row,
        url: row.url,
        body: row.payload,
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
