/**
 * The built `reelay` binary without a server: help, version, usage errors, contexts,
 * missing credentials, an unreachable server, and the checks that happen before any
 * request. Each test is a real subprocess.
 */
import { readFileSync } from 'node:fs';
import { freePort } from '@reelay/test-support/free-port';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { cliFor, freshConfigDir } from '@reelay/test-support/cli';

const TOP_LEVEL = [
  'login',
  'signup',
  'logout',
  'whoami',
  'status',
  'openapi',
  'config',
  'accounts',
  'profiles',
  'keys',
  'org',
  'me',
  'posts',
  'comments',
  'mentions',
  'saved-replies',
  'media',
  'webhooks',
  'serve',
  'emulator',
];

describe('help and version', () => {
  it('prints every command in Portuguese and exits 0', async () => {
    const result = await cliFor(freshConfigDir()).run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Uso: reelay [opções] [comando]');
    for (const name of TOP_LEVEL) expect(result.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    expect(result.stdout).toContain('Códigos de saída');
  });

  it('prints the package version', async () => {
    const result = await cliFor(freshConfigDir()).run(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${packageJson.version}\n` });
  });

  it('prints the help of a subcommand, with the global options', async () => {
    const result = await cliFor(freshConfigDir()).run(['posts', 'schedule', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--at <quando>');
    expect(result.stdout).toContain('Opções globais:');
  });
});

describe('usage errors exit 2', () => {
  const reelay = cliFor(freshConfigDir());

  it('refuses an unknown command and suggests the close one', async () => {
    const result = await reelay.run(['pots', 'list']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("comando desconhecido: 'pots'");
    expect(result.stderr).toContain('quis dizer reelay posts list?');
  });

  // Eighteen runs of the CLI, each a process of its own: roomy on two busy cores.
  it(
    'suggests the known subcommand for a common alias or a typo, with its whole path',
    {
      timeout: 90_000,
    },
    async () => {
      const cases: Array<[string[], string]> = [
        [['posts', 'get', 'post_1'], 'reelay posts show'],
        [['posts', 'ls'], 'reelay posts list'],
        [['posts', 'rm', 'post_1'], 'reelay posts cancel'],
        [['posts', 'delete', 'post_1'], 'reelay posts cancel'],
        [['posts', 'shwo', 'post_1'], 'reelay posts show'],
        [['webhooks', 'rm', 'ntf_1'], 'reelay webhooks delete'],
        [['accounts', 'remove', '@cafe'], 'reelay accounts disconnect'],
        [['--context', 'default', 'config', 'show'], 'reelay config get'],
        [['profiles', 'new', 'Marca'], 'reelay profiles create'],
      ];
      for (const [args, suggestion] of cases) {
        const text = await reelay.run(args);
        expect(text.code, args.join(' ')).toBe(2);
        expect(text.stderr, args.join(' ')).toContain(`dica: quis dizer ${suggestion}?`);
        const json = await reelay.run([...args, '--json']);
        expect(json.code).toBe(2);
        expect(json.errorJson(), args.join(' ')).toMatchObject({
          code: 'USAGE_ERROR',
          message: `comando desconhecido: '${args.at(args[0] === '--context' ? 3 : 1)}'`,
          details: { suggestion },
        });
      }
    },
  );

  it('points to the help when nothing is close to the unknown command', async () => {
    const result = await reelay.run(['posts', 'xyzzy']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("comando desconhecido: 'xyzzy'");
    expect(result.stderr).toContain('dica: veja os comandos com reelay posts --help');
    expect(result.stderr).not.toContain('quis dizer');
  });

  it('reports an unknown option as JSON on stderr with --json, stdout empty', async () => {
    const result = await reelay.run(['posts', 'list', '--bogus', '--json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.errorJson()).toMatchObject({
      code: 'USAGE_ERROR',
      message: "opção desconhecida: '--bogus'",
    });
  });

  it('refuses a group without its subcommand, showing its help', async () => {
    const result = await reelay.run(['posts']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('schedule');
  });

  it('refuses a missing argument and a value outside the choices', async () => {
    expect((await reelay.run(['posts', 'show'])).stderr).toContain(
      "falta o argumento obrigatório 'id'",
    );
    const sort = await reelay.run(['posts', 'list', '--sort', 'sideways']);
    expect(sort.code).toBe(2);
    expect(sort.stderr).toContain("valor inválido para '--sort <ordem>'");
  });

  it('refuses a bad --at before asking anything of a server', async () => {
    const port = await freePort();
    const base = [
      'posts',
      'schedule',
      'Oi',
      '-m',
      'https://cdn.example.com/a.jpg',
      '-a',
      'int_1',
      '--server',
      `http://127.0.0.1:${port}`,
    ];
    const words = await reelay.run([...base, '--at', 'amanhã', '--json']);
    expect(words.code).toBe(2);
    expect(words.errorJson()).toMatchObject({
      code: 'USAGE_ERROR',
      message: '--at inválido: "amanhã"',
    });
    const noZone = await reelay.run([...base, '--at', '2026-12-01T10:00']);
    expect(noZone.code).toBe(2);
    expect(noZone.stderr).toContain('não diz o fuso horário');
    const badZone = await reelay.run([
      ...base,
      '--at',
      '2026-12-01T10:00',
      '--timezone',
      'Brasil/Sampa',
    ]);
    expect(badZone.code).toBe(2);
    expect(badZone.stderr).toContain('fuso horário desconhecido');
  });

  it('says a date that does not exist is invalid, not that its zone is missing', async () => {
    const port = await freePort();
    const args = ['posts', 'schedule', 'Oi', '-m', 'https://cdn.example.com/a.jpg', '-a', 'int_1'];
    const server = ['--server', `http://127.0.0.1:${port}`];
    const noZone = await reelay.run([...args, '--at', '2026-13-45T10:00', ...server, '--json']);
    expect(noZone.code).toBe(2);
    expect(noZone.errorJson()).toMatchObject({
      code: 'USAGE_ERROR',
      message: '--at "2026-13-45T10:00": data inexistente',
    });
    const english = await reelay.run([...args, '--at', '2026-02-30T10:00', ...server], {
      env: { LANG: 'en_US.UTF-8' },
    });
    expect(english.code).toBe(2);
    expect(english.stderr).toContain('--at "2026-02-30T10:00": no such date');
    expect(english.stderr).not.toContain('time zone');
  });

  it('refuses a media file that does not exist, and a caption over the limit', async () => {
    const base = ['posts', 'create', '-a', 'int_1'];
    const missing = await reelay.run([...base, 'Oi', '-m', 'nao-existe.jpg']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('arquivo de mídia não encontrado: nao-existe.jpg');
    const long = await reelay.run([...base, '-', '-m', 'https://cdn.example.com/a.jpg'], {
      input: 'x'.repeat(2201),
    });
    expect(long.code).toBe(2);
    expect(long.stderr).toContain('a legenda tem 2201 caracteres; o máximo é 2200');
  });

  it('refuses a post without media, without an account, or a schedule without --at', async () => {
    const noMedia = await reelay.run(['posts', 'create', 'Oi', '-a', 'int_1']);
    expect(noMedia.code).toBe(2);
    expect(noMedia.stderr).toContain('informe ao menos uma mídia com --media');
    const noAccount = await reelay.run(['posts', 'create', 'Oi', '-m', 'med_1']);
    expect(noAccount.stderr).toContain('informe ao menos uma conta com --account');
    const noAt = await reelay.run(['posts', 'schedule', 'Oi', '-m', 'med_1', '-a', 'int_1']);
    expect(noAt.code).toBe(2);
    expect(noAt.stderr).toContain('informe quando publicar com --at');
    const reschedule = await reelay.run(['posts', 'reschedule', 'post_1']);
    expect(reschedule.stderr).toContain("a opção obrigatória '--at <quando>' não foi informada");
  });

  it('refuses a context name that is not a plain word, and an unknown context', async () => {
    expect((await reelay.run(['config', 'use-context', '../x'])).code).toBe(2);
    const unknown = await reelay.run(['--context', 'nenhum', 'whoami', '--json']);
    expect(unknown.code).toBe(2);
    expect(unknown.errorJson().code).toBe('CONTEXT_NOT_FOUND');
  });
});

describe('credentials and servers', () => {
  it('exits 3 when no credential is configured, with a hint to log in', async () => {
    const result = await cliFor(freshConfigDir()).run(['posts', 'list', '--json']);
    expect(result.code).toBe(3);
    expect(result.errorJson()).toMatchObject({ code: 'CREDENTIALS_MISSING' });
    expect(result.errorJson().hint).toContain('reelay login');
  });

  it('exits 3 for keys without a session, even with an API key', async () => {
    const result = await cliFor(freshConfigDir(), {
      REELAY_API_KEY: 'rly_live_0123456789abcdef',
    }).run(['keys', 'list']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('precisa de uma sessão');
    expect(result.stderr).not.toContain('rly_live_0123456789abcdef');
  });

  it('exits 6 when the server does not answer', async () => {
    const port = await freePort();
    const result = await cliFor(freshConfigDir()).run([
      'status',
      '--server',
      `http://127.0.0.1:${port}`,
      '--json',
    ]);
    expect(result.code).toBe(6);
    expect(result.errorJson().code).toBe('CONNECTION_ERROR');
  });
});

describe('contexts', () => {
  it('keeps named contexts in REELAY_CONFIG_DIR, readable by its owner only', async () => {
    const dir = freshConfigDir();
    const reelay = cliFor(dir);
    expect(
      (await reelay.run(['config', 'set', 'server', 'https://reelay.example.com/'])).code,
    ).toBe(0);
    const created = await reelay.run(['config', 'use-context', 'producao', '--json']);
    expect(created.json()).toEqual({ success: true, current: 'producao', created: true });
    expect((await reelay.run(['config', 'set', 'server', 'https://prod.example.com'])).code).toBe(
      0,
    );
    const list = await reelay.run(['config', 'list', '--json']);
    expect(list.json()).toMatchObject({
      current: 'producao',
      contexts: [
        { name: 'default', server: 'https://reelay.example.com', current: false },
        { name: 'producao', server: 'https://prod.example.com', current: true },
      ],
    });
    const other = await reelay.run(['config', 'get', 'server', '--context', 'default']);
    expect(other.stdout).toBe('https://reelay.example.com\n');
    const file = join(dir, 'contexts.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).currentContext).toBe('producao');
    const { statSync } = await import('node:fs');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const deleted = await reelay.run(['config', 'delete-context', 'producao', '--json']);
    expect(deleted.json()).toMatchObject({ deleted: 'producao', current: 'default' });
  });

  it('reads an API key from stdin, stores it, and never prints it back', async () => {
    const reelay = cliFor(freshConfigDir());
    const key = 'rly_live_4f8a9b0c1d2e3f405162738495a6b7c8';
    const set = await reelay.run(['config', 'set', 'api-key', '-', '--json'], {
      input: `${key}\n`,
    });
    expect(set.code).toBe(0);
    expect(set.json().value).toBe('rly_live_…b7c8');
    const get = await reelay.run(['config', 'get', '--json']);
    expect(get.json()).toMatchObject({ apiKey: 'rly_live_…b7c8', session: null });
    for (const result of [
      set,
      get,
      await reelay.run(['config', 'get']),
      await reelay.run(['config', 'list']),
    ]) {
      expect(result.stdout + result.stderr).not.toContain(key);
    }
  });

  it('lets the environment override the context, and says so', async () => {
    const reelay = cliFor(freshConfigDir(), {
      REELAY_SERVER: 'https://ci.example.com',
      REELAY_PROJECT: 'proj_01jd8k2m3n4p5q6r7s8t9v0wxy',
      REELAY_API_KEY: 'rly_live_cicicicicicicicicici',
    });
    const get = await reelay.run(['config', 'get', '--json']);
    expect(get.json()).toMatchObject({
      server: 'https://ci.example.com',
      project: 'proj_01jd8k2m3n4p5q6r7s8t9v0wxy',
      apiKey: 'rly_live_…cici',
      fromEnvironment: ['apiKey', 'project', 'server'],
    });
  });

  it('refuses an unknown key and a server that is not an http(s) URL', async () => {
    const reelay = cliFor(freshConfigDir());
    expect((await reelay.run(['config', 'set', 'color', 'azul'])).code).toBe(2);
    const bad = await reelay.run(['config', 'set', 'server', 'ftp://x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('use http:// ou https://');
  });
});
