/**
 * A post's final outcome as one statement, where the database runs data-modifying `WITH`
 * (PostgreSQL, `StoreCapabilities.writingCtes`): the post's status, its activity entry,
 * its event in the outbox with the outbox held shared, the dispatcher's job when it is
 * missing, and the end of the publishing run's own job when the run ends with it.
 * `settlePost` otherwise makes these writes one statement at a time (and the worker
 * removes the job after the commit); each is a round trip to the database at the instant
 * a burst of posts falls due.
 *
 * The writes are those of the separate statements, in the same transaction, so what the
 * dispatcher relies on holds as before: the shared outbox lock is taken before the
 * dispatcher's job is looked for (the insert reads the locked row), and it is held until
 * the transaction commits.
 */
import { sql, type QueryCreator } from 'kysely';
import type { PostStatus } from '@reelay/core';
import { activityRow, type ActivityEntry } from '../store/activity';
import { eventRow, OUTBOX_LOCK_KEY, type NewEvent } from '../store/events';
import { preparedWrite } from '../store/prepared-queries';
import type { Database, Db } from '../store/schema';
import { endHeldJobStep, type HeldJob } from '../queue';
import { dispatcherJobRow } from '../webhooks/dispatch-events';

/** The values of several rows as one flat object (`part.column`), for `preparedWrite`. */
function flatValues(parts: Record<string, object>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [part, row] of Object.entries(parts))
    for (const [column, value] of Object.entries(row)) flat[`${part}.${column}`] = value;
  return flat;
}

/** One part's row back from the flat values (its values, or their stand-ins). */
function rowOf<T>(flat: Record<string, unknown>, part: string): T {
  const row: Record<string, unknown> = {};
  const prefix = `${part}.`;
  for (const [key, value] of Object.entries(flat))
    if (key.startsWith(prefix)) row[key.slice(prefix.length)] = value;
  return row as T;
}

/**
 * Writes a post's final outcome, its activity and its event, and adds the dispatcher's
 * job if missing, in one statement. Call inside the transaction holding the post's lock,
 * then `ctx.wakeWorker()` after the commit.
 *
 * @example
 * ```ts
 * await writeFinalOutcome(trx, { id, status: 'published', publishedAt: now, updatedAt: now }, activity, event, now);
 * ```
 */
export async function writeFinalOutcome(
  db: Db,
  post: { id: string; status: PostStatus; publishedAt: number | null; updatedAt: number },
  activity: ActivityEntry,
  event: NewEvent,
  now: number,
  endJob?: HeldJob,
): Promise<void> {
  const job = dispatcherJobRow(now);
  const values = flatValues({
    post,
    activity: activityRow(activity),
    event: eventRow(event),
    // The columns a missing job is written with; the others are empty.
    job: {
      id: job.id,
      kind: job.kind,
      payload: job.payload,
      run_at: job.run_at,
      attempts: job.attempts,
      dedupe_key: job.dedupe_key,
      created_at: job.created_at,
    },
  });
  const ending = endJob ? { 'end.id': endJob.id, 'end.claim': endJob.claim } : {};
  const name = endJob ? 'final-outcome:end-job' : 'final-outcome';
  await preparedWrite(db, name, { ...values, ...ending }, (v) => {
    const p = rowOf<typeof post>(v, 'post');
    const j = rowOf<typeof job>(v, 'job');
    const end = rowOf<HeldJob>(v, 'end');
    // The run's own job, removed with its result (its id differs from the dispatcher's).
    const start: QueryCreator<Database> = endJob
      ? (db.with('ended', (qb) => endHeldJobStep(qb, end)) as unknown as QueryCreator<Database>)
      : db;
    return (
      start
        .with('activity', (qb) =>
          qb.insertInto('activity').values(rowOf(v, 'activity')).returning('id'),
        )
        .with('event', (qb) => qb.insertInto('events').values(rowOf(v, 'event')).returning('id'))
        .with('post', (qb) =>
          qb
            .updateTable('posts')
            .set({ status: p.status, published_at: p.publishedAt, updated_at: p.updatedAt })
            .where('id', '=', p.id)
            .returning('id'),
        )
        .with('outbox', (qb) =>
          qb.selectNoFrom(sql`pg_advisory_xact_lock_shared(${OUTBOX_LOCK_KEY})`.as('held')),
        )
        .insertInto('jobs')
        .columns(['id', 'kind', 'payload', 'run_at', 'attempts', 'dedupe_key', 'created_at'])
        // Selected values are not typed by the columns they go to: the numbers say theirs.
        .expression((eb) =>
          eb
            .selectFrom('outbox')
            .select([
              eb.val(j.id).as('id'),
              eb.val(j.kind).as('kind'),
              eb.val(j.payload).as('payload'),
              sql<number>`cast(${j.run_at} as bigint)`.as('run_at'),
              sql<number>`cast(${j.attempts} as integer)`.as('attempts'),
              eb.val(j.dedupe_key).as('dedupe_key'),
              sql<number>`cast(${j.created_at} as bigint)`.as('created_at'),
            ]),
        )
        .onConflict((conflict) => conflict.doNothing())
    );
  });
}
