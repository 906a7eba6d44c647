/**
 * What the platform can do wrong, injected by the emulator, and what each target records:
 * retried until it works, or failed with the right code; never published twice.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const MINUTE = 60_000;

describe.each(testDialects())('platform faults on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;
  let integration: { id: string; platformId: string };

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: {
        workers: false,
        // Short enough that a hung call ends quickly in a test.
        platformTimeouts: { connectMs: 1000, headersMs: 1000, bodyMs: 1000, totalMs: 1500 },
      },
    });
    account = await createAccount(platform.server.url);
    const connected = await connectThroughPlatform(platform, account, { username: 'falhas' });
    integration = { id: connected.body.integration.id, platformId: connected.platformAccountId };
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });
  afterEach(() => platform.emulator.clearFaults());

  const url = () => platform.server.url;
  const now = () => platform.server.clock.now();
  let seed = 500;
  const publish = async (extra: Record<string, unknown> = {}) => {
    const content = `Falha ${++seed}`;
    const answer = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        content,
        mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', seed) }],
        platforms: [{ platform: 'instagram', accountId: integration.id }],
        ...extra,
      },
      account.key,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return { id: answer.body.post.id as string, content };
  };
  const target = async (id: string) =>
    (await call(url(), 'GET', `/v1/posts/${id}`, undefined, account.key)).body.post.platforms[0];
  const copies = (content: string) =>
    platform.emulator.published().filter((item) => item.caption === content).length;

  it.each([
    ['an application rate limit (4)', { code: 4, message: 'Application request limit reached' }],
    ['a user rate limit (17)', { code: 17 }],
    ['a business use case limit (80002)', { code: 80002 }],
    ['a platform error (1)', { code: 1, isTransient: true }],
    ['a server error (500)', { status: 500, code: 2 }],
  ])('retries after %s on container creation and publishes once', async (_name, fault) => {
    platform.emulator.addFault({ path: '/media', method: 'POST', times: 2, ...fault });
    const post = await publish();
    await settle(platform.server);
    expect(await target(post.id)).toMatchObject({ status: 'published', errorCode: null });
    expect(copies(post.content)).toBe(1);
  });

  it.each([
    ['an expired token (190)', { code: 190, subcode: 463 }, 'TOKEN_INVALID'],
    ['suspected spam (4/2207051)', { code: 4, subcode: 2207051 }, 'SPAM_SUSPECTED'],
    ['a restricted account (25/2207050)', { code: 25, subcode: 2207050 }, 'ACCOUNT_RESTRICTED'],
    ['the publishing quota (9/2207042)', { code: 9, subcode: 2207042 }, 'RATE_LIMIT_ACCOUNT'],
    ['a missing permission (10)', { code: 10 }, 'PERMISSION_REQUIRED'],
    [
      'an unreachable media URL (9004/2207052)',
      { code: 9004, subcode: 2207052 },
      'MEDIA_FETCH_FAILED',
    ],
    ['an unsupported format (36001/2207005)', { code: 36001, subcode: 2207005 }, 'MEDIA_INVALID'],
  ])('fails the target after %s, without retrying', async (_name, fault, code) => {
    platform.emulator.addFault({ path: '/media_publish', times: 1, ...fault });
    const post = await publish();
    await settle(platform.server);
    expect(await target(post.id)).toMatchObject({
      status: 'failed',
      errorCode: code,
      platformPostId: null,
    });
    expect(copies(post.content)).toBe(0);
    if (code === 'TOKEN_INVALID') {
      // The account must be reconnected; the next post says so at once.
      const listed = await call(
        url(),
        'GET',
        `/v1/connect/integrations?q=falhas`,
        undefined,
        account.key,
      );
      expect(listed.body.integrations[0].authStatus).toBe('reconnect_required');
      const refused = await call(
        url(),
        'POST',
        '/v1/posts',
        {
          content: 'x',
          mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
          platforms: [{ platform: 'instagram', accountId: integration.id }],
        },
        account.key,
      );
      expect(refused.body.code).toBe('TOKEN_INVALID');
      // Reconnect for the next tests.
      await connectThroughPlatform(platform, account, {
        platformAccountId: integration.platformId,
      });
    }
  });

  it('gives up on a rate limit that never ends, with its code', async () => {
    platform.emulator.addFault({ path: '/media_publish', times: 50, code: 4 });
    const post = await publish();
    await settle(platform.server);
    expect(await target(post.id)).toMatchObject({ status: 'failed', errorCode: 'RATE_LIMIT_APP' });
    expect(copies(post.content)).toBe(0);
  });

  it('publishes once when media_publish worked but its answer was lost', async () => {
    platform.emulator.addFault({ path: '/media_publish', times: 1, drop: true, after: true });
    const post = await publish();
    await settle(platform.server);
    const shown = await target(post.id);
    expect(shown.status).toBe('published');
    expect(shown.warningMessage).toMatch(/id da mídia/);
    expect(copies(post.content)).toBe(1);
  });

  it('publishes once when media_publish hung after doing the work', async () => {
    platform.emulator.addFault({ path: '/media_publish', times: 1, hang: true, after: true });
    const post = await publish();
    await settle(platform.server);
    expect((await target(post.id)).status).toBe('published');
    expect(copies(post.content)).toBe(1);
  });

  it('publishes once when media_publish answered an error after publishing', async () => {
    platform.emulator.addFault({
      path: '/media_publish',
      times: 1,
      after: true,
      code: 1,
      isTransient: true,
    });
    const post = await publish();
    await settle(platform.server);
    expect((await target(post.id)).status).toBe('published');
    expect(copies(post.content)).toBe(1);
  });

  it('publishes when a lost media_publish answer never reached the platform', async () => {
    platform.emulator.addFault({ path: '/media_publish', times: 1, drop: true });
    const post = await publish();
    await settle(platform.server);
    expect((await target(post.id)).status).toBe('published');
    expect(copies(post.content)).toBe(1);
  });

  it('ends PUBLISH_UNCONFIRMED when the outcome stays unknown past the confirmation window', async () => {
    platform.emulator.addFault({ path: '/media_publish', times: 1, drop: true, after: true });
    const post = await publish();
    // The first run publishes, and the answer is lost.
    await platform.server.reelay.tasks.runDueJobs();
    expect(copies(post.content)).toBe(1);
    // From now on every status read fails: the publication can be neither confirmed nor denied.
    platform.emulator.addFault({ path: '/', method: 'GET', times: 1000, status: 500, code: 2 });
    await settle(platform.server);
    platform.emulator.clearFaults();
    expect(await target(post.id)).toMatchObject({
      status: 'failed',
      errorCode: 'PUBLISH_UNCONFIRMED',
    });
    expect(copies(post.content)).toBe(1);
  });

  describe('with slow container processing', () => {
    beforeEach(() => platform.emulator.configure({ containerProcessingMs: 60_000 }));
    afterEach(() => platform.emulator.configure({ containerProcessingMs: 0 }));

    it('keeps a scheduled post whose processing outlasts the grace window, instead of MISSED', async () => {
      platform.emulator.configure({ containerProcessingMs: 20 * MINUTE });
      const post = await publish({ scheduledFor: new Date(now() + 10 * MINUTE).toISOString() });
      await settle(platform.server);
      expect((await target(post.id)).status).toBe('published');
      expect(copies(post.content)).toBe(1);
    });

    it('makes a new container when one expires, and publishes once', async () => {
      const post = await publish();
      await platform.server.reelay.tasks.runDueJobs();
      const [container] = platform.emulator
        .containers()
        .filter((item) => item.caption === post.content);
      platform.emulator.forceContainer(container!.id, { status: 'EXPIRED' });
      await settle(platform.server);
      expect((await target(post.id)).status).toBe('published');
      expect(copies(post.content)).toBe(1);
      expect(
        platform.emulator.containers().filter((item) => item.caption === post.content),
      ).toHaveLength(2);
    });

    it('fails with the container error when processing fails', async () => {
      const post = await publish();
      await platform.server.reelay.tasks.runDueJobs();
      const [container] = platform.emulator
        .containers()
        .filter((item) => item.caption === post.content);
      platform.emulator.forceContainer(container!.id, { status: 'ERROR', subcode: 2207026 });
      await settle(platform.server);
      expect(await target(post.id)).toMatchObject({ status: 'failed', errorCode: 'MEDIA_INVALID' });
    });

    it('ends CONTAINER_STUCK after an hour in progress, without retrying', async () => {
      const post = await publish();
      await platform.server.reelay.tasks.runDueJobs();
      const [container] = platform.emulator
        .containers()
        .filter((item) => item.caption === post.content);
      platform.emulator.forceContainer(container!.id, { status: 'IN_PROGRESS' });
      await settle(platform.server);
      expect(await target(post.id)).toMatchObject({
        status: 'failed',
        errorCode: 'CONTAINER_STUCK',
      });
      expect(copies(post.content)).toBe(0);
    });
  });

  it('ends MISSED when the service could not start a schedule within the grace window', async () => {
    const post = await publish({ scheduledFor: new Date(now() + 10 * MINUTE).toISOString() });
    // The service was down: the clock moves past the time and the grace without any job running.
    platform.server.clock.advance(10 * MINUTE + 16 * MINUTE);
    await settle(platform.server);
    expect(await target(post.id)).toMatchObject({ status: 'failed', errorCode: 'MISSED' });
    expect(copies(post.content)).toBe(0);
    const types = await platform.server.reelay.context.db
      .selectFrom('events')
      .select('type')
      .where('post_id', '=', post.id)
      .orderBy('created_at')
      .execute();
    expect(types.map((row) => row.type)).toEqual(['post.scheduled', 'post.failed']);
  });

  it('publishes late within the grace window', async () => {
    const post = await publish({ scheduledFor: new Date(now() + 10 * MINUTE).toISOString() });
    platform.server.clock.advance(10 * MINUTE + 14 * MINUTE);
    await settle(platform.server);
    expect((await target(post.id)).status).toBe('published');
  });

  it('asks for reconnection when the stored token cannot be read, answering no 500', async () => {
    const connected = await connectThroughPlatform(platform, account, {
      username: 'chave.trocada',
    });
    const id = connected.body.integration.id;
    const scheduled = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: 'Chave',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: id }],
        scheduledFor: new Date(now() + 5 * MINUTE).toISOString(),
      },
      account.key,
    );
    // As if REELAY_ENCRYPTION_KEY had changed: the stored token no longer decrypts.
    await platform.server.reelay.context.db
      .updateTable('integrations')
      .set({ access_token: 'v1.AAAA.BBBB.CCCC' })
      .where('id', '=', id)
      .execute();
    const refused = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: 'x',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: id }],
      },
      account.key,
    );
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'TOKEN_INVALID', details: { accountId: id } },
    });
    await settle(platform.server);
    expect(await target(scheduled.body.post.id)).toMatchObject({
      status: 'failed',
      errorCode: 'TOKEN_INVALID',
    });
    const health = await call(
      url(),
      'GET',
      `/v1/integrations/${id}/health?force=true`,
      undefined,
      account.key,
    );
    expect(health.body.health).toMatchObject({ authStatus: 'reconnect_required', healthy: false });
  });

  it('fails the targets of an account disconnected before their time', async () => {
    const connected = await connectThroughPlatform(platform, account, { username: 'sai.antes' });
    const answer = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: 'Nunca',
        mediaItems: [{ type: 'image', url: media.image(1080, 1350) }],
        platforms: [{ platform: 'instagram', accountId: connected.body.integration.id }],
        scheduledFor: new Date(now() + 5 * MINUTE).toISOString(),
      },
      account.key,
    );
    await call(
      url(),
      'DELETE',
      `/v1/connect/integrations/${connected.body.integration.id}`,
      undefined,
      account.key,
    );
    await settle(platform.server);
    expect(await target(answer.body.post.id)).toMatchObject({
      status: 'failed',
      errorCode: 'TOKEN_INVALID',
    });
  });
});
