/**
 * One name for the server's address: REELAY_SERVER. The older REELAY_URL and
 * REELAY_BASE_URL still work, with a deprecation note printed once on stderr.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../src/i18n';
import { serverFromEnv } from '../src/server-variable';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'reelay-server-variable-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** `reelay config get --json`, run from the CLI's sources with these variables. */
function configGet(env: Record<string, string>) {
  const run = spawnSync(
    join(root, 'node_modules', '.bin', 'tsx'),
    [
      '--conditions=@reelay/source',
      join(root, 'packages/cli/src/bin.ts'),
      'config',
      'get',
      '--json',
    ],
    {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: folder, REELAY_CONFIG_DIR: folder, ...env },
      timeout: 60_000,
    },
  );
  expect(run.status, run.stderr).toBe(0);
  return { config: JSON.parse(run.stdout), stderr: run.stderr };
}

describe('the server address variable', () => {
  it('reads REELAY_SERVER quietly, and the old names with one note per run', () => {
    setLanguage('en');
    const notes: string[] = [];
    const note = (text: string) => notes.push(text);
    expect(serverFromEnv({ REELAY_SERVER: 'https://a.example.com' }, note)).toBe(
      'https://a.example.com',
    );
    expect(notes).toEqual([]);
    expect(
      serverFromEnv({ REELAY_SERVER: 'https://a.example.com', REELAY_URL: 'https://b' }, note),
    ).toBe('https://a.example.com');
    expect(serverFromEnv({ REELAY_URL: 'https://b.example.com' }, note)).toBe(
      'https://b.example.com',
    );
    expect(serverFromEnv({ REELAY_BASE_URL: 'https://c.example.com' }, note)).toBe(
      'https://c.example.com',
    );
    expect(notes).toEqual([
      'warning: REELAY_URL is deprecated and will stop being read; use REELAY_SERVER (the same server address)',
    ]);
    expect(serverFromEnv({}, note)).toBeUndefined();
  });

  it.each(['REELAY_URL', 'REELAY_BASE_URL'])(
    'the CLI still takes %s, and says once which name to use',
    (name) => {
      const { config, stderr } = configGet({ [name]: 'https://old.example.com', LANG: 'C' });
      expect(config).toMatchObject({ server: 'https://old.example.com' });
      expect(config.fromEnvironment).toContain('server');
      expect(stderr.match(/REELAY_SERVER/g)).toHaveLength(1);
      expect(stderr).toContain(name);
    },
  );

  it('the CLI takes REELAY_SERVER without a note', () => {
    const { config, stderr } = configGet({ REELAY_SERVER: 'https://new.example.com' });
    expect(config).toMatchObject({ server: 'https://new.example.com' });
    expect(stderr).toBe('');
  });
});
