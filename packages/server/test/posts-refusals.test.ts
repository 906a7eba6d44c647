import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const DAY = 24 * 60 * MINUTE;

describe.each(testDialects())('refused publications on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
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
  const now = () => platform.server.clock.now();
  const db = () => platform.server.reelay.context.db;
  let seed = 500;
  const body = (accountId: string, extra: Record<string, unknown> = {}) => ({
    content: `Post ${++seed}`,
    mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', seed) }],
    platforms: [{ platform: 'instagram', accountId }],
    ...extra,
  });
  const create = (payload: Record<string, unknown>) =>
    call(url(), 'POST', '/v1/posts', payload, account.key);
  const get = async (id: string) =>
    (await call(url(), 'GET', `/v1/posts/${id}`, undefined, account.key)).body.post;
  const connect = async (username: string) => {
    const connected = await connectThroughPlatform(platform, account, { username });
    return { id: connected.body.integration.id as string, platformId: connected.platformAccountId };
  };
  const expireToken = (integrationId: string, at: number) =>
    db()
      .updateTable('integrations')
      .set({ token_expires_at: at })
      .where('id', '=', integrationId)
      .execute();
  const containersOf = (platformId: string) =>
    platform.emulator.containers().filter((container) => container.accountId === platformId);
  const mediaCount = async () =>
    Number(
      (
        await db()
          .selectFrom('media')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('project_id', '=', account.projectId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('fails a scheduled target with TOKEN_INVALID, without calling the platform, once its token expired', async () => {
    const connected = await connect('expira.antes');
    const scheduledFor = now() + DAY;
    const created = await create(
      body(connected.id, { scheduledFor: new Date(scheduledFor).toISOString() }),
    );
    expect(created.status).toBe(201);
    // Expired before the pipeline's work starts (containers are prepared ahead of time).
    await expireToken(connected.id, scheduledFor - 30 * MINUTE);
    await settle(platform.server);
    const post = await get(created.body.post.id);
    expect(post.status).toBe('failed');
    expect(post.platforms[0]).toMatchObject({ status: 'failed', errorCode: 'TOKEN_INVALID' });
    expect(containersOf(connected.platformId)).toEqual([]);
  });

  it('publishes nothing from a container prepared ahead once the token expired before the time', async () => {
    const connected = await connect('expira.depois');
    const scheduledFor = now() + DAY;
    const created = await create(
      body(connected.id, { scheduledFor: new Date(scheduledFor).toISOString() }),
    );
    expect(created.status).toBe(201);
    // Valid while the container is prepared ahead, expired at the due instant.
    await expireToken(connected.id, scheduledFor - MINUTE);
    await settle(platform.server);
    const post = await get(created.body.post.id);
    expect(post.platforms[0]).toMatchObject({ status: 'failed', errorCode: 'TOKEN_INVALID' });
    expect(containersOf(connected.platformId)).toHaveLength(1);
    expect(
      platform.emulator.published().filter((media) => media.accountId === connected.platformId),
    ).toEqual([]);
  });

  it('refuses to retry a post whose account token expired, with TOKEN_INVALID naming it', async () => {
    const connected = await connect('expira.retry');
    platform.emulator.addFault({ path: '/media_publish', times: 1, code: 368, message: 'blocked' });
    const created = await create(body(connected.id));
    await settle(platform.server);
    expect((await get(created.body.post.id)).status).toBe('failed');
    await expireToken(connected.id, now() - MINUTE);
    const retried = await call(
      url(),
      'POST',
      `/v1/posts/${created.body.post.id}/retry`,
      undefined,
      account.key,
    );
    expect(retried).toMatchObject({
      status: 409,
      body: { code: 'TOKEN_INVALID', details: { accountId: connected.id } },
    });
    expect((await get(created.body.post.id)).platforms[0].status).toBe('failed');
  });

  it('keeps no media imported from the URLs of a refused post', async () => {
    const connected = await connect('sem.orfas');
    const before = await mediaCount();
    // Imported, then refused: a feed image outside 4:5–1.91:1.
    const tall = await create(
      body(connected.id, {
        mediaItems: [
          { type: 'image', url: media.image(1080, 1350, 'jpg', 900) },
          { type: 'image', url: media.image(1080, 1920, 'jpg', 901) },
        ],
      }),
    );
    expect(tall.body).toMatchObject({ code: 'MEDIA_INVALID', details: { reason: 'aspect' } });
    // Imported, then refused: the declared type is not what the URL holds.
    const mismatch = await create(
      body(connected.id, {
        mediaItems: [
          { type: 'image', url: media.image(1080, 1350, 'jpg', 902) },
          { type: 'video', url: media.image(1080, 1350, 'jpg', 903) },
        ],
      }),
    );
    expect(mismatch.body).toMatchObject({ code: 'MEDIA_INVALID' });
    expect(await mediaCount()).toBe(before);
  });
});
