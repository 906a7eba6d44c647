/**
 * Leases on jobs: claiming is one atomic statement (`FOR UPDATE SKIP LOCKED` where the
 * database skips locked rows, a single `UPDATE … RETURNING` otherwise), so several
 * instances never run one job at once; a crashed worker's lease expires and another
 * instance takes the job over.
 */
import type { StoreCapabilities } from '../store/database';
import type { Db, JobsTable } from '../store/schema';

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
 * const jobs = await claimDueJobs(db, store.capabilities, { owner, now, limit: 10, leaseMs: 300_000 });
 * ```
 */
export async function claimDueJobs(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'skipLocked'>,
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
      if (capabilities.skipLocked) due = due.forUpdate().skipLocked();
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
