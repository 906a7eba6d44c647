/**
 * The server's own periodic work, besides the job queue: token refresh, the sweeps that
 * retry what failed (files of erased media, events left undispatched), forgetting
 * container creations older than the platform's 24 h window, deleting media no post
 * uses, and filling the empty slots of schedules that recycle evergreen posts. Each schedule starts paused
 * (the server resumes them once listening) and skips a run while the previous one goes on.
 */
import { Cron } from 'croner';
import type { Logger } from './logger';

/** A piece of periodic work: it may fail, which is logged, and the next run tries again. */
type Task = () => Promise<unknown>;

export interface BackgroundTasks {
  refreshTokens: Task;
  sweepErasedMedia: Task;
  sweepUndispatchedEvents: Task;
  forgetOldContainerCreations: Task;
  pollComments: Task;
  deleteUnusedMedia: Task;
  fillEvergreenSlots: Task;
}

/**
 * When each runs (a cron pattern, seconds first when it has six fields), and the line
 * logged when a run fails. `pnpm bench upkeep` runs a simulated day from this table.
 */
export const SCHEDULES: ReadonlyArray<{
  task: keyof BackgroundTasks;
  pattern: string;
  failed: string;
}> = [
  // Hourly, at a minute no other schedule takes.
  { task: 'refreshTokens', pattern: '17 * * * *', failed: 'renovação de tokens falhou' },
  // Every 30 s: files of erased media (DELETE /v1/me), retried until storage takes them.
  { task: 'sweepErasedMedia', pattern: '*/30 * * * * *', failed: 'limpeza de mídia falhou' },
  // Every 30 s: events left waiting (the dispatch job in a backoff after failures, or
  // dropped). Checking every 5 s measured 10-15% fewer deliveries/s in a burst of
  // 10,000 on SQLite.
  {
    task: 'sweepUndispatchedEvents',
    pattern: '*/30 * * * * *',
    failed: 'varredura de eventos falhou',
  },
  // Hourly: an account's old creations are otherwise forgotten only when it creates
  // another container, which a disconnected or erased account never does.
  {
    task: 'forgetOldContainerCreations',
    pattern: '47 * * * *',
    failed: 'limpeza de criações de contêineres falhou',
  },
  // Every minute: the inbox's media whose next read is due (each has its own interval).
  { task: 'pollComments', pattern: '23 * * * * *', failed: 'leitura de comentários falhou' },
  // Hourly: media no post uses, older than REELAY_UNUSED_MEDIA_DAYS; a day's precision
  // needs no more.
  {
    task: 'deleteUnusedMedia',
    pattern: '53 * * * *',
    failed: 'limpeza de mídias sem uso falhou',
  },
  // Every 5 minutes: a slot is filled up to an hour before it (EVERGREEN_LEAD_MS), so a
  // slot is looked at a dozen times before it comes, a restart included.
  {
    task: 'fillEvergreenSlots',
    pattern: '41 */5 * * * *',
    failed: 'fila evergreen falhou',
  },
];

/**
 * The schedules, paused: `resume()` each once the server listens, `stop()` on close.
 *
 * @example
 * ```ts
 * const schedules = createSchedules(tasks, logger);
 * for (const schedule of schedules) schedule.resume();
 * ```
 */
export function createSchedules(tasks: BackgroundTasks, logger: Logger): Cron[] {
  return SCHEDULES.map(
    ({ task, pattern, failed }) =>
      new Cron(pattern, { protect: true, paused: true }, () =>
        tasks[task]().then(
          () => {},
          (error: unknown) => logger.error(failed, { error }),
        ),
      ),
  );
}
