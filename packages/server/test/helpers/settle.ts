/**
 * Runs a server's job queue to the end on its manual clock: run what is due, then jump
 * the clock to the next job, and again, until no job is left (or `until` is reached).
 * A 75-day schedule settles in milliseconds.
 */
import { nextJobTime } from '../../src/queue/jobs';
import type { TestServer } from './test-server';

export async function settle(
  server: TestServer,
  options: { until?: number; maxSteps?: number } = {},
): Promise<void> {
  const maxSteps = options.maxSteps ?? 500;
  for (let step = 0; step < maxSteps; step++) {
    await server.reelay.tasks.runDueJobs();
    const next = await nextJobTime(server.reelay.context.db);
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
