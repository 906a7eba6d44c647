/**
 * Every kind of job: its payload, the key that keeps one live job per subject, and how
 * many failed runs a job gets, so `add`, the worker and the handlers agree.
 */
export interface JobPayloads {
  /** Runs the publishing pipeline of one post target, resuming at its stored step. */
  publish_target: { targetId: string };
  /** Fans undispatched outbox events out to the matching webhook subscriptions. */
  dispatch_events: Record<string, never>;
  /** Makes the next attempt of one webhook delivery (the job id is the delivery id). */
  deliver_webhook: { deliveryId: string };
  /** Records the comments and mentions of one verified Meta webhook batch (its raw body). */
  ingest_meta_webhook: { body: string };
  /** Creates the occurrences of one series that entered the 75-day window. */
  materialize_series: { seriesId: string };
  /** Reads one feed and turns its new items into posts, then sets itself 15 minutes on. */
  check_feed: { feedId: string };
}

export type JobKind = keyof JobPayloads;

/** A dedupe key, built only by {@link jobKey}. */
export type JobKey = string & { readonly __jobKey: true };

const KEY_PREFIXES: Record<JobKind, string> = {
  publish_target: 'publish:',
  dispatch_events: 'dispatch-events',
  deliver_webhook: 'deliver:',
  ingest_meta_webhook: 'meta-webhook:',
  materialize_series: 'series:',
  check_feed: 'feed:',
};

/**
 * The dedupe key of a kind's job about one subject (a target, a delivery); the dispatcher
 * has one job for everything, so its key takes no subject.
 *
 * @example
 * ```ts
 * jobKey('publish_target', 'tgt_…'); // 'publish:tgt_…'
 * jobKey('dispatch_events'); // 'dispatch-events'
 * ```
 */
export function jobKey(kind: 'dispatch_events'): JobKey;
export function jobKey(kind: Exclude<JobKind, 'dispatch_events'>, subjectId: string): JobKey;
export function jobKey(kind: JobKind, subjectId = ''): JobKey {
  return `${KEY_PREFIXES[kind]}${subjectId}` as JobKey;
}

/**
 * Failed runs (a handler that throws) after which the worker drops a job, of any kind,
 * one this version does not know included. Each failure waits a backoff first, so this
 * spans minutes of a failing database.
 */
export const WORKER_GIVES_UP_AFTER = 8;

/**
 * Failed runs after which the publishing handler stops retrying and fails the target
 * itself (with its `post.failed` event), instead of leaving it waiting forever. Below the
 * worker's limit on purpose: the runs left over retry that final write if it fails too.
 */
export const PUBLISH_TARGET_GIVES_UP_AFTER = WORKER_GIVES_UP_AFTER - 2;
