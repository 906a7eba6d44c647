/**
 * CPU time spent by processes, read from Linux's /proc: the servers, the emulator and
 * PostgreSQL's backends of a run. On a machine whose cores the database, the platform's
 * stand-in and the load generator share, throughput mixes all of them; CPU per
 * publication says what each part costs. Elsewhere (no /proc) the figures are NaN.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * Name, user + system CPU, and the CPU of its children that exited and were waited for,
 * from /proc/<pid>/stat; null once the process is gone.
 */
function readStat(pid: number): { name: string; cpuMs: number; childrenCpuMs: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The name sits in parentheses and may hold spaces: the fields follow the last ')'.
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  // Counted from the state (field 3 of the file): utime 14, stime 15, cutime 16, cstime 17.
  const ms = (index: number) => (Number(fields[index - 3]) * 1000) / TICKS_PER_SECOND;
  return {
    name: text.slice(text.indexOf('(') + 1, close),
    cpuMs: ms(14) + ms(15),
    childrenCpuMs: ms(16) + ms(17),
  };
}

/**
 * CPU milliseconds the processes have used so far (NaN without /proc).
 *
 * @example
 * ```ts
 * const before = processesCpuMs([server.pid!]);
 * ```
 */
export function processesCpuMs(pids: readonly number[]): number {
  if (!existsSync('/proc/self/stat')) return NaN;
  return pids.reduce((sum, pid) => sum + (readStat(pid)?.cpuMs ?? 0), 0);
}

/**
 * CPU milliseconds used so far by PostgreSQL on this machine (the server must be local):
 * every live process, plus the backends that exited, which the postmaster counts as its
 * waited-for children.
 *
 * @example
 * ```ts
 * const before = postgresCpuMs();
 * ```
 */
export function postgresCpuMs(): number {
  if (!existsSync('/proc/self/stat')) return NaN;
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.name === 'postgres') sum += stat.cpuMs + stat.childrenCpuMs;
  }
  return sum;
}
