/**
 * `POST /v1/auth/logout`: the refresh token's whole family stops renewing, whichever of
 * its tokens is presented; other sessions of the same person keep working; and the
 * answer is the same 204 for a token that never existed, so it tells nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

describe.each(testDialects())('logout on $name', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
  });
  afterAll(() => server.close());

  const refresh = (refreshToken: string) =>
    call(server.url, 'POST', '/v1/auth/refresh', { refreshToken });
  const logout = (refreshToken: string) =>
    call(server.url, 'POST', '/v1/auth/logout', { refreshToken });

  it('answers 204 with no body, needs no access token, and the token no longer renews', async () => {
    const account = await createAccount(server.url);
    const renewed = await refresh(account.refreshToken);
    expect(renewed.status).toBe(200);

    const answer = await logout(renewed.body.refreshToken);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();

    expect(await refresh(renewed.body.refreshToken)).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
  });

  it('ends the family from any of its tokens: a rotated one revokes the current one', async () => {
    const account = await createAccount(server.url);
    const second = (await refresh(account.refreshToken)).body.refreshToken as string;
    const third = (await refresh(second)).body.refreshToken as string;

    expect((await logout(second)).status).toBe(204);

    for (const token of [account.refreshToken, second, third]) {
      expect((await refresh(token)).status).toBe(401);
    }
  });

  it("leaves the person's other sessions alone", async () => {
    const account = await createAccount(server.url);
    const otherLogin = await call(server.url, 'POST', '/v1/auth/login', {
      email: account.email,
      password: 'correct horse battery',
    });
    expect(otherLogin.status).toBe(200);

    expect((await logout(account.refreshToken)).status).toBe(204);

    expect((await refresh(account.refreshToken)).status).toBe(401);
    expect((await refresh(otherLogin.body.refreshToken)).status).toBe(200);
  });

  it('answers an unknown or already revoked token exactly like a valid one', async () => {
    const account = await createAccount(server.url);
    const valid = await logout(account.refreshToken);
    const again = await logout(account.refreshToken);
    const unknown = await logout('rrt_made_up_token_that_was_never_issued');
    for (const answer of [valid, again, unknown]) {
      expect(answer.status).toBe(204);
      expect(answer.body).toBeUndefined();
    }
  });

  it('refuses a body without a token with a validation error', async () => {
    const answer = await call(server.url, 'POST', '/v1/auth/logout', {});
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', details: { field: 'refreshToken' } },
    });
  });
});
