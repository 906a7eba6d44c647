/**
 * Ending a waiting command when asked to: SIGTERM (a supervisor, `docker stop`, a CI
 * step's time limit) or SIGINT (Ctrl-C). A wait holds pending timers and requests, so the
 * signal is turned into an error the command reports like any other, and `main` answers
 * the documented exit code (143 or 130) instead of the process dying mid-line.
 */
import { CliError } from './cli-error';
import { t } from './i18n';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * The error a waiting command ends with on a signal: exit 143 for SIGTERM, 130 for SIGINT.
 *
 * @example
 * ```ts
 * interruptedBy('SIGTERM').message; // 'interrompido por SIGTERM'
 * ```
 */
export function interruptedBy(signal: (typeof SIGNALS)[number]): CliError {
  return new CliError(
    signal === 'SIGINT' ? 'interrupted' : 'terminated',
    t('shared.interruptedBy', { signal }),
    {
      code: 'INTERRUPTED',
      details: { signal },
    },
  );
}

/**
 * Settles like `work`, unless SIGTERM or SIGINT arrives first: then rejects with
 * {@link interruptedBy}. The signal handlers are removed once it settles, so commands
 * that stop cleanly on their own signals (`serve`, `webhooks listen`) are not affected.
 *
 * @example
 * ```ts
 * const post = await untilSignal(pollUntilFinal(reelay, id));
 * ```
 */
export async function untilSignal<T>(work: Promise<T>): Promise<T> {
  let onSignal: (signal: NodeJS.Signals) => void = () => {};
  const signalled = new Promise<never>((_, reject) => {
    onSignal = (signal) => reject(interruptedBy(signal as (typeof SIGNALS)[number]));
  });
  for (const signal of SIGNALS) process.on(signal, onSignal);
  // The work goes on after a signal until the process exits: its later failure is moot.
  work.catch(() => {});
  try {
    return await Promise.race([work, signalled]);
  } finally {
    for (const signal of SIGNALS) process.off(signal, onSignal);
  }
}

/**
 * Settles like `work`, or with `undefined` once `deadline` (epoch ms) has passed: a
 * request that never answers cannot hold a `--timeout` past its time.
 *
 * @example
 * ```ts
 * const answer = await beforeDeadline(reelay.posts.get(id), Date.now() + 5_000);
 * if (answer === undefined) throw timeoutError();
 * ```
 */
export async function beforeDeadline<T>(
  work: Promise<T>,
  deadline: number,
): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
  });
  work.catch(() => {});
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
