/**
 * The processes a bench runs beside it: the emulator of the platform, and fixtures forked
 * with IPC (a server driven command by command), and a pool to run tasks a few at a time.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Starts the emulator in its own process, with quotas out of the way of a load test.
 *
 * @example
 * ```ts
 * const emulator = await startEmulatorProcess();
 * await stopChild(emulator.child);
 * ```
 */
export async function startEmulatorProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      here('../../packages/emulator/src/cli.ts'),
      ...['--port', '0', '--host', '127.0.0.1', '--no-fetch-media'],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const url = /http:\/\/\S+/.exec(line)![0];
  await fetch(`${url}/_emulator/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ quotaTotal: 10_000_000, containerLimit: 10_000_000 }),
  });
  return { url, child };
}

/** A forked fixture answering `{ id, … }` to each command. */
export interface Forked {
  child: ChildProcess;
  ready: Record<string, any>;
  ask(command: Record<string, unknown>): Promise<any>;
}

/**
 * Forks a fixture (a path relative to bench/) and waits for its first message.
 *
 * @example
 * ```ts
 * const server = await forkFixture('./fixtures/serve-inbox.ts', { BENCH_EMULATOR_URL: url });
 * await server.ask({ now: true });
 * await stopForked(server);
 * ```
 */
export async function forkFixture(script: string, env: Record<string, string>): Promise<Forked> {
  const path = here(`../${script}`);
  const child = fork(path, [], {
    execArgv: process.execArgv,
    env: { ...process.env, ...env },
  });
  const ready = await new Promise<Record<string, any>>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Record<string, any>));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  let next = 0;
  const waiting = new Map<number, { resolve(value: any): void; reject(error: Error): void }>();
  child.on('message', (message: { id?: number; error?: string }) => {
    if (message.id === undefined) return;
    const waiter = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error) waiter?.reject(new Error(message.error));
    else waiter?.resolve(message);
  });
  return {
    child,
    ready,
    ask: (command) =>
      new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve, reject });
        child.send({ id, ...command });
      }),
  };
}

/** Asks a fixture to stop, and waits for it to exit. */
export async function stopForked(forked: Forked): Promise<void> {
  if (forked.child.exitCode !== null) return;
  const exited = once(forked.child, 'exit');
  forked.child.send({ id: 0, stop: true });
  await exited;
}

/** Runs `task(0…count-1)`, at most `width` at a time. */
export async function pool(count: number, width: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}
