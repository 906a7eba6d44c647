/**
 * Runs an example as a user would: its own Node process, through tsx, with the given
 * environment; collects what it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface RunningExample {
  child: ChildProcess;
  /** Everything printed to stdout so far. */
  output(): string;
  /** Everything printed to stderr so far. */
  errors(): string;
  /** Resolves with the first stdout line matching `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const examplesDir = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts `examples/<file>`.
 *
 * @example
 * ```ts
 * const receiver = runExample('webhook-receiver.ts', { REELAY_WEBHOOK_SECRET: 'whsec_x', PORT: '0' });
 * const [, url] = await receiver.waitFor(/listening on (\S+)/);
 * ```
 */
export function runExample(file: string, env: Record<string, string>): RunningExample {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@reelay/source', file], {
    cwd: examplesDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: Array<() => void> = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    for (const wake of waiters.splice(0)) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    child,
    output: () => stdout,
    errors: () => stderr,
    exited,
    waitFor(pattern, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(new Error(`no line matched ${pattern}\nstdout:\n${stdout}\nstderr:\n${stderr}`)),
          timeoutMs,
        );
        const check = () => {
          const match = stdout.match(pattern);
          if (match) {
            clearTimeout(timer);
            resolve(match);
          } else if (child.exitCode !== null) {
            clearTimeout(timer);
            reject(
              new Error(
                `exited ${child.exitCode} before ${pattern}\nstdout:\n${stdout}\nstderr:\n${stderr}`,
              ),
            );
          } else {
            waiters.push(check);
          }
        };
        child.once('exit', () => {
          for (const wake of waiters.splice(0)) wake();
        });
        check();
      });
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
