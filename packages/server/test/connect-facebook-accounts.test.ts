/**
 * Accounts connected with Facebook Login, once connected: publishing every kind on the
 * Facebook host with the Page token, the quota read there, health (Page link, code 190),
 * token refresh (nothing to refresh), and the deauthorize and data-deletion callbacks
 * signed with the Facebook app's secret.
 */
import { readFileSync } from 'node:fs';
import {
  createSignedRequest,
  DEFAULT_APP_SECRET,
  DEFAULT_FACEBOOK_APP_SECRET,
} from '@reelay/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, makeFixtures } from '@reelay/test-support/media-fixtures';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import { connectThroughPlatform, type Platform } from '@reelay/test-support/with-emulator';
import {
  connectThroughFacebook,
  facebookPerson,
  startWithFacebook,
} from '@reelay/test-support/with-facebook';

const DAY = 24 * 60 * 60_000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(testDialects())('Facebook Login accounts on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;
  let reelUrl: string;

  beforeAll(async () => {
    await makeFixtures();
    media = await startMediaServer();
    reelUrl = media.serve('/video/fb-reel.mp4', readFileSync(fixture('reel.mp4')), 'video/mp4');
    platform = await startWithFacebook(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });

  const url = () => platform.server.url;
  const image = (seed: number) => ({ type: 'image', url: media.image(1080, 1350, 'jpg', seed) });
  const health = async (id: string) =>
    (await call(url(), 'GET', `/v1/integrations/${id}/health?force=true`, undefined, account.key))
      .body.health;

  /** Connects one account through a new person's Page. */
  async function connected(username: string) {
    const { person, accountIds } = facebookPerson(platform.emulator, [username]);
    const answer = await connectThroughFacebook(platform, account, { personId: person.id });
    expect(answer.status).toBe(200);
    return {
      id: answer.body.integration.id as string,
      platformId: accountIds[0]!,
      person,
      pageId: person.pages[0]!.id,
    };
  }

  it('publishes an image, a reel, a story and a carousel on the Facebook host', async () => {
    const target = await connected('publica.fb');
    const posts = [
      { kind: 'feed', content: 'Foto pelo Facebook', mediaItems: [image(1)] },
      {
        kind: 'reel',
        content: 'Reel pelo Facebook',
        mediaItems: [{ type: 'video', url: reelUrl }],
      },
      { kind: 'story', mediaItems: [image(2)] },
      { kind: 'carousel', content: 'Carrossel pelo Facebook', mediaItems: [image(3), image(4)] },
    ];
    const ids: string[] = [];
    for (const body of posts) {
      const created = await call(
        url(),
        'POST',
        '/v1/posts',
        { ...body, platforms: [{ platform: 'instagram', accountId: target.id }] },
        account.key,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      ids.push(created.body.post.id);
    }
    await settle(platform.server);
    for (const id of ids) {
      const post = (await call(url(), 'GET', `/v1/posts/${id}`, undefined, account.key)).body.post;
      expect(post.status, JSON.stringify(post.platforms)).toBe('published');
    }
    const published = platform.emulator
      .published()
      .filter((m) => m.accountId === target.platformId);
    // Published in whatever order the queue ran them: one of each kind.
    expect(published.map((m) => `${m.productType}/${m.mediaType}`).sort()).toEqual([
      'FEED/CAROUSEL_ALBUM',
      'FEED/IMAGE',
      'REELS/VIDEO',
      'STORY/IMAGE',
    ]);

    // The Facebook host answers for this account: a failure planted there reaches the post.
    platform.emulator.addFault({
      path: `/facebook/v25.0/${target.platformId}/media_publish`,
      code: 4,
      subcode: 2207051,
    });
    const flagged = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: 'Marcado',
        mediaItems: [image(5)],
        platforms: [{ platform: 'instagram', accountId: target.id }],
      },
      account.key,
    );
    await settle(platform.server);
    const post = (
      await call(url(), 'GET', `/v1/posts/${flagged.body.post.id}`, undefined, account.key)
    ).body.post;
    expect(post.platforms[0]).toMatchObject({ status: 'failed', errorCode: 'SPAM_SUSPECTED' });
  });

  it('sends the newest options, product tags included, in the containers made on the Facebook host', async () => {
    const target = await connected('opcoes.fb');
    const feed = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: 'Produtos pelo Facebook',
        mediaItems: [image(6)],
        platforms: [
          {
            platform: 'instagram',
            accountId: target.id,
            options: {
              aiGenerated: true,
              productTags: [{ productId: '3231775643511089', x: 0.25, y: 0.75 }],
            },
          },
        ],
      },
      account.key,
    );
    const reel = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: 'Reel de teste pelo Facebook',
        mediaItems: [{ type: 'video', url: reelUrl }],
        platforms: [
          {
            platform: 'instagram',
            accountId: target.id,
            options: {
              trialParams: { graduationStrategy: 'SS_PERFORMANCE' },
              audioName: 'Som da Página',
              productTags: [{ productId: '42' }],
            },
          },
        ],
      },
      account.key,
    );
    expect([feed.status, reel.status], JSON.stringify([feed.body, reel.body])).toEqual([202, 202]);
    platform.emulator.clearRequests();
    await settle(platform.server);
    for (const id of [feed.body.post.id, reel.body.post.id]) {
      const post = (await call(url(), 'GET', `/v1/posts/${id}`, undefined, account.key)).body.post;
      expect(post.status, JSON.stringify(post.platforms)).toBe('published');
    }
    const made = platform.emulator
      .requests({ path: `/${target.platformId}/media` })
      .filter((request) => request.method === 'POST' && request.path.endsWith('/media'));
    expect(made).toHaveLength(2);
    expect(made.every((request) => request.path.startsWith('/facebook/'))).toBe(true);
    const containerWith = (caption: string) =>
      platform.emulator.containers().filter((container) => container.caption === caption);
    expect(containerWith('Produtos pelo Facebook')).toMatchObject([
      {
        kind: 'IMAGE',
        isAiGenerated: true,
        productTags: [{ productId: '3231775643511089', x: 0.25, y: 0.75 }],
      },
    ]);
    expect(containerWith('Reel de teste pelo Facebook')).toMatchObject([
      {
        kind: 'REELS',
        trialGraduation: 'SS_PERFORMANCE',
        audioName: 'Som da Página',
        productTags: [{ productId: '42' }],
      },
    ]);
  });

  it('reads the publishing quota on the Facebook host before accepting', async () => {
    const target = await connected('cota.fb');
    platform.emulator.configure({ quotaTotal: 1 });
    try {
      const body = (seed: number) => ({
        content: `Cota ${seed}`,
        mediaItems: [image(seed)],
        platforms: [{ platform: 'instagram', accountId: target.id }],
      });
      expect((await call(url(), 'POST', '/v1/posts', body(10), account.key)).status).toBe(202);
      await settle(platform.server);
      const refused = await call(url(), 'POST', '/v1/posts', body(11), account.key);
      expect(refused).toMatchObject({
        status: 409,
        body: { code: 'RATE_LIMIT_ACCOUNT', details: { quotaUsage: 1, quotaTotal: 1 } },
      });
    } finally {
      platform.emulator.configure({ quotaTotal: 100 });
    }
  });

  it('checks health through the Page, with no expiry, and asks for a reconnection once the Page is unlinked', async () => {
    const target = await connected('saude.fb');
    expect(await health(target.id)).toMatchObject({
      status: 'connected',
      authStatus: 'active',
      healthy: true,
      tokenExpiresAt: null,
      daysUntilExpiry: null,
      checkedLive: true,
      healthError: null,
    });
    platform.emulator.updatePage(target.pageId, { instagramAccountId: null });
    const unlinked = await health(target.id);
    expect(unlinked).toMatchObject({ status: 'revoked', authStatus: 'reconnect_required' });
    expect(unlinked.healthError).toMatch(/^TOKEN_INVALID: A Página do Facebook/);
  });

  it('notices an invalidated Page token through code 190', async () => {
    const target = await connected('senha.trocada');
    platform.emulator.revokeFacebookTokens(target.person.id, 460);
    const checked = await health(target.id);
    expect(checked).toMatchObject({ status: 'revoked', authStatus: 'reconnect_required' });
    expect(checked.healthError).toMatch(/^TOKEN_INVALID: /);
  });

  it('has nothing to refresh: the Page token keeps working months later', async () => {
    const target = await connected('sem.renovar');
    platform.server.clock.advance(120 * DAY);
    const report = await platform.server.reelay.tasks.refreshTokens();
    expect(report.reconnectRequired).toBe(0);
    expect(await health(target.id)).toMatchObject({
      status: 'connected',
      tokenRefreshedAt: null,
      tokenExpiresAt: null,
    });
  });

  it('erases the tokens of a person who removed the Facebook app, and only the Facebook connections', async () => {
    const target = await connected('deauth.fb');
    const other = await createAccount(url());
    // The same person's account connected in another project through Instagram Login
    // is another app's authorization: untouched.
    const viaInstagram = await connectThroughPlatform(platform, other, {
      platformAccountId: target.platformId,
    });
    const delivery = await platform.emulator.sendFacebookCallback('deauthorize', {
      url: `${url()}/v1/meta/deauthorize`,
      userId: target.person.id,
    });
    expect(delivery.status).toBe(200);
    const mine = (
      await call(url(), 'GET', '/v1/connect/integrations?q=deauth.fb', undefined, account.key)
    ).body.integrations[0];
    expect(mine).toMatchObject({ status: 'revoked', authStatus: 'reconnect_required' });
    expect(mine.healthError).toBe('TOKEN_INVALID: a pessoa removeu o aplicativo no Facebook.');
    const theirs = (
      await call(url(), 'GET', '/v1/connect/integrations?q=deauth.fb', undefined, other.key)
    ).body.integrations[0];
    expect(theirs).toMatchObject({
      id: viaInstagram.body.integration.id,
      status: 'connected',
      loginMode: 'instagram',
    });
  });

  it('records a data-deletion request from the Facebook app and erases the data', async () => {
    const target = await connected('apaga.fb');
    const delivery = await platform.emulator.sendFacebookCallback('data-deletion', {
      url: `${url()}/v1/meta/data-deletion`,
      userId: target.person.id,
    });
    expect(delivery.status).toBe(200);
    const answer = delivery.json as { url: string; confirmation_code: string };
    const status = await call(url(), 'GET', `/v1/meta/data-deletion/${answer.confirmation_code}`);
    expect(status.body).toMatchObject({ status: 'completed' });
    const row = await platform.server.reelay.context.db
      .selectFrom('integrations')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ access_token: null, username: null, status: 'revoked' });
  });

  it('verifies callbacks with either app secret, and refuses any other signature', async () => {
    const payload = { algorithm: 'HMAC-SHA256', issued_at: 1, user_id: '404' };
    for (const secret of [DEFAULT_APP_SECRET, DEFAULT_FACEBOOK_APP_SECRET]) {
      const signed = createSignedRequest(payload, secret);
      const answer = await call(
        url(),
        'POST',
        '/v1/meta/deauthorize',
        `signed_request=${signed}`,
        FORM,
      );
      expect(answer.status, secret).toBe(200);
    }
    const forged = createSignedRequest(payload, 'outro-segredo');
    const refused = await call(
      url(),
      'POST',
      '/v1/meta/data-deletion',
      `signed_request=${forged}`,
      FORM,
    );
    expect(refused.body).toMatchObject({ statusCode: 400, code: 'SIGNED_REQUEST_INVALID' });
  });
});

describe.each(testDialects())('a server that lost its Facebook app on $name', (dialect) => {
  it('reports Facebook Login accounts degraded and fails their posts with PLATFORM_CREDENTIALS_MISSING', async () => {
    const database = await dialect.create();
    const files = await startMediaServer();
    try {
      const before = await startWithFacebook(dialect, { database });
      const owner = await createAccount(before.server.url);
      const { person } = facebookPerson(before.emulator, ['sem.app']);
      const connected = await connectThroughFacebook(before, owner, { personId: person.id });
      const id = connected.body.integration.id as string;
      await before.close();

      // The same database, started again with the Instagram Login app only.
      const { startWithEmulator } = await import('@reelay/test-support/with-emulator');
      const after = await startWithEmulator(dialect, {
        database,
        env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
        reelay: { workers: false },
      });
      try {
        const checked = await call(
          after.server.url,
          'GET',
          `/v1/integrations/${id}/health?force=true`,
          undefined,
          owner.key,
        );
        expect(checked.body.health).toMatchObject({ status: 'degraded', authStatus: 'active' });
        expect(checked.body.health.healthError).toMatch(
          /^PLATFORM_CREDENTIALS_MISSING: .*FACEBOOK_APP_ID/,
        );
        const post = await call(
          after.server.url,
          'POST',
          '/v1/posts',
          {
            content: 'Sem o app',
            mediaItems: [{ type: 'image', url: files.image(1080, 1350, 'jpg', 9) }],
            platforms: [{ platform: 'instagram', accountId: id }],
            scheduledFor: new Date(after.server.clock.now() + 3_600_000).toISOString(),
          },
          owner.key,
        );
        expect(post.status, JSON.stringify(post.body)).toBe(201);
        await settle(after.server);
        const shown = (
          await call(
            after.server.url,
            'GET',
            `/v1/posts/${post.body.post.id}`,
            undefined,
            owner.key,
          )
        ).body.post;
        expect(shown.platforms[0]).toMatchObject({
          status: 'failed',
          errorCode: 'PLATFORM_CREDENTIALS_MISSING',
        });
      } finally {
        await after.close();
      }
    } finally {
      await files.close();
      await database.drop();
    }
  });
});

describe.each(testDialects())('a server with only the Facebook app on $name', (dialect) => {
  it('verifies callbacks with the Facebook secret and refuses the Instagram one', async () => {
    const platform = await startWithFacebook(dialect, { instagram: false });
    try {
      const payload = { algorithm: 'HMAC-SHA256', issued_at: 1, user_id: '7' };
      const facebook = createSignedRequest(payload, DEFAULT_FACEBOOK_APP_SECRET);
      const instagram = createSignedRequest(payload, DEFAULT_APP_SECRET);
      const send = (signed: string) =>
        call(platform.server.url, 'POST', '/v1/meta/deauthorize', `signed_request=${signed}`, FORM);
      expect((await send(facebook)).status).toBe(200);
      expect((await send(instagram)).body.code).toBe('SIGNED_REQUEST_INVALID');
    } finally {
      await platform.close();
    }
  });
});
