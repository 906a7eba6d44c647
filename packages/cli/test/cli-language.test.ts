/**
 * The built `reelay` speaks the user's language (docs/language.md): `--lang`, else
 * `reelay config set lang`, else LC_ALL / LC_MESSAGES / LANG. Every command's `--help` is
 * run in English and in Portuguese and fails on a text left in the other language; errors
 * show the stable code with a message in the user's language, while `--json` keeps the
 * server's envelope as it came.
 */
import type { CommandUnknownOpts as Command } from '@commander-js/extra-typings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { freePort } from '@reelay/test-support/free-port';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { buildProgram } from '../src/cli';
import { englishWordsIn, portugueseWordsIn } from '../src/i18n/language-words';
import { cliFor, freshConfigDir, type CliResult } from '@reelay/test-support/cli';

const EN = { LANG: 'en_US.UTF-8' };
const PT = { LANG: 'pt_BR.UTF-8' };

/** Every command of the table, groups included, as the words that run it. */
function commandPaths(command: Command, path: string[] = []): string[][] {
  return [path, ...command.commands.flatMap((sub) => commandPaths(sub, [...path, sub.name()]))];
}
const COMMANDS = commandPaths(buildProgram());

/** Runs `work` over `items`, `limit` at a time (each item is a subprocess). */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit) {
    results.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  }
  return results;
}

describe('every command in both languages', { timeout: 240_000 }, () => {
  const reelay = cliFor(freshConfigDir());
  let runs: Array<{ path: string[]; en: CliResult; pt: CliResult; flag?: CliResult }> = [];

  beforeAll(async () => {
    runs = await inBatches(COMMANDS, 4, async (path) => {
      const args = [...path, '--help'];
      // --lang on the program and its groups: the same code path serves every command.
      const [en, pt, flag] = await Promise.all([
        reelay.run(args, { env: EN }),
        reelay.run(args, { env: PT }),
        path.length <= 1 ? reelay.run(['--lang', 'en', ...args], { env: PT }) : undefined,
      ]);
      return { path, en, pt, flag };
    });
  }, 240_000);

  it('walks the whole command table', () => {
    expect(COMMANDS.length).toBeGreaterThan(60);
    expect(runs).toHaveLength(COMMANDS.length);
  });

  it('prints each help with exit 0', () => {
    const failed = runs.filter((run) => run.en.code !== 0 || run.pt.code !== 0);
    expect(failed.map((run) => [run.path.join(' '), run.en.stderr, run.pt.stderr])).toEqual([]);
  });

  it('leaves no Portuguese word in the English help', () => {
    const found = runs.flatMap(({ path, en }) =>
      en.stdout
        .split('\n')
        .flatMap((line) =>
          portugueseWordsIn(line).map((word) => `reelay ${path.join(' ')}: ${word} in "${line}"`),
        ),
    );
    expect(found).toEqual([]);
  });

  it('leaves no English word in the Portuguese help', () => {
    const found = runs.flatMap(({ path, pt }) =>
      pt.stdout
        .split('\n')
        .flatMap((line) =>
          englishWordsIn(line).map((word) => `reelay ${path.join(' ')}: ${word} in "${line}"`),
        ),
    );
    expect(found).toEqual([]);
  });

  it('prints a different help in each language, and --lang beats LANG', () => {
    for (const { path, en, pt, flag } of runs) {
      const name = `reelay ${path.join(' ')}`;
      expect(en.stdout, name).not.toBe(pt.stdout);
      if (flag) expect(flag.stdout, name).toBe(en.stdout);
    }
    const top = runs.find((run) => run.path.length === 0)!;
    expect(top.en.stdout).toContain('Usage: reelay [options] [command]');
    expect(top.en.stdout).toContain('Exit codes: 0 ok');
    expect(top.pt.stdout).toContain('Uso: reelay [opções] [comando]');
    expect(top.pt.stdout).toContain('Códigos de saída: 0 ok');
  });
});

describe('choosing the language', () => {
  it('reads LC_ALL before LC_MESSAGES before LANG, and Portuguese without a locale', async () => {
    const reelay = cliFor(freshConfigDir());
    const usage = async (env: Record<string, string | undefined>) =>
      (await reelay.run(['--help'], { env })).stdout.split('\n')[0];
    expect(await usage({ LANG: 'pt_BR.UTF-8', LC_ALL: 'en_US.UTF-8' })).toMatch(/^Usage:/);
    expect(await usage({ LANG: 'en_US.UTF-8', LC_MESSAGES: 'pt_BR.UTF-8' })).toMatch(/^Uso:/);
    expect(await usage({ LANG: 'fr_FR.UTF-8' })).toMatch(/^Usage:/);
    expect(await usage({ LANG: undefined })).toMatch(/^Uso:/);
    expect(await usage({ LANG: 'C.UTF-8' })).toMatch(/^Uso:/);
  });

  it('keeps the language set with config set lang until --lang or auto', async () => {
    const reelay = cliFor(freshConfigDir());
    const set = await reelay.run(['config', 'set', 'lang', 'en'], { env: PT });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('Language: en');
    expect((await reelay.run(['--help'], { env: PT })).stdout).toMatch(/^Usage:/);
    expect((await reelay.run(['config', 'get', 'lang'], { env: PT })).stdout).toBe('en\n');
    const flag = await reelay.run(['--lang', 'pt-BR', '--help'], { env: EN });
    expect(flag.stdout).toMatch(/^Uso:/);
    const bad = await reelay.run(['config', 'set', 'lang', 'fr']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('error [USAGE_ERROR]: unknown language: "fr"');
    expect((await reelay.run(['config', 'set', 'lang', 'auto'])).code).toBe(0);
    expect((await reelay.run(['--help'], { env: PT })).stdout).toMatch(/^Uso:/);
    const refused = await reelay.run(['--lang', 'fr', 'status'], { env: EN });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("invalid value for '--lang <language>': 'fr'");
  });
});

describe('errors in the user language', { timeout: 60_000 }, () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(testDialects()[0]!, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
  });
  afterAll(() => server.close());

  it("shows an API error's code with an English message, and --json keeps the envelope", async () => {
    const reelay = cliFor(freshConfigDir(), { REELAY_SERVER: server.url });
    const signup = await reelay.run(
      ['signup', '--email', `idioma-${Date.now()}@example.com`, '--password-stdin', '--json'],
      { input: 'correct horse battery staple' },
    );
    expect(signup.code, signup.stderr).toBe(0);
    const missing = ['posts', 'show', 'post_00000000000000000000000000'];

    const json = await reelay.run([...missing, '--json'], { env: EN });
    expect(json.code).toBe(1);
    const envelope = json.errorJson();
    expect(envelope.code).toBe('NOT_FOUND');
    expect(portugueseWordsIn(envelope.message)).not.toEqual([]);

    const english = await reelay.run(missing, { env: EN });
    expect(english.stderr).toContain('error [NOT_FOUND]: Resource not found.');
    expect(english.stderr).not.toContain(envelope.message);

    const portuguese = await reelay.run(missing, { env: PT });
    expect(portuguese.stderr).toContain(`erro [NOT_FOUND]: ${envelope.message}`);
  });

  it('shows the CLI own errors and the SDK errors in English', async () => {
    const reelay = cliFor(freshConfigDir());
    const noCredentials = await reelay.run(['posts', 'list'], { env: EN });
    expect(noCredentials.code).toBe(3);
    expect(noCredentials.stderr).toBe(
      'error [CREDENTIALS_MISSING]: no credentials in context "default"\n' +
        'hint: sign in with reelay login, or set a key with reelay config set api-key (or REELAY_API_KEY)\n',
    );
    const unknown = await reelay.run(['pots', 'list'], { env: EN });
    expect(unknown.stderr).toContain("error [USAGE_ERROR]: unknown command: 'pots'");
    expect(unknown.stderr).toContain('hint: did you mean reelay posts list?');

    const port = await freePort();
    const offline = { ...EN, REELAY_SERVER: `http://127.0.0.1:${port}`, REELAY_API_KEY: 'rly_x' };
    const unreachable = await reelay.run(['posts', 'list'], { env: offline });
    expect(unreachable.code).toBe(6);
    expect(unreachable.stderr).toContain('error [CONNECTION_ERROR]: Could not reach the server.');
    expect(unreachable.stderr).toContain("hint: check the server's address");
    const json = await reelay.run(['posts', 'list', '--json'], { env: offline });
    expect(json.errorJson()).toMatchObject({ code: 'CONNECTION_ERROR' });
    expect(json.errorJson().message).toContain('Falha de conexão');
  });
});
