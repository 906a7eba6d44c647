import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKey } from '../src/security/derive-key';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

const AUTH_SECRET = randomBytes(32).toString('hex');

describe.each(testDialects())('access token claims on $name', (dialect) => {
  let server: TestServer;
  let account: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { REELAY_AUTH_SECRET: AUTH_SECRET } });
    account = await createAccount(server.url);
  });
  afterAll(() => server.close());

  /** A token signed with the server's own key, as its login would sign one. */
  function forge(expires: boolean): Promise<string> {
    const now = Math.floor(server.clock.now() / 1000);
    const token = new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(server.url)
      .setAudience('reelay')
      .setSubject(account.userId)
      .setIssuedAt(now);
    if (expires) token.setExpirationTime(now + 60);
    return token.sign(deriveKey(AUTH_SECRET, 'access-token'));
  }

  const me = (token: string) =>
    call(server.url, 'GET', '/v1/me', undefined, { authorization: `Bearer ${token}` });

  it('accepts a token signed with the server key that expires', async () => {
    expect((await me(await forge(true))).status).toBe(200);
  });

  it('refuses a token signed with the server key but without exp with 401 UNAUTHORIZED', async () => {
    const answer = await me(await forge(false));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
  });
});
