/**
 * Recurring posts over real HTTP on both databases, published on the emulator: a weekly
 * series in New York keeps 09:00 across the March change; occurrences are created as they
 * enter the 75-day window, each publishes once; changing the caption of all following
 * occurrences leaves the published ones as they were; a new rule from an occurrence
 * replaces the ones after it; stopping cancels what waits; refused rules say why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '@reelay/server';
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
const DAY = 86_400_000;
// A Monday three weeks before the 2027 March change in New York (Sunday 2027-03-14).
const NOW = Date.parse('2027-02-22T15:00:00Z');
const FIRST = '2027-03-01T14:00:00.000Z'; // Monday 09:00 EST

describe.each(testDialects())('recurring posts on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let integrationId: string;
  let mediaId: string;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      clock: createManualClock(NOW),
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
    integrationId = (await connectThroughPlatform(platform, owner)).body.integration.id;
    const uploaded = await api('POST', '/v1/media', { url: media.image(1080, 1350) });
    mediaId = uploaded.body.media.id;
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
  });

  const api = (method: string, path: string, body?: unknown) =>
    call(platform.server.url, method, path, body, owner.key);
  const published = (caption: string) =>
    platform.emulator.published().filter((item) => item.caption === caption).length;
  const weekly = (content: string, rrule = 'FREQ=WEEKLY;BYDAY=MO', scheduledFor = FIRST) =>
    api('POST', '/v1/posts', {
      content,
      mediaItems: [{ mediaId }],
      platforms: [{ platform: 'instagram', accountId: integrationId }],
      scheduledFor,
      timezone: 'America/New_York',
      recurrence: { rrule },
    });
  const series = async (id: string, upcoming = 10) =>
    (await api('GET', `/v1/series/${id}?upcoming=${upcoming}`)).body.series;
  const runJobs = () => platform.server.reelay.tasks.runDueJobs();

  it('keeps 09:00 in New York across the March change, in UTC instants', async () => {
    const created = await weekly('Cardápio da semana', 'FREQ=WEEKLY;BYDAY=MO;COUNT=20');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { post } = created.body;
    expect(post.series).toMatchObject({ index: 1 });
    expect(post.scheduledFor).toBe(FIRST);

    const before = await series(post.series.id, 4);
    expect(before).toMatchObject({
      status: 'active',
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=20',
      timezone: 'America/New_York',
      occurrences: 20,
      firstPostId: post.id,
    });
    expect(before.posts.map((o: any) => [o.index, o.at, o.postId])).toEqual([[1, FIRST, post.id]]);
    expect(before.upcoming.map((o: any) => [o.index, o.at, o.local])).toEqual([
      [2, '2027-03-08T14:00:00.000Z', '2027-03-08T09:00'],
      [3, '2027-03-15T13:00:00.000Z', '2027-03-15T09:00'],
      [4, '2027-03-22T13:00:00.000Z', '2027-03-22T09:00'],
      [5, '2027-03-29T13:00:00.000Z', '2027-03-29T09:00'],
    ]);
  });

  it('creates each occurrence as it enters the 75-day window, and publishes each once', async () => {
    const created = await weekly('Menu de segunda');
    const id = created.body.post.series.id as string;
    await runJobs();
    const now = platform.server.clock.now();
    const inWindow = (await series(id, 0)).posts as Array<{ at: string; postId: string }>;
    // Every Monday from March 1 up to 75 days from now, and nothing after.
    expect(inWindow.length).toBeGreaterThanOrEqual(10);
    for (const occurrence of inWindow) {
      expect(Date.parse(occurrence.at)).toBeLessThanOrEqual(now + 75 * DAY);
    }
    const next = (await series(id, 1)).upcoming[0];
    expect(Date.parse(next.at)).toBeGreaterThan(now + 75 * DAY);
    // Each occurrence is an ordinary scheduled post of the series.
    const second = await api('GET', `/v1/posts/${inWindow[1]!.postId}`);
    expect(second.body.post).toMatchObject({
      status: 'scheduled',
      content: 'Menu de segunda',
      scheduledFor: '2027-03-08T14:00:00.000Z',
      series: { id, index: 2 },
    });

    // Through the first two Mondays: published twice, once each; the Mondays that entered
    // the window meanwhile are created, none twice.
    await settle(platform.server, { until: Date.parse('2027-03-08T14:10:00Z') });
    expect(published('Menu de segunda')).toBe(2);
    const later = platform.server.clock.now();
    const after = (await series(id, 1)) as {
      posts: Array<{ index: number; at: string; status: string }>;
      upcoming: Array<{ at: string }>;
    };
    expect(after.posts.length).toBeGreaterThan(inWindow.length);
    expect(after.posts.map((o) => o.index)).toEqual(after.posts.map((_, i) => i + 1));
    expect(Date.parse(after.posts.at(-1)!.at)).toBeLessThanOrEqual(later + 75 * DAY);
    expect(Date.parse(after.upcoming[0]!.at)).toBeGreaterThan(later + 75 * DAY);
    expect(after.posts.slice(0, 3).map((o) => o.status)).toEqual([
      'published',
      'published',
      'scheduled',
    ]);
  });

  it('changes the caption of all following occurrences and leaves the published ones', async () => {
    platform.server.clock.set(NOW);
    const created = await weekly('Promoção da semana', 'FREQ=WEEKLY;BYDAY=MO;COUNT=6');
    const id = created.body.post.series.id as string;
    await settle(platform.server, { until: Date.parse(FIRST) + 10 * MINUTE });
    expect(published('Promoção da semana')).toBe(1);

    const changed = await api('PATCH', `/v1/series/${id}`, { content: 'Promoção nova' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const posts = changed.body.series.posts as Array<{ index: number; postId: string }>;
    const contents = await Promise.all(
      posts.map(async (o) => (await api('GET', `/v1/posts/${o.postId}`)).body.post.content),
    );
    expect(contents[0]).toBe('Promoção da semana');
    expect(new Set(contents.slice(1))).toEqual(new Set(['Promoção nova']));
    await settle(platform.server, { until: Date.parse('2027-03-08T14:10:00Z') });
    expect(published('Promoção da semana')).toBe(1);
    expect(published('Promoção nova')).toBe(1);
  });

  it('applies a new rule from an occurrence on, and stops with its waiting posts cancelled', async () => {
    platform.server.clock.set(NOW);
    const created = await weekly('Dica de sexta', 'FREQ=WEEKLY;BYDAY=MO;COUNT=8');
    const id = created.body.post.series.id as string;
    await runJobs();
    const before = (await series(id, 0)).posts as Array<{ index: number; postId: string }>;
    expect(before).toHaveLength(8);
    const third = before[2]!;

    // From the third on: Fridays instead of Mondays (the third keeps its time).
    const changed = await api('PATCH', `/v1/series/${id}`, {
      rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=3',
      fromPostId: third.postId,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    for (const old of before.slice(3)) {
      expect((await api('GET', `/v1/posts/${old.postId}`)).body.post.status).toBe('cancelled');
    }
    await runJobs();
    const after = (await series(id, 0)).posts as Array<{ index: number; at: string }>;
    expect(after.map((o) => [o.index, o.at])).toEqual([
      [1, FIRST],
      [2, '2027-03-08T14:00:00.000Z'],
      [3, '2027-03-15T13:00:00.000Z'],
      [4, '2027-03-19T13:00:00.000Z'], // Friday 09:00 EDT
      [5, '2027-03-26T13:00:00.000Z'],
    ]);
    expect((await series(id)).status).toBe('ended');

    const another = await weekly('Bom dia de segunda', 'FREQ=WEEKLY;BYDAY=MO');
    const otherId = another.body.post.series.id as string;
    await runJobs();
    const waiting = (await series(otherId, 0)).posts.map((o: any) => o.postId);
    const stopped = await api('DELETE', `/v1/series/${otherId}`);
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body.series.status).toBe('stopped');
    expect([...stopped.body.cancelledPostIds].sort()).toEqual([...waiting].sort());
    platform.server.clock.set(NOW + 30 * DAY);
    await runJobs();
    expect((await series(otherId, 0)).posts).toHaveLength(waiting.length);
    const changedStopped = await api('PATCH', `/v1/series/${otherId}`, { content: 'x' });
    expect(changedStopped.body.code).toBe('SERIES_STOPPED');
    expect(
      (await api('GET', '/v1/series?status=stopped')).body.series.map((s: any) => s.id),
    ).toContain(otherId);
  });

  it('keeps the media of an active series from deletion until it stops', async () => {
    platform.server.clock.set(NOW);
    const own = (await api('POST', '/v1/media', { url: media.image(1080, 1080) })).body.media
      .id as string;
    const created = await api('POST', '/v1/posts', {
      content: 'Resumo do semestre',
      mediaItems: [{ mediaId: own }],
      platforms: [{ platform: 'instagram', accountId: integrationId }],
      scheduledFor: FIRST,
      timezone: 'America/New_York',
      recurrence: { rrule: 'FREQ=MONTHLY;INTERVAL=6' },
    });
    const { post } = created.body;
    const id = post.series.id as string;
    await runJobs();
    // The first occurrence cancelled, the next one six months away: no post waits with it.
    expect((await api('DELETE', `/v1/posts/${post.id}`)).body.post.status).toBe('cancelled');
    expect((await series(id, 0)).posts).toHaveLength(1);

    const refused = await api('DELETE', `/v1/media/${own}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'MEDIA_IN_USE',
      details: { postIds: [], seriesIds: [id] },
    });
    expect((await api('GET', `/v1/media/${own}`)).status).toBe(200);

    expect((await api('DELETE', `/v1/series/${id}`)).status).toBe(200);
    expect((await api('DELETE', `/v1/media/${own}`)).status).toBe(200);
  });

  it('refuses rules it cannot bound, saying why, and writes nothing', async () => {
    platform.server.clock.set(NOW);
    const hourly = await weekly('Nunca', 'FREQ=HOURLY');
    expect(hourly.status).toBe(400);
    expect(hourly.body.details).toMatchObject({ field: 'recurrence.rrule' });
    const tooMany = await weekly('Nunca', 'FREQ=DAILY;UNTIL=20300101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain('366');
    const noTime = await api('POST', '/v1/posts', {
      content: 'Nunca',
      mediaItems: [{ mediaId }],
      platforms: [{ platform: 'instagram', accountId: integrationId }],
      recurrence: { rrule: 'FREQ=DAILY' },
    });
    expect(noTime.status).toBe(400);
    expect(noTime.body.details).toMatchObject({ field: 'recurrence' });
    const posts = await api('GET', '/v1/posts?limit=100');
    expect(posts.body.posts.filter((p: any) => p.content === 'Nunca')).toEqual([]);
    expect((await api('GET', '/v1/series/ser_01jd8k2m3n4p5q6r7s8t9v0wxy')).status).toBe(404);
  });
});
