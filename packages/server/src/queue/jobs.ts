/**
 * The work queue in the database (DESIGN.md "Work queue"): adding, moving and removing
 * jobs. Every statement on the `jobs` table lives in queue/ (leases in job-leases.ts);
 * callers pass their transaction, so a job is written with the state change it is for.
 */
import { randomBytes } from 'node:crypto';
import type { QueryCreator } from 'kysely';
import type { Database, Db } from '../store/schema';
import { jobKey, type JobKey, type JobKind, type JobPayloads } from './job-kinds';

/** Rows per insert: well under SQLite's limit on bound parameters. */
const JOBS_PER_INSERT = 500;

export interface EnqueueOptions {
  runAt: number;
  /** One live job per key: enqueueing again only moves its due time. */
  dedupeKey?: JobKey;
  now: number;
}

/** A job's row as first written: due at `runAt`, held by nobody. */
function newJobRow(kind: JobKind, payload: object, options: EnqueueOptions) {
  return {
    id: randomBytes(12).toString('hex'),
    kind,
    payload: JSON.stringify(payload),
    run_at: options.runAt,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    last_error: null,
    dedupe_key: options.dedupeKey ?? null,
    created_at: options.now,
  };
}

/**
 * Adds a job, or, when a job with the same dedupe key exists, moves it to the new time.
 * A job moved while it runs is taken from that run: its claim no longer matches, so the
 * run can neither remove nor release it, and the job runs again at its new time.
 *
 * @example
 * ```ts
 * await enqueue(trx, 'publish_target', { targetId }, { runAt: scheduledFor, dedupeKey: jobKey('publish_target', targetId), now });
 * ```
 */
export async function enqueue<K extends JobKind>(
  db: Db,
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions,
): Promise<void> {
  await db
    .insertInto('jobs')
    .values(newJobRow(kind, payload, options))
    .onConflict((conflict) =>
      conflict.column('dedupe_key').doUpdateSet((eb) => ({
        run_at: eb.ref('excluded.run_at'),
        payload: eb.ref('excluded.payload'),
        lease_owner: null,
        lease_expires_at: null,
      })),
    )
    .execute();
}

/**
 * Adds a job under its dedupe key unless one is there already, whatever its state: unlike
 * {@link enqueue}, it writes nothing to an existing job, so it never waits on that row's
 * lock. For requests many transactions make at once whose job, once there, is enough.
 *
 * @example
 * ```ts
 * await enqueueIfAbsent(trx, 'dispatch_events', {}, { runAt: now, dedupeKey: jobKey('dispatch_events'), now });
 * ```
 */
export async function enqueueIfAbsent<K extends JobKind>(
  db: Db,
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions & { dedupeKey: JobKey },
): Promise<void> {
  await db
    .insertInto('jobs')
    .values(newJobRow(kind, payload, options))
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .execute();
}

/**
 * Moves a job nobody holds to `runAt` when it waits for a later time (a backoff after
 * failures). A job under way, or already due, is left as it is: the statement matches no
 * row then, so it takes no row lock and never waits on a running job's row.
 *
 * @example
 * ```ts
 * await advanceUnheld(db, jobKey('dispatch_events'), now);
 * ```
 */
export async function advanceUnheld(db: Db, key: JobKey, runAt: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ run_at: runAt })
    .where('dedupe_key', '=', key)
    .where('lease_owner', 'is', null)
    .where('run_at', '>', runAt)
    .execute();
}

/** The kinds whose jobs are one per subject, with the subject's id as the job's id. */
type SubjectKind = 'deliver_webhook';

const payloadOf: { [K in SubjectKind]: (subjectId: string) => JobPayloads[K] } = {
  deliver_webhook: (deliveryId) => ({ deliveryId }),
};

/**
 * Adds the jobs of several subjects (the job id is the subject's id, the key
 * `jobKey(kind, id)`); a subject that already has its job keeps it as it is.
 *
 * @example
 * ```ts
 * await enqueueMany(trx, 'deliver_webhook', [{ id: deliveryId, runAt: now }], now);
 * ```
 */
export async function enqueueMany(
  db: Db,
  kind: SubjectKind,
  jobs: ReadonlyArray<{ id: string; runAt: number }>,
  now: number,
): Promise<void> {
  for (let start = 0; start < jobs.length; start += JOBS_PER_INSERT) {
    await db
      .insertInto('jobs')
      .values(
        jobs.slice(start, start + JOBS_PER_INSERT).map(({ id, runAt }) => ({
          id,
          kind,
          payload: JSON.stringify(payloadOf[kind](id)),
          run_at: runAt,
          attempts: 0,
          lease_owner: null,
          lease_expires_at: null,
          last_error: null,
          dedupe_key: jobKey(kind, id),
          created_at: now,
        })),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

/** Removes the job of a key (a cancelled target's work). */
export async function cancelJob(db: Db, key: JobKey): Promise<void> {
  await db.deleteFrom('jobs').where('dedupe_key', '=', key).execute();
}

/**
 * Removes the jobs of several keys (their subjects are gone: an erased user's targets).
 *
 * @example
 * ```ts
 * await cancelJobs(trx, targetIds.map((id) => jobKey('publish_target', id)));
 * ```
 */
export async function cancelJobs(db: Db, keys: readonly JobKey[]): Promise<void> {
  for (let start = 0; start < keys.length; start += JOBS_PER_INSERT) {
    const batch = keys.slice(start, start + JOBS_PER_INSERT);
    await db.deleteFrom('jobs').where('dedupe_key', 'in', batch).execute();
  }
}

/** Removes the jobs of several subjects of a kind (their subjects are gone). */
export async function cancelJobsOf(
  db: Db,
  kind: SubjectKind,
  subjectIds: readonly string[],
): Promise<void> {
  for (let start = 0; start < subjectIds.length; start += JOBS_PER_INSERT) {
    const ids = subjectIds.slice(start, start + JOBS_PER_INSERT);
    await db.deleteFrom('jobs').where('kind', '=', kind).where('id', 'in', ids).execute();
  }
}

/**
 * After work done outside the queue: moves a subject's job to `runAt`, or removes it
 * (`null`: nothing left to do). A job some worker holds right now is left to that
 * worker, which reads its subject again.
 *
 * @example
 * ```ts
 * await rescheduleUnheld(db, 'deliver_webhook', deliveryId, retryAt);
 * ```
 */
export async function rescheduleUnheld(
  db: Db,
  kind: SubjectKind,
  subjectId: string,
  runAt: number | null,
): Promise<void> {
  if (runAt === null) {
    await db
      .deleteFrom('jobs')
      .where('id', '=', subjectId)
      .where('kind', '=', kind)
      .where('lease_owner', 'is', null)
      .execute();
    return;
  }
  await db
    .updateTable('jobs')
    .set({ run_at: runAt })
    .where('id', '=', subjectId)
    .where('kind', '=', kind)
    .where('lease_owner', 'is', null)
    .execute();
}

/**
 * {@link rescheduleUnheld} as the step of a data-modifying `WITH` (see
 * `StoreCapabilities.writingCtes`): for the subjects whose ids the common table `source`
 * returns, so a write and its job's move are one statement.
 *
 * @example
 * ```ts
 * db.with('recorded', (qb) => …returning('id'))
 *   .with('settled', (qb) => rescheduleUnheldStep(qb, 'deliver_webhook', 'recorded', runAt))
 * ```
 */
export function rescheduleUnheldStep<S extends string>(
  qb: QueryCreator<Database & { [name in S]: { id: string } }>,
  kind: SubjectKind,
  source: S,
  runAt: number | null,
) {
  // The common table is known only by name here; its one column is the subject id.
  const creator = qb as unknown as QueryCreator<Database & { source: { id: string } }>;
  const ids = creator.selectFrom(`${source} as source` as 'source').select('source.id');
  return runAt === null
    ? creator
        .deleteFrom('jobs')
        .where('id', 'in', ids)
        .where('kind', '=', kind)
        .where('lease_owner', 'is', null)
    : creator
        .updateTable('jobs')
        .set({ run_at: runAt })
        .where('id', 'in', ids)
        .where('kind', '=', kind)
        .where('lease_owner', 'is', null);
}

/** The earliest due time among jobs nobody holds, or null. */
export async function nextDueTime(db: Db, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('next'))
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

/** The earliest due time among jobs, or null when the queue is empty. */
export async function nextJobTime(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('next'))
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

/** How many jobs there are (tests, diagnostics). */
export async function countJobs(db: Db): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
