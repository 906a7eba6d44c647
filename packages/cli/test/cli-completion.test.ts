/**
 * `reelay completion`: the scripts come from the command table, and the bash one really
 * completes, run by bash the way a terminal runs it (COMP_WORDS, COMP_CWORD, the
 * function `complete` registered).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  authorizeOnEmulator,
  createTestAccount,
  startPlatform,
  type Platform,
} from '@reelay/test-support/sdk-platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli';
import { setLanguage } from '../src/i18n';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const bin = join(root, 'packages', 'cli', 'src', 'bin.ts');
const folder = mkdtempSync(join(tmpdir(), 'reelay-completion-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the CLI from its sources, as `reelay <args>`. */
function reelay(args: string[], env: Record<string, string> = {}) {
  return spawnSync(tsx, ['--conditions=@reelay/source', bin, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: folder, REELAY_CONFIG_DIR: folder, ...env },
    timeout: 60_000,
  });
}

setLanguage('pt-BR');
// What help lists: a hidden command is not offered either.
const program = buildProgram();
const topLevel = [
  ...new Set(
    program
      .createHelp()
      .visibleCommands(program)
      .map((command) => command.name())
      .concat('help'),
  ),
];

const scripts: Record<string, string> = {};
for (const shell of ['bash', 'zsh', 'fish']) {
  const run = reelay(['completion', shell], { LANG: 'pt_BR.UTF-8' });
  scripts[shell] = run.status === 0 ? run.stdout : `exit ${run.status}: ${run.stderr}`;
}
writeFileSync(join(folder, 'reelay.bash'), scripts.bash!);

/** What bash offers for `words`, the last one being completed. */
function complete(...words: string[]): string[] {
  const array = ['reelay', ...words].map((word) => `'${word}'`).join(' ');
  const run = spawnSync(
    'bash',
    [
      '-c',
      `source "${join(folder, 'reelay.bash')}"; COMP_WORDS=(${array}); COMP_CWORD=${words.length}; _reelay; echo "\${COMPREPLY[@]}"`,
    ],
    { encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  return run.stdout.trim().split(/\s+/).filter(Boolean);
}

describe('reelay completion', () => {
  it('bash completes command names at each level, flags and their choices', () => {
    expect(complete('po')).toEqual(['posts']);
    expect(complete('')).toEqual(expect.arrayContaining(topLevel));
    expect(complete('posts', 'cr')).toEqual(['create']);
    expect(complete('posts', 'list', '--st')).toEqual(['--status']);
    expect(complete('posts', 'list', '--status', 'sch')).toEqual(['scheduled']);
    // An option's value is not taken for a command: `list` after `--status x` is not offered again.
    expect(complete('posts', 'list', '--status', 'failed', '--li')).toEqual(['--limit']);
    expect(complete('completion', '')).toEqual(expect.arrayContaining(['--help']));
    expect(spawnSync('bash', ['-n', join(folder, 'reelay.bash')]).status).toBe(0);
  });

  it('zsh and fish scripts name every top-level command', () => {
    for (const shell of ['zsh', 'fish']) {
      const script = scripts[shell]!;
      expect(script).not.toMatch(/^exit /);
      for (const name of topLevel) {
        expect(script, `${shell}: ${name}`).toMatch(
          shell === 'zsh' ? new RegExp(`'${name}:`) : new RegExp(`-a '${name}'`),
        );
      }
    }
    expect(scripts.zsh).toMatch(/^#compdef reelay/);
    expect(scripts.fish).toMatch(/^complete -c reelay -f$/m);
  });

  it('refuses another shell with a usage error naming the three', () => {
    const run = reelay(['completion', 'powershell'], { LANG: 'en_US.UTF-8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('unknown shell: "powershell"');
    expect(run.stderr).toContain('reelay completion bash');
  });

  it('is described in both languages', () => {
    const help = (lang: string) => reelay(['--help'], { LANG: lang }).stdout;
    expect(help('en_US.UTF-8')).toMatch(/completion\s+<shell>\s+print the shell completion script/);
    expect(help('pt_BR.UTF-8')).toMatch(/completion\s+<shell>\s+imprime o script de completação/);
  });
});

/**
 * Runs a program without blocking this process: the server the child calls answers from
 * here, so a synchronous spawn would leave it unanswered.
 */
function runAsync(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('completing the values of account options', () => {
  let platform: Platform;
  let env: Record<string, string>;
  // The scripts call `reelay` by name, as an installed CLI is called.
  const binFolder = join(folder, 'bin');

  beforeAll(async () => {
    platform = await startPlatform();
    const account = await createTestAccount(platform.url);
    const { url } = await account.reelay.accounts.connect();
    const connected = await authorizeOnEmulator(platform, url, { username: 'cafe.aurora' });
    expect(connected.status).toBeLessThan(400);
    mkdirSync(binFolder, { recursive: true });
    writeFileSync(
      join(binFolder, 'reelay'),
      `#!/bin/sh\nexec "${tsx}" --conditions=@reelay/source "${bin}" "$@"\n`,
    );
    chmodSync(join(binFolder, 'reelay'), 0o755);
    env = {
      PATH: `${binFolder}:${process.env.PATH ?? ''}`,
      HOME: folder,
      REELAY_CONFIG_DIR: folder,
      REELAY_SERVER: platform.url,
      REELAY_API_KEY: account.apiKey,
    };
  }, 120_000);
  afterAll(async () => platform?.close());

  it('prints the connected usernames with `reelay __complete accounts`', async () => {
    const run = await runAsync('reelay', ['__complete', 'accounts'], env);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')).toContain('cafe.aurora');
  }, 60_000);

  it('prints nothing and succeeds without a server or a configuration', async () => {
    const down = await runAsync('reelay', ['__complete', 'accounts'], {
      ...env,
      REELAY_SERVER: 'http://127.0.0.1:9',
    });
    expect([down.status, down.stdout, down.stderr]).toEqual([0, '', '']);
    const { REELAY_SERVER: _server, REELAY_API_KEY: _key, ...bare } = env;
    const unconfigured = await runAsync('reelay', ['__complete', 'accounts'], bare);
    expect([unconfigured.status, unconfigured.stdout, unconfigured.stderr]).toEqual([0, '', '']);
  }, 60_000);

  it('every script asks for the accounts after an account option, and help does not show it', () => {
    expect(scripts.bash).toContain('"posts create|-a") reelay __complete accounts');
    expect(scripts.bash).toContain('"posts create|--account") reelay __complete accounts');
    expect(scripts.zsh).toContain(
      '"posts create|-a") candidates=(${(f)"$(reelay __complete accounts',
    );
    expect(scripts.fish).toMatch(/-s a -l account -x -a '\(reelay __complete accounts/);
    expect(reelay(['--help']).stdout).not.toContain('__complete');
  });

  it('bash completes `posts create -a` with the usernames', async () => {
    const run = await runAsync(
      'bash',
      [
        '-c',
        `source "${join(folder, 'reelay.bash')}"; COMP_WORDS=(reelay posts create -a ''); COMP_CWORD=4; _reelay; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.split('\n')).toContain('cafe.aurora');
  }, 60_000);
});
