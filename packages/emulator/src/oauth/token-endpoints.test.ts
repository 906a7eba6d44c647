import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../start-emulator';
import { call, graphCode, startTestEmulator } from '../testing/harness';

const { emulator, clock, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const REDIRECT = 'https://app.example.com/callback';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function authorizeCode(em: Emulator, accountId: string, scope?: string): Promise<string> {
  const res = await call(em, 'GET', '/oauth/authorize', {
    query: {
      client_id: 'emulator-app-id',
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: scope ?? 'instagram_business_basic,instagram_business_content_publish',
      account: accountId,
    },
  });
  const location = res.headers.get('location')!;
  return new URL(location.replace(/#_$/, '')).searchParams.get('code')!;
}

function exchange(code: string, overrides: Record<string, string> = {}) {
  return call(emulator, 'POST', '/oauth/access_token', {
    form: {
      client_id: 'emulator-app-id',
      client_secret: 'emulator-app-secret',
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code,
      ...overrides,
    },
  });
}

async function shortLivedToken(): Promise<{ accountId: string; token: string }> {
  const account = emulator.createAccount({ username: 'cafe.aurora' });
  const res = await exchange(await authorizeCode(emulator, account.id));
  return { accountId: account.id, token: res.body.data[0].access_token };
}

function longLivedExchange(token: string, secret = 'emulator-app-secret') {
  return call(emulator, 'GET', '/access_token', {
    query: { grant_type: 'ig_exchange_token', client_secret: secret, access_token: token },
  });
}

function refresh(token: string) {
  return call(emulator, 'GET', '/v21.0/refresh_access_token', {
    query: { grant_type: 'ig_refresh_token', access_token: token },
  });
}

describe('POST /oauth/access_token (code exchange)', () => {
  it('answers the documented data[] shape with user_id as a string and the granted permissions', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const res = await exchange(await authorizeCode(emulator, account.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          access_token: expect.stringMatching(/^IGAA/),
          user_id: account.id,
          permissions: 'instagram_business_basic,instagram_business_content_publish',
        },
      ],
    });
    // Ids are beyond 2^53: as a JS number they would lose digits.
    expect(String(Number(account.id))).not.toBe(account.id);
  });

  it('answers the flat shape when configured', async () => {
    emulator.configure({ tokenExchangeShape: 'flat' });
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const res = await exchange(await authorizeCode(emulator, account.id));
    expect(Object.keys(res.body)).toEqual(['access_token', 'user_id', 'permissions']);
    expect(res.body.user_id).toBe(account.id);
  });

  it('writes user_id as a bare JSON number beyond JS precision when configured', async () => {
    emulator.configure({ userIdAsNumber: true });
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const res = await exchange(await authorizeCode(emulator, account.id));
    expect(res.text).toContain(`"user_id":${account.id},`);
    expect(res.body.data[0].user_id).not.toBe(Number.parseInt(account.id.slice(0, 15), 10));
    expect(String(res.body.data[0].user_id)).not.toBe(account.id);
  });

  it('grants only what an account with restricted scopes allows', async () => {
    const account = emulator.createAccount({
      username: 'cafe.aurora',
      scopes: ['instagram_business_basic'],
    });
    const res = await exchange(await authorizeCode(emulator, account.id));
    expect(res.body.data[0].permissions).toBe('instagram_business_basic');
  });

  it('takes the parameters as JSON too', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const code = await authorizeCode(emulator, account.id);
    const res = await call(emulator, 'POST', '/oauth/access_token', {
      json: {
        client_id: 'emulator-app-id',
        client_secret: 'emulator-app-secret',
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT,
        code,
      },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a code used twice with the legacy error shape', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const code = await authorizeCode(emulator, account.id);
    expect((await exchange(code)).status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error_type: 'OAuthException',
      code: 400,
      error_message: 'Matching code was not found or was already used',
    });
  });

  it('refuses a code older than one hour and accepts one just under', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const fresh = await authorizeCode(emulator, account.id);
    const stale = await authorizeCode(emulator, account.id);
    clock.advance(HOUR - 1);
    expect((await exchange(fresh)).status).toBe(200);
    clock.advance(1);
    const res = await exchange(stale);
    expect(res.status).toBe(400);
    expect(res.body.error_message).toBe('Matching code was not found or was already used');
  });

  it.each([
    [{ redirect_uri: `${REDIRECT}/` }, 'redirect_uri is identical'],
    [{ client_secret: 'wrong' }, 'Invalid client secret'],
    [{ client_id: 'other-app' }, 'Invalid platform app'],
    [{ grant_type: 'password' }, 'Invalid grant_type'],
    [{ code: 'AQnot-a-code' }, 'Matching code was not found'],
    [{ code: '' }, 'Missing required field code'],
  ])('refuses a bad exchange in the legacy shape (%o)', async (overrides, message) => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const res = await exchange(await authorizeCode(emulator, account.id), overrides);
    expect(res.status).toBe(400);
    expect(res.body.error_type).toBe('OAuthException');
    expect(res.body.error_message).toContain(message);
  });

  it('does not spend the code on a refused exchange', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const code = await authorizeCode(emulator, account.id);
    expect((await exchange(code, { client_secret: 'wrong' })).status).toBe(400);
    expect((await exchange(code)).status).toBe(200);
  });
});

describe('GET /access_token (long-lived exchange)', () => {
  it('trades a short-lived token for a 60-day one', async () => {
    const { token } = await shortLivedToken();
    const res = await longLivedExchange(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.stringMatching(/^IGAA/),
      token_type: 'bearer',
      expires_in: 5183944,
    });
    expect(res.body.access_token).not.toBe(token);
  });

  it('refuses a wrong app secret', async () => {
    const { token } = await shortLivedToken();
    const res = await longLivedExchange(token, 'nope');
    expect(graphCode(res)).toEqual({ status: 400, code: 1, subcode: undefined });
    expect(res.body.error.is_transient).toBe(false);
  });

  it('refuses a short-lived token past its hour with 190/463', async () => {
    const { token } = await shortLivedToken();
    clock.advance(HOUR);
    const res = await longLivedExchange(token);
    expect(graphCode(res)).toEqual({ status: 400, code: 190, subcode: 463 });
    expect(res.body.error.message).toMatch(
      /Session has expired on \w+day, \d\d-\w{3}-\d\d \d\d:\d\d:\d\d P[SD]T/,
    );
  });

  it('refuses to exchange a token that is already long-lived', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const res = await longLivedExchange(emulator.mintToken(account.id).access_token);
    expect(graphCode(res).code).toBe(100);
  });
});

describe('GET /refresh_access_token', () => {
  it('refuses a long-lived token younger than 24 hours', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const { access_token } = emulator.mintToken(account.id);
    clock.advance(DAY - 1);
    const res = await refresh(access_token);
    expect(graphCode(res).code).toBe(100);
    expect(res.body.error.message).toContain('24 hours');
  });

  it('extends a token at least 24 hours old by 60 days from now, keeping the same token', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const { access_token } = emulator.mintToken(account.id);
    clock.advance(DAY * 59);
    const res = await refresh(access_token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token, token_type: 'bearer', expires_in: 5183944 });
    // The refreshed token is young again…
    expect(graphCode(await refresh(access_token)).code).toBe(100);
    // …and outlives its first 60 days.
    clock.advance(DAY * 30);
    const me = await call(emulator, 'GET', '/me', { token: access_token });
    expect(me.status).toBe(200);
  });

  it('refuses an expired long-lived token with 190/463: it cannot be refreshed', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const { access_token } = emulator.mintToken(account.id);
    clock.advance(5183944 * 1000);
    expect(graphCode(await refresh(access_token))).toEqual({
      status: 400,
      code: 190,
      subcode: 463,
    });
  });

  it('refuses a short-lived token', async () => {
    const { token } = await shortLivedToken();
    clock.advance(DAY);
    expect(graphCode(await refresh(token)).code).toBe(190);
  });

  it('answers the platform error for a POST', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const { access_token } = emulator.mintToken(account.id);
    const res = await call(emulator, 'POST', '/refresh_access_token', {
      form: { grant_type: 'ig_refresh_token', access_token },
    });
    expect(res.body.error.message).toBe('Unsupported request - method type: post');
  });
});

describe('token checks on Graph calls', () => {
  it('accepts the token as a parameter, a Bearer header or an OAuth header', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const { access_token } = emulator.mintToken(account.id);
    const viaParam = await call(emulator, 'GET', '/me', { query: { access_token } });
    const viaBearer = await call(emulator, 'GET', '/v25.0/me', { token: access_token });
    const viaOAuth = await call(emulator, 'GET', '/me', {
      headers: { authorization: `OAuth ${access_token}` },
    });
    expect([viaParam.status, viaBearer.status, viaOAuth.status]).toEqual([200, 200, 200]);
  });

  it('answers 104 without a token and 190 for an unknown one, with a WWW-Authenticate header', async () => {
    const none = await call(emulator, 'GET', '/me');
    expect(graphCode(none)).toEqual({ status: 400, code: 104, subcode: undefined });
    const unknown = await call(emulator, 'GET', '/me', { token: 'IGAAforged' });
    expect(graphCode(unknown)).toEqual({ status: 400, code: 190, subcode: undefined });
    expect(unknown.body.error.message).toBe(
      'Invalid OAuth access token - Cannot parse access token',
    );
    expect(unknown.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('answers 190/458 once the tokens are revoked, and 190/460 when asked for', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const first = emulator.mintToken(account.id).access_token;
    const revoked = await call(emulator, 'POST', '/_emulator/tokens/revoke', {
      json: { accountId: account.id },
    });
    expect(revoked.body).toEqual({ revoked: 1 });
    expect(graphCode(await call(emulator, 'GET', '/me', { token: first }))).toEqual({
      status: 400,
      code: 190,
      subcode: 458,
    });
    const second = emulator.mintToken(account.id).access_token;
    emulator.revokeTokens(account.id, 460);
    const res = await call(emulator, 'GET', '/me', { token: second });
    expect(graphCode(res).subcode).toBe(460);
    expect(res.body.error.message).toContain('changed their password');
  });

  it('expires a token on request through the control API', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const { access_token } = emulator.mintToken(account.id);
    await call(emulator, 'POST', '/_emulator/tokens/expire', { json: { token: access_token } });
    expect(graphCode(await call(emulator, 'GET', '/me', { token: access_token })).subcode).toBe(
      463,
    );
  });

  it('mints a short-lived token that dies after an hour', async () => {
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const minted = await call(emulator, 'POST', '/_emulator/tokens', {
      json: { accountId: account.id, kind: 'short' },
    });
    expect(minted.status).toBe(201);
    expect(minted.body.expires_in).toBe(3600);
    clock.advance(HOUR);
    expect(
      graphCode(await call(emulator, 'GET', '/me', { token: minted.body.access_token })).subcode,
    ).toBe(463);
  });
});
