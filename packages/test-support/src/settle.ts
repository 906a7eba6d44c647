/**
 * Runs a server's job queue to the end on its manual clock: run what is due, then jump
 * the clock to the next job, and again, until no job is left (or `until` is reached).
 * A 75-day schedule settles in milliseconds.
 */
import type { TestServer } from './test-server';

/**
 * The earliest due time among the server's jobs, or null when its queue is empty. Read
 * through the database the server exposes, as the queue's own `nextJobTime` reads it:
 * the queue module is the server's own, not part of what it exports.
 */
async function nextJobTime(server: TestServer): Promise<number | null> {
  const row = await server.reelay.context.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('next'))
    .executeTakeFirst();
  return row?.next === null || row?.next === undefined ? null : Number(row.next);
}

export async function settle(
  server: TestServer,
  options: { until?: number; maxSteps?: number } = {},
): Promise<void> {
  const maxSteps = options.maxSteps ?? 500;
  for (let step = 0; step < maxSteps; step++) {
    await server.reelay.tasks.runDueJobs();
    const next = await nextJobTime(server);
    if (next === null) return;
    if (options.until !== undefined && next > options.until) {
      if (server.clock.now() < options.until) server.clock.set(options.until);
      await server.reelay.tasks.runDueJobs();
      return;
    }
    if (next > server.clock.now()) server.clock.set(next);
  }
  throw new Error(`the queue did not settle in ${maxSteps} steps`);
}
