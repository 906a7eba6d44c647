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

describe.each(testDialects())('post commands on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;
  let integration: { id: string; platformId: string };

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
    const connected = await connectThroughPlatform(platform, account, { username: 'comandos' });
    integration = { id: connected.body.integration.id, platformId: connected.platformAccountId };
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });

  const url = () => platform.server.url;
  const now = () => platform.server.clock.now();
  const at = (ms: number) => new Date(now() + ms).toISOString();
  let seed = 100;
  const body = (extra: Record<string, unknown> = {}) => ({
    content: `Post ${++seed}`,
    mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', seed) }],
    platforms: [{ platform: 'instagram', accountId: integration.id }],
    ...extra,
  });
  const create = (payload: Record<string, unknown>, key = account.key) =>
    call(url(), 'POST', '/v1/posts', payload, key);
  const get = async (id: string) =>
    (await call(url(), 'GET', `/v1/posts/${id}`, undefined, account.key)).body.post;
  const publishedWith = (caption: string) =>
    platform.emulator.published().filter((item) => item.caption === caption);
  const eventTypes = async (postId: string) =>
    (
      await platform.server.reelay.context.db
        .selectFrom('events')
        .select('type')
        .where('post_id', '=', postId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => row.type);
  const countPosts = async () =>
    Number(
      (
        await platform.server.reelay.context.db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('project_id', '=', account.projectId)
          .executeTakeFirstOrThrow()
      ).count,
    );

  describe('cancelling', () => {
    it('cancels a scheduled post: targets CANCELLED, no event, nothing published', async () => {
      const payload = body({ scheduledFor: at(DAY) });
      const created = await create(payload);
      const cancelled = await call(
        url(),
        'DELETE',
        `/v1/posts/${created.body.post.id}`,
        undefined,
        account.key,
      );
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.post).toMatchObject({
        status: 'cancelled',
        platforms: [{ status: 'cancelled', errorCode: 'CANCELLED' }],
      });
      await settle(platform.server);
      expect(publishedWith(payload.content as string)).toHaveLength(0);
      expect(await eventTypes(created.body.post.id)).toEqual(['post.scheduled']);
      const again = await call(
        url(),
        'DELETE',
        `/v1/posts/${created.body.post.id}`,
        undefined,
        account.key,
      );
      expect(again).toMatchObject({ status: 409, body: { code: 'POST_NOT_CANCELLABLE' } });
    });

    it('refuses to cancel once the time passed, an immediate post, or a published one', async () => {
      const scheduled = await create(body({ scheduledFor: at(2 * MINUTE) }));
      platform.server.clock.advance(2 * MINUTE);
      expect(
        (await call(url(), 'DELETE', `/v1/posts/${scheduled.body.post.id}`, undefined, account.key))
          .body.code,
      ).toBe('POST_NOT_CANCELLABLE');
      const immediate = await create(body());
      expect(
        (await call(url(), 'DELETE', `/v1/posts/${immediate.body.post.id}`, undefined, account.key))
          .body.code,
      ).toBe('POST_NOT_CANCELLABLE');
      await settle(platform.server);
      expect(
        (await call(url(), 'DELETE', `/v1/posts/${immediate.body.post.id}`, undefined, account.key))
          .body.code,
      ).toBe('POST_NOT_CANCELLABLE');
    });
  });

  describe('editing', () => {
    it('reschedules: nothing at the old time, published at the new one', async () => {
      const payload = body({ scheduledFor: at(10 * MINUTE) });
      const created = await create(payload);
      const later = new Date(now() + 3 * DAY);
      const moved = await call(
        url(),
        'PATCH',
        `/v1/posts/${created.body.post.id}`,
        { scheduledFor: later.toISOString() },
        account.key,
      );
      expect(moved.status).toBe(200);
      expect(moved.body.post.scheduledFor).toBe(later.toISOString());
      await settle(platform.server, { until: later.getTime() - 1 });
      expect(publishedWith(payload.content as string)).toHaveLength(0);
      await settle(platform.server);
      expect(publishedWith(payload.content as string)).toHaveLength(1);
      expect(await eventTypes(created.body.post.id)).toEqual(['post.scheduled', 'post.published']);
    });

    it('edits the caption before publication, and the new one is what publishes', async () => {
      const created = await create(body({ scheduledFor: at(30 * MINUTE) }));
      const edited = await call(
        url(),
        'PATCH',
        `/v1/posts/${created.body.post.id}`,
        { content: 'Legenda nova' },
        account.key,
      );
      expect(edited.body.post.content).toBe('Legenda nova');
      await settle(platform.server);
      expect(publishedWith('Legenda nova')).toHaveLength(1);
    });

    it('checks the quota of the new window when rescheduling', async () => {
      const owner = await createAccount(url());
      const connected = await connectThroughPlatform(platform, owner, { username: 'cota.nova' });
      const post = (when: number) =>
        call(
          url(),
          'POST',
          '/v1/posts',
          {
            ...body({ scheduledFor: at(when) }),
            platforms: [{ platform: 'instagram', accountId: connected.body.integration.id }],
          },
          owner.key,
        );
      platform.emulator.configure({ quotaTotal: 2 });
      try {
        expect((await post(2 * DAY)).status).toBe(201);
        expect((await post(2 * DAY + MINUTE)).status).toBe(201);
        const later = await post(5 * DAY);
        expect(later.status).toBe(201);
        const moved = await call(
          url(),
          'PATCH',
          `/v1/posts/${later.body.post.id}`,
          { scheduledFor: at(2 * DAY + 2 * MINUTE) },
          owner.key,
        );
        expect(moved).toMatchObject({
          status: 409,
          body: { code: 'RATE_LIMIT_ACCOUNT', details: { quotaTotal: 2 } },
        });
        // Moving within its own window counts it once.
        const nudged = await call(
          url(),
          'PATCH',
          `/v1/posts/${later.body.post.id}`,
          { scheduledFor: at(5 * DAY + MINUTE) },
          owner.key,
        );
        expect(nudged.status).toBe(200);
      } finally {
        platform.emulator.configure({ quotaTotal: 100 });
      }
    });

    it('refuses edits outside the window, empty ones, and once publishing finished', async () => {
      const created = await create(body({ scheduledFor: at(30 * MINUTE) }));
      const path = `/v1/posts/${created.body.post.id}`;
      expect(
        (await call(url(), 'PATCH', path, { scheduledFor: at(30_000) }, account.key)).body,
      ).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'scheduledFor' },
      });
      expect(
        (await call(url(), 'PATCH', path, { scheduledFor: at(76 * DAY) }, account.key)).body.code,
      ).toBe('VALIDATION_ERROR');
      expect((await call(url(), 'PATCH', path, {}, account.key)).body.code).toBe(
        'VALIDATION_ERROR',
      );
      await settle(platform.server);
      expect(
        (await call(url(), 'PATCH', path, { content: 'tarde demais' }, account.key)).body,
      ).toMatchObject({
        statusCode: 409,
        code: 'POST_NOT_EDITABLE',
      });
    });
  });

  describe('retrying', () => {
    it('retries failed targets now and sends a new final event', async () => {
      platform.emulator.addFault({
        path: '/media_publish',
        times: 1,
        code: 368,
        message: 'blocked',
      });
      const payload = body();
      const created = await create(payload);
      await settle(platform.server);
      expect((await get(created.body.post.id)).status).toBe('failed');
      const retried = await call(
        url(),
        'POST',
        `/v1/posts/${created.body.post.id}/retry`,
        undefined,
        account.key,
      );
      expect(retried.status).toBe(202);
      expect(retried.body.post).toMatchObject({
        status: 'queued',
        platforms: [{ status: 'queued', errorCode: null }],
      });
      await settle(platform.server);
      expect((await get(created.body.post.id)).status).toBe('published');
      expect(publishedWith(payload.content as string)).toHaveLength(1);
      expect(await eventTypes(created.body.post.id)).toEqual(['post.failed', 'post.published']);
    });

    it('retries at a later time, announcing the schedule', async () => {
      platform.emulator.addFault({
        path: '/media_publish',
        times: 1,
        code: 368,
        message: 'blocked',
      });
      const created = await create(body());
      await settle(platform.server);
      const when = new Date(now() + DAY);
      const retried = await call(
        url(),
        'POST',
        `/v1/posts/${created.body.post.id}/retry`,
        { scheduledFor: when.toISOString() },
        account.key,
      );
      expect(retried.body.post).toMatchObject({
        status: 'scheduled',
        scheduledFor: when.toISOString(),
      });
      await settle(platform.server, { until: when.getTime() - 1 });
      expect((await get(created.body.post.id)).status).toBe('scheduled');
      await settle(platform.server);
      expect((await get(created.body.post.id)).status).toBe('published');
      expect(await eventTypes(created.body.post.id)).toEqual([
        'post.failed',
        'post.scheduled',
        'post.published',
      ]);
    });

    it('refuses to retry a post without failed targets', async () => {
      const created = await create(body());
      await settle(platform.server);
      const answer = await call(
        url(),
        'POST',
        `/v1/posts/${created.body.post.id}/retry`,
        {},
        account.key,
      );
      expect(answer).toMatchObject({ status: 409, body: { code: 'POST_NOT_RETRYABLE' } });
    });
  });

  describe('idempotency', () => {
    it('answers the original post for the same key and body, publishing once', async () => {
      const payload = body({ idempotencyKey: 'campanha-1' });
      const first = await create(payload);
      const second = await create(payload);
      expect(second.status).toBe(first.status);
      expect(second.body.post.id).toBe(first.body.post.id);
      await settle(platform.server);
      expect(publishedWith(payload.content as string)).toHaveLength(1);
    });

    it('creates one post when identical requests arrive at once', async () => {
      const payload = body({ idempotencyKey: 'ao-mesmo-tempo', scheduledFor: at(DAY) });
      const before = await countPosts();
      const answers = await Promise.all(Array.from({ length: 6 }, () => create(payload)));
      expect(answers.every((answer) => answer.status === 201)).toBe(true);
      expect(new Set(answers.map((answer) => answer.body.post.id)).size).toBe(1);
      expect(await countPosts()).toBe(before + 1);
    });

    it('refuses the same key with another body', async () => {
      await create(body({ idempotencyKey: 'reusada' }));
      const other = await create(body({ idempotencyKey: 'reusada' }));
      expect(other).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    });
  });

  describe('acceptance checks', () => {
    it('refuses a post over the account quota, with usage and total', async () => {
      platform.emulator.configure({ quotaTotal: 3 });
      try {
        // Some posts of this suite were published already; fill what remains.
        let answer;
        do {
          answer = await create(body());
        } while (answer.status === 202);
        expect(answer.status).toBe(409);
        expect(answer.body).toMatchObject({
          code: 'RATE_LIMIT_ACCOUNT',
          details: { accountId: integration.id, quotaTotal: 3 },
        });
        expect(answer.body.details.quotaUsage).toBeGreaterThanOrEqual(3);
      } finally {
        platform.emulator.configure({ quotaTotal: 100 });
        await settle(platform.server);
      }
    });

    it('names unknown accounts and media, and writes nothing', async () => {
      const before = await countPosts();
      const unknownAccount = await create(
        body({
          platforms: [{ platform: 'instagram', accountId: 'int_01jd8k2m3n4p5q6r7s8t9v0wxy' }],
        }),
      );
      expect(unknownAccount.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'platforms[0].accountId' },
      });
      const unknownMedia = await create(
        body({ mediaItems: [{ mediaId: 'med_01jd8k2m3n4p5q6r7s8t9v0wxy' }] }),
      );
      expect(unknownMedia.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'mediaItems[0].mediaId' },
      });
      const other = await createAccount(url());
      const foreign = await create(body(), other.key);
      expect(foreign.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'platforms[0].accountId' },
      });
      expect(await countPosts()).toBe(before);
    });

    it('refuses schedules outside 1 minute to 75 days, and times without offset', async () => {
      for (const scheduledFor of [at(59_000), at(75 * DAY + 1000), '2026-12-01T10:00:00']) {
        const answer = await create(body({ scheduledFor }));
        expect(answer.body, scheduledFor).toMatchObject({
          code: 'VALIDATION_ERROR',
          details: { field: 'scheduledFor' },
        });
      }
      expect((await create(body({ scheduledFor: at(75 * DAY) }))).status).toBe(201);
    });

    it('refuses a Story with 2 items and a feed image outside 4:5–1.91:1', async () => {
      const story = await create(
        body({
          kind: 'story',
          content: '',
          mediaItems: [
            { type: 'image', url: media.image(1080, 1920) },
            { type: 'image', url: media.image(1080, 1920, 'jpg', 1) },
          ],
        }),
      );
      expect(story.body).toMatchObject({ code: 'MEDIA_INVALID', details: { reason: 'too_many' } });
      const tall = await create(
        body({ mediaItems: [{ type: 'image', url: media.image(1080, 1920) }] }),
      );
      expect(tall.body).toMatchObject({
        code: 'MEDIA_INVALID',
        details: { reason: 'aspect', field: 'mediaItems[0]' },
      });
    });

    it('refuses a disconnected account with TOKEN_INVALID naming it', async () => {
      const connected = await connectThroughPlatform(platform, account, {
        username: 'vai.desconectar',
      });
      await call(
        url(),
        'DELETE',
        `/v1/connect/integrations/${connected.body.integration.id}`,
        undefined,
        account.key,
      );
      const answer = await create(
        body({ platforms: [{ platform: 'instagram', accountId: connected.body.integration.id }] }),
      );
      expect(answer).toMatchObject({
        status: 409,
        body: { code: 'TOKEN_INVALID', details: { accountId: connected.body.integration.id } },
      });
    });
  });

  describe('listing', () => {
    it('lists with filters, pagination and total', async () => {
      const owner = await createAccount(url());
      const connected = await connectThroughPlatform(platform, owner, { username: 'lista' });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const answer = await call(
          url(),
          'POST',
          '/v1/posts',
          {
            ...body({ scheduledFor: at((i + 1) * DAY) }),
            platforms: [{ platform: 'instagram', accountId: connected.body.integration.id }],
          },
          owner.key,
        );
        ids.push(answer.body.post.id);
        platform.server.clock.advance(1000);
      }
      const list = async (query: string) =>
        (await call(url(), 'GET', `/v1/posts${query}`, undefined, owner.key)).body;
      expect((await list('')).total).toBe(3);
      expect((await list('')).posts.map((post: { id: string }) => post.id)).toEqual(
        [...ids].reverse(),
      );
      expect(
        (await list('?sort=asc&limit=1&offset=1')).posts.map((post: { id: string }) => post.id),
      ).toEqual([ids[1]]);
      expect((await list('?status=scheduled')).total).toBe(3);
      expect((await list('?status=published')).total).toBe(0);
      expect((await list(`?accountId=${connected.body.integration.id}`)).total).toBe(3);
      expect((await list('?profileId=null')).total).toBe(3);
      const from = new Date(now() + DAY + 30 * MINUTE).toISOString();
      expect((await list(`?from=${encodeURIComponent(from)}`)).total).toBe(2);
      expect((await list('?limit=0')).statusCode).toBe(400);
    });
  });
});
