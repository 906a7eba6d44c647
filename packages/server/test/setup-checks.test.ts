/**
 * `GET /v1/health/setup` against a deliberately wrong setup (http on 127.0.0.1 without
 * private URLs allowed, a wrong app secret, a token expiring in 2 days, no SMTP) names
 * each problem; against a good one (the emulator, private URLs allowed) the checks that
 * can pass from a test pass, the fetch back of a stored file included.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DEFAULT_APP_ID } from '@reelay/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { fixture, makeFixtures } from '@reelay/test-support/media-fixtures';
import { startTestServer } from '@reelay/test-support/test-server';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const DAY = 24 * 60 * 60 * 1000;

type Check = { id: string; status: string; message: string; fix?: string; details?: any };

const byId = (checks: Check[]) => Object.fromEntries(checks.map((check) => [check.id, check]));

describe.each(testDialects())('setup checks on $name', (dialect) => {
  let platform: Platform;
  let account: Account;
  let database: TestDatabase;
  const secrets = {
    REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
  };

  beforeAll(async () => {
    await makeFixtures();
    database = await dialect.create();
    platform = await startWithEmulator(dialect, {
      database,
      env: { ...secrets, REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
    const connected = await connectThroughPlatform(platform, account, { username: 'padaria' });
    expect(connected.status).toBeLessThan(400);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(fixture('photo.jpg'))]), 'photo.jpg');
    const upload = await fetch(`${platform.server.url}/v1/media`, {
      method: 'POST',
      headers: account.key,
      body: form,
    });
    expect(upload.status).toBe(201);
  });
  afterAll(async () => {
    await platform?.close();
    await database?.drop();
  });

  it('passes the checks a good setup can pass from a test', async () => {
    const answer = await call(
      platform.server.url,
      'GET',
      '/v1/health/setup',
      undefined,
      account.key,
    );
    expect(answer.status).toBe(200);
    const checks = byId(answer.body.checks);
    expect(Object.keys(checks)).toEqual([
      'public_url',
      'media_fetch_back',
      'clock',
      'platform_credentials',
      'redirect_uri',
      'meta_webhooks',
      'accounts',
      'smtp',
      'disk',
      'database',
    ]);
    // Loopback is accepted for development, and said to be so.
    expect(checks.public_url!.status).toBe('warning');
    expect(checks.public_url!.message).toContain('REELAY_ALLOW_PRIVATE_URLS');
    expect(checks.media_fetch_back).toMatchObject({ status: 'ok' });
    expect(checks.media_fetch_back!.message).toContain('206');
    expect(checks.clock).toMatchObject({ status: 'ok' });
    expect(checks.platform_credentials).toMatchObject({ status: 'ok' });
    expect(checks.redirect_uri).toMatchObject({
      status: 'ok',
      details: { redirectUri: `${platform.server.url}/v1/connect/instagram/callback` },
    });
    expect(checks.accounts).toMatchObject({ status: 'ok' });
    expect(checks.database).toMatchObject({ status: 'ok' });
    expect(answer.body.ok).toBe(true);
  });

  it('names each problem of a wrong setup', async () => {
    // Another instance on the same database, set up wrong, 58 days after the connection.
    const wrongApp = { INSTAGRAM_APP_ID: DEFAULT_APP_ID, INSTAGRAM_APP_SECRET: 'segredo-errado' };
    const env = { ...secrets, ...wrongApp, INSTAGRAM_GRAPH_URL: platform.emulator.url };
    const wrong = await startTestServer(dialect, {
      database,
      env,
      clock: platform.server.clock,
      reelay: { workers: false },
    });
    platform.server.clock.advance(58 * DAY);
    try {
      const answer = await call(wrong.url, 'GET', '/v1/health/setup', undefined, account.key);
      expect(answer.status).toBe(200);
      const checks = byId(answer.body.checks);
      expect(checks.public_url).toMatchObject({ status: 'error' });
      expect(checks.public_url!.message).toContain('não https');
      expect(checks.public_url!.message).toContain('127.0.0.1');
      expect(checks.public_url!.fix).toContain('REELAY_PUBLIC_URL');
      expect(checks.media_fetch_back).toMatchObject({ status: 'skipped' });
      expect(checks.platform_credentials).toMatchObject({ status: 'error' });
      expect(checks.platform_credentials!.fix).toContain('INSTAGRAM_APP_SECRET');
      expect(checks.accounts).toMatchObject({ status: 'warning' });
      expect(checks.accounts!.message).toContain('@padaria: o token expira em 2 dia(s)');
      expect(checks.smtp).toMatchObject({ status: 'warning' });
      expect(checks.smtp!.fix).toContain('REELAY_SMTP_URL');
      expect(checks.meta_webhooks).toMatchObject({ status: 'warning' });
      expect(checks.meta_webhooks!.details.callbackUrl).toBe(`${wrong.url}/v1/meta/webhooks`);
      expect(checks.database).toMatchObject({ status: 'ok' });
      expect(answer.body.ok).toBe(false);
    } finally {
      platform.server.clock.advance(-58 * DAY);
      await wrong.close();
    }
  });
});
