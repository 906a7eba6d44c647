/**
 * The `pnpm dev` banner exists in both languages with the same commands, variables and
 * links, and each version is written in its own language (docs/language.md); `pnpm dev`
 * itself, run under an English and a Portuguese locale, logs its start-up notices in
 * that language too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishWordsIn, portugueseWordsIn } from '../packages/cli/src/i18n/language-words';
import { freePort } from '@reelay/test-support/free-port';
import { buildWebAppIfStale } from '../packages/web/scripts/build-if-stale';
import { buildingWebApp, devBanner, type DevBannerValues } from '../scripts/dev-banner';

const root = fileURLToPath(new URL('../', import.meta.url));

const values: DevBannerValues = {
  publicUrl: 'http://localhost:8080',
  emulatorUrl: 'http://127.0.0.1:8090',
  facebookUrl: 'http://127.0.0.1:8090/facebook',
  demoEmail: 'demo@reelay.dev',
  demoPassword: 'reelay-demo-password',
  dataDir: '/repo/data/dev',
  webApp: 'http://localhost:8080/app/#session=rrt_x',
  exports: 'REELAY_SERVER=http://localhost:8080 REELAY_API_KEY=rly_test_x',
  cliAlias: "alias reelay='tsx bin.ts'",
};

/** Lines a person copies: commands, which are the same in both languages. */
const isCommand = (line: string) => /^\s*(export |alias |AT=|curl |-d )/.test(line);

/** The words of the prose, without values, commands and URLs. */
const prose = (text: string) =>
  text
    .split('\n')
    .filter((line) => !isCommand(line))
    .join('\n')
    .replace(/\S*[:/$@=]\S*/g, ' ');

describe('pnpm dev banner', () => {
  const en = devBanner(values, 'en');
  const pt = devBanner(values, 'pt-BR');

  it('gives the same commands and values in both languages', () => {
    expect(en.split('\n').filter(isCommand)).toEqual(pt.split('\n').filter(isCommand));
    for (const value of Object.values(values)) {
      expect(en).toContain(value);
      expect(pt).toContain(value);
    }
  });

  it('writes each language in its own words', () => {
    expect(en).toMatch(/^Reelay is running \(development\)/m);
    expect(pt).toMatch(/^Reelay no ar \(desenvolvimento\)/m);
    expect(portugueseWordsIn(prose(en))).toEqual([]);
    expect(englishWordsIn(prose(pt))).toEqual([]);
    expect(portugueseWordsIn(buildingWebApp('en'))).toEqual([]);
    expect(buildingWebApp('pt-BR')).not.toBe(buildingWebApp('en'));
  });
});

/** Every `pnpm dev` started, killed at the end should one never print its banner. */
const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started) child.kill('SIGKILL');
});

/** What `pnpm dev` wrote until its banner was out and it stopped on Ctrl-C. */
async function runDev(lang: string): Promise<{ stdout: string; stderr: string; code: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelay-dev-lang-'));
  // Node itself (tsx as a loader), as `pnpm dev` runs it, so SIGINT reaches the script.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@reelay/source', join(root, 'scripts', 'dev.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dataDir,
        LANG: lang,
        PORT: String(await freePort()),
        EMULATOR_PORT: String(await freePort()),
        REELAY_DATA_DIR: dataDir,
      },
    },
  );
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (/(Stop with|Pare com) Ctrl\+C\./.test(stdout)) child.kill('SIGINT');
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (exitCode) => resolve(exitCode ?? -1)),
  );
  rmSync(dataDir, { recursive: true, force: true });
  return { stdout, stderr, code };
}

describe('pnpm dev, run', { timeout: 300_000 }, () => {
  // The script builds the web app when it is out of date; done first, once for both runs.
  beforeAll(() => buildWebAppIfStale(), 300_000);

  it.each([
    ['en_US.UTF-8', /^Reelay is running/m, portugueseWordsIn],
    ['pt_BR.UTF-8', /^Reelay no ar/m, englishWordsIn],
  ] as const)(
    'logs its start-up notices in the language of %s',
    async (lang, banner, otherWordsIn) => {
      const run = await runDev(lang);
      expect(run.stdout, run.stderr).toMatch(banner);
      expect(run.code).toBe(0);
      const lines = run.stderr
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { code?: string; message: string });
      for (const line of lines) expect(otherWordsIn(line.message), line.message).toEqual([]);
      // A fresh data folder: the development keys are made, and private URLs are allowed.
      expect(lines.map((line) => line.code)).toEqual([
        'DEV_ENCRYPTION_KEY',
        'DEV_AUTH_SECRET',
        'PRIVATE_URLS_ALLOWED',
      ]);
    },
  );
});
