import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

async function hit(times: number, send: () => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await send()).status);
  return statuses;
}

describe.each(testDialects())('rate limits on $name', (dialect) => {
  let server: TestServer;
  let account: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
    account = await createAccount(server.url);
  });
  afterAll(() => server.close());

  it('allows 300 requests a minute per credential on resource routes, then 429', async () => {
    const statuses = await hit(300, () =>
      call(server.url, 'GET', '/v1/profiles', undefined, account.key),
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMIT_KEY' });
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another credential has its own bucket.
    const other = await createAccount(server.url);
    expect((await call(server.url, 'GET', '/v1/profiles', undefined, other.key)).status).toBe(200);
    server.clock.advance(60_000);
    expect((await call(server.url, 'GET', '/v1/profiles', undefined, account.key)).status).toBe(
      200,
    );
  });

  it('counts requests rejected by authentication too', async () => {
    server.clock.advance(60_000);
    const statuses = await hit(300, () =>
      call(server.url, 'GET', '/v1/profiles', undefined, { 'x-access-key': 'rly_live_wrong' }),
    );
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect(
      (
        await call(server.url, 'GET', '/v1/profiles', undefined, {
          'x-access-key': 'rly_live_wrong',
        })
      ).status,
    ).toBe(429);
  });

  it('allows 60 requests a minute per address on public routes', async () => {
    server.clock.advance(60_000);
    const statuses = await hit(60, () => call(server.url, 'GET', '/openapi.json'));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await call(server.url, 'GET', '/openapi.json');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('60');
  });

  it('gives account routes 60 a minute', async () => {
    server.clock.advance(60_000);
    // A fresh token: the clock moved past the first one's 15 minutes.
    const fresh = await call(server.url, 'POST', '/v1/auth/login', {
      email: account.email,
      password: 'correct horse battery',
    });
    const token = { authorization: `Bearer ${fresh.body.accessToken}` };
    const statuses = await hit(60, () => call(server.url, 'GET', '/v1/me', undefined, token));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect((await call(server.url, 'GET', '/v1/me', undefined, token)).status).toBe(429);
  });
});

describe.runIf(testDialects().some((dialect) => dialect.name === 'postgres'))(
  'rate limits across instances',
  () => {
    it('holds one limit for a credential across two servers sharing PostgreSQL', async () => {
      const dialect = testDialects().find((candidate) => candidate.name === 'postgres')!;
      const database = await dialect.create();
      const first = await startTestServer(dialect, { database });
      const second = await startTestServer(dialect, { database, clock: first.clock });
      try {
        const account = await createAccount(first.url);
        const statuses = await hit(
          300,
          (() => {
            let turn = 0;
            return () =>
              call(
                turn++ % 2 ? second.url : first.url,
                'GET',
                '/v1/profiles',
                undefined,
                account.key,
              );
          })(),
        );
        expect(statuses.filter((status) => status === 200)).toHaveLength(300);
        expect((await call(first.url, 'GET', '/v1/profiles', undefined, account.key)).status).toBe(
          429,
        );
        expect((await call(second.url, 'GET', '/v1/profiles', undefined, account.key)).status).toBe(
          429,
        );
      } finally {
        await first.close();
        await second.close();
        await database.drop();
      }
    });
  },
);
