/**
 * The work queue in the database (DESIGN.md "Work queue"): jobs with a due time and a
 * lease. Claiming is one atomic statement (`FOR UPDATE SKIP LOCKED` on PostgreSQL, a
 * single `UPDATE … RETURNING` on SQLite), so several instances never run one job at
 * once; a crashed worker's lease expires and another instance takes the job over.
 */
import { randomBytes } from 'node:crypto';
import type { Dialect } from '../store/database';
import type { Db, JobsTable } from '../store/schema';
import type { JobKind, JobPayloads } from './job-kinds';

export interface EnqueueOptions {
  runAt: number;
  /** One live job per key: enqueueing again only moves its due time. */
  dedupeKey?: string;
  now: number;
}

/**
 * Adds a job, or, when a job with the same dedupe key exists, moves it to the new time.
 * A job moved while it runs is taken from that run: its claim no longer matches, so the
 * run can neither remove nor release it, and the job runs again at its new time.
 *
 * @example
 * ```ts
 * await enqueue(trx, 'publish_target', { targetId }, { runAt: scheduledFor, dedupeKey: `publish:${targetId}`, now });
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
    .values({
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
    })
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

/** Removes the job of a key (a cancelled target's work). */
export async function cancelJob(db: Db, dedupeKey: string): Promise<void> {
  await db.deleteFrom('jobs').where('dedupe_key', '=', dedupeKey).execute();
}

export interface ClaimOptions {
  owner: string;
  now: number;
  limit: number;
  leaseMs: number;
}

/**
 * Takes up to `limit` due jobs that nobody holds, leasing them to `owner`: a claim token,
 * new for every claim, that later calls must show to complete, release or renew them.
 *
 * @example
 * ```ts
 * const jobs = await claimDueJobs(db, 'postgres', { owner, now, limit: 10, leaseMs: 300_000 });
 * ```
 */
export async function claimDueJobs(
  db: Db,
  dialect: Dialect,
  options: ClaimOptions,
): Promise<JobsTable[]> {
  const { owner, now, limit, leaseMs } = options;
  return db
    .updateTable('jobs')
    .set((eb) => ({
      lease_owner: owner,
      lease_expires_at: now + leaseMs,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('jobs')
        .select('id')
        .where('run_at', '<=', now)
        .where((inner) =>
          inner.or([inner('lease_expires_at', 'is', null), inner('lease_expires_at', '<', now)]),
        )
        .orderBy('run_at')
        .limit(limit);
      // Rows another instance is claiming right now are skipped, not waited for.
      if (dialect === 'postgres') due = due.forUpdate().skipLocked();
      return due;
    })
    .returningAll()
    .execute();
}

/** A running job and the claim it runs under (the `owner` it was claimed with). */
export interface HeldJob {
  id: string;
  claim: string;
}

/** Extends the leases of running jobs that their claims still hold (a heartbeat). */
export async function renewLeases(
  db: Db,
  held: readonly HeldJob[],
  expiresAt: number,
): Promise<void> {
  if (held.length === 0) return;
  await db
    .updateTable('jobs')
    .set({ lease_expires_at: expiresAt })
    .where(
      'id',
      'in',
      held.map((job) => job.id),
    )
    .where(
      'lease_owner',
      'in',
      held.map((job) => job.claim),
    )
    .execute();
}

/** Removes a finished job, if this owner still holds it. */
export async function completeJob(db: Db, id: string, owner: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).where('lease_owner', '=', owner).execute();
}

/** Releases a job to run again at `runAt`, if this owner still holds it. */
export async function releaseJob(
  db: Db,
  id: string,
  owner: string,
  runAt: number,
  error: string | null,
  resetAttempts: boolean,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      run_at: runAt,
      lease_owner: null,
      lease_expires_at: null,
      last_error: error,
      attempts: resetAttempts ? 0 : eb.ref('attempts'),
    }))
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
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

export async function countJobs(db: Db): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
