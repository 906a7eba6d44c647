/**
 * Connecting accounts with Facebook Login, through the emulator's Facebook dialog over
 * real HTTP: the dialog URL, one connection per Page with a linked professional account,
 * the Page token stored encrypted, the outcome for redirects and browsers, the refusals,
 * and the same Instagram account reached through both logins in one project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderOutcomePage } from '../src/http/oauth-outcome-page';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { connectThroughPlatform, type Platform } from '@reelay/test-support/with-emulator';
import {
  connectThroughFacebook,
  facebookPerson,
  startWithFacebook,
} from '@reelay/test-support/with-facebook';

describe.each(testDialects())('connecting with Facebook Login on $name', (dialect) => {
  let platform: Platform;
  let account: Account;

  beforeAll(async () => {
    platform = await startWithFacebook(dialect, {
      env: { FACEBOOK_CONFIG_ID: '424242', REELAY_REDIRECT_ORIGINS: 'https://app.example.com' },
    });
    account = await createAccount(platform.server.url);
  });
  afterAll(() => platform.close());

  const url = () => platform.server.url;
  const profile = async (owner: Account, name: string) =>
    (await call(url(), 'POST', '/v1/profiles', { name }, owner.key)).body.profile.id as string;
  const listed = async (owner: Account, q: string) =>
    (await call(url(), 'GET', `/v1/connect/integrations?q=${q}`, undefined, owner.key)).body
      .integrations;
  const stored = (id: string) =>
    platform.server.reelay.context.db
      .selectFrom('integrations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('answers the Facebook Login dialog with the configuration, and Instagram Login by default', async () => {
    const facebook = await call(
      url(),
      'GET',
      '/v1/connect/instagram?login=facebook',
      undefined,
      account.key,
    );
    expect(facebook.status).toBe(200);
    const dialog = new URL(facebook.body.url);
    expect(`${dialog.origin}${dialog.pathname}`).toBe(
      `${platform.emulator.url}/facebook/v25.0/dialog/oauth`,
    );
    expect(Object.fromEntries(dialog.searchParams)).toMatchObject({
      client_id: 'emulator-facebook-app-id',
      redirect_uri: `${url()}/v1/connect/instagram/callback`,
      response_type: 'code',
      config_id: '424242',
    });
    expect(dialog.searchParams.has('scope')).toBe(false);
    const byDefault = await call(url(), 'GET', '/v1/connect/instagram', undefined, account.key);
    expect(new URL(byDefault.body.url).pathname).toBe('/oauth/authorize');
    const unknown = await call(
      url(),
      'GET',
      '/v1/connect/instagram?login=tiktok',
      undefined,
      account.key,
    );
    expect(unknown).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', details: { field: 'login' } },
    });
  });

  it('connects the account of every chosen Page with a linked account, keeping the Page token encrypted', async () => {
    const { person, accountIds } = facebookPerson(
      platform.emulator,
      ['padaria.sol', 'padaria.lua'],
      { unlinked: 1 },
    );
    const brand = await profile(account, 'Padarias');
    const answer = await connectThroughFacebook(platform, account, {
      personId: person.id,
      profileId: brand,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, count: 2, refused: [] });
    expect(answer.body.integration).toEqual(answer.body.integrations[0]);
    expect(
      answer.body.integrations.map((row: { platformUserId: string }) => row.platformUserId),
    ).toEqual(accountIds);
    for (const integration of answer.body.integrations) {
      expect(integration).toMatchObject({
        platform: 'instagram',
        loginMode: 'facebook',
        profileId: brand,
        authStatus: 'active',
        status: 'connected',
        tokenExpiresAt: null,
      });
      expect(integration.scopes).toContain('instagram_content_publish');
      const row = await stored(integration.id);
      expect(row.login_mode).toBe('facebook');
      expect(row.platform_scoped_id).toBe(person.id);
      expect(person.pages.map((page) => page.id)).toContain(row.facebook_page_id);
      expect(row.access_token).toMatch(/^v1\./);
      expect(row.access_token).not.toMatch(/EAA/);
      expect(row.token_expires_at).toBeNull();
    }
    expect((await listed(account, 'padaria.lua'))[0]).toMatchObject({
      loginMode: 'facebook',
      displayName: 'padaria.lua',
    });
  });

  it('connects only the Pages chosen in the dialog', async () => {
    const { person, accountIds } = facebookPerson(platform.emulator, ['so.uma', 'outra.nao']);
    const answer = await connectThroughFacebook(platform, account, {
      personId: person.id,
      pages: [person.pages[0]!.id],
    });
    expect(answer.body.count).toBe(1);
    expect(answer.body.integration.platformUserId).toBe(accountIds[0]);
  });

  it('tells the redirectUrl the first account and how many were connected, and a browser too', async () => {
    const { person } = facebookPerson(platform.emulator, ['loja.a', 'loja.b']);
    const redirected = await connectThroughFacebook(platform, account, {
      personId: person.id,
      redirectUrl: 'https://app.example.com/contas?aba=1',
    });
    expect(redirected.status).toBe(302);
    const done = new URL(redirected.headers.get('location')!);
    expect(done.searchParams.get('aba')).toBe('1');
    expect(done.searchParams.get('integrationId')).toMatch(/^int_/);
    expect(done.searchParams.get('status')).toBe('connected');
    expect(done.searchParams.get('count')).toBe('2');

    const { person: other } = facebookPerson(platform.emulator, ['loja.c', 'loja.d']);
    const page = await connectThroughFacebook(platform, account, {
      personId: other.id,
      callbackHeaders: { accept: 'text/html', 'accept-language': 'pt-BR' },
    });
    expect(page.status).toBe(200);
    expect(page.body).toContain('2 contas conectadas');
    expect(page.body).toContain('@loja.c, @loja.d');
  });

  it('refuses with ACCOUNT_NOT_BUSINESS, saying to link a Page, when no chosen Page has an account', async () => {
    const { person } = facebookPerson(platform.emulator, [], { unlinked: 2 });
    const refused = await connectThroughFacebook(platform, account, { personId: person.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'ACCOUNT_NOT_BUSINESS',
      details: { reason: 'no_linked_account' },
    });
    expect(refused.body.message).toMatch(/Vincule a conta do Instagram à Página/);
    const page = await connectThroughFacebook(platform, account, {
      personId: person.id,
      callbackHeaders: { accept: 'text/html', 'accept-language': 'en' },
    });
    expect(page.status).toBe(400);
    expect(page.body).toContain('None of the chosen Facebook Pages has an Instagram');
  });

  it('answers AUTHORIZATION_DENIED when the person cancels the dialog', async () => {
    const { person } = facebookPerson(platform.emulator, ['recusa.fb']);
    const denied = await connectThroughFacebook(platform, account, {
      personId: person.id,
      decision: 'deny',
    });
    expect(denied).toMatchObject({ status: 400, body: { code: 'AUTHORIZATION_DENIED' } });
  });

  it('refuses a Page role that cannot publish with PERMISSION_REQUIRED', async () => {
    const { person } = facebookPerson(platform.emulator, ['so.analisa'], { tasks: ['ANALYZE'] });
    const refused = await connectThroughFacebook(platform, account, { personId: person.id });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 'PERMISSION_REQUIRED', details: { reason: 'page_task_missing' } },
    });
  });

  it('keeps one connection per account across both logins, switching its login mode on reconnect', async () => {
    const owner = await createAccount(url());
    const { person, accountIds } = facebookPerson(platform.emulator, ['duas.portas']);
    const instagram = await connectThroughPlatform(platform, owner, {
      platformAccountId: accountIds[0],
    });
    expect(instagram.body.integration.loginMode).toBe('instagram');
    platform.server.clock.advance(60_000);
    const facebook = await connectThroughFacebook(platform, owner, { personId: person.id });
    expect(facebook.body.integration).toMatchObject({
      id: instagram.body.integration.id,
      loginMode: 'facebook',
      tokenExpiresAt: null,
    });
    expect((await stored(instagram.body.integration.id)).facebook_page_id).toBe(
      person.pages[0]!.id,
    );
    const back = await connectThroughPlatform(platform, owner, {
      platformAccountId: accountIds[0],
    });
    expect(back.body.integration).toMatchObject({
      id: instagram.body.integration.id,
      loginMode: 'instagram',
    });
    expect(back.body.integration.tokenExpiresAt).not.toBeNull();
    expect((await stored(instagram.body.integration.id)).facebook_page_id).toBeNull();
    expect(await listed(owner, 'duas.portas')).toHaveLength(1);
  });

  it('refuses the account held by another profile with ACCOUNT_IN_USE, connecting the other Pages', async () => {
    const owner = await createAccount(url());
    const first = await profile(owner, 'Marca 1');
    const second = await profile(owner, 'Marca 2');
    const { person, accountIds } = facebookPerson(platform.emulator, ['em.uso', 'livre']);
    const held = await connectThroughPlatform(platform, owner, {
      platformAccountId: accountIds[0],
      profileId: first,
    });
    const answer = await connectThroughFacebook(platform, owner, {
      personId: person.id,
      profileId: second,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(1);
    expect(answer.body.integration).toMatchObject({
      platformUserId: accountIds[1],
      profileId: second,
    });
    expect(answer.body.refused).toEqual([
      { platformUserId: accountIds[0], code: 'ACCOUNT_IN_USE', message: expect.any(String) },
    ]);
    // The account held by the other profile is left as it was.
    expect((await listed(owner, 'em.uso'))[0]).toMatchObject({
      id: held.body.integration.id,
      profileId: first,
      loginMode: 'instagram',
    });
    const only = await connectThroughFacebook(platform, owner, {
      personId: person.id,
      pages: [person.pages[0]!.id],
      profileId: second,
    });
    expect(only).toMatchObject({
      status: 409,
      body: { code: 'ACCOUNT_IN_USE', details: { accountId: held.body.integration.id } },
    });
  });
});

describe('the page a browser sees after Facebook Login', () => {
  it('lists every connected account and says when some were left out', () => {
    const pt = renderOutcomePage(
      { kind: 'connected', username: 'a', usernames: ['a', 'b', null], refused: 1 },
      'pt-BR',
    );
    expect(pt).toContain('3 contas conectadas');
    expect(pt).toContain('@a, @b, ?');
    expect(pt).toContain('1 conta(s) das Páginas escolhidas não foi(ram) conectada(s)');
    const en = renderOutcomePage(
      { kind: 'connected', username: 'a', usernames: ['a'], refused: 2 },
      'en',
    );
    expect(en).toContain('@a is connected');
    expect(en).toContain('2 account(s) of the chosen Pages were not connected');
  });
});

describe.each(testDialects())('choosing the login on $name', (dialect) => {
  it('refuses login=facebook on a server without the Facebook app, naming login', async () => {
    const { startWithEmulator } = await import('@reelay/test-support/with-emulator');
    const platform = await startWithEmulator(dialect);
    try {
      const account = await createAccount(platform.server.url);
      const answer = await call(
        platform.server.url,
        'GET',
        '/v1/connect/instagram?login=facebook',
        undefined,
        account.key,
      );
      expect(answer).toMatchObject({
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          details: { field: 'login' },
        },
      });
      expect(answer.body.message).toContain('FACEBOOK_APP_ID');
      expect(answer.body.message).toContain('use login=instagram');
    } finally {
      await platform.close();
    }
  });

  it('uses Facebook Login by default on a server with only the Facebook app, and refuses login=instagram', async () => {
    const platform = await startWithFacebook(dialect, { instagram: false });
    try {
      const account = await createAccount(platform.server.url);
      const byDefault = await call(
        platform.server.url,
        'GET',
        '/v1/connect/instagram',
        undefined,
        account.key,
      );
      expect(new URL(byDefault.body.url).pathname).toBe('/facebook/v25.0/dialog/oauth');
      expect(new URL(byDefault.body.url).searchParams.get('scope')).toContain('pages_show_list');
      const instagram = await call(
        platform.server.url,
        'GET',
        '/v1/connect/instagram?login=instagram',
        undefined,
        account.key,
      );
      expect(instagram).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR', details: { field: 'login' } },
      });
      expect(instagram.body.message).toContain('use login=facebook');
      const { person } = facebookPerson(platform.emulator, ['so.facebook']);
      const connected = await connectThroughFacebook(platform, account, { personId: person.id });
      expect(connected.body.integration).toMatchObject({ loginMode: 'facebook' });
    } finally {
      await platform.close();
    }
  });
});
