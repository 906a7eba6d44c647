/**
 * The built `reelay` binary, as a subprocess, against a real Reelay server (SQLite) and
 * the Instagram emulator: sign-up and login, contexts and token refresh, keys, profiles,
 * connecting accounts through Instagram Login, media, posts (now, scheduled, local times,
 * usernames, stdin captions, retry, cancel), the CSV bulk schedule, and webhooks. Every
 * command is run with `--json` and its answer parsed, and its exit code checked.
 *
 * The tests of one file share one server and run in order: later ones use the user,
 * accounts and posts made by earlier ones.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '@reelay/test-support/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cliFor,
  freshConfigDir,
  type Cli,
  type CliResult,
  type RunningCli,
} from '@reelay/test-support/cli';
import { startCliPlatform, type CliPlatform } from './helpers/platform';

const FINAL = new Set(['published', 'partial', 'failed', 'cancelled']);
const HOUR = 3_600_000;

// Each test runs several processes against one server; a busy machine needs room.
vi.setConfig({ testTimeout: 90_000 });

// Started at load time, so the webhook suites can ask which routes the server mounts.
const platform: CliPlatform = await startCliPlatform();
const reelay: Cli = cliFor(freshConfigDir());
const scratch = mkdtempSync(join(tmpdir(), 'reelay-cli-e2e-'));
const photo = join(scratch, 'cafe.jpg');
const email = `cli-${Date.now()}@example.com`;
const password = 'correct horse battery staple';

beforeAll(async () => {
  const image = await fetch(platform.media.image(1080, 1350));
  writeFileSync(photo, Buffer.from(await image.arrayBuffer()));
});

afterAll(async () => {
  await platform.close();
  rmSync(scratch, { recursive: true, force: true });
  rmSync(reelay.configDir, { recursive: true, force: true });
});

const contexts = () =>
  JSON.parse(readFileSync(join(reelay.configDir, 'contexts.json'), 'utf8')) as {
    currentContext: string;
    contexts: Record<string, Record<string, string>>;
  };

/** Runs and expects an exit code, showing both streams when it differs. */
async function expectExit(
  result: Promise<CliResult> | CliResult,
  code: number,
): Promise<CliResult> {
  const done = await result;
  if (done.code !== code) {
    throw new Error(
      `exit ${done.code}, expected ${code}\n--- stdout\n${done.stdout}\n--- stderr\n${done.stderr}`,
    );
  }
  return done;
}

/** Lets a long-running command finish while the server's background work is pushed on. */
async function settleWhile(running: RunningCli): Promise<CliResult> {
  let finished = false;
  void running.done.then(() => (finished = true));
  await platform.settleUntil(async () => finished);
  return running.done;
}

let projectId = '';

describe('session: signup, login, whoami, refresh', () => {
  it('points the context at the server', async () => {
    const result = await expectExit(
      reelay.run(['config', 'set', 'server', platform.server.url, '--json']),
      0,
    );
    expect(result.json()).toMatchObject({
      key: 'server',
      value: platform.server.url,
      context: 'default',
    });
  });

  it('signs up with the password from stdin and keeps the session, printing no token', async () => {
    const result = await expectExit(
      reelay.run(['signup', '--email', email, '--name', 'Ana', '--password-stdin', '--json'], {
        input: `${password}\n`,
      }),
      0,
    );
    const answer = result.json();
    expect(answer).toMatchObject({
      success: true,
      context: 'default',
      user: { email, name: 'Ana' },
    });
    projectId = answer.project.id;
    expect(projectId).toMatch(/^proj_/);
    const stored = contexts().contexts.default!;
    expect(stored).toMatchObject({ email, project: projectId, server: platform.server.url });
    for (const secret of [stored.accessToken!, stored.refreshToken!]) {
      expect(result.stdout + result.stderr).not.toContain(secret);
    }
  });

  it('refuses a wrong password with exit 3', async () => {
    const result = await expectExit(
      reelay.run(['login', '--email', email, '--password-stdin', '--json'], { input: 'errada' }),
      3,
    );
    expect(result.errorJson()).toMatchObject({
      code: 'LOGIN_FAILED',
      message: 'e-mail ou senha incorretos',
    });
  });

  it('logs in with e-mail and password', async () => {
    const before = contexts().contexts.default!.refreshToken;
    const result = await expectExit(
      reelay.run(['login', '--email', email, '--password-stdin', '--json'], { input: password }),
      0,
    );
    expect(result.json()).toMatchObject({ user: { email }, project: { id: projectId } });
    expect(contexts().contexts.default!.refreshToken).not.toBe(before);
  });

  it('tells who is logged in', async () => {
    const result = await expectExit(reelay.run(['whoami', '--json']), 0);
    expect(result.json()).toMatchObject({
      success: true,
      user: { email },
      organization: { role: 'owner' },
      projects: [{ id: projectId }],
      authMode: 'session',
      projectId,
      server: platform.server.url,
    });
    const text = await expectExit(reelay.run(['whoami']), 0);
    expect(text.stdout).toContain(`Usuário:     ${email} (Ana)`);
  });

  it('renews an expired access token with the refresh token, and stores the new pair', async () => {
    const file = join(reelay.configDir, 'contexts.json');
    const data = contexts();
    const old = data.contexts.default!;
    data.contexts.default = { ...old, accessTokenExpiresAt: '2000-01-01T00:00:00.000Z' };
    writeFileSync(file, JSON.stringify(data));
    await expectExit(reelay.run(['whoami', '--json']), 0);
    const renewed = contexts().contexts.default!;
    expect(renewed.refreshToken).not.toBe(old.refreshToken);
    expect(renewed.accessToken).not.toBe(old.accessToken);
    expect(Date.parse(renewed.accessTokenExpiresAt!)).toBeGreaterThan(Date.now());
  });

  it('renews when the server refuses the access token, through the SDK hook', async () => {
    const file = join(reelay.configDir, 'contexts.json');
    const data = contexts();
    data.contexts.default = { ...data.contexts.default!, accessToken: 'not-a-valid-token' };
    writeFileSync(file, JSON.stringify(data));
    await expectExit(reelay.run(['profiles', 'list', '--json']), 0);
    expect(contexts().contexts.default!.accessToken).not.toBe('not-a-valid-token');
  });

  it('asks to log in again when the refresh token is refused (exit 3)', async () => {
    const other = cliFor(freshConfigDir(), { REELAY_SERVER: platform.server.url });
    await expectExit(
      other.run(['login', '--email', email, '--password-stdin'], { input: password }),
      0,
    );
    const file = join(other.configDir, 'contexts.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.contexts.default.accessTokenExpiresAt = '2000-01-01T00:00:00.000Z';
    data.contexts.default.refreshToken = 'gasto';
    writeFileSync(file, JSON.stringify(data));
    const result = await expectExit(other.run(['whoami', '--json']), 3);
    expect(result.errorJson()).toMatchObject({ code: 'SESSION_EXPIRED' });
  });

  it('shows the configuration with every secret masked', async () => {
    const stored = contexts().contexts.default!;
    const result = await expectExit(reelay.run(['config', 'get', '--json']), 0);
    expect(result.json()).toMatchObject({
      context: 'default',
      server: platform.server.url,
      project: projectId,
      apiKey: null,
      session: { email, accessTokenExpiresAt: stored.accessTokenExpiresAt },
    });
    const text = await expectExit(reelay.run(['config', 'get']), 0);
    for (const output of [result, text]) {
      expect(output.stdout).not.toContain(stored.accessToken!);
      expect(output.stdout).not.toContain(stored.refreshToken!);
    }
  });

  it('renames the organization and reports the server as up', async () => {
    const renamed = await expectExit(reelay.run(['org', 'rename', 'Café Aurora', '--json']), 0);
    expect(renamed.json().organization).toMatchObject({ name: 'Café Aurora', role: 'owner' });
    const status = await expectExit(reelay.run(['status', '--json']), 0);
    expect(status.json()).toMatchObject({ success: true, live: true, project: { id: projectId } });
    const openapi = await expectExit(reelay.run(['openapi', '--json']), 0);
    expect(openapi.json().openapi).toMatch(/^3\./);
  });
});

let apiKey = '';

describe('API keys', () => {
  it('creates a key, shows it once, lists it without the secret, and revokes it', async () => {
    const created = await expectExit(
      reelay.run(['keys', 'create', '--name', 'scripts', '--json']),
      0,
    );
    const key = created.json().apiKey;
    expect(key.key).toMatch(/^rly_live_/);
    expect(created.stderr).toContain('não será mostrada de novo');
    const list = await expectExit(reelay.run(['keys', 'list', '--json']), 0);
    expect(list.json().apiKeys.map((k: { id: string }) => k.id)).toContain(key.id);
    expect(list.stdout).not.toContain(key.key);
    const revoked = await expectExit(reelay.run(['keys', 'revoke', key.id, '--json']), 0);
    expect(revoked.json().apiKey.revokedAt).toBeTruthy();
    // A revoked key is refused: exit 3, and the key never appears in the error.
    const refused = await expectExit(
      cliFor(freshConfigDir(), { REELAY_SERVER: platform.server.url, REELAY_API_KEY: key.key }).run(
        ['profiles', 'list'],
      ),
      3,
    );
    expect(refused.stderr).toContain('UNAUTHORIZED');
    expect(refused.stderr).not.toContain(key.key);
  });

  it('saves a new key in the context with --save, printing it masked', async () => {
    const created = await expectExit(
      reelay.run(['keys', 'create', '--name', 'cli', '--save', '--json']),
      0,
    );
    apiKey = contexts().contexts.default!.apiKey!;
    expect(apiKey).toMatch(/^rly_live_/);
    expect(created.stdout).not.toContain(apiKey);
    expect(created.json().apiKey.key).toBe(`rly_live_…${apiKey.slice(-4)}`);
    const whoami = await expectExit(reelay.run(['whoami', '--json']), 0);
    expect(whoami.json().authMode).toBe('apiKey');
  });

  it('works from CI with only REELAY_SERVER and REELAY_API_KEY in the environment', async () => {
    const ci = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_API_KEY: apiKey,
    });
    const result = await expectExit(ci.run(['whoami', '--json']), 0);
    expect(result.json()).toMatchObject({ authMode: 'apiKey', project: { id: projectId } });
    // A session token from the environment, with its project.
    const bearer = cliFor(freshConfigDir(), {
      REELAY_SERVER: platform.server.url,
      REELAY_ACCESS_TOKEN: contexts().contexts.default!.accessToken,
      REELAY_PROJECT: projectId,
    });
    const profiles = await expectExit(bearer.run(['profiles', 'list', '--json']), 0);
    expect(profiles.json()).toMatchObject({ success: true });
  });
});

let profileId = '';

describe('profiles', () => {
  it('creates, lists and deletes profiles', async () => {
    const created = await expectExit(
      reelay.run([
        'profiles',
        'create',
        'Café Aurora',
        '--description',
        'Cliente desde 2026',
        '--json',
      ]),
      0,
    );
    profileId = created.json().profile.id;
    const spare = (
      await expectExit(reelay.run(['profiles', 'create', 'Rascunho', '--json']), 0)
    ).json().profile.id;
    const list = await expectExit(reelay.run(['profiles', 'list', '--json']), 0);
    expect(list.json().profiles.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([profileId, spare]),
    );
    const table = await expectExit(reelay.run(['profiles', 'list']), 0);
    expect(table.stdout).toMatch(/^ID\s+NOME\s+DESCRIÇÃO\s+APROVAÇÃO\s+CRIADO EM$/m);
    expect(table.stdout).toContain('Cliente desde 2026');
    const deleted = await expectExit(reelay.run(['profiles', 'delete', spare, '--json']), 0);
    expect(deleted.json().success).toBe(true);
    const again = await expectExit(reelay.run(['profiles', 'delete', spare, '--json']), 1);
    expect(again.errorJson().code).toBe('NOT_FOUND');
  });
});

const accountIds: Record<string, string> = {};

/** Plays the person in the browser: allows the emulator account on the printed link. */
async function authorize(running: RunningCli, stream: 'stdout' | 'stderr', username: string) {
  const [url] = await running.waitFor(stream, /https?:\/\/\S+\/oauth\/authorize\S+/);
  const { id } = platform.emulator.createAccount({ username });
  const authorizeUrl = new URL(url);
  authorizeUrl.searchParams.set('account', id);
  authorizeUrl.searchParams.set('decision', 'allow');
  const redirect = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = await fetch(redirect.headers.get('location')!, { redirect: 'manual' });
  expect(callback.status).toBeLessThan(400);
}

describe('accounts', () => {
  it('connects an account: prints the link, waits, and answers once it appears', async () => {
    const running = reelay.start([
      'accounts',
      'connect',
      '--profile',
      profileId,
      '--no-open',
      '--timeout',
      '30',
      '--interval',
      '200',
      '--json',
    ]);
    await authorize(running, 'stderr', 'cafe.aurora');
    const result = await expectExit(running.done, 0);
    const answer = result.json();
    expect(answer.integration).toMatchObject({
      displayName: 'cafe.aurora',
      profileId,
      status: 'connected',
    });
    expect(answer.url).toContain('/oauth/authorize');
    accountIds['cafe.aurora'] = answer.integration.id;
  });

  it('connects a second account, printing the link on stdout without --json', async () => {
    const running = reelay.start([
      'accounts',
      'connect',
      '--no-open',
      '--timeout',
      '30',
      '--interval',
      '200',
    ]);
    await authorize(running, 'stdout', 'padaria.sol');
    const result = await expectExit(running.done, 0);
    expect(result.stdout).toContain('@padaria.sol');
    const list = await expectExit(
      reelay.run(['accounts', 'list', '--search', 'padaria', '--json']),
      0,
    );
    accountIds['padaria.sol'] = list.json().integrations[0].id;
  });

  it('gives up after --timeout with exit 5', async () => {
    const result = await expectExit(
      reelay.run([
        'accounts',
        'connect',
        '--no-open',
        '--timeout',
        '1',
        '--interval',
        '200',
        '--json',
      ]),
      5,
    );
    expect(result.errorJson().code).toBe('CONNECT_TIMEOUT');
    expect(result.stdout).toBe('');
  });

  it('lists accounts as a table and as JSON, one page or all', async () => {
    const page = await expectExit(reelay.run(['accounts', 'list', '--limit', '1', '--json']), 0);
    expect(page.json()).toMatchObject({ success: true, total: 2 });
    expect(page.json().integrations).toHaveLength(1);
    const all = await expectExit(reelay.run(['accounts', 'list', '--all', '--json']), 0);
    expect(
      all
        .json()
        .integrations.map((a: { displayName: string }) => a.displayName)
        .sort(),
    ).toEqual(['cafe.aurora', 'padaria.sol']);
    const table = await expectExit(reelay.run(['accounts', 'list', '--profile', profileId]), 0);
    expect(table.stdout).toContain('@cafe.aurora');
    expect(table.stdout).not.toContain('@padaria.sol');
  });

  it('checks the health of an account named by username', async () => {
    const result = await expectExit(
      reelay.run(['accounts', 'health', '@cafe.aurora', '--force', '--json']),
      0,
    );
    expect(result.json().health).toMatchObject({
      integrationId: accountIds['cafe.aurora'],
      healthy: true,
      checkedLive: true,
    });
  });

  it('refuses an unknown username (exit 2) and a partial one', async () => {
    const unknown = await expectExit(reelay.run(['accounts', 'health', '@ninguem', '--json']), 2);
    expect(unknown.errorJson().message).toBe(
      'nenhuma conta conectada com o nome de usuário @ninguem',
    );
    await expectExit(reelay.run(['accounts', 'health', 'cafe']), 2);
  });
});

let mediaId = '';

describe('media', () => {
  it('uploads a file with a progress bar on stderr, and prints the record', async () => {
    const result = await expectExit(
      reelay.run(['media', 'upload', photo, '--json'], { env: { REELAY_PROGRESS: '1' } }),
      0,
    );
    const { media } = result.json();
    expect(media).toMatchObject({ type: 'image', mime: 'image/jpeg', width: 1080, height: 1350 });
    mediaId = media.id;
    expect(result.stderr).toContain('enviando cafe.jpg: 0%');
    expect(result.stderr).toContain('enviando cafe.jpg: 100%');
  });

  it('shows no progress when stderr is not a terminal', async () => {
    const result = await expectExit(reelay.run(['media', 'upload', photo]), 0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/Id:\s+med_/);
    expect(result.stdout).toContain('1080×1350');
  });

  it('imports media by URL', async () => {
    const result = await expectExit(
      reelay.run(['media', 'upload', platform.media.image(1080, 1080), '--json']),
      0,
    );
    expect(result.json().media).toMatchObject({ type: 'image', width: 1080 });
  });

  it('refuses a missing file (exit 2) and answers the server error for a bad one (exit 1)', async () => {
    await expectExit(reelay.run(['media', 'upload', join(scratch, 'nada.jpg')]), 2);
    const text = join(scratch, 'texto.jpg');
    writeFileSync(text, 'isto não é uma imagem');
    const bad = await expectExit(reelay.run(['media', 'upload', text, '--json']), 1);
    expect(bad.errorJson().code).toBe('MEDIA_INVALID');
  });
});

describe('posts', () => {
  let scheduledId = '';

  it('schedules a post with a relative --at, a file and a username', async () => {
    const before = Date.now();
    const result = await expectExit(
      reelay.run([
        'posts',
        'schedule',
        'Bom dia! #café',
        '-m',
        photo,
        '-a',
        '@cafe.aurora',
        '--at',
        '+2h',
        '--timezone',
        'America/Sao_Paulo',
        '--json',
      ]),
      0,
    );
    const { post } = result.json();
    expect(post).toMatchObject({
      status: 'scheduled',
      content: 'Bom dia! #café',
      timezone: 'America/Sao_Paulo',
    });
    expect(post.platforms[0].integrationId).toBe(accountIds['cafe.aurora']);
    const at = Date.parse(post.scheduledFor);
    expect(at).toBeGreaterThanOrEqual(before + 2 * HOUR - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 2 * HOUR + 1000);
    scheduledId = post.id;
  });

  it('schedules at a local time in a time zone, to the right instant', async () => {
    // Tomorrow at 10:00 in São Paulo (UTC-3 all year since 2019) is 13:00 UTC.
    const tomorrow = new Date(Date.now() + 24 * HOUR);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      tomorrow,
    );
    const result = await expectExit(
      reelay.run([
        'posts',
        'schedule',
        'Hora local',
        '-m',
        mediaId,
        '-a',
        accountIds['cafe.aurora']!,
        '--at',
        `${day}T10:00`,
        '--timezone',
        'America/Sao_Paulo',
        '--json',
      ]),
      0,
    );
    expect(result.json().post.scheduledFor).toBe(`${day}T13:00:00.000Z`);
  });

  it('reads the caption from a file and from stdin, line breaks kept', async () => {
    const file = join(scratch, 'legenda.txt');
    writeFileSync(file, 'Primeira linha\nSegunda linha #reelay\n');
    const fromFile = await expectExit(
      reelay.run([
        'posts',
        'schedule',
        '--caption-file',
        file,
        '-m',
        mediaId,
        '-a',
        '@cafe.aurora',
        '--at',
        '+3h',
        '--json',
      ]),
      0,
    );
    expect(fromFile.json().post.content).toBe('Primeira linha\nSegunda linha #reelay');
    const fromStdin = await expectExit(
      reelay.run(
        ['posts', 'schedule', '-', '-m', mediaId, '-a', '@cafe.aurora', '--at', '+3h', '--json'],
        {
          input: 'Da entrada padrão 🚀\n',
        },
      ),
      0,
    );
    expect(fromStdin.json().post.content).toBe('Da entrada padrão 🚀');
  });

  it('schedules to two accounts with a URL medium, and repeats nothing for the same idempotency key', async () => {
    const args = [
      'posts',
      'schedule',
      'Duas contas',
      '-m',
      platform.media.image(1080, 1350, 'jpg', 7),
      '-a',
      '@cafe.aurora',
      '-a',
      accountIds['padaria.sol']!,
      '--at',
      '2099-01-01T00:00Z',
      '--idempotency-key',
      `cli-${Date.now()}`,
      '--json',
    ];
    // 2099 is outside the window: refused before the URL is imported, naming the flag.
    const far = await expectExit(reelay.run(args), 2);
    expect(far.errorJson()).toMatchObject({ code: 'USAGE_ERROR' });
    expect(far.stderr).toContain('--at 2099-01-01T00:00Z');
    // An absolute time: with a relative one, a second run would be another body for the key.
    args[args.indexOf('2099-01-01T00:00Z')] = new Date(Date.now() + 4 * HOUR).toISOString();
    const first = await expectExit(
      reelay.run(args.map((a) => (a.startsWith('http') ? mediaId : a))),
      0,
    );
    const second = await expectExit(
      reelay.run(args.map((a) => (a.startsWith('http') ? mediaId : a))),
      0,
    );
    expect(second.json().post.id).toBe(first.json().post.id);
    expect(first.json().post.platforms).toHaveLength(2);
    const url = await expectExit(reelay.run([...args.slice(0, -3), '--json']), 0);
    expect(url.json().post.mediaItems[0].mediaId).toMatch(/^med_/);
  });

  it('refuses an unknown username with exit 2, before uploading anything', async () => {
    const result = await expectExit(
      reelay.run([
        'posts',
        'schedule',
        'x',
        '-m',
        photo,
        '-a',
        '@nao.existe',
        '--at',
        '+2h',
        '--json',
      ]),
      2,
    );
    expect(result.errorJson().message).toContain('@nao.existe');
  });

  it('lists posts with filters, as JSON and as a table', async () => {
    const scheduled = await expectExit(
      reelay.run(['posts', 'list', '--status', 'scheduled', '--all', '--json']),
      0,
    );
    const ids = scheduled.json().posts.map((p: { id: string }) => p.id);
    expect(ids).toContain(scheduledId);
    const byAccount = await expectExit(
      reelay.run([
        'posts',
        'list',
        '--account',
        '@padaria.sol',
        '--from',
        '+1h',
        '--to',
        '+5h',
        '--json',
      ]),
      0,
    );
    expect(byAccount.json().posts.length).toBeGreaterThan(0);
    expect(
      byAccount
        .json()
        .posts.every((p: { platforms: Array<{ integrationId: string }> }) =>
          p.platforms.some((t) => t.integrationId === accountIds['padaria.sol']),
        ),
    ).toBe(true);
    const table = await expectExit(reelay.run(['posts', 'list', '--limit', '2']), 0);
    expect(table.stdout).toMatch(/^ID\s+STATUS\s+TIPO\s+QUANDO \(\S+\)\s+CONTAS\s+LEGENDA$/m);
    expect(table.stdout).toMatch(/2 de \d+; veja mais com --offset 2 ou --all/);
  });

  it('shows, reschedules and cancels a post; a second cancel is refused (exit 1)', async () => {
    const shown = await expectExit(reelay.run(['posts', 'show', scheduledId, '--json']), 0);
    expect(shown.json().post.id).toBe(scheduledId);
    const text = await expectExit(reelay.run(['posts', 'show', scheduledId]), 0);
    expect(text.stdout).toContain('Status:');
    // Accounts by username, statuses in the person's language.
    expect(text.stdout).toContain('@cafe.aurora');
    expect(text.stdout).not.toContain(accountIds['cafe.aurora']);
    expect(text.stdout).toMatch(/Status:\s+agendado$/m);
    const moved = await expectExit(
      reelay.run(['posts', 'reschedule', scheduledId, '--at', '2026-12-24T18:00-03:00', '--json']),
      Date.parse('2026-12-24T21:00Z') - Date.now() > 60_000 &&
        Date.parse('2026-12-24T21:00Z') - Date.now() < 75 * 24 * HOUR
        ? 0
        : 1,
    );
    if (moved.code === 0) expect(moved.json().post.scheduledFor).toBe('2026-12-24T21:00:00.000Z');
    const later = await expectExit(
      reelay.run(['posts', 'reschedule', scheduledId, '--at', '+5h', '--json']),
      0,
    );
    expect(Date.parse(later.json().post.scheduledFor)).toBeGreaterThan(Date.now() + 4 * HOUR);
    const cancelled = await expectExit(reelay.run(['posts', 'cancel', scheduledId, '--json']), 0);
    expect(cancelled.json().post).toMatchObject({ status: 'cancelled' });
    const again = await expectExit(reelay.run(['posts', 'cancel', scheduledId, '--json']), 1);
    expect(again.errorJson().code).toBe('POST_NOT_CANCELLABLE');
    await expectExit(reelay.run(['posts', 'show', 'post_00000000000000000000000000']), 1);
  });

  it('publishes now and waits for the outcome with --wait', async () => {
    const running = reelay.start(
      [
        'posts',
        'create',
        'Agora! #reelay',
        '-m',
        mediaId,
        '-a',
        '@cafe.aurora',
        '--wait',
        '--timeout',
        '60',
        '--json',
      ],
      { timeoutMs: 90_000 },
    );
    const result = await expectExit(settleWhile(running), 0);
    const { post } = result.json();
    expect(post.status).toBe('published');
    expect(post.platforms[0].platformPostUrl).toMatch(/^https:\/\/www\.instagram\.com\//);
    expect(platform.emulator.published().some((item) => item.caption === 'Agora! #reelay')).toBe(
      true,
    );
    // The publication time on the wall clock of the post's zone, named, and the account
    // by username.
    const text = await expectExit(reelay.run(['posts', 'show', post.id]), 0);
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: post.timezone,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(post.publishedAt));
    expect(text.stdout).toMatch(/^Publicado em:\s+(.*)$/m);
    expect(/^Publicado em:\s+(.*)$/m.exec(text.stdout)![1]).toBe(
      `${local} ${post.timezone} (${post.publishedAt})`,
    );
    expect(text.stdout).toMatch(/^@cafe\.aurora\s+publicado\s/m);
  });

  it('exits 1 when a post fails with --wait, then retries it until it publishes', async () => {
    platform.emulator.addFault({ path: '/media_publish', times: 1, code: 368, message: 'blocked' });
    const running = reelay.start(
      [
        'posts',
        'create',
        'Segunda chance',
        '-m',
        mediaId,
        '-a',
        '@cafe.aurora',
        '--wait',
        '--timeout',
        '60',
        '--json',
      ],
      { timeoutMs: 90_000 },
    );
    const failed = await expectExit(settleWhile(running), 1);
    const { post } = failed.json();
    expect(post.status).toBe('failed');
    expect(failed.errorJson()).toMatchObject({ code: 'POST_NOT_PUBLISHED' });
    const retried = await expectExit(reelay.run(['posts', 'retry', post.id, '--json']), 0);
    expect(FINAL.has(retried.json().post.status)).toBe(false);
    let status = '';
    await platform.settleUntil(async () => {
      status = (await reelay.run(['posts', 'show', post.id, '--json'])).json().post.status;
      return FINAL.has(status);
    });
    expect(status).toBe('published');
    const refused = await expectExit(reelay.run(['posts', 'retry', post.id, '--json']), 1);
    expect(refused.errorJson().code).toBe('POST_NOT_RETRYABLE');
  });
});

describe('bulk schedule from CSV', () => {
  let csv = '';
  const countPosts = async () =>
    (await expectExit(reelay.run(['posts', 'list', '--limit', '1', '--json']), 0)).json()
      .total as number;

  beforeAll(() => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(
      new Date(Date.now() + 48 * HOUR),
    );
    const at = new Date(Date.now() + 6 * HOUR).toISOString().replace(/\.\d+Z$/, 'Z');
    csv = join(scratch, 'campanha.csv');
    writeFileSync(
      csv,
      [
        'at,caption,media,accounts,kind,timezone',
        `${at},"Linha 1, com vírgula e ""aspas""",cafe.jpg,@cafe.aurora,,`,
        `${day}T09:30,Carrossel,${platform.media.image(1080, 1080, 'jpg', 1)}|${platform.media.image(1080, 1080, 'jpg', 2)},@cafe.aurora|${accountIds['padaria.sol']},carousel,Europe/Lisbon`,
        `+7h,Relativo,${mediaId},padaria.sol,feed,`,
      ].join('\n'),
    );
  });

  it('validates every row with --dry-run, without credentials or a server', async () => {
    const offline = cliFor(freshConfigDir(), { REELAY_SERVER: 'http://127.0.0.1:9' });
    const result = await expectExit(offline.run(['posts', 'bulk', csv, '--dry-run', '--json']), 0);
    const answer = result.json();
    expect(answer).toMatchObject({ success: true, dryRun: true, total: 3, valid: 3, invalid: 0 });
    expect(answer.rows[0].request).toMatchObject({
      content: 'Linha 1, com vírgula e "aspas"',
      media: ['cafe.jpg'],
      accounts: ['@cafe.aurora'],
    });
    expect(answer.rows[1].request).toMatchObject({ kind: 'carousel', timezone: 'Europe/Lisbon' });
    expect(answer.rows[1].request.media).toHaveLength(2);
    expect(answer.rows[0].idempotencyKey).toMatch(/^csv-[0-9a-f]{40}$/);
    const text = await expectExit(offline.run(['posts', 'bulk', csv, '--dry-run']), 0);
    expect(text.stdout).toContain('3 de 3 linhas válidas (simulação: nada foi enviado).');
  });

  it('reports every bad row and sends nothing (exit 2)', async () => {
    const bad = join(scratch, 'ruim.csv');
    writeFileSync(
      bad,
      [
        'at;caption;media;accounts;kind',
        'amanhã;Oi;cafe.jpg;@cafe.aurora;',
        `+2h;${'x'.repeat(2201)};cafe.jpg;@cafe.aurora;`,
        '+2h;Oi;sumiu.jpg;@cafe.aurora;',
        '+2h;Oi;cafe.jpg;@cafe.aurora;panorama',
        '+2h;Oi;cafe.jpg;;',
        '+90d;Oi;cafe.jpg;@cafe.aurora;',
      ].join('\n'),
    );
    const before = await countPosts();
    const dry = await expectExit(reelay.run(['posts', 'bulk', bad, '--dry-run', '--json']), 2);
    const problems = dry
      .json()
      .rows.map((row: { problems?: string[] }) => row.problems?.join(' ') ?? '');
    expect(problems[0]).toContain('at inválido: "amanhã"');
    expect(problems[1]).toContain('a legenda tem 2201 caracteres');
    expect(problems[2]).toContain('arquivo de mídia não encontrado: sumiu.jpg');
    expect(problems[3]).toContain('kind inválido: "panorama"');
    expect(problems[4]).toContain('a coluna accounts está vazia');
    expect(problems[5]).toContain('75 dias');
    expect(dry.errorJson().message).toBe('6 linha(s) com problemas; nada foi enviado');
    const real = await expectExit(reelay.run(['posts', 'bulk', bad, '--json']), 2);
    expect(real.json().invalid).toBe(5);
    expect(await countPosts()).toBe(before);
  });

  it('refuses unknown columns', async () => {
    const typo = join(scratch, 'typo.csv');
    writeFileSync(typo, 'at,caption,midia,accounts\n+2h,x,a.jpg,@a\n');
    const result = await expectExit(reelay.run(['posts', 'bulk', typo, '--dry-run']), 2);
    expect(result.stderr).toContain('colunas desconhecidas no CSV: midia');
  });

  it('schedules every row, with a progress bar and a summary', async () => {
    const before = await countPosts();
    const result = await expectExit(
      reelay.run(['posts', 'bulk', csv, '--json'], { env: { REELAY_PROGRESS: '1' } }),
      0,
    );
    const answer = result.json();
    expect(answer).toMatchObject({ success: true, total: 3, created: 3, existing: 0, failed: 0 });
    expect(result.stderr).toContain('agendando: 100% (3/3)');
    expect(await countPosts()).toBe(before + 3);
    const carousel = await expectExit(
      reelay.run(['posts', 'show', answer.rows[1].postId, '--json']),
      0,
    );
    expect(carousel.json().post).toMatchObject({ kind: 'carousel', timezone: 'Europe/Lisbon' });
    expect(carousel.json().post.platforms).toHaveLength(2);
  });

  it('makes no second post when the same file is run again', async () => {
    const before = await countPosts();
    const result = await expectExit(reelay.run(['posts', 'bulk', csv, '--json']), 0);
    expect(result.json()).toMatchObject({ total: 3, created: 0, existing: 3, failed: 0 });
    expect(await countPosts()).toBe(before);
    const text = await expectExit(reelay.run(['posts', 'bulk', csv]), 0);
    expect(text.stdout).toContain('3 linhas: 0 agendadas, 3 já existiam, 0 falharam.');
  });

  it('uploads a file shared by several rows once', async () => {
    const shared = join(scratch, 'mesma-foto.csv');
    writeFileSync(
      shared,
      [
        'at,caption,media,accounts',
        `+10h,Um,cafe.jpg,@cafe.aurora`,
        `+11h,Dois,cafe.jpg,@cafe.aurora`,
      ].join('\n'),
    );
    const result = await expectExit(reelay.run(['posts', 'bulk', shared, '--json']), 0);
    const rows = result.json().rows as Array<{ postId: string }>;
    const mediaIds = [];
    for (const row of rows) {
      const shown = await expectExit(reelay.run(['posts', 'show', row.postId, '--json']), 0);
      mediaIds.push(shown.json().post.mediaItems[0].mediaId);
    }
    expect(mediaIds).toHaveLength(2);
    expect(mediaIds[0]).toMatch(/^med_/);
    expect(mediaIds[1]).toBe(mediaIds[0]);
  });

  it('exits 1 when a row fails on the server, after scheduling the others', async () => {
    const mixed = join(scratch, 'misto.csv');
    writeFileSync(
      mixed,
      [
        'at,caption,media,accounts',
        `+8h,Boa,cafe.jpg,@cafe.aurora`,
        `+9h,Ruim,cafe.jpg,int_00000000000000000000000000`,
      ].join('\n'),
    );
    const result = await expectExit(reelay.run(['posts', 'bulk', mixed, '--json']), 1);
    const answer = result.json();
    expect(answer).toMatchObject({ success: false, created: 1, failed: 1 });
    expect(answer.rows[1].error.code).toMatch(/NOT_FOUND|VALIDATION_ERROR/);
    expect(result.errorJson().code).toBe('BULK_ROWS_FAILED');
  });
});

describe('webhook subscriptions', () => {
  let notificationId = '';
  let hookUrl = '';
  let port = 0;
  const secretFile = join(scratch, 'segredo-webhook');
  const listen = (maxEvents: number) =>
    reelay.start(
      [
        'webhooks',
        'listen',
        '--port',
        String(port),
        '--path',
        '/hooks',
        '--secret-file',
        secretFile,
        '--max-events',
        String(maxEvents),
        '--json',
      ],
      { timeoutMs: 60_000 },
    );

  it('creates a subscription for a local receiver; the secret is printed this once', async () => {
    port = await freePort();
    hookUrl = `http://127.0.0.1:${port}/hooks`;
    const result = await expectExit(
      reelay.run([
        'webhooks',
        'create',
        '--url',
        hookUrl,
        '--events',
        'post.scheduled,post.published',
        '--json',
      ]),
      0,
    );
    const { notification } = result.json();
    expect(notification).toMatchObject({
      eventTypes: ['post.scheduled', 'post.published'],
      webhook: { url: hookUrl },
    });
    expect(notification.webhook.secret).toMatch(/^whsec_/);
    expect(result.stderr).toContain('não será mostrado de novo');
    notificationId = notification.id;
    writeFileSync(secretFile, notification.webhook.secret);
  });

  it('refuses an unknown event name (exit 2)', async () => {
    const result = await expectExit(
      reelay.run(['webhooks', 'create', '--url', hookUrl, '--events', 'post.deleted']),
      2,
    );
    expect(result.stderr).toContain('evento desconhecido: "post.deleted"');
  });

  it('sends a test event that webhooks listen receives and verifies', async () => {
    const listener = listen(1);
    await listener.waitFor('stderr', /Ouvindo webhooks/);
    const tested = await expectExit(reelay.run(['webhooks', 'test', notificationId, '--json']), 0);
    expect(tested.json().result).toMatchObject({ delivered: true, url: hookUrl });
    const received = await expectExit(listener.done, 0);
    expect(JSON.parse(received.stdout.trim()).event.id).toBe(tested.json().result.eventId);
  });

  it('exits 1 when a tested destination does not answer', async () => {
    const dead = await freePort();
    const result = await expectExit(
      reelay.run(['webhooks', 'test', '--url', `http://127.0.0.1:${dead}/x`, '--json']),
      1,
    );
    expect(result.json().result.delivered).toBe(false);
    expect(result.errorJson().code).toBe('WEBHOOK_NOT_DELIVERED');
    await expectExit(reelay.run(['webhooks', 'test']), 2);
  });

  it("delivers a real post's events to the receiver", async () => {
    const listener = listen(1);
    await listener.waitFor('stderr', /Ouvindo webhooks/);
    const scheduled = await expectExit(
      reelay.run([
        'posts',
        'schedule',
        'Com webhook',
        '-m',
        mediaId,
        '-a',
        '@cafe.aurora',
        '--at',
        '+6h',
        '--json',
      ]),
      0,
    );
    let finished = false;
    void listener.done.then(() => (finished = true));
    await platform.settleUntil(async () => finished);
    const received = await expectExit(listener.done, 0);
    const line = JSON.parse(received.stdout.trim());
    expect(line.event).toMatchObject({
      type: 'post.scheduled',
      data: { post: { id: scheduled.json().post.id } },
    });
  });

  it('lists the deliveries of the subscription', async () => {
    const result = await expectExit(
      reelay.run(['webhooks', 'deliveries', notificationId, '--all', '--json']),
      0,
    );
    const deliveries = result.json().deliveries as Array<{ status: string; eventType: string }>;
    expect(
      deliveries.some((d) => d.status === 'delivered' && d.eventType === 'post.scheduled'),
    ).toBe(true);
    const table = await expectExit(reelay.run(['webhooks', 'deliveries', notificationId]), 0);
    expect(table.stdout).toMatch(/^ID\s+EVENTO\s+STATUS/m);
  });

  it('lists, shows, pauses, rotates the secret of, and deletes a subscription', async () => {
    const list = await expectExit(reelay.run(['webhooks', 'list', '--json']), 0);
    expect(list.json().notifications.map((n: { id: string }) => n.id)).toContain(notificationId);
    expect(list.stdout).not.toContain('whsec_');
    const shown = await expectExit(reelay.run(['webhooks', 'show', notificationId, '--json']), 0);
    expect(shown.json().notification).toMatchObject({ id: notificationId, paused: false });
    const paused = await expectExit(
      reelay.run(['webhooks', 'update', notificationId, '--pause', '--json']),
      0,
    );
    expect(paused.json().notification.paused).toBe(true);
    await expectExit(reelay.run(['webhooks', 'update', notificationId]), 2);
    const resumed = await expectExit(
      reelay.run([
        'webhooks',
        'update',
        notificationId,
        '--resume',
        '--events',
        'post.failed',
        '--json',
      ]),
      0,
    );
    expect(resumed.json().notification).toMatchObject({
      paused: false,
      eventTypes: ['post.failed'],
    });
    const rotated = await expectExit(
      reelay.run(['webhooks', 'rotate-secret', notificationId, '--overlap', '60', '--json']),
      0,
    );
    const secret = rotated.json().notification.webhook.secret;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(readFileSync(secretFile, 'utf8'));
    const deleted = await expectExit(
      reelay.run(['webhooks', 'delete', notificationId, '--json']),
      0,
    );
    expect(deleted.json()).toMatchObject({ success: true, notificationId });
    const gone = await expectExit(reelay.run(['webhooks', 'show', notificationId, '--json']), 1);
    expect(gone.errorJson().code).toBe('NOT_FOUND');
  });
});

describe('disconnecting', () => {
  it('disconnects an account by username; its health says revoked', async () => {
    const result = await expectExit(
      reelay.run(['accounts', 'disconnect', '@padaria.sol', '--json']),
      0,
    );
    expect(result.json()).toMatchObject({
      success: true,
      integrationId: accountIds['padaria.sol'],
    });
    const health = await expectExit(
      reelay.run(['accounts', 'health', accountIds['padaria.sol']!, '--json']),
      0,
    );
    expect(health.json().health.status).toBe('revoked');
  });
});

describe.runIf(process.env.REELAY_CLI_DELETE_ME !== 'skip')('closing the account', () => {
  it('refuses to delete without the e-mail, then deletes and forgets the credentials', async () => {
    const other = cliFor(freshConfigDir(), { REELAY_SERVER: platform.server.url });
    const throwaway = `apagar-${Date.now()}@example.com`;
    await expectExit(
      other.run(['signup', '--email', throwaway, '--password-stdin'], { input: password }),
      0,
    );
    await expectExit(other.run(['me', 'delete', '--json']), 2);
    const deleted = await expectExit(
      other.run(['me', 'delete', '--confirm', throwaway, '--json']),
      0,
    );
    expect(deleted.json().success).toBe(true);
    await expectExit(other.run(['whoami']), 3);
    const logout = await expectExit(reelay.run(['logout', '--json']), 0);
    expect(logout.json()).toEqual({ success: true, context: 'default' });
    expect(contexts().contexts.default).not.toHaveProperty('refreshToken');
    expect(contexts().contexts.default).not.toHaveProperty('apiKey');
    await expectExit(reelay.run(['posts', 'list']), 3);
    await expectExit(
      reelay.run(['login', '--email', email, '--password-stdin'], { input: password }),
      0,
    );
  });
});
