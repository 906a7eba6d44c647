/**
 * The work queue in the database (DESIGN.md "Work queue"): adding, moving and removing
 * jobs. Every statement on the `jobs` table lives in queue/ (leases in job-leases.ts);
 * the rest of the server reaches these through index.ts (`add`, `addMany`, `cancel`),
 * passing its transaction, so a job is written with the state change it is for.
 */
import { randomBytes } from 'node:crypto';
import type { QueryCreator } from 'kysely';
import { preparedWrite } from '../store/prepared-queries';
import type { Database, Db } from '../store/schema';
import type { JobKey, JobKind, JobPayloads } from './job-kinds';

/** Rows per statement: well under SQLite's limit on bound parameters. */
const JOBS_PER_STATEMENT = 500;

/**
 * What adding a job does when a job with the same key is there already. Each is one of
 * the ways work reaches the queue, chosen by what must happen to a job that may be running:
 *
 * - `replace`: the job takes the new due time and payload, and is taken from a run that
 *   holds it (its claim no longer matches, so that run can neither remove nor release it).
 *   For a subject whose work changed (a post edited or rescheduled).
 * - `keep-existing`: the job is left exactly as it is, whatever its state; nothing is
 *   written to it, so the statement never waits on its row's lock. For requests many
 *   transactions make at once, where the job, once there, is enough.
 * - `advance-if-unheld`: as `keep-existing`, then a job nobody holds that waits for a
 *   later time (a backoff) is moved to `runAt`; a job under way or already due is left
 *   alone. For a sweep that makes sure work runs soon.
 * - `move-if-unheld`: adds nothing; a job nobody holds is moved to `runAt`, one a worker
 *   holds is left to it (it reads its subject again). For work done outside the queue.
 */
export type AddMode = 'replace' | 'keep-existing' | 'advance-if-unheld' | 'move-if-unheld';

/** When and how a job is added. */
export type AddOptions = {
  /** When the job falls due. */
  runAt: number;
  /** The time of the adding transaction (the job's creation time). */
  now: number;
} & (
  | {
      mode: 'replace';
      /** One live job per key; without it every call adds a job. */
      key?: JobKey;
    }
  | { mode: Exclude<AddMode, 'replace'>; key: JobKey }
);

/** The kinds whose job is one per subject, with the subject's id as the job's id. */
const SUBJECT_ID_OF: { [K in JobKind]?: (payload: JobPayloads[K]) => string } = {
  deliver_webhook: (payload) => payload.deliveryId,
};

/** A job's row as first written: due at `runAt`, held by nobody. */
export function newJobRow<K extends JobKind>(
  kind: K,
  payload: JobPayloads[K],
  runAt: number,
  key: JobKey | null,
  now: number,
) {
  const subjectId = (SUBJECT_ID_OF[kind] as ((payload: JobPayloads[K]) => string) | undefined)?.(
    payload,
  );
  return {
    id: subjectId ?? randomBytes(12).toString('hex'),
    kind,
    payload: JSON.stringify(payload),
    run_at: runAt,
    attempts: 0,
    lease_owner: null,
    lease_expires_at: null,
    last_error: null,
    dedupe_key: key,
    created_at: now,
  };
}

/** One job of a batch: its payload, due time and key. */
export interface NewJob<K extends JobKind> {
  payload: JobPayloads[K];
  runAt: number;
  key: JobKey;
}

/**
 * Adds jobs of one kind in as few statements as the batch allows; see {@link AddMode} for
 * what `mode` does to a job already there under the same key.
 */
export async function addJobs<K extends JobKind>(
  db: Db,
  kind: K,
  jobs: ReadonlyArray<{ payload: JobPayloads[K]; runAt: number; key?: JobKey }>,
  mode: AddMode,
  now: number,
): Promise<void> {
  if (mode === 'move-if-unheld') {
    for (const job of jobs) await moveUnheld(db, job.key!, job.runAt);
    return;
  }
  const insert = <R extends object>(rows: R | R[]) =>
    db
      .insertInto('jobs')
      .values(rows as never)
      .onConflict((conflict) =>
        mode === 'replace'
          ? conflict.column('dedupe_key').doUpdateSet((eb) => ({
              run_at: eb.ref('excluded.run_at'),
              payload: eb.ref('excluded.payload'),
              lease_owner: null,
              lease_expires_at: null,
            }))
          : conflict.doNothing(),
      );
  if (jobs.length === 1) {
    // One job (a publication's, the dispatcher's): a statement compiled once.
    const [job] = jobs;
    const row = newJobRow(kind, job!.payload, job!.runAt, job!.key ?? null, now);
    await preparedWrite(db, `add-job:${mode}`, row, insert);
  } else {
    for (let start = 0; start < jobs.length; start += JOBS_PER_STATEMENT) {
      const rows = jobs
        .slice(start, start + JOBS_PER_STATEMENT)
        .map((job) => newJobRow(kind, job.payload, job.runAt, job.key ?? null, now));
      await insert(rows).execute();
    }
  }
  if (mode === 'advance-if-unheld')
    for (const job of jobs) await advanceUnheld(db, job.key!, job.runAt);
}

/**
 * Moves a job nobody holds to `runAt` when it waits for a later time (a backoff after
 * failures). A job under way, or already due, is left as it is: the statement matches no
 * row then, so it takes no row lock and never waits on a running job's row.
 */
async function advanceUnheld(db: Db, key: JobKey, runAt: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ run_at: runAt })
    .where('dedupe_key', '=', key)
    .where('lease_owner', 'is', null)
    .where('run_at', '>', runAt)
    .execute();
}

/** Moves the job of a key to `runAt` unless a worker holds it. */
async function moveUnheld(db: Db, key: JobKey, runAt: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ run_at: runAt })
    .where('dedupe_key', '=', key)
    .where('lease_owner', 'is', null)
    .execute();
}

/**
 * Removes the jobs of several keys; `unheldOnly` leaves a job some worker holds to that
 * worker, which reads its subject again.
 */
export async function removeJobs(
  db: Db,
  keys: readonly JobKey[],
  unheldOnly: boolean,
): Promise<void> {
  for (let start = 0; start < keys.length; start += JOBS_PER_STATEMENT) {
    const batch = keys.slice(start, start + JOBS_PER_STATEMENT);
    await db
      .deleteFrom('jobs')
      .where('dedupe_key', 'in', batch)
      .$if(unheldOnly, (query) => query.where('lease_owner', 'is', null))
      .execute();
  }
}

/** The kinds whose job's id is its subject's id ({@link SUBJECT_ID_OF}). */
type SubjectKind = 'deliver_webhook';

/**
 * A job's move (`move-if-unheld`, `runAt`) or removal (`cancel` with `unheldOnly`, `null`)
 * as the step of a data-modifying `WITH` (see `StoreCapabilities.writingCtes`): for the
 * subjects whose ids the common table `source` returns, so a write and its job's move are
 * one statement. A job some worker holds is left to it.
 *
 * @example
 * ```ts
 * db.with('recorded', (qb) => …returning('id'))
 *   .with('settled', (qb) => moveOrCancelUnheldStep(qb, 'deliver_webhook', 'recorded', runAt))
 * ```
 */
export function moveOrCancelUnheldStep<S extends string>(
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

/** The jobs of one kind, as `/metrics` reports them. */
export interface KindDepth {
  kind: string;
  /** Due and held by nobody (or by a lease that ran out): waiting for a worker. */
  due: number;
  /** Due later (scheduled, or in a backoff). */
  later: number;
  /** Held under a live lease: running on some instance. */
  running: number;
  /** The due time of the longest-waiting due job, or null when none is due. */
  oldestDueAt: number | null;
}

/** The queue by kind at `now`, in one statement (a scrape of `/metrics`). */
export async function queueDepth(db: Db, now: number): Promise<KindDepth[]> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => {
      const held = eb.and([eb('lease_owner', 'is not', null), eb('lease_expires_at', '>=', now)]);
      const due = eb.and([eb.not(held), eb('run_at', '<=', now)]);
      const count = (condition: typeof held) =>
        eb.fn.sum<number>(eb.case().when(condition).then(1).else(0).end());
      return [
        'kind',
        count(due).as('due'),
        count(eb.and([eb.not(held), eb('run_at', '>', now)])).as('later'),
        count(held).as('running'),
        eb.fn.min(eb.case().when(due).then(eb.ref('run_at')).else(null).end()).as('oldest'),
      ];
    })
    .groupBy('kind')
    .execute();
  return rows.map((row) => ({
    kind: row.kind,
    due: Number(row.due ?? 0),
    later: Number(row.later ?? 0),
    running: Number(row.running ?? 0),
    oldestDueAt: row.oldest === null || row.oldest === undefined ? null : Number(row.oldest),
  }));
}
