/**
 * Every entry point refuses a Node.js older than 22.19 with one line naming both
 * versions, exit code 1 and no stack trace, instead of crashing inside a dependency.
 * The entry points run as built (`pnpm test` builds first) under a real older Node when
 * the machine has one (Debian's `/usr/bin/node` is 20 on the CI machine).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  MINIMUM_NODE_VERSION,
  isSupportedNodeVersion,
  unsupportedNodeMessage,
  userLanguage,
} from '@reelay/core/runtime';
import { EMULATOR_MINIMUM_NODE, nodeIsRecentEnough } from '../packages/emulator/src/node-check';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('isSupportedNodeVersion', () => {
  it.each([
    ['20.20.2', false],
    ['v20.20.2', false],
    ['22.18.0', false],
    ['22.18.99', false],
    ['21.99.0', false],
    ['22.19.0', true],
    ['v22.19.0', true],
    ['22.20.1', true],
    ['23.0.0', true],
    ['24.1.0', true],
  ])('judges Node %s supported: %s', (version, supported) => {
    expect(isSupportedNodeVersion(version)).toBe(supported);
  });

  it("is the emulator's own check too, which shares no code with Reelay", () => {
    expect(EMULATOR_MINIMUM_NODE.join('.')).toBe(MINIMUM_NODE_VERSION);
    for (const version of ['20.20.2', '22.18.99', '22.19.0', 'v24.1.0']) {
      expect(nodeIsRecentEnough(version)).toBe(isSupportedNodeVersion(version));
    }
  });

  it('accepts the running Node, which the tests themselves need', () => {
    expect(isSupportedNodeVersion(process.versions.node)).toBe(true);
    expect(MINIMUM_NODE_VERSION).toBe('22.19.0');
  });
});

describe('the refusal text', () => {
  it('speaks English to an English locale and names both versions', () => {
    expect(unsupportedNodeMessage('20.20.2', { LANG: 'en_US.UTF-8' })).toBe(
      'Reelay needs Node 22.19 or newer (found 20.20.2).',
    );
  });

  it('speaks Portuguese to a Portuguese locale, and when no locale is set', () => {
    const portuguese = 'O Reelay precisa do Node 22.19 ou mais novo (encontrado 20.20.2).';
    expect(unsupportedNodeMessage('v20.20.2', { LANG: 'pt_BR.UTF-8' })).toBe(portuguese);
    expect(unsupportedNodeMessage('20.20.2', {})).toBe(portuguese);
    expect(unsupportedNodeMessage('20.20.2', { LANG: 'C.UTF-8' })).toBe(portuguese);
  });

  it('reads LC_ALL before LC_MESSAGES before LANG, like every POSIX program', () => {
    expect(userLanguage({ LANG: 'pt_BR.UTF-8', LC_ALL: 'en_GB.UTF-8' })).toBe('en');
    expect(userLanguage({ LANG: 'en_US.UTF-8', LC_MESSAGES: 'pt_PT.UTF-8' })).toBe('pt-BR');
    expect(userLanguage({ LANG: 'de_DE.UTF-8', LC_ALL: '' })).toBe('en');
  });
});

/** A `node` older than 22 on this machine, if any. */
function olderNode(): { path: string; version: string } | null {
  const candidates = new Set(['/usr/bin/node', '/bin/node', '/usr/local/bin/node']);
  try {
    const found = execFileSync('which', ['-a', 'node'], { encoding: 'utf8' });
    for (const line of found.split('\n')) if (line.trim()) candidates.add(line.trim());
  } catch {
    // `which` is missing or found nothing: the fixed places remain.
  }
  for (const path of candidates) {
    if (!existsSync(path)) continue;
    const answer = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    const version = answer.stdout?.trim();
    if (answer.status === 0 && version && !isSupportedNodeVersion(version)) {
      return { path, version };
    }
  }
  return null;
}

const old = olderNode();

/** Every way Reelay is started, as a user or a service manager types it. */
const ENTRY_POINTS: Array<{ name: string; args: string[] }> = [
  { name: 'reelay (packages/cli/bin/reelay.js)', args: ['packages/cli/bin/reelay.js', '--help'] },
  { name: 'the CLI build (packages/cli/dist/bin.js)', args: ['packages/cli/dist/bin.js', 'serve'] },
  {
    name: 'reelay-server (packages/server/bin/reelay-server.js)',
    args: ['packages/server/bin/reelay-server.js'],
  },
  {
    name: 'the server build (packages/server/dist/main.js)',
    args: ['packages/server/dist/main.js'],
  },
  {
    name: 'reelay-emulator (packages/emulator/bin/reelay-emulator.js)',
    args: ['packages/emulator/bin/reelay-emulator.js', '--help'],
  },
  {
    name: 'the emulator build (packages/emulator/dist/cli.js)',
    args: ['packages/emulator/dist/cli.js', '--help'],
  },
  {
    name: 'pnpm dev (scripts/dev.ts under tsx)',
    args: ['node_modules/tsx/dist/cli.mjs', '--conditions=@reelay/source', 'scripts/dev.ts'],
  },
];

describe.skipIf(old === null)(
  `entry points under an older Node (${old ? `${old.path}, ${old.version}` : 'skipped: no node older than 22.19 found on this machine'})`,
  () => {
    for (const entry of ENTRY_POINTS) {
      it(`${entry.name} refuses with the version, exit code 1 and no stack trace`, () => {
        const built = entry.args.find((arg) => arg.includes('/dist/'));
        if (built && !existsSync(`${root}/${built}`)) {
          throw new Error(`${built} is missing: run pnpm build before this suite`);
        }
        for (const [lang, expected] of [
          ['en_US.UTF-8', `Reelay needs Node 22.19 or newer (found ${old!.version}).\n`],
          [
            'pt_BR.UTF-8',
            `O Reelay precisa do Node 22.19 ou mais novo (encontrado ${old!.version}).\n`,
          ],
        ] as const) {
          const run = spawnSync(old!.path, entry.args, {
            cwd: root,
            encoding: 'utf8',
            // Only what a shell gives: no PORT, no database, nothing that would start work.
            env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LANG: lang },
            timeout: 15_000,
          });
          expect({ status: run.status, stderr: run.stderr, stdout: run.stdout }).toEqual({
            status: 1,
            stderr: expected,
            stdout: '',
          });
        }
      });
    }
  },
);
