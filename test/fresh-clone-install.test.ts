/**
 * The README's prerequisites on a fresh machine: pnpm installed with the README's own
 * line (`npm install -g pnpm@10`), which gives the newest 10.x rather than the version
 * `packageManager` pins, then `pnpm install` in a fresh clone. Any pnpm 10 must install
 * the workspace as it is, without switching to the pinned version (a switch downloads
 * that version and refuses to run it when the registry serves no signature for it).
 *
 * The clone is of the committed HEAD (`git clone`), as a newcomer gets it: commit a
 * change to `.npmrc` or `package.json` before running this suite on it. pnpm is installed
 * into a folder of the test's own (`--prefix`), never over the machine's; the install
 * runs `--offline`, from the pnpm store the workspace's own install filled.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv } from './helpers/clean-env';
import { ROOT } from './helpers/packed-packages';

const scratch = mkdtempSync(join(tmpdir(), 'reelay-fresh-clone-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    env: cleanEnv(),
    encoding: 'utf8',
    timeout: 120_000,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The README's prerequisite line for pnpm, and the range it installs (`pnpm@10`). */
function readmePnpmLine(): { line: string; spec: string } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const match = /`(npm install -g (pnpm@\d+))`/.exec(readme);
  if (!match) throw new Error('README.md names no `npm install -g pnpm@<major>` line');
  return { line: match[1]!, spec: match[2]! };
}

describe('a fresh clone', () => {
  it(
    'installs with a pnpm 10 other than the pinned one, as the README says',
    { timeout: 300_000 },
    () => {
      const { spec } = readmePnpmLine();
      const pinned = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).packageManager;
      expect(pinned).toMatch(/^pnpm@\d+\.\d+\.\d+$/);
      const pinnedVersion = pinned.slice('pnpm@'.length);
      expect(spec).toBe(`pnpm@${pinnedVersion.split('.')[0]}`);

      // What `npm install -g pnpm@10` would pick, unless it is the pinned version: then the
      // newest other one, so the install always runs a version that is not pinned.
      const matching: string[] = JSON.parse(
        run('npm', ['view', spec, 'version', '--json', '--prefer-offline'], scratch),
      );
      const other = [matching]
        .flat()
        .filter((version) => version !== pinnedVersion)
        .at(-1);
      expect(other, `no ${spec} other than ${pinnedVersion} on the registry`).toBeDefined();

      const prefix = join(scratch, 'global');
      run(
        'npm',
        ['install', '-g', '--prefix', prefix, `pnpm@${other}`, '--prefer-offline'],
        scratch,
      );
      const freshPnpm = join(prefix, 'bin', 'pnpm');

      const clone = join(scratch, 'reelay');
      run('git', ['clone', '--quiet', ROOT, clone], scratch);
      const head = run('git', ['rev-parse', 'HEAD'], ROOT).trim();
      expect(run('git', ['rev-parse', 'HEAD'], clone).trim()).toBe(head);

      const install = spawnSync(freshPnpm, ['install', '--offline'], {
        cwd: clone,
        env: cleanEnv(),
        encoding: 'utf8',
        timeout: 240_000,
      });
      const output = `${install.stdout}\n${install.stderr}`;
      expect(output).not.toContain('Refusing to run');
      expect(install.status, output).toBe(0);
      // The pnpm that was run did the install itself: it did not switch to the pinned one.
      expect(output).toContain(`using pnpm v${other}`);
    },
  );
});
