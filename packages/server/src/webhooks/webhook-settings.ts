/**
 * Timings of webhook delivery. The defaults are the contract (spec §3, §6 "Delivery and
 * retries", §8): 10 s per attempt, retries 30 s and 2 min after the failed attempts
 * started, 3 attempts in total. Tests shorten the timeout; nothing else should change them.
 */
export interface WebhookSettings {
  /** Time a receiver has to answer one attempt (spec §6: 10 s). */
  readonly timeoutMs: number;
  /**
   * Wait from the start of each failed attempt to the next; its length + 1 is the attempt
   * count.
   */
  readonly retryDelaysMs: readonly number[];
  /**
   * How long an attempt may hold a worker slot. A receiver slower than this finishes its
   * attempt in the background, so a slow receiver never keeps the queue from others.
   */
  readonly holdSlotMs: number;
  /** Attempts in flight per subscription once its receiver is known to be slow. */
  readonly slowDestinationInFlight: number;
  /** Undispatched events taken per transaction by the dispatcher. */
  readonly dispatchBatchSize: number;
  /**
   * First attempts the dispatching instance sends itself, right after creating their
   * deliveries, in flight at once; the others wait in its inline queue.
   */
  readonly inlineInFlight: number;
  /** Of those, to one receiver, so a receiver that hangs holds its own queue only. */
  readonly inlinePerDestination: number;
  /** Deliveries waiting in the inline queue, at most; beyond that, the job queue. */
  readonly inlineMaxQueued: number;
  /** When the fallback job of a delivery handed to the inline sender falls due. */
  readonly inlineFallbackMs: number;
  /** Largest part of a receiver's answer kept for a test delivery. */
  readonly responseExcerptBytes: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  timeoutMs: 10_000,
  retryDelaysMs: [30_000, 120_000],
  holdSlotMs: 1_000,
  slowDestinationInFlight: 4,
  dispatchBatchSize: 500,
  inlineInFlight: 256,
  inlinePerDestination: 64,
  inlineMaxQueued: 5_000,
  inlineFallbackMs: 5_000,
  responseExcerptBytes: 1024,
};

/**
 * When the attempt after a failed one goes, or `null` when none is left (spec §3). The
 * delay counts from when the failed attempt started, not from when its answer (or its
 * timeout) came: a receiver that hangs does not push the schedule back.
 *
 * @example
 * ```ts
 * nextAttemptAt(DEFAULT_WEBHOOK_SETTINGS, 1, startedAt); // startedAt + 30 s
 * nextAttemptAt(DEFAULT_WEBHOOK_SETTINGS, 3, startedAt); // null: the delivery is failed
 * ```
 */
export function nextAttemptAt(
  settings: WebhookSettings,
  attemptsMade: number,
  attemptStartedAt: number,
): number | null {
  const delay = settings.retryDelaysMs[attemptsMade - 1];
  return delay === undefined ? null : attemptStartedAt + delay;
}

/** Attempts in total: the first plus one per retry delay (spec §6: 3). */
export function maxAttempts(settings: WebhookSettings): number {
  return settings.retryDelaysMs.length + 1;
}
