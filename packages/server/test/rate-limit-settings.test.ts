/**
 * The operator's request limits (`REELAY_RATE_LIMIT_*`): raised or lowered per bucket,
 * reported in the `x-ratelimit-*` headers, honoured by the in-memory limiter (SQLite) and
 * by the counters in the database (PostgreSQL, shared by instances), switched off for
 * load tests, and refused at start when unusable, naming the variable.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

async function statuses(times: number, send: () => Promise<{ status: number }>) {
  const seen: number[] = [];
  for (let i = 0; i < times; i++) seen.push((await send()).status);
  return seen;
}

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('rate limit settings', () => {
  it('default to the limits of spec §8', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      enabled: true,
      perMinute: {
        default: 300,
        upload: 60,
        account: 60,
        createKey: 10,
        public: 60,
        metaWebhook: 3000,
      },
    });
  });

  it('take one variable per bucket', () => {
    expect(
      loadConfig({
        REELAY_RATE_LIMIT_DEFAULT: '3000',
        REELAY_RATE_LIMIT_UPLOAD: '600',
        REELAY_RATE_LIMIT_ACCOUNT: '120',
        REELAY_RATE_LIMIT_CREATE_KEY: '5',
        REELAY_RATE_LIMIT_PUBLIC: '1000',
        REELAY_RATE_LIMIT_META_WEBHOOK: '9000',
      }).rateLimits.perMinute,
    ).toEqual({
      default: 3000,
      upload: 600,
      account: 120,
      createKey: 5,
      public: 1000,
      metaWebhook: 9000,
    });
    expect(loadConfig({ REELAY_RATE_LIMITS: 'off' }).rateLimits.enabled).toBe(false);
  });

  it.each([
    ['REELAY_RATE_LIMIT_DEFAULT', 'lots'],
    ['REELAY_RATE_LIMIT_DEFAULT', '0'],
    ['REELAY_RATE_LIMIT_UPLOAD', '-5'],
    ['REELAY_RATE_LIMIT_ACCOUNT', '1.5'],
    ['REELAY_RATE_LIMIT_CREATE_KEY', '1e3'],
    ['REELAY_RATE_LIMIT_PUBLIC', '2000000000'],
    ['REELAY_RATE_LIMITS', 'disabled'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(configError({ [name]: value })).toMatch(new RegExp(`^Configuração inválida: ${name}: `));
  });

  it('stop the server binary at start with the variable named', () => {
    expect(existsSync(MAIN), `${MAIN} is missing: run pnpm --filter @reelay/server build`).toBe(
      true,
    );
    const started = spawnSync(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', REELAY_RATE_LIMIT_UPLOAD: 'muitos' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(
      'REELAY_RATE_LIMIT_UPLOAD: use um número inteiro de requisições por minuto',
    );
  });
});

describe.each(testDialects())('configured rate limits on $name', (dialect) => {
  let server: TestServer;
  let account: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: {
        REELAY_ALLOW_SIGNUP: 'true',
        REELAY_RATE_LIMIT_DEFAULT: '450',
        REELAY_RATE_LIMIT_PUBLIC: '5',
      },
    });
    account = await createAccount(server.url);
  });
  afterAll(() => server.close());

  const counters = () =>
    server.reelay.context.db.selectFrom('rate_limit_counters').selectAll().execute();

  it('lets more requests through a raised limit and reports it', async () => {
    server.clock.advance(60_000);
    const first = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
    expect(first.headers.get('x-ratelimit-limit')).toBe('450');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('449');
    // Past the spec's 300, up to the configured 450.
    const seen = await statuses(449, () =>
      call(server.url, 'GET', '/v1/profiles', undefined, account.key),
    );
    expect(seen.every((status) => status === 200)).toBe(true);
    const limited = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMIT_KEY' });
    expect(limited.body.message).toContain('450');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('450');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    if (dialect.name === 'postgres') {
      // Counted in the database, where every instance reads the same count.
      expect((await counters()).some((row) => Number(row.count) === 451)).toBe(true);
    }
  });

  it('holds a lowered limit and leaves the other buckets at theirs', async () => {
    server.clock.advance(60_000);
    const seen = await statuses(5, () => call(server.url, 'GET', '/openapi.json'));
    expect(seen).toEqual([200, 200, 200, 200, 200]);
    const limited = await call(server.url, 'GET', '/openapi.json');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('5');
    const me = await call(server.url, 'GET', '/v1/me', undefined, account.bearer);
    expect(me.headers.get('x-ratelimit-limit')).toBe('60');
  });
});

describe.each(testDialects())('rate limits switched off on $name', (dialect) => {
  let server: TestServer;
  let account: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: {
        REELAY_ALLOW_SIGNUP: 'true',
        REELAY_RATE_LIMITS: 'off',
        REELAY_RATE_LIMIT_DEFAULT: '1',
      },
    });
    account = await createAccount(server.url);
  });
  afterAll(() => server.close());

  it('refuses nothing, counts nothing and announces no limit', async () => {
    const seen = await statuses(20, () =>
      call(server.url, 'GET', '/v1/profiles', undefined, account.key),
    );
    expect(seen.every((status) => status === 200)).toBe(true);
    const answer = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
    expect(answer.headers.get('x-ratelimit-limit')).toBeNull();
    expect(
      await server.reelay.context.db.selectFrom('rate_limit_counters').selectAll().execute(),
    ).toEqual([]);
  });
});

describe.runIf(testDialects().some((dialect) => dialect.name === 'postgres'))(
  'a configured limit across instances',
  () => {
    it('is one limit for a credential across two servers sharing PostgreSQL', async () => {
      const dialect = testDialects().find((candidate) => candidate.name === 'postgres')!;
      const database = await dialect.create();
      const env = { REELAY_RATE_LIMIT_DEFAULT: '40' };
      const first = await startTestServer(dialect, { database, env });
      const second = await startTestServer(dialect, { database, env, clock: first.clock });
      try {
        const account = await createAccount(first.url);
        let turn = 0;
        const seen = await statuses(40, () =>
          call(turn++ % 2 ? second.url : first.url, 'GET', '/v1/profiles', undefined, account.key),
        );
        expect(seen.every((status) => status === 200)).toBe(true);
        for (const server of [first, second]) {
          const limited = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
          expect(limited.status).toBe(429);
          expect(limited.headers.get('x-ratelimit-limit')).toBe('40');
        }
      } finally {
        await first.close();
        await second.close();
        await database.drop();
      }
    });
  },
);
