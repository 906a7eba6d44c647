import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, makeFixtures } from '@reelay/test-support/media-fixtures';
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

describe.each(testDialects())('publishing on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;
  let accountA: { id: string; platformId: string };
  let accountB: { id: string; platformId: string };

  let reelUrl: string;

  beforeAll(async () => {
    await makeFixtures();
    media = await startMediaServer();
    reelUrl = media.serve('/video/reel.mp4', readFileSync(fixture('reel.mp4')), 'video/mp4');
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
    for (const name of ['a', 'b'] as const) {
      const connected = await connectThroughPlatform(platform, account, {
        username: `marca.${name}`,
      });
      const entry = {
        id: connected.body.integration.id as string,
        platformId: connected.platformAccountId,
      };
      if (name === 'a') accountA = entry;
      else accountB = entry;
    }
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });

  const url = () => platform.server.url;
  const now = () => platform.server.clock.now();
  const at = (ms: number) => new Date(now() + ms).toISOString();
  const create = (body: Record<string, unknown>) =>
    call(url(), 'POST', '/v1/posts', body, account.key);
  const get = async (id: string) =>
    (await call(url(), 'GET', `/v1/posts/${id}`, undefined, account.key)).body.post;
  const feedImage = (seed = 0) => ({ type: 'image', url: media.image(1080, 1350, 'jpg', seed) });
  const target = (entry: { id: string }, options?: object) => ({
    platform: 'instagram',
    accountId: entry.id,
    ...(options ? { options } : {}),
  });
  const publishedFor = (platformId: string) =>
    platform.emulator.published().filter((item) => item.accountId === platformId);
  const events = async (postId: string) =>
    (
      await platform.server.reelay.context.db
        .selectFrom('events')
        .select(['type', 'payload'])
        .where('post_id', '=', postId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map((row) => ({ type: row.type, payload: JSON.parse(row.payload) }));

  it('publishes a feed image now: 202, then published with the platform id and permalink', async () => {
    const created = await create({
      content: 'Agora! #reelay',
      mediaItems: [feedImage(1)],
      platforms: [target(accountA)],
    });
    expect(created.status).toBe(202);
    expect(created.body.post).toMatchObject({
      status: 'queued',
      kind: 'feed',
      scheduledFor: null,
      publishedAt: null,
      timezone: 'UTC',
    });
    expect(created.body.post.id).toMatch(/^post_/);
    expect(created.body.post.platforms[0]).toMatchObject({
      integrationId: accountA.id,
      status: 'queued',
      errorCode: null,
    });
    expect(created.body.post.links.api).toBe(`${url()}/v1/posts/${created.body.post.id}`);

    await settle(platform.server);
    const post = await get(created.body.post.id);
    expect(post.status).toBe('published');
    expect(post.publishedAt).toMatch(/Z$/);
    const [shown] = post.platforms;
    expect(shown).toMatchObject({ status: 'published', errorCode: null, warningMessage: null });
    const published = publishedFor(accountA.platformId).filter(
      (item) => item.caption === 'Agora! #reelay',
    );
    expect(published).toHaveLength(1);
    expect(shown.platformPostId).toBe(published[0]!.id);
    expect(shown.platformPostUrl).toBe(published[0]!.permalink);
    // An immediate post sends only its final event.
    expect((await events(post.id)).map((event) => event.type)).toEqual(['post.published']);
  });

  it('publishes a scheduled carousel at its time, not before, with post.scheduled first', async () => {
    const scheduledFor = new Date(now() + 2 * 24 * 60 * MINUTE);
    const offset = new Date(scheduledFor.getTime() - 3 * 60 * MINUTE)
      .toISOString()
      .replace('Z', '-03:00');
    const created = await create({
      content: 'Carrossel',
      mediaItems: [
        feedImage(2),
        feedImage(3),
        { type: 'image', url: media.image(1080, 1080, 'png', 4) },
      ],
      platforms: [target(accountA, { altText: ['Um', 'Dois', 'Três'] })],
      scheduledFor: offset,
      timezone: 'America/Sao_Paulo',
    });
    expect(created.status).toBe(201);
    expect(created.body.post).toMatchObject({
      status: 'scheduled',
      kind: 'carousel',
      scheduledFor: scheduledFor.toISOString(),
      timezone: 'America/Sao_Paulo',
    });
    const id = created.body.post.id;
    await settle(platform.server, { until: scheduledFor.getTime() - 1 });
    expect((await get(id)).status).toBe('scheduled');
    expect(
      publishedFor(accountA.platformId).filter((item) => item.caption === 'Carrossel'),
    ).toHaveLength(0);

    await settle(platform.server);
    const post = await get(id);
    expect(post.status).toBe('published');
    const [carousel] = publishedFor(accountA.platformId).filter(
      (item) => item.caption === 'Carrossel',
    );
    expect(carousel!.mediaType).toBe('CAROUSEL_ALBUM');
    expect(carousel!.children).toHaveLength(3);
    expect(Date.parse(post.platforms[0].publishedAt)).toBeGreaterThanOrEqual(
      scheduledFor.getTime(),
    );
    const sent = await events(id);
    expect(sent.map((event) => event.type)).toEqual(['post.scheduled', 'post.published']);
    expect(sent[0]!.payload).toMatchObject({
      version: '2026-09-01',
      type: 'post.scheduled',
      projectId: account.projectId,
      data: { post: { id, status: 'scheduled', scheduledFor: scheduledFor.toISOString() } },
    });
    expect(sent[1]!.payload.data.platforms[0]).toMatchObject({
      platform: 'instagram',
      integrationId: accountA.id,
      status: 'published',
    });
    expect(sent[1]!.payload.data.platforms[0]).not.toHaveProperty('id');
  });

  it('posts to several accounts and ends partial when one fails', async () => {
    platform.emulator.addFault({
      path: '/media_publish',
      account: accountB.platformId,
      times: 1,
      code: 4,
      subcode: 2207051,
    });
    const created = await create({
      content: 'Dois destinos',
      mediaItems: [feedImage(5)],
      platforms: [target(accountA), target(accountB)],
    });
    await settle(platform.server);
    const post = await get(created.body.post.id);
    expect(post.status).toBe('partial');
    const byAccount = Object.fromEntries(
      post.platforms.map((shown: { integrationId: string }) => [shown.integrationId, shown]),
    );
    expect(byAccount[accountA.id]).toMatchObject({ status: 'published', errorCode: null });
    expect(byAccount[accountB.id]).toMatchObject({
      status: 'failed',
      errorCode: 'SPAM_SUSPECTED',
      platformPostId: null,
    });
    expect(byAccount[accountB.id].errorMessage).toMatch(/spam/);
    expect((await events(post.id)).map((event) => event.type)).toEqual(['post.partial']);
  });

  it('ends failed when every account fails', async () => {
    platform.emulator.addFault({ path: '/media_publish', times: 2, code: 4, subcode: 2207051 });
    const created = await create({
      content: 'Nenhum',
      mediaItems: [feedImage(6)],
      platforms: [target(accountA), target(accountB)],
    });
    await settle(platform.server);
    expect((await get(created.body.post.id)).status).toBe('failed');
    expect((await events(created.body.post.id)).map((event) => event.type)).toEqual([
      'post.failed',
    ]);
  });

  it('publishes a Story and a feed image with options the platform receives', async () => {
    const story = await create({
      kind: 'story',
      mediaItems: [{ type: 'image', url: media.image(1080, 1920, 'jpg', 7) }],
      platforms: [target(accountA)],
    });
    const feed = await create({
      content: 'Com opções',
      mediaItems: [feedImage(8)],
      platforms: [
        target(accountA, {
          altText: 'Uma xícara de café',
          locationId: '123456',
          userTags: [{ username: 'amiga', x: 0.5, y: 0.5 }],
          collaborators: ['parceira'],
          firstComment: 'Link na bio',
        }),
      ],
    });
    await settle(platform.server);
    expect((await get(story.body.post.id)).status).toBe('published');
    const published = await get(feed.body.post.id);
    expect(published.status).toBe('published');
    const [withOptions] = publishedFor(accountA.platformId).filter(
      (item) => item.caption === 'Com opções',
    );
    expect(withOptions).toMatchObject({
      altText: 'Uma xícara de café',
      locationId: '123456',
      collaborators: ['parceira'],
    });
    expect(withOptions!.comments.map((comment) => comment.text)).toContain('Link na bio');
    expect(publishedFor(accountA.platformId).some((item) => item.productType === 'STORY')).toBe(
      true,
    );
  });

  it('publishes a Reel with its options, a video Story and a mixed carousel', async () => {
    const reel = await create({
      content: 'Meu Reel',
      mediaItems: [{ type: 'video', url: reelUrl }],
      platforms: [
        target(accountA, { shareToFeed: false, thumbOffset: 1000, collaborators: ['parceira'] }),
      ],
    });
    expect(reel.body.post.kind).toBe('reel');
    const story = await create({
      kind: 'story',
      mediaItems: [{ type: 'video', url: reelUrl }],
      platforms: [target(accountB)],
    });
    const carousel = await create({
      content: 'Misto',
      mediaItems: [feedImage(10), { type: 'video', url: reelUrl }],
      platforms: [target(accountA, { altText: ['Foto', null] })],
    });
    await settle(platform.server);
    for (const created of [reel, story, carousel])
      expect((await get(created.body.post.id)).status).toBe('published');
    const [publishedReel] = publishedFor(accountA.platformId).filter(
      (item) => item.caption === 'Meu Reel',
    );
    expect(publishedReel).toMatchObject({
      productType: 'REELS',
      shareToFeed: false,
      collaborators: ['parceira'],
    });
    expect(
      publishedFor(accountB.platformId).some(
        (item) => item.productType === 'STORY' && item.mediaType === 'VIDEO',
      ),
    ).toBe(true);
    const [mixed] = publishedFor(accountA.platformId).filter((item) => item.caption === 'Misto');
    expect(mixed!.children).toHaveLength(2);
  });

  it('prepares a scheduled Reel ahead of time and publishes it at its time', async () => {
    platform.emulator.configure({ videoProcessingMs: 3 * MINUTE });
    try {
      const scheduledFor = now() + 60 * MINUTE;
      const created = await create({
        content: 'Reel na hora',
        mediaItems: [{ type: 'video', url: reelUrl }],
        platforms: [target(accountA)],
        scheduledFor: new Date(scheduledFor).toISOString(),
      });
      await settle(platform.server);
      const post = await get(created.body.post.id);
      expect(post.status).toBe('published');
      // Processing took 3 minutes, started 5 minutes early: published at the time asked.
      expect(Date.parse(post.platforms[0].publishedAt)).toBe(scheduledFor);
    } finally {
      platform.emulator.configure({ videoProcessingMs: 0 });
    }
  });

  it('converts a PNG to JPEG for the platform and keeps the original', async () => {
    platform.emulator.configure({ fetchMedia: true });
    try {
      const created = await create({
        content: 'PNG',
        mediaItems: [{ type: 'image', url: media.image(1080, 1080, 'png', 9) }],
        platforms: [target(accountA)],
      });
      await settle(platform.server);
      await platform.emulator.idle();
      await settle(platform.server);
      const post = await get(created.body.post.id);
      expect(post.status).toBe('published');
      expect(post.mediaItems[0].url).toBe(media.image(1080, 1080, 'png', 9));
    } finally {
      platform.emulator.configure({ fetchMedia: false });
    }
  });
});
