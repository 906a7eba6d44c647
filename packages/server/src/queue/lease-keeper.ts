/**
 * Keeps the leases of the jobs one worker runs: a heartbeat extends them all in one
 * statement, so a lease can be short (another instance takes a crashed one's jobs over
 * within it) while a slow platform call keeps its job for as long as it takes.
 *
 * Timing (defaults: a 6 s lease renewed every 1 s). A lease's expiry is written with the
 * holder's clock and read with the claimer's, so the holder keeps its job as long as
 * `clock skew + event-loop stall + time of a renewal statement < lease − heartbeat`
 * (5 s by default). Past that margin, another instance may start the same job while the
 * first still runs it; nothing is done twice that matters, because
 *
 * - every stored step of a run is conditional on what the run read (the target's
 *   revision), so the late run's writes are refused and it stops;
 * - completing or releasing a job is conditional on the run's claim;
 * - the heartbeat notices the job is gone and aborts the run's `signal`;
 * - a step that must not happen twice (`media_publish`) first confirms the claim in the
 *   database ({@link JobLease.confirm}, or {@link JobLease.confirmWith} within the write
 *   just before it), which extends the lease at the same time; a run
 *   that stalls between that check and its request publishes the one container stored
 *   for the target, which the platform publishes only once.
 */
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { Db } from '../store/schema';
import { holdLease, leaseOwnerOf, renewLeases, type HeldJob } from './job-leases';

/** What a handler knows about its job's lease. */
export interface JobLease {
  /** Aborted once this run is known to have lost its job (taken over, moved or removed). */
  readonly signal: AbortSignal;
  /**
   * Confirms in the database that this run still holds its job, extending the lease;
   * `false` means it does not, and the run must stop without side effects.
   */
  confirm(): Promise<boolean>;
  /**
   * {@link confirm} as part of a write of the handler's own, one statement instead of
   * two: `write` extends the lease to `until` under {@link held}'s claim (`holdLeaseStep`)
   * and answers whether the claim still held it, or `undefined` when its statement could
   * not tell (it did not reach the job's row); then the lease is confirmed on its own.
   */
  confirmWith(write: (until: number) => Promise<boolean | undefined>): Promise<boolean>;
  /**
   * The job and the claim this run holds it under: a handler may end its job in the
   * transaction that records its result (`endHeldJob`), then answer `{ ended: true }`.
   */
  readonly held: HeldJob;
}

/** A lease being kept: the handler's view, plus its end. */
export interface KeptLease extends JobLease {
  /** Whether the run lost its job; it then neither completes nor releases it. */
  readonly lost: boolean;
  /** The run ended: stop renewing. */
  end(): void;
  /**
   * A time the lease is known to last until (the expiry this run last wrote): before it,
   * no claim can take the job, so its worker need not name it in its own claims.
   */
  readonly expiresAt: number;
}

export interface LeaseKeeperOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  leaseMs: number;
  heartbeatMs: number;
}

interface Entry {
  job: HeldJob;
  controller: AbortController;
  expiresAt: number;
}

/**
 * Starts the heartbeat of one worker; `track` each claimed job while it runs.
 *
 * @example
 * ```ts
 * const leases = createLeaseKeeper({ db, clock, logger, leaseMs: 6_000, heartbeatMs: 1_000 });
 * const lease = leases.track({ id: job.id, claim: job.lease_owner! }, job.lease_expires_at!);
 * try { await handler(payload, { attempt: job.attempts, lease }); } finally { lease.end(); }
 * ```
 */
export function createLeaseKeeper(options: LeaseKeeperOptions) {
  const { db, clock, logger, leaseMs } = options;
  const entries = new Set<Entry>();
  let renewing = false;

  async function reportLost(entry: Entry, reason: string): Promise<void> {
    if (entry.controller.signal.aborted) return;
    entries.delete(entry);
    entry.controller.abort(new Error(reason));
    // Moved by an edit, or removed by a cancellation: ordinary. Taken by another run: the
    // heartbeat missed its margin (a stalled process, skewed clocks), worth a warning.
    const owner = await leaseOwnerOf(db, entry.job.id).catch(() => undefined);
    const takenOver = typeof owner === 'string';
    logger[takenOver ? 'warn' : 'debug'](
      takenOver
        ? 'tarefa assumida por outra execução após o prazo; esta execução para'
        : 'tarefa movida ou removida durante a execução; esta execução para',
      { jobId: entry.job.id },
    );
  }

  async function renew(): Promise<void> {
    if (entries.size === 0 || renewing) return;
    renewing = true;
    const snapshot = [...entries];
    try {
      const until = clock.now() + leaseMs;
      const kept = await renewLeases(
        db,
        snapshot.map((entry) => entry.job),
        until,
      );
      const keptKeys = new Set(kept.map((job) => `${job.id} ${job.claim}`));
      for (const entry of snapshot) {
        if (keptKeys.has(`${entry.job.id} ${entry.job.claim}`)) entry.expiresAt = until;
        else if (entries.has(entry)) await reportLost(entry, 'prazo da tarefa perdido');
      }
    } catch (error) {
      logger.warn('renovação de prazos de tarefas falhou', { error });
    } finally {
      renewing = false;
    }
  }

  const heartbeat = setInterval(() => void renew(), options.heartbeatMs);
  heartbeat.unref();

  return {
    /** `expiresAt`: the expiry the claim wrote. */
    track(job: HeldJob, expiresAt: number): KeptLease {
      const entry: Entry = { job, controller: new AbortController(), expiresAt };
      entries.add(entry);
      const confirmWith = async (
        write: (until: number) => Promise<boolean | undefined>,
      ): Promise<boolean> => {
        if (entry.controller.signal.aborted) return false;
        const until = clock.now() + leaseMs;
        const held = await write(until);
        if (held === undefined) return confirm();
        if (held) {
          entry.expiresAt = until;
          return true;
        }
        await reportLost(entry, 'prazo da tarefa perdido');
        return false;
      };
      const confirm = (): Promise<boolean> => confirmWith((until) => holdLease(db, job, until));
      return {
        signal: entry.controller.signal,
        held: job,
        get lost() {
          return entry.controller.signal.aborted;
        },
        get expiresAt() {
          return entry.expiresAt;
        },
        confirm,
        confirmWith,
        end() {
          entries.delete(entry);
        },
      };
    },
    stop(): void {
      clearInterval(heartbeat);
    },
  };
}

export type LeaseKeeper = ReturnType<typeof createLeaseKeeper>;
