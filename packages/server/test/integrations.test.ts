import { createSignedRequest, DEFAULT_APP_SECRET } from '@reelay/emulator';
import { newId } from '@reelay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer } from '@reelay/test-support/test-server';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const DAY = 24 * 60 * 60_000;

describe.each(testDialects())('connected accounts on $name', (dialect) => {
  let platform: Platform;
  let account: Account;

  beforeAll(async () => {
    // The integration's own site, where the browser goes back to after a connection.
    platform = await startWithEmulator(dialect, {
      env: { REELAY_REDIRECT_ORIGINS: 'https://app.example.com' },
    });
    account = await createAccount(platform.server.url);
  });
  afterAll(() => platform.close());

  const url = () => platform.server.url;
  const profile = async (owner: Account, name: string) =>
    (await call(url(), 'POST', '/v1/profiles', { name }, owner.key)).body.profile.id as string;

  describe('the connection flow', () => {
    it('answers an authorization URL with the scopes and a signed state that lasts 10 minutes', async () => {
      const answer = await call(url(), 'GET', '/v1/connect/instagram', undefined, account.key);
      expect(answer.status).toBe(200);
      const authorize = new URL(answer.body.url);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(
        `${platform.emulator.url}/oauth/authorize`,
      );
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        `${url()}/v1/connect/instagram/callback`,
      );
      expect(authorize.searchParams.get('response_type')).toBe('code');
      expect(authorize.searchParams.get('scope')).toContain('instagram_business_content_publish');
      expect(authorize.searchParams.get('state')).toBeTruthy();
      expect(Date.parse(answer.body.expiresAt) - platform.server.clock.now()).toBe(10 * 60_000);
    });

    it('connects a professional account into a profile, with its token stored encrypted', async () => {
      const profileId = await profile(account, 'Cliente A');
      const answer = await connectThroughPlatform(platform, account, {
        username: 'cafe.da.ana',
        profileId,
      });
      expect(answer.status).toBe(200);
      const integration = answer.body.integration;
      expect(integration).toMatchObject({
        platform: 'instagram',
        platformUserId: answer.platformAccountId,
        displayName: 'cafe.da.ana',
        profileId,
        authStatus: 'active',
        status: 'connected',
        healthError: null,
      });
      expect(integration.id).toMatch(/^int_/);
      expect(integration.scopes).toContain('instagram_business_content_publish');
      expect(Date.parse(integration.tokenExpiresAt) - platform.server.clock.now()).toBeGreaterThan(
        59 * DAY,
      );
      const row = await platform.server.reelay.context.db
        .selectFrom('integrations')
        .select('access_token')
        .where('id', '=', integration.id)
        .executeTakeFirstOrThrow();
      expect(row.access_token).toMatch(/^v1\./);
      // The emulator's tokens are `IGAA` and 96 more characters: none of it is stored in clear.
      expect(row.access_token).not.toMatch(/IGAA[A-Za-z0-9_-]{8}/);
    });

    it('accepts creator accounts and refuses personal ones', async () => {
      expect(
        (await connectThroughPlatform(platform, account, { accountType: 'MEDIA_CREATOR' })).status,
      ).toBe(200);
      const personal = await connectThroughPlatform(platform, account, { accountType: 'PERSONAL' });
      expect(personal).toMatchObject({ status: 400, body: { code: 'ACCOUNT_NOT_BUSINESS' } });
    });

    it('answers AUTHORIZATION_DENIED when the person refuses', async () => {
      const denied = await connectThroughPlatform(platform, account, { decision: 'deny' });
      expect(denied).toMatchObject({ status: 400, body: { code: 'AUTHORIZATION_DENIED' } });
    });

    it('refuses a missing, tampered or expired state with STATE_INVALID', async () => {
      const callback = '/v1/connect/instagram/callback';
      expect((await call(url(), 'GET', `${callback}?code=abc`)).body.code).toBe('STATE_INVALID');
      const start = await call(url(), 'GET', '/v1/connect/instagram', undefined, account.key);
      const state = new URL(start.body.url).searchParams.get('state')!;
      const tampered = `${state.slice(0, -2)}xx`;
      expect(
        (await call(url(), 'GET', `${callback}?code=abc&state=${encodeURIComponent(tampered)}`))
          .body.code,
      ).toBe('STATE_INVALID');
      const emulatorAccount = platform.emulator.createAccount({ username: 'atrasada' });
      const authorize = new URL(start.body.url);
      authorize.searchParams.set('account', emulatorAccount.id);
      authorize.searchParams.set('decision', 'allow');
      const location = new URL(
        (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!,
      );
      platform.server.clock.advance(10 * 60_000 + 1);
      const late = await call(url(), 'GET', `${location.pathname}${location.search}`);
      expect(late).toMatchObject({ status: 400, body: { code: 'STATE_INVALID' } });
    });

    it('updates the existing connection on reconnect, keeping its id', async () => {
      const first = await connectThroughPlatform(platform, account, { username: 'volta.sempre' });
      platform.server.clock.advance(60_000);
      const again = await connectThroughPlatform(platform, account, {
        platformAccountId: first.platformAccountId,
      });
      expect(again.body.integration.id).toBe(first.body.integration.id);
      const listed = await call(
        url(),
        'GET',
        '/v1/connect/integrations?q=volta.sempre',
        undefined,
        account.key,
      );
      expect(listed.body.total).toBe(1);
    });

    it('refuses an account connected to another profile with ACCOUNT_IN_USE, leaving it unchanged', async () => {
      const first = await profile(account, 'Marca 1');
      const second = await profile(account, 'Marca 2');
      const connected = await connectThroughPlatform(platform, account, {
        username: 'disputada',
        profileId: first,
      });
      const refused = await connectThroughPlatform(platform, account, {
        platformAccountId: connected.platformAccountId,
        profileId: second,
      });
      expect(refused).toMatchObject({
        status: 409,
        body: { code: 'ACCOUNT_IN_USE', details: { accountId: connected.body.integration.id } },
      });
      const listed = await call(
        url(),
        'GET',
        `/v1/connect/integrations?profileId=${first}`,
        undefined,
        account.key,
      );
      expect(listed.body.integrations.map((row: { id: string }) => row.id)).toContain(
        connected.body.integration.id,
      );

      // Disconnect first, then it may move.
      await call(
        url(),
        'DELETE',
        `/v1/connect/integrations/${connected.body.integration.id}`,
        undefined,
        account.key,
      );
      const moved = await connectThroughPlatform(platform, account, {
        platformAccountId: connected.platformAccountId,
        profileId: second,
      });
      expect(moved.status).toBe(200);
      expect(moved.body.integration).toMatchObject({
        id: connected.body.integration.id,
        profileId: second,
        status: 'connected',
      });
    });

    it('redirects the browser to the redirectUrl with the outcome, success or error', async () => {
      const ok = await connectThroughPlatform(platform, account, {
        redirectUrl: 'https://app.example.com/done?x=1',
      });
      expect(ok.status).toBe(302);
      const done = new URL(ok.headers.get('location')!);
      expect(`${done.origin}${done.pathname}`).toBe('https://app.example.com/done');
      expect(done.searchParams.get('x')).toBe('1');
      expect(done.searchParams.get('integrationId')).toMatch(/^int_/);
      const denied = await connectThroughPlatform(platform, account, {
        redirectUrl: 'https://app.example.com/done',
        decision: 'deny',
      });
      expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe(
        'AUTHORIZATION_DENIED',
      );
    });

    it('answers 403 PLATFORM_NOT_AVAILABLE for another platform and 404 for an unknown profile', async () => {
      expect(
        (await call(url(), 'GET', '/v1/connect/tiktok', undefined, account.key)).body,
      ).toMatchObject({
        statusCode: 403,
        code: 'PLATFORM_NOT_AVAILABLE',
      });
      const unknown = await call(
        url(),
        'GET',
        '/v1/connect/instagram?profileId=prf_01jd8k2m3n4p5q6r7s8t9v0wxy',
        undefined,
        account.key,
      );
      expect(unknown.status).toBe(404);
    });
  });

  describe('listing', () => {
    it('filters by profile (null for none), platform and text, paginates with total, and sorts with aliases', async () => {
      const owner = await createAccount(url());
      const brand = await profile(owner, 'Marca');
      const names = ['loja.azul', 'loja.verde', 'padaria_sol'];
      for (const [index, username] of names.entries()) {
        await connectThroughPlatform(platform, owner, {
          username,
          profileId: index < 2 ? brand : undefined,
        });
        platform.server.clock.advance(1000);
      }
      const list = async (query: string) =>
        (await call(url(), 'GET', `/v1/connect/integrations${query}`, undefined, owner.key)).body;
      expect((await list('')).total).toBe(3);
      expect(
        (await list('')).integrations.map((row: { displayName: string }) => row.displayName),
      ).toEqual(['padaria_sol', 'loja.verde', 'loja.azul']);
      for (const sort of ['asc', 'createdAt']) {
        expect((await list(`?sort=${sort}`)).integrations[0].displayName, sort).toBe('loja.azul');
      }
      expect((await list('?sort=-createdAt')).integrations[0].displayName).toBe('padaria_sol');
      expect((await list(`?profileId=${brand}`)).total).toBe(2);
      expect(
        (await list('?profileId=null')).integrations.map(
          (row: { displayName: string }) => row.displayName,
        ),
      ).toEqual(['padaria_sol']);
      expect((await list('?q=LOJA')).total).toBe(2);
      expect((await list('?q=_')).total).toBe(1);
      expect((await list('?q=%25')).total).toBe(0);
      expect((await list('?platform=tiktok')).total).toBe(0);
      const page = await list('?limit=1&offset=1');
      expect(page).toMatchObject({ total: 3 });
      expect(page.integrations.map((row: { displayName: string }) => row.displayName)).toEqual([
        'loja.verde',
      ]);
      expect(await list('?limit=2&offset=5')).toMatchObject({ total: 3, integrations: [] });
    });
  });

  describe('disconnecting', () => {
    it('erases the token, marks the account revoked and keeps it listed', async () => {
      const connected = await connectThroughPlatform(platform, account, { username: 'vai.sair' });
      const id = connected.body.integration.id;
      const answer = await call(
        url(),
        'DELETE',
        `/v1/connect/integrations/${id}`,
        undefined,
        account.key,
      );
      expect(answer.body).toEqual({ success: true, message: 'Conta desconectada.' });
      const row = await platform.server.reelay.context.db
        .selectFrom('integrations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.access_token).toBeNull();
      const listed = await call(
        url(),
        'GET',
        '/v1/connect/integrations?q=vai.sair',
        undefined,
        account.key,
      );
      expect(listed.body.integrations[0]).toMatchObject({
        status: 'revoked',
        authStatus: 'reconnect_required',
      });
    });
  });

  describe('health', () => {
    it('asks the platform at most every 10 minutes unless forced', async () => {
      const connected = await connectThroughPlatform(platform, account, { username: 'saudavel' });
      const path = `/v1/integrations/${connected.body.integration.id}/health`;
      platform.server.clock.advance(10 * 60_000);
      const live = await call(url(), 'GET', path, undefined, account.key);
      expect(live.body.health).toMatchObject({
        integrationId: connected.body.integration.id,
        status: 'connected',
        authStatus: 'active',
        healthy: true,
        healthError: null,
        checkedLive: true,
        daysUntilExpiry: 59,
      });
      platform.server.clock.advance(9 * 60_000);
      expect((await call(url(), 'GET', path, undefined, account.key)).body.health.checkedLive).toBe(
        false,
      );
      expect(
        (await call(url(), 'GET', `${path}?force=true`, undefined, account.key)).body.health
          .checkedLive,
      ).toBe(true);
      expect(
        (await call(url(), 'GET', `${path}?force=yes`, undefined, account.key)).body.code,
      ).toBe('VALIDATION_ERROR');
    });

    it('marks an account whose token the platform revoked as reconnect_required', async () => {
      const connected = await connectThroughPlatform(platform, account, { username: 'revogada' });
      platform.emulator.revokeTokens(connected.platformAccountId);
      const health = await call(
        url(),
        'GET',
        `/v1/integrations/${connected.body.integration.id}/health?force=true`,
        undefined,
        account.key,
      );
      expect(health.body.health).toMatchObject({
        status: 'revoked',
        authStatus: 'reconnect_required',
        healthy: false,
        checkedLive: true,
      });
      expect(health.body.health.healthError).toMatch(/^TOKEN_INVALID: /);
      const listed = await call(
        url(),
        'GET',
        '/v1/connect/integrations?q=revogada',
        undefined,
        account.key,
      );
      expect(listed.body.integrations[0].healthError).toMatch(/^TOKEN_INVALID: /);
    });

    it('reports a platform failure as degraded with the code', async () => {
      const connected = await connectThroughPlatform(platform, account, { username: 'instavel' });
      platform.emulator.addFault({
        path: '/content_publishing_limit',
        times: 1,
        code: 4,
        message: 'Application request limit reached',
      });
      const health = await call(
        url(),
        'GET',
        `/v1/integrations/${connected.body.integration.id}/health?force=true`,
        undefined,
        account.key,
      );
      expect(health.body.health).toMatchObject({
        status: 'degraded',
        authStatus: 'active',
        healthy: false,
      });
      expect(health.body.health.healthError).toMatch(/^RATE_LIMIT_APP: /);
    });
  });

  describe('token refresh', () => {
    it('refreshes tokens within 10 days of expiry and leaves younger ones alone', async () => {
      const connected = await connectThroughPlatform(platform, account, { username: 'renova' });
      const id = connected.body.integration.id;
      expect((await platform.server.reelay.tasks.refreshTokens()).refreshed).toBe(0);
      platform.server.clock.advance(51 * DAY);
      const report = await platform.server.reelay.tasks.refreshTokens();
      expect(report.refreshed).toBeGreaterThanOrEqual(1);
      const health = await call(
        url(),
        'GET',
        `/v1/integrations/${id}/health?force=true`,
        undefined,
        account.key,
      );
      expect(health.body.health.tokenRefreshedAt).toBe(
        new Date(platform.server.clock.now()).toISOString(),
      );
      expect(health.body.health.daysUntilExpiry).toBeGreaterThanOrEqual(59);
      expect(health.body.health.status).toBe('connected');
    });

    it('marks reconnect_required when the platform refuses the refresh', async () => {
      const connected = await connectThroughPlatform(platform, account, { username: 'nao.renova' });
      platform.emulator.revokeTokens(connected.platformAccountId);
      platform.server.clock.advance(51 * DAY);
      const report = await platform.server.reelay.tasks.refreshTokens();
      expect(report.reconnectRequired).toBeGreaterThanOrEqual(1);
      const listed = await call(
        url(),
        'GET',
        '/v1/connect/integrations?q=nao.renova',
        undefined,
        account.key,
      );
      expect(listed.body.integrations[0].authStatus).toBe('reconnect_required');
    });

    it('refreshes every due token in one run, page after page, past one that fails', async () => {
      // More than two pages of accounts coming due together, as after connecting many at
      // once: one connected through the platform, the others copies of its row, each for
      // an account of its own with a token the platform issued to it.
      const first = await connectThroughPlatform(platform, account, { username: 'lote.0' });
      const { db, cipher } = platform.server.reelay.context;
      const row = await db
        .selectFrom('integrations')
        .selectAll()
        .where('id', '=', first.body.integration.id)
        .executeTakeFirstOrThrow();
      const ids: string[] = [row.id];
      for (let n = 1; n < 210; n++) {
        const platformAccount = platform.emulator.createAccount({
          username: `lote.${n}`,
          accountType: 'BUSINESS',
        });
        const token = platform.emulator.mintToken(platformAccount.id);
        const id = newId('integration', platform.server.clock.now());
        ids.push(id);
        await db
          .insertInto('integrations')
          .values({
            ...row,
            id,
            platform_user_id: platformAccount.id,
            platform_scoped_id: null,
            username: `lote.${n}`,
            access_token: cipher.encrypt(token.access_token),
          })
          .execute();
      }
      // One refresh fails on the platform's side: the run goes on past it, and stops.
      platform.emulator.addFault({
        path: '/refresh_access_token',
        account: first.platformAccountId,
        times: 1,
        status: 500,
        code: 2,
        isTransient: true,
      });
      platform.server.clock.advance(51 * DAY);
      const report = await platform.server.reelay.tasks.refreshTokens();
      expect(report.failed).toBe(1);
      const notRefreshed = () =>
        db
          .selectFrom('integrations')
          .select('id')
          .where('id', 'in', ids)
          .where('token_refreshed_at', 'is', null)
          .execute();
      expect(await notRefreshed()).toEqual([{ id: first.body.integration.id }]);
      // The next run takes the one left behind.
      const next = await platform.server.reelay.tasks.refreshTokens();
      expect(next.failed).toBe(0);
      expect(await notRefreshed()).toEqual([]);
    });
  });

  describe('platform callbacks', () => {
    it('erases the tokens of a deauthorized account in every project', async () => {
      const other = await createAccount(url());
      const mine = await connectThroughPlatform(platform, account, { username: 'dupla' });
      await connectThroughPlatform(platform, other, { platformAccountId: mine.platformAccountId });
      const delivery = await platform.emulator.sendCallback('deauthorize', {
        url: `${url()}/v1/meta/deauthorize`,
        accountId: mine.platformAccountId,
      });
      expect(delivery.status).toBe(200);
      for (const owner of [account, other]) {
        const listed = await call(
          url(),
          'GET',
          '/v1/connect/integrations?q=dupla',
          undefined,
          owner.key,
        );
        expect(listed.body.integrations[0]).toMatchObject({
          status: 'revoked',
          authStatus: 'reconnect_required',
        });
      }
    });

    it('records a data-deletion request, erases the data and reports the status', async () => {
      const connected = await connectThroughPlatform(platform, account, { username: 'apaga.tudo' });
      const delivery = await platform.emulator.sendCallback('data-deletion', {
        url: `${url()}/v1/meta/data-deletion`,
        accountId: connected.platformAccountId,
      });
      expect(delivery.status).toBe(200);
      const answer = delivery.json as { url: string; confirmation_code: string };
      expect(answer.confirmation_code).toMatch(/^[A-Z0-9]{16}$/);
      expect(answer.url).toBe(`${url()}/v1/meta/data-deletion/${answer.confirmation_code}`);
      const status = await call(url(), 'GET', `/v1/meta/data-deletion/${answer.confirmation_code}`);
      expect(status.body).toMatchObject({
        success: true,
        confirmationCode: answer.confirmation_code,
        status: 'completed',
      });
      const page = await fetch(answer.url, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain(answer.confirmation_code);
      const listed = await call(
        url(),
        'GET',
        `/v1/connect/integrations?profileId=null&limit=100`,
        undefined,
        account.key,
      );
      const erased = listed.body.integrations.find(
        (row: { id: string }) => row.id === connected.body.integration.id,
      );
      expect(erased).toMatchObject({ displayName: null, imageUrl: null, status: 'revoked' });
      expect((await call(url(), 'GET', '/v1/meta/data-deletion/NOPE')).status).toBe(404);
    });

    it('refuses a signed request that does not verify, changing nothing', async () => {
      const forged = createSignedRequest(
        { algorithm: 'HMAC-SHA256', issued_at: 1, user_id: '1' },
        'not-the-secret',
      );
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      for (const path of ['/v1/meta/deauthorize', '/v1/meta/data-deletion']) {
        const answer = await call(
          url(),
          'POST',
          path,
          `signed_request=${encodeURIComponent(forged)}`,
          form,
        );
        expect(answer.body, path).toMatchObject({
          statusCode: 400,
          code: 'SIGNED_REQUEST_INVALID',
        });
        expect((await call(url(), 'POST', path, 'signed_request=', form)).body.code).toBe(
          'VALIDATION_ERROR',
        );
      }
      const genuine = createSignedRequest(
        { algorithm: 'HMAC-SHA256', issued_at: 1, user_id: '404' },
        DEFAULT_APP_SECRET,
      );
      expect(
        (await call(url(), 'POST', '/v1/meta/deauthorize', `signed_request=${genuine}`, form))
          .status,
      ).toBe(200);
    });
  });
});

describe.each(testDialects())('without Instagram app credentials on $name', (dialect) => {
  it('answers 500 PLATFORM_CREDENTIALS_MISSING on the routes that need them', async () => {
    const server = await startTestServer(dialect);
    try {
      const account = await createAccount(server.url);
      expect(
        (await call(server.url, 'GET', '/v1/connect/instagram', undefined, account.key)).body,
      ).toMatchObject({
        statusCode: 500,
        code: 'PLATFORM_CREDENTIALS_MISSING',
      });
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      expect(
        (await call(server.url, 'POST', '/v1/meta/deauthorize', 'signed_request=a.b', form)).body
          .code,
      ).toBe('PLATFORM_CREDENTIALS_MISSING');
    } finally {
      await server.close();
    }
  });
});
