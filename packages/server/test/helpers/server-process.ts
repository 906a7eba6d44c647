/**
 * Runs the built server (`dist/main.js`, the `reelay-server` binary) as a child process,
 * to kill it for real. `pnpm test` builds before testing; after changing the server,
 * run `pnpm --filter @reelay/server build` before these suites.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<number | null>;
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('server did not start in time');
}

/**
 * Starts the server binary with an environment and waits until it answers.
 *
 * @example
 * ```ts
 * const server = await startServerProcess({ PORT: '8123', DATABASE_URL: file, … });
 * const logged = await startServerProcess(env, { output: openSync('server.log', 'a') });
 * await server.kill('SIGKILL');
 * ```
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { output?: number } = {},
): Promise<ServerProcess> {
  if (!existsSync(MAIN))
    throw new Error(`${MAIN} is missing: run pnpm --filter @reelay/server build`);
  // `output`: a file descriptor the process writes its standard output and error to.
  const logs = options.output ?? (process.env.REELAY_TEST_LOGS ? 'inherit' : 'ignore');
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', REELAY_LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', options.output ?? 'ignore', logs],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = env.REELAY_PUBLIC_URL!;
  await waitUntilUp(url, child);
  return {
    url,
    child,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
