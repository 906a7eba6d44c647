/**
 * Feeds over real HTTP on both databases, read from a feed server on 127.0.0.1: an RSS
 * feed's two items become two drafts with their images (an enclosure, and the linked
 * page's og:image); a feed whose ETag did not change answers 304 and creates nothing, a
 * changed one with the same items creates nothing either; checks racing on an item record
 * it once; Atom and JSON Feed parse; the scheduled check runs from the job queue every 15
 * minutes; a queued feed takes the next free posting slot; a private or unreachable URL is
 * refused as a media URL is; ten failures in a row pause the feed with the reason, and
 * resuming starts over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '@reelay/server';
import { testDialects } from '@reelay/test-support/dialects';
import { rssFeed, startFeedServer, type FeedServer } from '@reelay/test-support/feed-server';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const NOW = Date.parse('2027-02-22T15:00:00Z');
const MINUTE = 60_000;

describe.each(testDialects())('feeds on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let feeds: FeedServer;
  let owner: Account;
  let integrationId: string;
  const clock = createManualClock(NOW);

  beforeAll(async () => {
    media = await startMediaServer();
    feeds = await startFeedServer();
    platform = await startWithEmulator(dialect, {
      clock,
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    integrationId = (await connectThroughPlatform(platform, owner)).body.integration.id;
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
    await feeds?.close();
  });

  const api = (method: string, path: string, body?: unknown) =>
    call(platform.server.url, method, path, body, owner.key);
  const follow = async (url: string, fields: Record<string, unknown> = {}) => {
    const created = await api('POST', '/v1/feeds', {
      url,
      integrationIds: [integrationId],
      mode: 'draft',
      ...fields,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.feed;
  };
  const check = async (id: string) => {
    const answer = await api('POST', `/v1/feeds/${id}/check`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { feed: any; check: any };
  };
  const post = async (id: string) => (await api('GET', `/v1/posts/${id}`)).body.post;
  const requestsTo = (path: string) => feeds.requests.filter((request) => request.path === path);

  it('turns two RSS items into two drafts with their images, once, and a 304 into nothing', async () => {
    const page = feeds.serve(
      '/blog/segundo',
      `<html><head><meta content="${media.image(1080, 1080, 'jpg', 2)}" property="og:image"></head><body>…</body></html>`,
      'text/html',
    );
    const items = [
      {
        guid: 'item-1',
        title: 'Primeiro &amp; melhor',
        link: 'https://blog.example.com/primeiro',
        extra: `<description>&lt;p&gt;Olá &lt;b&gt;mundo&lt;/b&gt;&lt;/p&gt;</description><enclosure url="${media.image(1080, 1350, 'jpg', 1)}" type="image/jpeg" length="1000"/>`,
      },
      { guid: 'item-2', title: 'Segundo', link: page },
    ];
    const url = feeds.serve('/rss.xml', rssFeed('Blog do Café', items), 'application/rss+xml');
    const feed = await follow(url);
    expect(feed).toMatchObject({
      id: expect.stringMatching(/^fed_/),
      url,
      title: 'Blog do Café',
      mode: 'draft',
      captionTemplate: '{title}\n\n{link}',
      integrationIds: [integrationId],
      profileId: null,
      status: 'active',
      pausedReason: null,
      consecutiveFailures: 0,
      lastCheckedAt: null,
      nextCheckAt: new Date(NOW).toISOString(),
    });

    const first = await check(feed.id);
    expect(first.check).toMatchObject({
      outcome: 'fetched',
      itemsSeen: 2,
      newItems: 2,
      skipped: [],
      error: null,
    });
    expect(first.check.postIds).toHaveLength(2);
    // Oldest first, and a feed without dates lists its newest first: the second item first.
    const [two, one] = await Promise.all(first.check.postIds.map(post));
    expect(one).toMatchObject({
      status: 'draft',
      content: 'Primeiro & melhor\n\nhttps://blog.example.com/primeiro',
    });
    expect(two).toMatchObject({ status: 'draft', content: `Segundo\n\n${page}` });
    for (const draft of [one, two]) {
      expect(draft.mediaItems).toHaveLength(1);
      expect(draft.mediaItems[0]).toMatchObject({ type: 'image' });
      expect(draft.problems).toEqual([]);
    }
    expect(first.feed).toMatchObject({
      lastCheckedAt: new Date(NOW).toISOString(),
      consecutiveFailures: 0,
    });

    // New content, the same items: read again, nothing created.
    feeds.serve(
      '/rss.xml',
      rssFeed('Blog do Café', [{ ...items[0]!, title: 'Primeiro (editado)' }, items[1]!]),
      'application/rss+xml',
    );
    const second = await check(feed.id);
    expect(second.check).toMatchObject({
      outcome: 'fetched',
      itemsSeen: 2,
      newItems: 0,
      postIds: [],
    });

    // Unchanged: the ETag answers 304, and nothing is created.
    const third = await check(feed.id);
    expect(third.check).toMatchObject({ outcome: 'not_modified', itemsSeen: 0, postIds: [] });
    const sent = requestsTo('/rss.xml');
    expect(sent.map((request) => request.status)).toEqual([200, 200, 200, 304]);
    expect(sent[0]!.ifNoneMatch).toBeNull(); // POST reads it without validators
    expect(sent[3]!.ifNoneMatch).toMatch(/^"/);
    expect(sent[3]!.ifModifiedSince).toMatch(/GMT$/);

    const drafts = await api('GET', '/v1/posts?status=draft&limit=100');
    const fromFeed = drafts.body.posts.filter((p: any) => first.check.postIds.includes(p.id));
    expect(fromFeed).toHaveLength(2);
  });

  it('records an item once when two checks race on it', async () => {
    const url = feeds.serve(
      '/race.xml',
      rssFeed('Corrida', [
        {
          guid: 'corrida-1',
          title: 'Só uma vez',
          link: 'https://blog.example.com/corrida',
          extra: `<enclosure url="${media.image(1080, 1080, 'jpg', 9)}" type="image/jpeg"/>`,
        },
      ]),
      'application/rss+xml',
    );
    const feed = await follow(url);
    const both = await Promise.all([check(feed.id), check(feed.id), check(feed.id)]);
    expect(both.flatMap((one) => one.check.postIds)).toHaveLength(1);
    const drafts = await api('GET', '/v1/posts?status=draft&limit=100');
    expect(drafts.body.posts.filter((p: any) => p.content.startsWith('Só uma vez'))).toHaveLength(
      1,
    );
  });

  it('reads an Atom feed and a JSON Feed, the summary without its HTML', async () => {
    const atom = feeds.serve(
      '/atom.xml',
      `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom do Café</title><id>urn:cafe</id><updated>2027-02-20T10:00:00Z</updated><entry><id>urn:cafe:1</id><title>Novo grão</title><link rel="alternate" href="https://blog.example.com/grao"/><link rel="enclosure" type="image/jpeg" href="${media.image(1080, 1080, 'jpg', 3)}"/><summary type="html">&lt;p&gt;Chegou o &lt;em&gt;grão&lt;/em&gt; novo.&lt;/p&gt;</summary><updated>2027-02-20T10:00:00Z</updated></entry></feed>`,
      'application/atom+xml',
    );
    const json = feeds.serve(
      '/feed.json',
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'JSON do Café',
        items: [
          {
            id: 'json-1',
            url: 'https://blog.example.com/json-1',
            title: 'Bolo de fubá',
            content_html: '<p>Receita da <strong>vó</strong>.</p>',
            image: media.image(1080, 1080, 'png', 4),
          },
        ],
      }),
      'application/feed+json',
    );
    const template = '{title}: {summary} {link}';
    for (const [url, title, caption] of [
      [atom, 'Atom do Café', 'Novo grão: Chegou o grão novo. https://blog.example.com/grao'],
      [json, 'JSON do Café', 'Bolo de fubá: Receita da vó. https://blog.example.com/json-1'],
    ] as const) {
      const feed = await follow(url, { captionTemplate: template });
      expect(feed.title).toBe(title);
      const { check: result } = await check(feed.id);
      expect(result).toMatchObject({ outcome: 'fetched', itemsSeen: 1, newItems: 1 });
      const draft = await post(result.postIds[0]);
      expect(draft.content).toBe(caption);
      expect(draft.mediaItems).toHaveLength(1);
    }
  });

  it('checks from the job queue every 15 minutes, with conditional requests', async () => {
    const url = feeds.serve(
      '/scheduled.xml',
      rssFeed('Agenda', [
        {
          guid: 'agenda-1',
          title: 'Na agenda',
          link: 'https://blog.example.com/agenda',
          extra: `<media:content url="${media.image(1080, 1080, 'jpg', 5)}" medium="image"/>`,
        },
      ]),
      'application/rss+xml',
    );
    const feed = await follow(url);
    await platform.server.reelay.tasks.runDueJobs();
    expect(requestsTo('/scheduled.xml').map((request) => request.status)).toEqual([200, 200]);
    const read = (await api('GET', `/v1/feeds/${feed.id}`)).body.feed;
    expect(read.nextCheckAt).toBe(new Date(NOW + 15 * MINUTE).toISOString());
    const posts = await api('GET', '/v1/posts?status=draft&limit=100');
    expect(posts.body.posts.filter((p: any) => p.content.startsWith('Na agenda'))).toHaveLength(1);

    clock.advance(15 * MINUTE);
    await platform.server.reelay.tasks.runDueJobs();
    expect(requestsTo('/scheduled.xml').map((request) => request.status)).toEqual([200, 200, 304]);
    clock.advance(-15 * MINUTE);
  });

  it('puts each new item of a queued feed into the next free posting slot', async () => {
    const slots = await api('PUT', `/v1/integrations/${integrationId}/slots`, {
      timezone: 'UTC',
      slots: [{ day: 'tuesday', time: '09:00' }],
    });
    expect(slots.status, JSON.stringify(slots.body)).toBe(200);
    const url = feeds.serve(
      '/queue.xml',
      rssFeed('Fila', [
        {
          guid: 'fila-1',
          title: 'Para a fila',
          link: 'https://blog.example.com/fila',
          extra: `<enclosure url="${media.image(1080, 1350, 'jpg', 6)}" type="image/jpeg"/>`,
        },
      ]),
      'application/rss+xml',
    );
    const feed = await follow(url, { mode: 'queue' });
    const { check: result } = await check(feed.id);
    expect(result.postIds).toHaveLength(1);
    const queued = await post(result.postIds[0]);
    expect(queued).toMatchObject({ status: 'scheduled', scheduledFor: '2027-02-23T09:00:00.000Z' });
  });

  it('refuses a private or unreachable feed URL with the code a media URL gets', async () => {
    const closed = 'http://127.0.0.1:9/feed.xml';
    for (const url of ['http://169.254.169.254/latest/feed.xml', closed]) {
      const asMedia = await api('POST', '/v1/media', { url });
      const asFeed = await api('POST', '/v1/feeds', {
        url,
        integrationIds: [integrationId],
        mode: 'draft',
      });
      expect(asFeed.status).toBe(asMedia.status);
      expect(asFeed.body.code).toBe(asMedia.body.code);
      expect(asFeed.body.code).toBe('MEDIA_UNREACHABLE');
    }
    const page = feeds.serve('/not-a-feed', '<html><body>Olá</body></html>', 'text/html');
    const notFeed = await api('POST', '/v1/feeds', {
      url: page,
      integrationIds: [integrationId],
      mode: 'draft',
    });
    expect(notFeed.status).toBe(400);
    expect(notFeed.body.code).toBe('FEED_INVALID');
    const both = await api('POST', '/v1/feeds', {
      url: page,
      integrationIds: [integrationId],
      profileId: 'prf_01jd8k2m3n4p5q6r7s8t9v0wxy',
      mode: 'draft',
    });
    expect(both.body.code).toBe('VALIDATION_ERROR');
    const stranger = await api('POST', '/v1/feeds', {
      url: page,
      integrationIds: ['int_01jd8k2m3n4p5q6r7s8t9v0wxy'],
      mode: 'draft',
    });
    expect(stranger.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { issues: [{ field: 'integrationIds[0]' }] },
    });
  });

  it('pauses a feed after ten failures in a row, with the reason; resuming starts over', async () => {
    const url = feeds.serve(
      '/flaky.xml',
      rssFeed('Instável', [{ guid: 'x', title: 'x', link: 'https://blog.example.com/x' }]),
      'application/rss+xml',
    );
    const feed = await follow(url);
    feeds.fail('/flaky.xml', 500);
    for (let attempt = 1; attempt <= 9; attempt++) {
      const { check: result, feed: after } = await check(feed.id);
      expect(result).toMatchObject({
        outcome: 'failed',
        error: { code: 'MEDIA_FETCH_FAILED' },
      });
      expect(after).toMatchObject({ status: 'active', consecutiveFailures: attempt });
    }
    const tenth = await check(feed.id);
    expect(tenth.feed).toMatchObject({
      status: 'paused',
      consecutiveFailures: 10,
      nextCheckAt: null,
      lastError: { code: 'MEDIA_FETCH_FAILED', message: expect.stringContaining('500') },
      pausedReason: expect.stringMatching(/10 leituras com falha seguidas.*500/),
    });
    // Paused: the scheduled check does not read it.
    const before = requestsTo('/flaky.xml').length;
    await platform.server.reelay.tasks.runDueJobs();
    expect(requestsTo('/flaky.xml')).toHaveLength(before);

    feeds.fail('/flaky.xml', null);
    const resumed = await api('PATCH', `/v1/feeds/${feed.id}`, { paused: false });
    expect(resumed.body.feed).toMatchObject({
      status: 'active',
      pausedReason: null,
      consecutiveFailures: 0,
    });
    await platform.server.reelay.tasks.runDueJobs();
    const read = (await api('GET', `/v1/feeds/${feed.id}`)).body.feed;
    expect(read).toMatchObject({ status: 'active', consecutiveFailures: 0, lastError: null });

    const paused = await api('PATCH', `/v1/feeds/${feed.id}`, { paused: true });
    expect(paused.body.feed).toMatchObject({ status: 'paused', nextCheckAt: null });
    expect(paused.body.feed.pausedReason).toBeTruthy();
    expect((await api('DELETE', `/v1/feeds/${feed.id}`)).status).toBe(204);
    expect((await api('GET', `/v1/feeds/${feed.id}`)).status).toBe(404);
  });
});
