/**
 * `reelay completion`: the scripts come from the command table, and the bash one really
 * completes, run by bash the way a terminal runs it (COMP_WORDS, COMP_CWORD, the
 * function `complete` registered).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
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
const topLevel = buildProgram()
  .commands.map((command) => command.name())
  .concat('help');

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
