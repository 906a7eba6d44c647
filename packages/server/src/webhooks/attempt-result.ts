/**
 * What an attempt's answer means for its delivery (spec §3 "Webhook delivery", §6
 * "Delivery and retries"): delivered on a 2xx; otherwise the next attempt 30 s, then
 * 2 min, after the start of the failed one; after the last, `failed`.
 */
import type { JobOutcome } from '../queue';
import type { AttemptResult, Delivery } from '../store/deliveries';
import type { WebhookResponse } from './webhook-sender';
import { maxAttempts, nextAttemptAt, type WebhookSettings } from './webhook-settings';

/** Margin past an attempt's deadline before another run treats it as cut off. */
const INTERRUPTED_AFTER_MS = 15_000;

/** Recorded for an attempt whose instance stopped while sending it. */
export const INTERRUPTED_MESSAGE =
  'A tentativa foi interrompida: o servidor parou durante o envio, sem saber a resposta.';

/** An answer as recorded: the sender's, or one made up (interrupted, unsigned). */
export type AttemptAnswer = Pick<WebhookResponse, 'delivered' | 'responseStatus' | 'error'> & {
  durationMs: number | null;
};

/**
 * The delivery's new state after attempt `attempt`, started at `startedAt`.
 *
 * @example
 * ```ts
 * resultOf(settings, delivery, 1, startedAt, clock.now(), response).status; // 'pending'
 * ```
 */
export function resultOf(
  settings: WebhookSettings,
  delivery: Pick<Delivery, 'attempts'>,
  attempt: number,
  startedAt: number,
  finishedAt: number,
  answer: AttemptAnswer,
): AttemptResult {
  const attempts = [
    ...delivery.attempts,
    {
      attempt,
      at: startedAt,
      durationMs: answer.durationMs,
      responseStatus: answer.responseStatus,
      error: answer.error,
    },
  ];
  // Counted from the attempt's start (spec §3: 30 s after the first attempt, 2 min after
  // the second), so a receiver that hangs until the timeout does not push retries back.
  const next = answer.delivered ? null : nextAttemptAt(settings, attempt, startedAt);
  const status: Delivery['status'] = answer.delivered
    ? 'delivered'
    : next === null || attempt >= maxAttempts(settings)
      ? 'failed'
      : 'pending';
  return {
    status,
    responseStatus: answer.responseStatus,
    error: answer.error,
    durationMs: answer.durationMs,
    nextAttemptAt: status === 'pending' ? next : null,
    deliveredAt: answer.delivered ? finishedAt : null,
    attempts,
    updatedAt: finishedAt,
  };
}

/** The job's outcome after a recorded result: the next attempt's time, or done. */
export const outcomeOf = (
  result: Pick<AttemptResult, 'status' | 'nextAttemptAt'>,
): Extract<JobOutcome, { retryAt: number }> | undefined =>
  result.status === 'pending' && result.nextAttemptAt !== null
    ? { retryAt: result.nextAttemptAt }
    : undefined;

/** The job time of a claimed attempt: after its deadline, another run may take it over. */
export function watchdogTime(settings: WebhookSettings, startedAt: number): number {
  return startedAt + settings.timeoutMs + INTERRUPTED_AFTER_MS;
}
