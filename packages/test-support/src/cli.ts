/**
 * Runs the built `reelay` binary (`packages/cli/dist/bin.js`) as a subprocess, the way a
 * person or a script runs it: arguments, an environment, optional stdin; answers with
 * the exit code and both streams. `pnpm test` builds first; after changing the CLI, run
 * `pnpm --filter @reelay/cli build` before these suites.
 *
 * Always asynchronous: the server these commands talk to runs in the test's own process,
 * so a synchronous spawn would stop it from answering.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The CLI package's built entry point, beside this package in the workspace. */
export const BIN = fileURLToPath(new URL('../../cli/dist/bin.js', import.meta.url));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (fails the test with the streams when it is not JSON). */
  json<T = any>(): T;
  /** The `{ error }` object a failed `--json` command writes to stderr. */
  errorJson(): { code: string; message: string; details?: Record<string, unknown>; hint?: string };
}

export interface RunOptions {
  /** Variables added to the minimal environment (PATH, HOME, REELAY_CONFIG_DIR, LANG). */
  env?: Record<string, string | undefined>;
  /** Text written to stdin, which is then closed (stdin is always a pipe, never a TTY). */
  input?: string | Buffer;
  timeoutMs?: number;
  cwd?: string;
}

function parse<T>(text: string, what: string, result: { stdout: string; stderr: string }): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(
      `${what} is not JSON\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`,
    );
  }
}

/** A fresh configuration folder, so each suite starts with no context and no credentials. */
export function freshConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'reelay-cli-config-'));
}

function environment(configDir: string, extra: Record<string, string | undefined> = {}) {
  // Only what a clean shell has: no REELAY_* of the machine running the tests, no TTY.
  // The language is pinned, so the suites' Portuguese expectations hold on any machine;
  // test/cli-language.test.ts runs the CLI in each language.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: configDir,
    REELAY_CONFIG_DIR: configDir,
    LANG: 'pt_BR.UTF-8',
  };
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/**
 * A `reelay` bound to one configuration folder.
 *
 * @example
 * ```ts
 * const reelay = cliFor(freshConfigDir());
 * const result = await reelay.run(['profiles', 'list', '--json']);
 * expect(result.code).toBe(0);
 * ```
 */
export function cliFor(configDir: string, baseEnv: Record<string, string | undefined> = {}) {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run pnpm --filter @reelay/cli build`);
  return {
    configDir,
    run: (args: readonly string[], options: RunOptions = {}) =>
      runCli(args, { ...options, env: environment(configDir, { ...baseEnv, ...options.env }) }),
    start: (args: readonly string[], options: RunOptions = {}) =>
      startCli(args, { ...options, env: environment(configDir, { ...baseEnv, ...options.env }) }),
  };
}

export type Cli = ReturnType<typeof cliFor>;

/**
 * Runs the binary to completion.
 *
 * @example
 * ```ts
 * const { code, stderr } = await runCli(['--version'], { env: { PATH: process.env.PATH! } });
 * ```
 */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  const running = startCli(args, options);
  return running.done;
}

export interface RunningCli {
  child: ChildProcess;
  /** Everything written so far. */
  readonly stdout: string;
  readonly stderr: string;
  /** Resolves once stdout or stderr (as named) matches, with the match. */
  waitFor(
    stream: 'stdout' | 'stderr',
    pattern: RegExp,
    timeoutMs?: number,
  ): Promise<RegExpMatchArray>;
  done: Promise<CliResult>;
}

/**
 * Starts the binary and returns at once, for commands that keep running (`serve`,
 * `webhooks listen`, `accounts connect`).
 *
 * @example
 * ```ts
 * const listener = reelay.start(['webhooks', 'listen', '--port', '0']);
 * const [, url] = await listener.waitFor('stderr', /em (http\S+)/);
 * listener.child.kill('SIGINT');
 * ```
 */
export function startCli(args: readonly string[], options: RunOptions = {}): RunningCli {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: options.env ?? environment(freshConfigDir()),
    cwd: options.cwd ?? process.cwd(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    changed();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    changed();
  });
  if (options.input !== undefined) child.stdin!.end(options.input);
  else child.stdin!.end();
  const timeoutMs = options.timeoutMs ?? 30_000;
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const done = new Promise<CliResult>((resolve) => {
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const result = {
        code,
        signal,
        stdout,
        stderr,
        json<T>() {
          return parse<T>(stdout, 'stdout', result);
        },
        errorJson() {
          const line = stderr.trim().split('\n').at(-1) ?? '';
          return parse<{ error: any }>(line, 'stderr', result).error;
        },
      };
      resolve(result);
    });
  });
  return {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    waitFor(stream, pattern, waitMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = (stream === 'stdout' ? stdout : stderr).match(pattern);
          if (match) {
            listeners.delete(check);
            clearTimeout(giveUp);
            resolve(match);
          }
        };
        const giveUp = setTimeout(() => {
          listeners.delete(check);
          reject(
            new Error(`no ${pattern} on ${stream}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`),
          );
        }, waitMs);
        listeners.add(check);
        check();
        void done.then(() => setTimeout(check, 0));
      });
    },
    done,
  };
}
