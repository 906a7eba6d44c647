/**
 * `reelay __complete <source>`: the value lists the shell completion scripts call while
 * someone presses Tab (the connected accounts' usernames, one a line). A completion must
 * never print an error into the terminal or keep the shell waiting, so any failure (no
 * configuration, no credential, the server down or slow) prints nothing and exits 0.
 */
import { accountUsernames } from '../account-resolver';
import { projectClient } from '../client';
import { VALUE_SOURCES } from '../option-values';
import { loadSettings, type GlobalOptions } from '../settings';

/** How long Tab may wait for the server before completing nothing. */
export const COMPLETE_TIMEOUT_MS = 2_000;

/**
 * Writes the values of a list to stdout, one a line, or nothing.
 *
 * @example
 * ```ts
 * await printCompletionValues('accounts', program.opts()); // cafe.aurora\npadaria.sol\n
 * ```
 */
export async function printCompletionValues(source: string, global: GlobalOptions): Promise<void> {
  if (!(VALUE_SOURCES as readonly string[]).includes(source)) return;
  const signal = AbortSignal.timeout(COMPLETE_TIMEOUT_MS);
  // The same deadline for the whole answer, the renewal of a session and retries included.
  const late = new Promise<undefined>((resolve) =>
    signal.addEventListener('abort', () => resolve(undefined)),
  );
  try {
    const values = await Promise.race([accountValues(global, signal), late]);
    if (values?.length) process.stdout.write(`${values.join('\n')}\n`);
  } catch {
    // Quiet on purpose: see the module comment.
  }
}

async function accountValues(global: GlobalOptions, signal: AbortSignal): Promise<string[]> {
  const settings = await loadSettings(global);
  const reelay = await projectClient(settings, {
    fetch: (input, init) => fetch(input, { ...init, signal }),
  });
  return [...new Set((await accountUsernames(reelay)).values())].sort();
}
