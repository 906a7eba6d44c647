/**
 * `GET /v1/auth/options`: what a sign-in page may offer before anyone is signed in, and
 * the logins an accounts page may offer for connecting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import { startWithFacebook } from '@reelay/test-support/with-facebook';
import type { Platform } from '@reelay/test-support/with-emulator';

describe.each(testDialects())('the sign-in options on $name', (dialect) => {
  let server: TestServer | undefined;
  let platform: Platform | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await platform?.close();
    platform = undefined;
  });

  it('opens sign-up for the first user only, unless REELAY_ALLOW_SIGNUP is on', async () => {
    server = await startTestServer(dialect);
    expect((await call(server.url, 'GET', '/v1/auth/options')).body).toEqual({
      success: true,
      signup: true,
      oidc: null,
      connectLogins: [],
    });
    await createAccount(server.url);
    expect((await call(server.url, 'GET', '/v1/auth/options')).body.signup).toBe(false);
    // What the options say is what sign-up does.
    const refused = await call(server.url, 'POST', '/v1/auth/signup', {
      email: 'segunda@example.com',
      password: 'correct horse battery',
    });
    expect(refused.status).toBe(403);
  });

  it('stays open with REELAY_ALLOW_SIGNUP and names the OpenID Connect issuer and client', async () => {
    server = await startTestServer(dialect, {
      env: {
        REELAY_ALLOW_SIGNUP: 'true',
        REELAY_OIDC_ISSUER: 'https://login.example.com',
        REELAY_OIDC_AUDIENCE: 'painel-reelay',
      },
    });
    await createAccount(server.url);
    const answer = await call(server.url, 'GET', '/v1/auth/options');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      signup: true,
      oidc: { issuer: 'https://login.example.com', clientId: 'painel-reelay' },
      connectLogins: [],
    });
  });

  /** The login a connection starts with, as `GET /v1/connect/instagram` answers it. */
  async function startConnection(url: string, key: Record<string, string>, login: string) {
    const answer = await call(url, 'GET', `/v1/connect/instagram?login=${login}`, undefined, key);
    return { status: answer.status, field: answer.body.details?.field };
  }

  it('names the one login that connects accounts, and connecting agrees', async () => {
    platform = await startWithFacebook(dialect, { instagram: false });
    const { url } = platform.server;
    expect((await call(url, 'GET', '/v1/auth/options')).body.connectLogins).toEqual(['facebook']);
    const account = await createAccount(url);
    expect(await startConnection(url, account.key, 'facebook')).toEqual({
      status: 200,
      field: undefined,
    });
    expect(await startConnection(url, account.key, 'instagram')).toEqual({
      status: 400,
      field: 'login',
    });
  });

  it('names both logins, Instagram Login first as connecting prefers it', async () => {
    platform = await startWithFacebook(dialect);
    const { url } = platform.server;
    expect((await call(url, 'GET', '/v1/auth/options')).body.connectLogins).toEqual([
      'instagram',
      'facebook',
    ]);
    const account = await createAccount(url);
    for (const login of ['instagram', 'facebook']) {
      expect((await startConnection(url, account.key, login)).status).toBe(200);
    }
    // Without `login`, the first one named is the one used.
    const started = await call(url, 'GET', '/v1/connect/instagram', undefined, account.key);
    expect(new URL(started.body.url).pathname).toMatch(/^\/oauth\/authorize/);
  });
});
