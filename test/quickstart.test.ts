/**
 * The README's quickstart, executed: `pnpm dev` as written, then the commands of the
 * quickstart block in bash, exactly as a new user pastes them after the printed `export`
 * and `alias reelay=` lines. If the README drifts from
 * what works, this fails.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '@reelay/test-support/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { docShellBlock } from './helpers/doc-blocks';

const root = new URL('../', import.meta.url);

const quickstartScript = () => docShellBlock('README.md', 'quickstart');

describe('the README quickstart', () => {
  it('schedules a post that the emulator then shows published', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelay-quickstart-'));
    const port = await freePort();
    const emulatorPort = await freePort();
    const dev = spawn('pnpm', ['dev'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        EMULATOR_PORT: String(emulatorPort),
        REELAY_DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    try {
      let exportLine = '';
      let aliasLine = '';
      for await (const line of createInterface({ input: dev.stdout! })) {
        if (line.startsWith('export ')) exportLine = line;
        if (line.startsWith('alias reelay=')) aliasLine = line;
        if (exportLine && aliasLine) break;
      }
      expect(exportLine).toMatch(/^export REELAY_SERVER=\S+ REELAY_API_KEY=rly_live_\S+ /);
      // As pasted into an interactive shell, where aliases expand.
      const run = spawnSync(
        'bash',
        [
          '-euo',
          'pipefail',
          '-c',
          `shopt -s expand_aliases\n${exportLine}\n${aliasLine}\n${quickstartScript()}`,
        ],
        {
          cwd: root,
          encoding: 'utf8',
          timeout: 150_000,
        },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^scheduled post_\S+ for /m);
      const published = run.stdout
        .split('\n')
        .find((line) => line.startsWith('{"success":true,"post":'));
      expect(JSON.parse(published!).post).toMatchObject({
        status: 'published',
        content: 'Olá do Reelay!',
      });
      expect(run.stdout).toContain('"caption":"Olá do Reelay!"');
      // The last command, `reelay posts show`, ran through the printed alias (with `-e`, a
      // missing command would have failed the run) and named the post.
      expect(aliasLine).toMatch(/^alias reelay='.+'$/);
      const postId = /^scheduled (post_\S+) /m.exec(run.stdout)![1]!;
      const afterEmulator = run.stdout.slice(run.stdout.lastIndexOf('"caption":"Olá do Reelay!"'));
      expect(afterEmulator).toContain(postId);
    } finally {
      // pnpm runs the script in a child: stop the whole group.
      process.kill(-dev.pid!, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
