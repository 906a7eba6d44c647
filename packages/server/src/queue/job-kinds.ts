/**
 * Every kind of job and its payload, so `enqueue` and handlers agree on types.
 */
export interface JobPayloads {
  /** Runs the publishing pipeline of one post target, resuming at its stored step. */
  publish_target: { targetId: string };
  /** Fans undispatched outbox events out to the matching webhook subscriptions. */
  dispatch_events: Record<string, never>;
  /** Makes the next attempt of one webhook delivery (the job id is the delivery id). */
  deliver_webhook: { deliveryId: string };
}

export type JobKind = keyof JobPayloads;
