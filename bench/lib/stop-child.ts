/**
 * Stopping a benchmark's child process the way an operator stops a server: SIGTERM, then
 * waiting for it to exit, so its database is free before the run drops it.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * @example
 * ```ts
 * await Promise.all(children.map(stopChild));
 * ```
 */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
