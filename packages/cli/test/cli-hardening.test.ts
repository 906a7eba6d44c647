/**
 * The built `reelay` binary where people and harnesses actually run it: under a real
 * terminal that reports 0 columns (`script`, some `docker exec`, CI and agent
 * harnesses), stopped with SIGTERM, against a server whose sign-up is closed. Every
 * command here must end in bounded time with a bounded output and a documented exit code.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { connectThroughPlatform } from '@reelay/test-support/with-emulator';
import { BIN, cliFor, freshConfigDir } from '@reelay/test-support/cli';
import { startCliPlatform, type CliPlatform } from './helpers/platform';

vi.setConfig({ testTimeout: 60_000 });

/** More than any sane progress output of one command; the broken redraw writes MBs a second. */
const OUTPUT_LIMIT = 100_000;

interface TerminalRun {
  code: number | null;
  /** What the terminal showed (stdout and stderr of the command, merged by the pty). */
  output: string;
  /** Every byte written, even past what `output` keeps. */
  bytes: number;
  elapsedMs: number;
  /** Whether the test had to kill the command because it did not end in time. */
  killed: boolean;
}

/**
 * Runs the built binary under a real pseudo-terminal (`script`) whose width is set with
 * `stty cols`, asynchronously (the server answers from this very process). `onOutput`
 * receives the command's own pid (the shell `exec`s into node), for sending signals. A
 * command still running after `timeoutMs` is killed with SIGKILL, and so is `script`.
 */
function runInTerminal(
  args: readonly string[],
  options: {
    columns: number;
    env: Record<string, string>;
    timeoutMs: number;
    /** Called with the command's pid once known, and with the output as it grows. */
    onOutput?: (output: string, pid: number | undefined) => void;
  },
): Promise<TerminalRun> {
  const quoted = [process.execPath, BIN, ...args].map((word) => `'${word}'`).join(' ');
  const command = `stty cols ${options.columns} rows 24; echo "pid:$$"; exec ${quoted}`;
  const started = Date.now();
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let bytes = 0;
  let pid: number | undefined;
  let killed = false;
  const collect = (chunk: Buffer) => {
    bytes += chunk.length;
    if (output.length < OUTPUT_LIMIT * 2) output += chunk.toString('utf8');
    if (pid === undefined) {
      const match = /pid:(\d+)/.exec(output);
      if (match) pid = Number(match[1]);
    }
    options.onOutput?.(output, pid);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const timer = setTimeout(() => {
    killed = true;
    // A command spinning in a synchronous loop ignores everything but SIGKILL, and would
    // survive its terminal: kill it by pid, then the terminal.
    if (pid !== undefined) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    child.kill('SIGKILL');
  }, options.timeoutMs);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, bytes, elapsedMs: Date.now() - started, killed });
    });
  });
}

describe('waiting for a post under a terminal of 0 columns', () => {
  let platform: CliPlatform;
  let env: Record<string, string>;
  const scratch = mkdtempSync(join(tmpdir(), 'reelay-cli-hardening-'));
  const photo = join(scratch, 'cafe.jpg');

  beforeAll(async () => {
    platform = await startCliPlatform();
    const account: Account = await createAccount(platform.server.url);
    await connectThroughPlatform(platform, account, { username: 'cafe.hardening' });
    const image = await fetch(platform.media.image(1080, 1350));
    writeFileSync(photo, Buffer.from(await image.arrayBuffer()));
    // A clean interactive shell: a terminal, no CI variable (CI turns progress off).
    env = {
      PATH: process.env.PATH ?? '',
      HOME: scratch,
      TERM: 'xterm',
      LANG: 'pt_BR.UTF-8',
      REELAY_CONFIG_DIR: freshConfigDir(),
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: account.apiKey,
    };
  });

  afterAll(async () => {
    await platform?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  // Scheduled an hour ahead, the post stays `scheduled`: the wait can only end by time-out.
  const waitArgs = (timeout: number) => [
    'posts',
    'schedule',
    'Bom dia',
    '-m',
    photo,
    '-a',
    '@cafe.hardening',
    '--at',
    '+1h',
    '--wait',
    '--timeout',
    String(timeout),
  ];

  it('ends at --timeout with exit 5, a bounded output and plain progress lines', async () => {
    const result = await runInTerminal(waitArgs(3), { columns: 0, env, timeoutMs: 25_000 });
    expect(result.killed, result.output.slice(0, 2000)).toBe(false);
    expect(result.bytes).toBeLessThan(OUTPUT_LIMIT);
    expect(result.code).toBe(5);
    expect(result.elapsedMs).toBeLessThan(20_000);
    expect(result.output).toMatch(/enviando cafe\.jpg: 100%/);
    // What it waits for, and the countdown by the minute (plain lines: one line a minute).
    expect(result.output).toMatch(
      /Aguardando post_\w+ em @cafe\.hardening: publica em (1 h 00 min|59 min) \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)\r?\n/,
    );
    expect(result.output.match(/publica em/g)).toHaveLength(1);
    expect(result.output).toContain('Tempo esgotado');
    expect(result.output).toContain('WAIT_TIMEOUT');
  });

  it('ends promptly on SIGTERM with exit 143', async () => {
    let sentAt = 0;
    const result = await runInTerminal(waitArgs(300), {
      columns: 0,
      env,
      timeoutMs: 25_000,
      onOutput: (output, pid) => {
        // SIGTERM once the command is waiting for the post, as a supervisor would send it.
        if (sentAt || !pid || !output.includes('Aguardando post_')) return;
        sentAt = Date.now();
        process.kill(pid, 'SIGTERM');
      },
    });
    expect(sentAt, result.output.slice(0, 2000)).toBeGreaterThan(0);
    expect(result.killed, result.output.slice(0, 2000)).toBe(false);
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    expect(result.bytes).toBeLessThan(OUTPUT_LIMIT);
    expect(result.code).toBe(143);
    expect(result.output).toContain('SIGTERM');
  });

  it('still ends on SIGTERM with exit 143 when stderr is a pipe', async () => {
    const reelay = cliFor(env.REELAY_CONFIG_DIR!, {
      REELAY_SERVER: env.REELAY_SERVER,
      REELAY_API_KEY: env.REELAY_API_KEY,
    });
    const running = reelay.start([...waitArgs(300), '--json'], {
      env: { REELAY_PROGRESS: '1' },
    });
    await running.waitFor('stderr', /Aguardando post_/);
    running.child.kill('SIGTERM');
    const result = await running.done;
    expect(result.signal).toBeNull();
    expect(result.code).toBe(143);
    expect(result.errorJson()).toMatchObject({ code: 'INTERRUPTED' });
  });
});

describe('a server whose sign-up is closed', () => {
  let server: TestServer;
  let owner: Account;

  beforeAll(async () => {
    // No REELAY_ALLOW_SIGNUP: only the first sign-up is open, and the owner took it.
    server = await startTestServer(testDialects()[0]!);
    owner = await createAccount(server.url);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('says that sign-up is closed and what to do, not that the project is not yours', async () => {
    const reelay = cliFor(freshConfigDir(), { REELAY_SERVER: server.url });
    const args = ['signup', '--email', 'bruno@example.com', '--password-stdin'];
    const json = await reelay.run([...args, '--json'], { input: 'correct horse battery\n' });
    expect(json.code).toBe(3);
    expect(json.stdout).toBe('');
    const error = json.errorJson();
    expect(error.code).toBe('FORBIDDEN');
    expect(error.hint).toContain('o cadastro está fechado neste servidor');
    expect(error.hint).toContain('reelay login');
    const text = await reelay.run(args, { input: 'correct horse battery\n' });
    expect(text.code).toBe(3);
    expect(text.stderr).toContain('dica: o cadastro está fechado neste servidor');
    expect(text.stderr).not.toContain('projeto');
  });

  it('keeps the project hint where a project is involved', async () => {
    const stranger = await startTestServer(testDialects()[0]!);
    try {
      const other = await createAccount(stranger.url);
      // The owner's session, naming a project of another user (ids do not collide).
      const reelay = cliFor(freshConfigDir(), {
        REELAY_SERVER: server.url,
        REELAY_ACCESS_TOKEN: owner.accessToken,
        REELAY_PROJECT: other.projectId,
      });
      const result = await reelay.run(['profiles', 'list', '--json']);
      expect(result.code).toBe(3);
      expect(result.errorJson()).toMatchObject({ code: 'FORBIDDEN' });
      expect(result.errorJson().hint).toContain('o projeto do contexto não é seu');
    } finally {
      await stranger.close();
    }
  });
});
