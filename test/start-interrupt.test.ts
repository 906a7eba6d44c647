/**
 * Ctrl-C on `pnpm start` ends quietly: the terminal sends SIGINT to the whole foreground
 * group (pnpm, its shell, the server), the server shuts down cleanly and exits 0, and pnpm
 * prints no `ELIFECYCLE Command failed` (on either stream).
 *
 * It runs the root `start` script as pnpm runs it, minus its build step: `pnpm test` has
 * built already, and a rebuild here would empty the `dist/` folders other suites are
 * running from at the same time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '@reelay/test-support/free-port';

const root = fileURLToPath(new URL('../', import.meta.url));

/** The root `start` script's last command: what runs once the build is done. */
function startCommand(): string {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return scripts.start.split('&&').at(-1).trim();
}

async function waitUntilUp(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('pnpm start exited before the server answered');
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start in time');
}

describe('pnpm start', () => {
  it('replaces its shell with the server', () => {
    // Without `exec`, the shell between pnpm and node reports the signal as a failure.
    expect(startCommand()).toMatch(/^exec node packages\/server\/bin\/reelay-server\.js$/);
  });

  it('stops on Ctrl-C with exit code 0 and no ELIFECYCLE noise', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelay-start-'));
    // A package of its own whose start script is the root's, run from the repository root.
    writeFileSync(
      join(dataDir, 'package.json'),
      JSON.stringify({
        name: 'reelay-start-check',
        private: true,
        scripts: { start: `cd ${JSON.stringify(root)} && ${startCommand()}` },
      }),
    );
    const port = await freePort();
    const start = spawn('pnpm', ['start'], {
      cwd: dataDir,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REELAY_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, as a terminal's foreground job: Ctrl-C signals all of it.
      detached: true,
    });
    // pnpm writes its ELIFECYCLE line to stdout: read both streams.
    let output = '';
    start.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exit = new Promise<number | null>((resolve) => start.once('exit', resolve));
    try {
      await waitUntilUp(`http://127.0.0.1:${port}`, () => start.exitCode !== null);
      process.kill(-start.pid!, 'SIGINT');
      expect(await exit).toBe(0);
      expect(output).not.toMatch(/ELIFECYCLE|Command failed/);
    } finally {
      if (start.exitCode === null) process.kill(-start.pid!, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
