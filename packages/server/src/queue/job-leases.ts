/**
 * Leases on jobs: claiming is one atomic statement (`FOR UPDATE SKIP LOCKED` where the
 * database skips locked rows, a single `UPDATE … RETURNING` otherwise), so several
 * instances never run one job at once; a crashed worker's lease expires and another
 * instance takes the job over.
 *
 * Lease times come from the clock of the instance that writes them and are compared with
 * the clock of the instance that claims: instances must agree on the time to within the
 * margin `lease-keeper.ts` describes. Whatever the clocks say, the `lease_owner` column
 * is the truth: a claim replaces it, so a run can always ask the database whether its
 * job is still its own.
 */
import type { QueryCreator } from 'kysely';
import type { StoreCapabilities } from '../store/database';
import type { Database, Db, JobsTable } from '../store/schema';
import { preparedWrite } from '../store/prepared-queries';

export interface ClaimOptions {
  owner: string;
  now: number;
  limit: number;
  leaseMs: number;
  /**
   * Jobs this worker is running whose lease may have run out (its heartbeat late): never
   * claimed again by it, so one process does not run a job twice at once. A running job
   * whose lease is known to hold need not be named: the claim cannot take it.
   */
  running?: readonly string[];
}

/**
 * Takes up to `limit` due jobs that nobody holds, leasing them to `owner`: a claim token,
 * new for every claim, that later calls must show to complete, release or renew them.
 *
 * @example
 * ```ts
 * const jobs = await claimDueJobs(db, store.capabilities, { owner, now, limit: 10, leaseMs: 6_000 });
 * ```
 */
export async function claimDueJobs(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'skipLocked'>,
  options: ClaimOptions,
): Promise<JobsTable[]> {
  const { owner, now, limit, leaseMs, running = [] } = options;
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
        .$if(running.length > 0, (query) => query.where('id', 'not in', running))
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

/**
 * Extends the leases of running jobs that their claims still hold (a heartbeat), and
 * answers those it extended: a job missing from the answer was claimed by another run,
 * moved by `add` (`replace`) or removed, and is no longer its run's.
 *
 * @example
 * ```ts
 * const kept = await renewLeases(db, [{ id, claim }], clock.now() + 6_000);
 * if (!kept.some((job) => job.id === id && job.claim === claim)) stopRunning();
 * ```
 */
export async function renewLeases(
  db: Db,
  held: readonly HeldJob[],
  expiresAt: number,
): Promise<HeldJob[]> {
  if (held.length === 0) return [];
  const renewed = await db
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
    .returning(['id', 'lease_owner'])
    .execute();
  return renewed.map((row) => ({ id: row.id, claim: row.lease_owner! }));
}

/**
 * Confirms in one statement that a claim still holds its job, extending its lease: the
 * fence a run passes right before a step that must not happen twice (`media_publish`).
 * `false` means another run has the job, or it was moved or removed.
 *
 * @example
 * ```ts
 * if (!(await holdLease(db, { id, claim }, clock.now() + 6_000))) return; // not ours any more
 * ```
 */
export async function holdLease(db: Db, job: HeldJob, expiresAt: number): Promise<boolean> {
  const { changed } = await preparedWrite(
    db,
    'hold-lease',
    { expiresAt, id: job.id, claim: job.claim },
    (v) =>
      db
        .updateTable('jobs')
        .set({ lease_expires_at: v.expiresAt })
        .where('id', '=', v.id)
        .where('lease_owner', '=', v.claim),
  );
  return changed > 0;
}

/** Who holds a job now: its claim, `null` when nobody does, `undefined` when it is gone. */
export async function leaseOwnerOf(db: Db, id: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('jobs')
    .select('lease_owner')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.lease_owner;
}

/** Removes a finished job, if this owner still holds it. */
export async function completeJob(db: Db, id: string, owner: string): Promise<void> {
  await preparedWrite(db, 'complete-job', { id, owner }, (v) =>
    db.deleteFrom('jobs').where('id', '=', v.id).where('lease_owner', '=', v.owner),
  );
}

/**
 * Removes the job a run holds, if its claim still holds it, inside the caller's
 * transaction: a handler ends its job in the transaction that records its result, then
 * answers `{ ended: true }` (`JobOutcome`), so the result and the job's end commit
 * together and the worker has nothing left to write.
 *
 * @example
 * ```ts
 * await db.transaction().execute(async (trx) => { await recordResult(trx); await endHeldJob(trx, lease.held); });
 * return { ended: true };
 * ```
 */
export async function endHeldJob(db: Db, held: HeldJob): Promise<void> {
  await completeJob(db, held.id, held.claim);
}

/**
 * {@link holdLease} as the step of a data-modifying `WITH` (`StoreCapabilities.writingCtes`),
 * returning the job's id when the claim still holds it: a handler's write and the
 * confirmation of its lease are one statement (`JobLease.confirmWith`). `when` names a
 * common table that must have a row first (a lock taken before the job's row).
 *
 * @example
 * ```ts
 * db.with('locked', …forUpdate()).with('lease', (qb) => holdLeaseStep(qb, lease.held, until, 'locked'))
 * ```
 */
export function holdLeaseStep<S extends string>(
  qb: QueryCreator<Database & { [name in S]: { id: string } }>,
  held: HeldJob,
  expiresAt: number,
  when: S,
) {
  // The common table is known only by name here; one row of it is enough.
  const creator = qb as unknown as QueryCreator<Database & { when: { id: string } }>;
  return creator
    .updateTable('jobs')
    .set({ lease_expires_at: expiresAt })
    .where('id', '=', held.id)
    .where('lease_owner', '=', held.claim)
    .where((eb) => eb.exists(eb.selectFrom(`${when} as when` as 'when').select('when.id')))
    .returning('jobs.id');
}

/**
 * {@link endHeldJob} as the step of a data-modifying `WITH` (`StoreCapabilities.writingCtes`),
 * so a result and its job's end are one statement.
 *
 * @example
 * ```ts
 * db.with('ended', (qb) => endHeldJobStep(qb, lease.held)).insertInto('events')…
 * ```
 */
export function endHeldJobStep(qb: QueryCreator<Database>, held: HeldJob) {
  return qb
    .deleteFrom('jobs')
    .where('id', '=', held.id)
    .where('lease_owner', '=', held.claim)
    .returning('jobs.id');
}

/**
 * What a release does to a job's count of failed runs: `reset` after a run that went well
 * (it asked to run again later), `keep` after a failure, which counts, and `uncount` after
 * a run the database's own fault cut short, which says nothing about the job and must not
 * bring it closer to being dropped (the claim that started the run counted it).
 */
export type AttemptsOnRelease = 'reset' | 'keep' | 'uncount';

/**
 * Releases a job to run again at `runAt`, if this owner still holds it.
 *
 * @example
 * ```ts
 * await releaseJob(db, job.id, claim, clock.now() + 5_000, 'falhou', 'keep');
 * ```
 */
export async function releaseJob(
  db: Db,
  id: string,
  owner: string,
  runAt: number,
  error: string | null,
  attempts: AttemptsOnRelease,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      run_at: runAt,
      lease_owner: null,
      lease_expires_at: null,
      last_error: error,
      attempts:
        attempts === 'reset'
          ? 0
          : attempts === 'uncount'
            ? eb('attempts', '-', 1)
            : eb.ref('attempts'),
    }))
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}
