import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { call, graphCode, startTestEmulator } from '../testing/harness';

const { emulator, clock, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const REDIRECT = 'https://app.example.com/v1/connect/instagram/callback';
const APP = {
  client_id: 'emulator-facebook-app-id',
  client_secret: 'emulator-facebook-app-secret',
};
const DAY = 24 * 60 * 60 * 1000;

/** A person with one Page linked to a new Instagram account and one Page without. */
function person(options: { tasks?: Array<'MANAGE' | 'CREATE_CONTENT' | 'ANALYZE'> } = {}) {
  const account = emulator.createAccount({ username: 'cafe.aurora', name: 'Café Aurora' });
  const user = emulator.createFacebookUser({
    name: 'Ana Souza',
    pages: [
      {
        name: 'Café Aurora',
        instagramAccountId: account.id,
        ...(options.tasks ? { tasks: options.tasks } : {}),
      },
      { name: 'Sem Instagram' },
    ],
  });
  return { account, user, linkedPage: user.pages[0]!, otherPage: user.pages[1]! };
}

function dialog(query: Record<string, string>) {
  return call(emulator, 'GET', '/facebook/v25.0/dialog/oauth', {
    query: {
      client_id: APP.client_id,
      redirect_uri: REDIRECT,
      state: 'csrf-1',
      response_type: 'code',
      config_id: '123456',
      ...query,
    },
  });
}

async function codeFor(userId: string, extra: Record<string, string> = {}): Promise<string> {
  const res = await dialog({ user: userId, decision: 'allow', ...extra });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}

function exchange(query: Record<string, string>) {
  return call(emulator, 'GET', '/facebook/v25.0/oauth/access_token', { query });
}

/** The dialog, the code exchange and the long-lived exchange: a long-lived user token. */
async function longLivedToken(userId: string, extra: Record<string, string> = {}) {
  const code = await codeFor(userId, extra);
  const short = await exchange({ ...APP, redirect_uri: REDIRECT, code });
  expect(short.status).toBe(200);
  const long = await exchange({
    ...APP,
    grant_type: 'fb_exchange_token',
    fb_exchange_token: short.body.access_token,
  });
  expect(long.status).toBe(200);
  return { short: short.body, long: long.body };
}

async function pagesOf(userToken: string) {
  return call(emulator, 'GET', '/facebook/v25.0/me/accounts', {
    query: { fields: 'id,name,access_token,tasks,instagram_business_account' },
    token: userToken,
  });
}

describe('the Facebook Login dialog', () => {
  it('shows a page with each person and their Pages, whose form answers the redirect', async () => {
    const { user, linkedPage } = person();
    const page = await dialog({});
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('Ana Souza');
    expect(page.text).toContain('Instagram @cafe.aurora');
    expect(page.text).toContain('no Instagram account linked');
    expect(page.text).toContain(`name="user" value="${user.id}"`);
    expect(page.text).toContain(`name="pages" value="${linkedPage.id}" checked`);
    expect(page.text).toContain('action="/facebook/dialog/oauth"');

    const hidden = [...page.text.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)];
    const form = new URLSearchParams(hidden.map((m) => [m[1]!, m[2]!.replaceAll('&amp;', '&')]));
    form.append('user', user.id);
    form.append('pages', linkedPage.id);
    form.append('decision', 'allow');
    const res = await fetch(`${emulator.url}/facebook/dialog/oauth?${form}`, {
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\?code=AQ[^&#]+&state=csrf-1$/);
  });

  it('redirects with the documented denial when the person cancels', async () => {
    person();
    const res = await dialog({ decision: 'deny' });
    expect(res.headers.get('location')).toBe(
      `${REDIRECT}?error_code=200&error=access_denied&error_reason=user_denied` +
        '&error_description=Permissions+error&state=csrf-1',
    );
  });

  it.each([
    [{ client_id: 'emulator-app-id' }, 'Invalid App ID'],
    [{ redirect_uri: 'javascript:alert(1)' }, 'URL blocked'],
    [{ config_id: 'abc' }, 'Invalid config_id'],
    [{ config_id: undefined, scope: 'instagram_basic,instagram_business_basic' }, 'Invalid Scopes'],
  ])('refuses a broken request with an error page and no redirect (%o)', async (extra, reason) => {
    const { user } = person();
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(extra)) if (value !== undefined) query[key] = value;
    const res = await call(emulator, 'GET', '/facebook/v25.0/dialog/oauth', {
      query: {
        client_id: APP.client_id,
        redirect_uri: REDIRECT,
        state: 's',
        ...('config_id' in extra ? {} : { config_id: '1' }),
        ...query,
        user: user.id,
      },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.text).toContain(reason);
  });
});

describe('Facebook tokens', () => {
  it('exchanges the code once for a short-lived user token, then a 60-day one', async () => {
    const { user } = person();
    const code = await codeFor(user.id);
    const short = await exchange({ ...APP, redirect_uri: REDIRECT, code });
    expect(short.body).toEqual({
      access_token: expect.stringMatching(/^EAA/),
      token_type: 'bearer',
      expires_in: 7200,
    });
    expect(graphCode(await exchange({ ...APP, redirect_uri: REDIRECT, code }))).toEqual({
      status: 400,
      code: 100,
      subcode: 36009,
    });
    const long = await exchange({
      ...APP,
      grant_type: 'fb_exchange_token',
      fb_exchange_token: short.body.access_token,
    });
    expect(long.body).toMatchObject({ token_type: 'bearer', expires_in: 5_183_944 });
  });

  it('refuses a wrong secret, another redirect URI, an expired code and a POST', async () => {
    const { user } = person();
    const code = await codeFor(user.id);
    expect(
      graphCode(await exchange({ ...APP, client_secret: 'x', redirect_uri: REDIRECT, code })),
    ).toMatchObject({ code: 1 });
    expect(
      graphCode(await exchange({ ...APP, redirect_uri: `${REDIRECT}/other`, code })),
    ).toMatchObject({ code: 100, subcode: 36008 });
    clock.advance(10 * 60 * 1000);
    expect(graphCode(await exchange({ ...APP, redirect_uri: REDIRECT, code }))).toMatchObject({
      code: 100,
      subcode: 36007,
    });
    const post = await call(emulator, 'POST', '/facebook/v25.0/oauth/access_token', {
      form: { ...APP, redirect_uri: REDIRECT, code: await codeFor(user.id) },
    });
    expect(graphCode(post)).toMatchObject({ code: 100 });
  });

  it('lists the granted Pages with Page tokens that never expire when the user token is long-lived', async () => {
    const { user, account, linkedPage, otherPage } = person();
    const { long } = await longLivedToken(user.id);
    const me = await call(emulator, 'GET', '/facebook/v25.0/me', {
      query: { fields: 'id,name' },
      token: long.access_token,
    });
    expect(me.body).toEqual({ id: user.id, name: 'Ana Souza' });
    const pages = await pagesOf(long.access_token);
    expect(pages.body.data).toEqual([
      {
        id: linkedPage.id,
        name: 'Café Aurora',
        access_token: expect.stringMatching(/^EAA/),
        tasks: ['MANAGE'],
        instagram_business_account: { id: account.id },
      },
      {
        id: otherPage.id,
        name: 'Sem Instagram',
        access_token: expect.stringMatching(/^EAA/),
        tasks: ['MANAGE'],
      },
    ]);
    const pageToken = pages.body.data[0].access_token as string;
    clock.advance(365 * DAY);
    const debug = await call(emulator, 'GET', '/facebook/v25.0/debug_token', {
      query: {
        input_token: pageToken,
        access_token: `${APP.client_id}|${APP.client_secret}`,
      },
    });
    expect(debug.body.data).toMatchObject({
      type: 'PAGE',
      is_valid: true,
      expires_at: 0,
      profile_id: linkedPage.id,
      user_id: user.id,
    });
    expect(debug.body.data.scopes).toContain('instagram_content_publish');
    // The long-lived user token itself expired long ago.
    expect(graphCode(await pagesOf(long.access_token))).toMatchObject({ code: 190, subcode: 463 });
  });

  it('lists only the Pages chosen in the dialog', async () => {
    const { user, linkedPage } = person();
    const { long } = await longLivedToken(user.id, { pages: linkedPage.id });
    expect((await pagesOf(long.access_token)).body.data.map((p: { id: string }) => p.id)).toEqual([
      linkedPage.id,
    ]);
  });

  it('answers 190 to an Instagram Login token on the Facebook host, and the other way round', async () => {
    const { user, account } = person();
    const instagramToken = emulator.mintToken(account.id).access_token;
    const onFacebook = await call(emulator, 'GET', `/facebook/v25.0/${account.id}`, {
      token: instagramToken,
    });
    expect(graphCode(onFacebook)).toMatchObject({ code: 190 });
    expect(onFacebook.body.error.message).toContain('Cannot parse access token');
    const { long } = await longLivedToken(user.id);
    const onInstagram = await call(emulator, 'GET', '/v25.0/me', { token: long.access_token });
    expect(graphCode(onInstagram)).toMatchObject({ code: 190 });
  });
});

describe('publishing through a Page', () => {
  async function pageToken(options: Parameters<typeof person>[0] = {}) {
    const setup = person(options);
    const { long } = await longLivedToken(setup.user.id);
    const pages = await pagesOf(long.access_token);
    return {
      ...setup,
      token: pages.body.data[0].access_token as string,
      userToken: long.access_token,
    };
  }

  it('creates, publishes and reads a post on the Facebook host, counted once', async () => {
    const { account, token } = await pageToken();
    const node = await call(emulator, 'GET', `/facebook/v25.0/${account.id}`, {
      query: { fields: 'id,username,name,followers_count,media_count' },
      token,
    });
    expect(node.body).toMatchObject({ id: account.id, username: 'cafe.aurora', media_count: 0 });
    const noType = await call(emulator, 'GET', `/facebook/v25.0/${account.id}`, {
      query: { fields: 'account_type' },
      token,
    });
    expect(graphCode(noType)).toMatchObject({ code: 100 });

    const container = await call(emulator, 'POST', `/facebook/v25.0/${account.id}/media`, {
      token,
      form: { image_url: 'https://cdn.example.com/a.jpg', caption: 'Olá' },
    });
    expect(container.status).toBe(200);
    const status = await call(emulator, 'GET', `/facebook/v25.0/${container.body.id}`, {
      query: { fields: 'status_code' },
      token,
    });
    expect(status.body.status_code).toBe('FINISHED');
    const published = await call(emulator, 'POST', `/facebook/v25.0/${account.id}/media_publish`, {
      token,
      form: { creation_id: container.body.id },
    });
    expect(published.status).toBe(200);
    const media = await call(emulator, 'GET', `/facebook/v25.0/${published.body.id}`, {
      query: { fields: 'id,permalink,media_product_type' },
      token,
    });
    expect(media.body).toMatchObject({ id: published.body.id, media_product_type: 'FEED' });
    const limit = await call(
      emulator,
      'GET',
      `/facebook/v25.0/${account.id}/content_publishing_limit`,
      { query: { fields: 'quota_usage,config' }, token },
    );
    expect(limit.body.data[0].quota_usage).toBe(1);
    expect(emulator.published().map((m) => m.accountId)).toEqual([account.id]);
  });

  it('refuses publishing to a Page role that cannot create content, naming the Facebook permission', async () => {
    const { account, token } = await pageToken({ tasks: ['ANALYZE'] });
    const container = await call(emulator, 'POST', `/facebook/v25.0/${account.id}/media`, {
      token,
      form: { image_url: 'https://cdn.example.com/a.jpg' },
    });
    expect(graphCode(container)).toMatchObject({ code: 10 });
    expect(container.body.error.message).toContain('instagram_content_publish');
  });

  it('stops reaching the account once its Page is unlinked, and tells so on the Page', async () => {
    const { account, token, linkedPage } = await pageToken();
    emulator.updatePage(linkedPage.id, { instagramAccountId: null });
    const page = await call(emulator, 'GET', `/facebook/v25.0/${linkedPage.id}`, {
      query: { fields: 'instagram_business_account' },
      token,
    });
    expect(page.body).toEqual({ id: linkedPage.id });
    const node = await call(emulator, 'GET', `/facebook/v25.0/${account.id}`, { token });
    expect(graphCode(node)).toMatchObject({ code: 100, subcode: 33 });
  });

  it('revokes user and Page tokens on deauthorization and signs with the Facebook app secret', async () => {
    const { user, account, token } = await pageToken();
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;
      const result = await emulator.sendFacebookCallback('deauthorize', { url, userId: user.id });
      expect(result).toMatchObject({ status: 200, revoked: expect.any(Number) });
      expect(result.payload).toMatchObject({ algorithm: 'HMAC-SHA256', user_id: user.id });
      const [signature, payload] = result.signedRequest.split('.');
      expect(signature).toBe(
        createHmac('sha256', 'emulator-facebook-app-secret').update(payload!).digest('base64url'),
      );
      expect(received[0]).toContain('signed_request=');
    } finally {
      receiver.close();
    }
    const after = await call(emulator, 'GET', `/facebook/v25.0/${account.id}`, { token });
    expect(graphCode(after)).toMatchObject({ code: 190, subcode: 458 });
  });
});

describe('the Facebook control API', () => {
  it('creates people with Pages, links Pages and refuses bad input', async () => {
    const account = emulator.createAccount({ username: 'loja' });
    const created = await call(emulator, 'POST', '/_emulator/facebook/users', {
      json: { name: 'Bia', pages: [{ name: 'Loja', instagramAccountId: account.id }] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Bia',
      pages: [{ name: 'Loja', instagramAccountId: account.id, tasks: ['MANAGE'] }],
    });
    const pageId = created.body.pages[0].id as string;
    const unlinked = await call(emulator, 'POST', `/_emulator/facebook/pages/${pageId}`, {
      json: { instagramAccountId: null },
    });
    expect(unlinked.body).toMatchObject({ id: pageId, instagramAccountId: null });
    const listed = await call(emulator, 'GET', '/_emulator/facebook/users');
    expect(listed.body.data).toHaveLength(1);
    for (const json of [
      { name: '' },
      { name: 'X', pages: [{ name: 'P', instagramAccountId: '999' }] },
      { name: 'X', pages: [{ name: 'P', tasks: ['OWN'] }] },
      { name: 'X', extra: true },
    ]) {
      const refused = await call(emulator, 'POST', '/_emulator/facebook/users', { json });
      expect(refused.status, JSON.stringify(json)).toBeGreaterThanOrEqual(400);
    }
    expect((await call(emulator, 'GET', '/_emulator/facebook/nope')).status).toBe(404);
  });
});
