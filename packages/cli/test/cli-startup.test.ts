/**
 * `reelay --help` stays cheap: each action imports its command module only when it runs
 * (tsup gives each its own chunk), so help and version load commander, the command table
 * and i18next with the two catalogues (the help is translated), and nothing else: no
 * command module, no SDK, no conf, no server. The built binary runs with a preload that
 * records every module it resolves.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, cliFor, freshConfigDir } from '@reelay/test-support/cli';

const RECORDER = fileURLToPath(new URL('./helpers/record-modules.ts', import.meta.url));
const DIST = join(BIN, '..');

/** The chunk names tsup gives the command modules: `posts-ABC123.js` for `commands/posts.ts`. */
const COMMAND_CHUNK = new RegExp(
  `^(${readdirSync(fileURLToPath(new URL('../src/commands', import.meta.url)))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.slice(0, -'.ts'.length))
    .join('|')})-[A-Z0-9]+\\.js$`,
);

/** The package a file under node_modules belongs to (`@scope/name` or `name`). */
function packageOf(file: string): string {
  const parts = file.slice(file.lastIndexOf('/node_modules/') + '/node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** Runs the built `reelay` and answers with the files it loaded, split by origin. */
async function loadedBy(args: string[]) {
  const record = join(mkdtempSync(join(tmpdir(), 'reelay-modules-')), 'modules.json');
  const result = await cliFor(freshConfigDir()).run(args, {
    env: { NODE_OPTIONS: `--import=${RECORDER}`, RECORD_MODULES_TO: record },
  });
  expect(result.code, result.stderr).toBe(0);
  const files = (JSON.parse(readFileSync(record, 'utf8')) as string[])
    .filter((url) => url.startsWith('file:'))
    .map((url) => fileURLToPath(url))
    .filter((file) => file !== RECORDER);
  const dependencies = files.filter((file) => file.includes('/node_modules/'));
  return {
    packages: new Set(dependencies.map(packageOf)),
    own: files.filter((file) => !file.includes('/node_modules/')),
  };
}

describe('what reelay loads', () => {
  for (const args of [['--help'], ['--version'], ['posts', 'schedule', '--help']]) {
    it(`reelay ${args.join(' ')}: commander, i18next and the command table only`, async () => {
      const { packages, own } = await loadedBy(args);
      expect([...packages].sort()).toEqual(['@commander-js/extra-typings', 'commander', 'i18next']);
      for (const file of own) expect(file.startsWith(`${DIST}/`), file).toBe(true);
      expect(own.map((file) => basename(file)).filter((name) => COMMAND_CHUNK.test(name))).toEqual(
        [],
      );
    });
  }

  it('loads a command module, and what it needs, when the command runs', async () => {
    const { packages, own } = await loadedBy(['config', 'list', '--json']);
    expect(own.map((file) => basename(file)).filter((name) => COMMAND_CHUNK.test(name))).toEqual([
      expect.stringMatching(/^config-/),
    ]);
    expect(packages).toContain('conf');
  });
});
