/**
 * Whether and when to send a failed request again: a pure function of what happened, so
 * the whole policy is tested as a table.
 *
 * Spec §7 names what is safe to retry: `RATE_LIMIT_KEY` (after `x-ratelimit-reset`),
 * `RATE_LIMIT_APP` and `INTERNAL_ERROR`, plus network failures; the server's database
 * away or full (`DATABASE_UNAVAILABLE`, `STORAGE_FULL`, 503) are passing too. Two of those mean the
 * server refused before doing anything (the rate limits), so any request may go again.
 * The others leave open whether the work was done: an `INTERNAL_ERROR`, a timeout or a
 * connection lost mid-answer after a `POST /v1/profiles` may have created the profile.
 * Those are retried only when repeating cannot duplicate anything: reads, `PUT`, `PATCH`
 * and `DELETE` (which set a state), and requests that carry an `idempotencyKey`.
 */

/** What the last attempt ended with. */
export type AttemptOutcome =
  /** The server answered in the error envelope. */
  | { kind: 'error'; status: number; code: string; resetSeconds?: number | undefined }
  /** Something answered, but not in the envelope: a proxy's 502 page, say. */
  | { kind: 'unexpected'; status: number }
  /**
   * No answer. `beforeSending` is true when the connection was never made (refused,
   * unknown host), so the server cannot have seen the request.
   */
  | { kind: 'network'; beforeSending: boolean }
  | { kind: 'timeout' };

export interface RetryContext {
  /** Attempts made so far, the failed one included (1 after the first). */
  attempt: number;
  maxRetries: number;
  /** Whether sending the request twice cannot do the work twice. */
  repeatable: boolean;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRateLimitWaitMs: number;
  /** Uniform in [0, 1); `Math.random` outside tests. */
  random: () => number;
}

export type RetryDecision =
  { retry: true; delayMs: number; reason: string } | { retry: false; reason: string };

/** Defaults of {@link RetryContext}, also those of `RetryOptions`. */
export const DEFAULT_RETRY = {
  maxRetries: 2,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRateLimitWaitMs: 60_000,
} as const;

/** Codes of the server's own passing faults: safe to retry when repeating does no harm. */
const SERVER_FAULTS = new Set(['INTERNAL_ERROR', 'DATABASE_UNAVAILABLE', 'STORAGE_FULL']);

/** Statuses a gateway answers when the server behind it is down or restarting. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);
/** Spread added to a rate-limit wait, so clients sharing a key do not return together. */
const RATE_LIMIT_JITTER_MS = 250;

/**
 * Exponential backoff with jitter: the n-th retry waits between half and all of
 * `min(maxDelayMs, baseDelayMs · 2^(n-1))`.
 *
 * @example
 * ```ts
 * backoffDelay(1, { baseDelayMs: 500, maxDelayMs: 8_000, random: () => 0.5 }); // 375
 * ```
 */
export function backoffDelay(
  attempt: number,
  context: Pick<RetryContext, 'baseDelayMs' | 'maxDelayMs' | 'random'>,
): number {
  const ceiling = Math.min(context.maxDelayMs, context.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (context.random() * ceiling) / 2);
}

/**
 * Decides whether to retry after a failed attempt, and how long to wait first.
 *
 * @example
 * ```ts
 * decideRetry({ kind: 'error', status: 429, code: 'RATE_LIMIT_KEY', resetSeconds: 12 }, context);
 * // { retry: true, delayMs: 12_000 + jitter, reason: 'RATE_LIMIT_KEY: waiting x-ratelimit-reset' }
 * ```
 */
export function decideRetry(outcome: AttemptOutcome, context: RetryContext): RetryDecision {
  if (context.attempt > context.maxRetries) {
    return { retry: false, reason: `no retries left (${context.maxRetries} allowed)` };
  }
  const backoff = () => backoffDelay(context.attempt, context);
  const unlessRepeatable = (what: string): RetryDecision =>
    context.repeatable
      ? { retry: true, delayMs: backoff(), reason: `${what}: the request is safe to repeat` }
      : {
          retry: false,
          reason: `${what}: the work may have been done and repeating could do it twice`,
        };

  switch (outcome.kind) {
    case 'error':
      if (outcome.code === 'RATE_LIMIT_KEY') {
        if (outcome.resetSeconds === undefined) {
          return { retry: true, delayMs: backoff(), reason: 'RATE_LIMIT_KEY: no reset announced' };
        }
        const wait =
          outcome.resetSeconds * 1000 + Math.round(context.random() * RATE_LIMIT_JITTER_MS);
        if (outcome.resetSeconds * 1000 > context.maxRateLimitWaitMs) {
          return {
            retry: false,
            reason: `RATE_LIMIT_KEY: reset in ${outcome.resetSeconds} s is longer than maxRateLimitWaitMs`,
          };
        }
        return { retry: true, delayMs: wait, reason: 'RATE_LIMIT_KEY: waiting x-ratelimit-reset' };
      }
      if (outcome.code === 'RATE_LIMIT_APP') {
        return { retry: true, delayMs: backoff(), reason: 'RATE_LIMIT_APP: temporary' };
      }
      // The server's database away or out of room passes by itself; as after an internal
      // error, an earlier step of the request may have been saved before it failed.
      if (SERVER_FAULTS.has(outcome.code)) return unlessRepeatable(outcome.code);
      return { retry: false, reason: `${outcome.code} is not safe to retry (spec §7)` };
    case 'unexpected':
      return GATEWAY_STATUSES.has(outcome.status)
        ? unlessRepeatable(`gateway answered ${outcome.status}`)
        : { retry: false, reason: `unexpected answer ${outcome.status}` };
    case 'network':
      return outcome.beforeSending
        ? { retry: true, delayMs: backoff(), reason: 'connection failed before sending' }
        : unlessRepeatable('connection lost');
    case 'timeout':
      return unlessRepeatable('timed out');
  }
}
