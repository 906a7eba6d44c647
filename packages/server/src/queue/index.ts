/**
 * The one way into the work queue from the rest of the server: `add` and `cancel` a job
 * inside the caller's transaction (so a job is written with the state change it is for),
 * the worker that runs jobs, and the types its handlers are written against. Everything
 * else in queue/ (claims, leases, the statements on the `jobs` table) stays behind this
 * module; `.dependency-cruiser.cjs` (`queue-through-index`) keeps it so.
 */
import type { Db } from '../store/schema';
import type { JobKey, JobKind, JobPayloads } from './job-kinds';
import { addJobs, removeJobs, type AddMode, type AddOptions, type NewJob } from './jobs';

export { jobKey, PUBLISH_TARGET_GIVES_UP_AFTER, WORKER_GIVES_UP_AFTER } from './job-kinds';
export type { JobKey, JobKind, JobPayloads } from './job-kinds';
export type { AddMode, AddOptions, NewJob } from './jobs';
export { moveOrCancelUnheldStep, newJobRow, queueDepth } from './jobs';
export type { KindDepth } from './jobs';
export { createWorker, DEFAULT_LEASE_MS, heartbeatFor } from './worker';
export { endHeldJob, endHeldJobStep, holdLeaseStep } from './job-leases';
export type { HeldJob } from './job-leases';
export type {
  JobContext,
  JobHandler,
  JobHandlers,
  JobLease,
  JobOutcome,
  Worker,
  WorkerOptions,
} from './worker';

/**
 * Adds a job of `kind`, or, when a job with the same key is there, does what `mode` says
 * (see {@link AddMode}: `replace`, `keep-existing`, `advance-if-unheld`, `move-if-unheld`).
 *
 * @example
 * ```ts
 * await add(trx, 'publish_target', { targetId }, {
 *   runAt: scheduledFor,
 *   key: jobKey('publish_target', targetId),
 *   mode: 'replace',
 *   now,
 * });
 * ```
 */
export async function add<K extends JobKind>(
  db: Db,
  kind: K,
  payload: JobPayloads[K],
  options: AddOptions,
): Promise<void> {
  await addJobs(
    db,
    kind,
    [{ payload, runAt: options.runAt, key: options.key }],
    options.mode,
    options.now,
  );
}

/**
 * {@link add} for many jobs of one kind at once, each with its own key and due time, in as
 * few statements as the batch allows.
 *
 * @example
 * ```ts
 * await addMany(trx, 'deliver_webhook', [
 *   { payload: { deliveryId }, runAt: now, key: jobKey('deliver_webhook', deliveryId) },
 * ], { mode: 'keep-existing', now });
 * ```
 */
export async function addMany<K extends JobKind>(
  db: Db,
  kind: K,
  jobs: ReadonlyArray<NewJob<K>>,
  options: { mode: AddMode; now: number },
): Promise<void> {
  await addJobs(db, kind, jobs, options.mode, options.now);
}

export interface CancelOptions {
  /**
   * Leaves a job some worker holds right now to that worker, which reads its subject
   * again (work finished outside the queue). Default: the job goes whoever holds it, and
   * a run that held it can neither complete nor release it.
   */
  unheldOnly?: boolean;
}

/**
 * Removes the jobs of some keys (their subjects were cancelled or are gone).
 *
 * @example
 * ```ts
 * await cancel(trx, targetIds.map((id) => jobKey('publish_target', id)));
 * ```
 */
export async function cancel(
  db: Db,
  keys: readonly JobKey[],
  options: CancelOptions = {},
): Promise<void> {
  await removeJobs(db, keys, options.unheldOnly ?? false);
}
