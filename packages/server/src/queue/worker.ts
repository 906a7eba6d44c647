/**
 * Runs due jobs. A croner tick every second looks for due work, and `wake()` looks at
 * once when new work is due now. Each claimed job runs its kind's handler, which either
 * finishes (the job is removed) or asks to run again later.
 *
 * Handlers must recompute what to do from the database, not from the job: a job's time
 * is a hint. That keeps them correct when a lease expires and another instance takes
 * over, or when an edit or cancellation races a running job. Leases are short and kept
 * by a heartbeat (`lease-keeper.ts`); a run that lost its job neither completes nor
 * releases it.
 */
import { randomBytes } from 'node:crypto';
import { Cron } from 'croner';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { StoreCapabilities } from '../store/database';
import type { Db, JobsTable } from '../store/schema';
import { storeFaultOf } from '../store/store-faults';
import { WORKER_GIVES_UP_AFTER, type JobKind, type JobPayloads } from './job-kinds';
import { claimDueJobs, completeJob, releaseJob } from './job-leases';
import { nextDueTime } from './jobs';
import { createLeaseKeeper, type JobLease, type KeptLease } from './lease-keeper';

export type { JobLease } from './lease-keeper';

/**
 * What a handler answers; only the worker ends or moves a job, from this answer:
 *
 * - nothing: the work is done, and the job is removed;
 * - `{ retryAt }`: run again at that time (a run that went well: its failures are reset);
 * - `{ completeIf }`: done, unless work came in while the run finished. The worker removes
 *   the job in one transaction with the check, and runs the handler again, under the same
 *   claim, when the check says no; so work written by a transaction that found the job
 *   there is never left without it. `afterwards` keeps the run's slot until it settles
 *   (work the run started that goes on after the job ended);
 * - `{ ended: true }`: done, and the handler removed the job itself, under its claim
 *   (`JobLease.held`, `endHeldJob`), in the transaction that recorded the run's result:
 *   the result and the job's end commit together, and nothing is left to write.
 */
export type JobOutcome =
  | void
  | { retryAt: number }
  | { ended: true }
  | {
      /** Whether the job may end, checked in the transaction that removes it. */
      completeIf(db: Db): Promise<boolean>;
      afterwards?: Promise<unknown>;
    };

/** What a handler knows of its run besides the payload. */
export interface JobContext {
  /**
   * Which run of the job this is: 1, plus the runs that failed since it was added or last
   * asked to run again.
   */
  readonly attempt: number;
  readonly lease: JobLease;
}

/**
 * Runs one job of a kind and answers what became of it ({@link JobOutcome}); throwing is
 * a failed run, retried with backoff.
 *
 * @example
 * ```ts
 * const handler: JobHandler<'publish_target'> = async ({ targetId }, { attempt, lease }) => {
 *   if (!(await lease.confirm())) return; // not ours any more
 *   return { retryAt: clock.now() + 5_000 };
 * };
 * ```
 */
export type JobHandler<K extends JobKind> = (
  payload: JobPayloads[K],
  context: JobContext,
) => Promise<JobOutcome>;
export type JobHandlers = { [K in JobKind]: JobHandler<K> };

export interface WorkerOptions {
  db: Db;
  capabilities: Pick<StoreCapabilities, 'skipLocked'>;
  clock: Clock;
  logger: Logger;
  handlers: JobHandlers;
  /** Jobs run at once by this instance. */
  concurrency: number;
  /**
   * How long a claim lasts without renewal: a crashed instance's jobs are taken over
   * within this long. Default {@link DEFAULT_LEASE_MS}.
   */
  leaseMs?: number;
  /** How often running jobs' leases are renewed. Default a sixth of the lease. */
  heartbeatMs?: number;
}

/**
 * A lease is short and renewed while the job runs (every second by default): a crashed
 * instance's jobs are taken over within 6 s, while a slow platform call never loses its
 * job. `REELAY_JOB_LEASE_SECONDS` changes it.
 */
export const DEFAULT_LEASE_MS = 6_000;

/**
 * The heartbeat of a lease: a sixth of it, so five renewals in a row may be late or lost
 * before the lease runs out.
 *
 * @example
 * ```ts
 * heartbeatFor(6_000); // 1000
 * ```
 */
export function heartbeatFor(leaseMs: number): number {
  return Math.max(100, Math.floor(leaseMs / 6));
}

const TICK_PATTERN = '* * * * * *';

/** A job cut short by a database fault runs again after this long, plus as much jitter. */
const FAULT_RETRY_MS = 1_000;

/** The longest a freed slot waits for others before the worker claims again. */
const CLAIM_COALESCE_MS = 10;

function backoff(attempt: number): number {
  const base = Math.min(5 * 60_000, 1000 * 2 ** Math.min(attempt, 10));
  // Whole milliseconds: times are integer columns.
  return Math.round(base / 2 + Math.random() * (base / 2));
}

/**
 * Creates a worker; call `start()` to run it on its own, or `drain()` to run everything
 * due now (tests, with a manual clock).
 *
 * @example
 * ```ts
 * const worker = createWorker({ db, capabilities, clock, logger, handlers, concurrency: 32 });
 * worker.start();
 * const now = clock.now();
 * await add(db, 'publish_target', { targetId }, { runAt: now, mode: 'replace', now });
 * worker.wake();
 * ```
 */
export function createWorker(options: WorkerOptions) {
  const { db, capabilities, clock, logger, handlers, concurrency } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const leases = createLeaseKeeper({
    db,
    clock,
    logger,
    leaseMs,
    heartbeatMs: options.heartbeatMs ?? heartbeatFor(leaseMs),
  });
  const owner = `${process.pid}-${randomBytes(6).toString('hex')}`;
  // Each claim has its own token: a job moved by `add` (`replace`) while it runs is taken
  // from its run, whose token no longer matches. A job this worker runs is not claimed by
  // it again until that run ends (`runningLeases`), even if its lease ran out meanwhile.
  let claims = 0;
  const running = new Set<Promise<void>>();
  const runningLeases = new Map<string, KeptLease>();
  let ticking: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let started = false;
  let schedule: Cron | null = null;

  async function run(job: JobsTable): Promise<void> {
    const handler = handlers[job.kind as JobKind] as JobHandler<JobKind> | undefined;
    const claim = job.lease_owner!;
    const lease = leases.track({ id: job.id, claim }, job.lease_expires_at ?? 0);
    runningLeases.set(job.id, lease);
    const afterwards: Array<Promise<unknown>> = [];
    try {
      if (!handler) throw new Error(`tipo de tarefa desconhecido: ${job.kind}`);
      const payload = JSON.parse(job.payload) as JobPayloads[JobKind];
      const context: JobContext = { attempt: job.attempts, lease };
      for (;;) {
        const outcome = await handler(payload, context);
        if (outcome && 'afterwards' in outcome && outcome.afterwards)
          afterwards.push(
            outcome.afterwards.catch((error: unknown) =>
              logger.warn('trabalho iniciado pela tarefa falhou depois dela', {
                jobId: job.id,
                error,
              }),
            ),
          );
        // Another run has the job now, or it was moved or removed: it is not ours to end.
        if (lease.lost) return;
        if (outcome && 'ended' in outcome) return;
        if (outcome && 'completeIf' in outcome) {
          const completed = await db.transaction().execute(async (trx) => {
            if (!(await outcome.completeIf(trx))) return false;
            await completeJob(trx, job.id, claim);
            return true;
          });
          if (completed) return;
          // Work came in while the run finished: the same run takes it.
          continue;
        }
        lease.end();
        if (lease.lost) return;
        if (outcome && 'retryAt' in outcome)
          await releaseJob(db, job.id, claim, outcome.retryAt, null, 'reset');
        else await completeJob(db, job.id, claim);
        return;
      }
    } catch (error) {
      lease.end();
      if (lease.lost) {
        logger.debug('tarefa perdida falhou; a execução que a tem decide', {
          jobId: job.id,
          error,
        });
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      // The database went away or ran out of room under the run: that says nothing about
      // the job, which runs again soon without the failure counting against it, however
      // long the fault lasts (the fault itself is logged once, by the store's health).
      const fault = storeFaultOf(error) !== null;
      // A handler that throws otherwise is retried with backoff up to the limit, then dropped.
      if (!fault && job.attempts >= WORKER_GIVES_UP_AFTER) {
        logger.error('tarefa abandonada após falhas repetidas', {
          jobId: job.id,
          kind: job.kind,
          error,
        });
        await completeJob(db, job.id, claim).catch((cause: unknown) =>
          logger.error('tarefa abandonada não pôde ser removida; o prazo dela expira', {
            jobId: job.id,
            error: cause,
          }),
        );
        return;
      }
      logger.warn(
        fault
          ? 'tarefa interrompida por falha do banco de dados; nova tentativa'
          : 'tarefa falhou; nova tentativa agendada',
        { jobId: job.id, kind: job.kind, error },
      );
      const delay = fault
        ? FAULT_RETRY_MS + Math.round(Math.random() * FAULT_RETRY_MS)
        : backoff(job.attempts);
      await releaseJob(
        db,
        job.id,
        claim,
        clock.now() + delay,
        message,
        fault ? 'uncount' : 'keep',
      ).catch((cause: unknown) =>
        // Still away, say: the lease runs out, and a later claim takes the job.
        logger.error('tarefa não pôde ser liberada; o prazo dela expira', {
          jobId: job.id,
          error: cause,
        }),
      );
    } finally {
      lease.end();
      runningLeases.delete(job.id);
      // The job has ended; its slot stays taken until the work it started settles.
      if (afterwards.length > 0) await Promise.allSettled(afterwards);
    }
  }

  /** Claims due jobs for the free slots and starts them; `true` when every slot was filled. */
  async function claimAndRun(): Promise<boolean> {
    const free = concurrency - running.size;
    if (free <= 0 || stopped) return false;
    const claim = `${owner}.${++claims}`;
    const now = clock.now();
    // Only a running job whose lease may have run out (its heartbeat late) could be
    // claimed again: naming just those keeps the claim one short statement under load.
    const mayHaveLapsed: string[] = [];
    for (const [id, lease] of runningLeases) if (lease.expiresAt <= now) mayHaveLapsed.push(id);
    const jobs = await claimDueJobs(db, capabilities, {
      owner: claim,
      now,
      limit: free,
      leaseMs,
      running: mayHaveLapsed,
    });
    for (const job of jobs) {
      const task: Promise<void> = run(job).finally(() => {
        running.delete(task);
        // A slot freed: more due work may be waiting.
        wake();
      });
      running.add(task);
    }
    // Fewer jobs than free slots: nothing else was due, no need to ask again at once.
    return jobs.length === free;
  }

  function tick(): Promise<void> {
    if (ticking) {
      again = true;
      return ticking;
    }
    ticking = (async () => {
      try {
        do {
          again = false;
          while (await claimAndRun()) {
            // keep claiming while every free slot found a due job
          }
        } while (again && !stopped);
        if (running.size < concurrency) await armTimer();
      } catch (error) {
        logger.error('falha ao buscar tarefas', { error });
      } finally {
        ticking = null;
      }
    })();
    return ticking;
  }

  /**
   * Looks for due work: at once when the worker has room, else within a few
   * milliseconds. Under load slots free one at a time and every publication enqueues
   * follow-up work; a claim for each would scan past every running job each time, so
   * while few slots are free the claims of that moment are made as one.
   */
  const claimBatch = Math.max(1, Math.floor(concurrency / 8));
  let coalescing: NodeJS.Timeout | null = null;
  function wake(): void {
    if (stopped) return;
    if (concurrency - running.size >= claimBatch || running.size === 0) {
      void tick();
      return;
    }
    coalescing ??= setTimeout(() => {
      coalescing = null;
      if (!stopped) void tick();
    }, CLAIM_COALESCE_MS);
    coalescing.unref();
  }

  /**
   * The per-second tick alone would start a job up to a second late; when the next job
   * is due before the next tick, a timer wakes the worker at its time instead.
   */
  let timer: NodeJS.Timeout | null = null;
  async function armTimer(): Promise<void> {
    if (stopped || !started) return;
    const next = await nextDueTime(db, clock.now());
    if (next === null) return;
    const delay = next - clock.now();
    if (delay > 1000) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        wake();
      },
      Math.max(0, delay),
    );
    timer.unref();
  }

  return {
    owner,
    wake,
    start(): void {
      stopped = false;
      started = true;
      schedule ??= new Cron(TICK_PATTERN, { protect: true }, () => tick());
    },
    /** Runs every job due now, and those that become due while running, until none is left. */
    async drain(): Promise<void> {
      for (;;) {
        await tick();
        if (running.size === 0) {
          await claimAndRun();
          if (running.size === 0) return;
        } else {
          await Promise.race(running);
        }
      }
    },
    /** Stops taking jobs and waits for the running ones. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (coalescing) clearTimeout(coalescing);
      schedule?.stop();
      schedule = null;
      await ticking;
      await Promise.allSettled([...running]);
      leases.stop();
    },
  };
}

export type Worker = ReturnType<typeof createWorker>;
