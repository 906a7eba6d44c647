/**
 * Insights over real HTTP, against the emulator, on every database: a post's metrics per
 * account (read from the platform at most once an hour, or when forced; "Not enough
 * viewers"; targets not published; failures that keep the last metrics), the deprecated
 * metrics never asked for, tenant isolation, and an account's metrics per day with the
 * range rules.
 */
import { readFileSync } from 'node:fs';
import { FEW_VIEWERS_MARKER } from '@reelay/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInsightsOfTargets } from '../src/store/post-insights';
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
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DEPRECATED = [
  'impressions',
  'plays',
  'video_views',
  'clips_replays_count',
  'ig_reels_aggregated_all_plays_count',
];

describe.each(testDialects())('insights on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let stranger: Account;
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
    owner = await createAccount(platform.server.url);
    stranger = await createAccount(platform.server.url);
    for (const name of ['a', 'b'] as const) {
      const connected = await connectThroughPlatform(platform, owner, {
        username: `metrica.${name}`,
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
    await platform?.close();
    await media?.close();
  });

  const url = () => platform.server.url;
  const now = () => platform.server.clock.now();
  const advance = (ms: number) => platform.server.clock.set(now() + ms);
  const target = (entry: { id: string }) => ({ platform: 'instagram', accountId: entry.id });
  const image = (seed: number, height = 1350) => ({
    type: 'image',
    url: media.image(1080, height, 'jpg', seed),
  });
  const insights = (postId: string, query = '', as: Account = owner) =>
    call(url(), 'GET', `/v1/posts/${postId}/insights${query}`, undefined, as.key);
  const accountInsights = (id: string, query = '', as: Account = owner) =>
    call(url(), 'GET', `/v1/integrations/${id}/insights${query}`, undefined, as.key);
  /** The insights requests the emulator received for a media. */
  const platformReads = (mediaId: string) =>
    platform.emulator.requests({ path: `/${mediaId}/insights` });

  async function publish(body: Record<string, unknown>) {
    const created = await call(url(), 'POST', '/v1/posts', body, owner.key);
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    await settle(platform.server);
    const post = (
      await call(url(), 'GET', `/v1/posts/${created.body.post.id}`, undefined, owner.key)
    ).body.post;
    return post as { id: string; status: string; platforms: Array<Record<string, any>> };
  }

  /** What the emulator itself answers for a media now, with a token of its own. */
  async function emulatorValues(platformId: string, mediaId: string, metrics: string[]) {
    const { access_token } = platform.emulator.mintToken(platformId);
    const answer = await fetch(
      `${platform.emulator.url}/v25.0/${mediaId}/insights?metric=${metrics.join(',')}&access_token=${access_token}`,
    );
    const body = (await answer.json()) as { data: { name: string; values: { value: number }[] }[] };
    return Object.fromEntries(body.data.map((entry) => [entry.name, entry.values[0]!.value]));
  }

  it('reads a feed post from the platform, then from the store until an hour passes or force=true', async () => {
    const post = await publish({
      content: 'Métricas',
      mediaItems: [image(1)],
      platforms: [target(accountA)],
    });
    const mediaId = post.platforms[0]!.platformPostId as string;
    advance(2 * HOUR);

    const first = await insights(post.id);
    expect(first.status).toBe(200);
    expect(first.body.postId).toBe(post.id);
    const [entry] = first.body.platforms;
    expect(entry).toMatchObject({
      targetId: post.platforms[0]!.id,
      integrationId: accountA.id,
      platformPostId: mediaId,
      reason: null,
      checkedLive: true,
      errorCode: null,
      errorMessage: null,
      fetchedAt: new Date(now()).toISOString(),
    });
    expect(platformReads(mediaId)).toHaveLength(1);
    const fromEmulator = await emulatorValues(accountA.platformId, mediaId, [
      'views',
      'reach',
      'likes',
      'comments',
      'saved',
      'shares',
      'total_interactions',
    ]);
    expect(entry.metrics).toEqual({
      views: fromEmulator.views,
      reach: fromEmulator.reach,
      likes: fromEmulator.likes,
      comments: fromEmulator.comments,
      saved: fromEmulator.saved,
      shares: fromEmulator.shares,
      totalInteractions: fromEmulator.total_interactions,
      avgWatchTimeMs: null,
      totalWatchTimeMs: null,
      navigation: null,
      replies: null,
    });
    expect(entry.metrics.reach).toBeGreaterThan(0);
    // Forget the reads so far, this test's own included: only Reelay's count from here.
    platform.emulator.clearRequests();

    // Within the hour: the stored read, and no call to the platform.
    advance(59 * MINUTE);
    const cached = await insights(post.id);
    expect(cached.body.platforms[0]).toMatchObject({
      checkedLive: false,
      fetchedAt: entry.fetchedAt,
      metrics: entry.metrics,
    });
    expect(platformReads(mediaId)).toHaveLength(0);

    // An hour after the last read: asked again, and the numbers grew.
    advance(MINUTE);
    const later = await insights(post.id);
    expect(later.body.platforms[0].checkedLive).toBe(true);
    expect(later.body.platforms[0].fetchedAt).toBe(new Date(now()).toISOString());
    expect(later.body.platforms[0].metrics.reach).toBeGreaterThan(entry.metrics.reach);
    expect(later.body.platforms[0].metrics.views).toBeGreaterThan(entry.metrics.views);
    expect(platformReads(mediaId)).toHaveLength(1);

    // force=true asks now, even right after a read.
    advance(10 * MINUTE);
    const forced = await insights(post.id, '?force=true');
    expect(forced.body.platforms[0].checkedLive).toBe(true);
    expect(forced.body.platforms[0].metrics.reach).toBeGreaterThan(
      later.body.platforms[0].metrics.reach,
    );
    expect(platformReads(mediaId)).toHaveLength(2);
    expect((await insights(post.id, '?force=false')).body.platforms[0].checkedLive).toBe(false);
    expect(platformReads(mediaId)).toHaveLength(2);
  });

  it('reads the metrics of reels and stories, and never asks for a deprecated metric', async () => {
    const reel = await publish({
      content: 'Reel',
      mediaItems: [{ type: 'video', url: reelUrl }],
      platforms: [target(accountA)],
    });
    const story = await publish({
      kind: 'story',
      mediaItems: [image(2, 1920)],
      platforms: [target(accountA)],
    });
    advance(3 * HOUR);
    const reelMetrics = (await insights(reel.id)).body.platforms[0].metrics;
    expect(reelMetrics.avgWatchTimeMs).toBeGreaterThan(0);
    expect(reelMetrics.totalWatchTimeMs).toBeGreaterThan(0);
    expect(reelMetrics.likes).not.toBeNull();
    expect(reelMetrics.navigation).toBeNull();
    const storyEntry = (await insights(story.id)).body.platforms[0];
    expect(storyEntry.reason).toBeNull();
    expect(storyEntry.metrics.navigation).not.toBeNull();
    expect(storyEntry.metrics.replies).not.toBeNull();
    expect(storyEntry.metrics.likes).toBeNull();
    expect(storyEntry.metrics.avgWatchTimeMs).toBeNull();

    const asked = platform.emulator
      .requests({ path: '/insights' })
      .flatMap((request) => (request.params.metric ?? '').split(','));
    expect(asked).toContain('ig_reels_avg_watch_time');
    expect(asked).toContain('navigation');
    for (const metric of DEPRECATED) expect(asked).not.toContain(metric);
  });

  it('answers "not enough viewers" as a reason with null metrics, not as an error', async () => {
    const post = await publish({
      content: `Poucas pessoas ${FEW_VIEWERS_MARKER}`,
      mediaItems: [image(3)],
      platforms: [target(accountA)],
    });
    const answer = await insights(post.id);
    expect(answer.status).toBe(200);
    const [entry] = answer.body.platforms;
    expect(entry).toMatchObject({
      reason: 'not_enough_viewers',
      errorCode: null,
      checkedLive: true,
      fetchedAt: new Date(now()).toISOString(),
    });
    expect(Object.values(entry.metrics).every((value) => value === null)).toBe(true);
    // The answer is kept for the hour like any other.
    expect((await insights(post.id)).body.platforms[0]).toMatchObject({
      reason: 'not_enough_viewers',
      checkedLive: false,
    });
    expect(platformReads(entry.platformPostId)).toHaveLength(1);
  });

  it('drops a metric the platform refuses and keeps the others', async () => {
    const post = await publish({
      content: 'Sem salvos',
      mediaItems: [image(4)],
      platforms: [target(accountA)],
    });
    const mediaId = post.platforms[0]!.platformPostId as string;
    advance(HOUR);
    platform.emulator.addFault({
      path: `/${mediaId}/insights`,
      code: 100,
      message:
        '(#100) The Media Insights API does not support the saved metric for this media product type.',
    });
    const [entry] = (await insights(post.id)).body.platforms;
    expect(entry.errorCode).toBeNull();
    expect(entry.metrics.saved).toBeNull();
    expect(entry.metrics.reach).toBeGreaterThan(0);
    const reads = platformReads(mediaId);
    expect(reads).toHaveLength(2);
    expect(reads[1]!.params.metric!.split(',')).not.toContain('saved');
  });

  it('reports an account where the post was not published without asking the platform', async () => {
    const before = platform.emulator.requests({ path: '/insights' }).length;
    platform.emulator.addFault({
      path: '/media_publish',
      account: accountB.platformId,
      code: 4,
      subcode: 2207051,
    });
    const post = await publish({
      content: 'Em duas contas',
      mediaItems: [image(5)],
      platforms: [target(accountA), target(accountB)],
    });
    expect(post.status).toBe('partial');
    const scheduled = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: 'Depois',
        mediaItems: [image(6)],
        platforms: [target(accountB)],
        scheduledFor: new Date(now() + DAY).toISOString(),
      },
      owner.key,
    );
    expect(scheduled.status).toBe(201);

    const answer = await insights(post.id);
    expect(answer.body.platforms.map((entry: { reason: string | null }) => entry.reason)).toEqual([
      null,
      'not_published',
    ]);
    expect(answer.body.platforms[1]).toMatchObject({
      integrationId: accountB.id,
      platformPostId: null,
      checkedLive: false,
      fetchedAt: null,
    });
    const waiting = await insights(scheduled.body.post.id);
    expect(waiting.status).toBe(200);
    expect(waiting.body.platforms[0].reason).toBe('not_published');
    // Only the published account was asked about.
    expect(platform.emulator.requests({ path: '/insights' }).length).toBe(before + 1);
  });

  it('keeps the last metrics and reports the failure when the platform cannot be asked', async () => {
    const connected = await connectThroughPlatform(platform, owner, { username: 'metrica.c' });
    const accountC = connected.body.integration.id as string;
    const post = await publish({
      content: 'Depois desconecto',
      mediaItems: [image(7)],
      platforms: [target({ id: accountC })],
    });
    advance(HOUR);
    const first = (await insights(post.id)).body.platforms[0];
    expect(first.metrics.reach).toBeGreaterThan(0);

    platform.emulator.revokeTokens(connected.platformAccountId);
    advance(2 * HOUR);
    const failed = await insights(post.id);
    expect(failed.status).toBe(200);
    expect(failed.body.platforms[0]).toMatchObject({
      checkedLive: true,
      errorCode: 'TOKEN_INVALID',
      reason: null,
      metrics: first.metrics,
      fetchedAt: first.fetchedAt,
    });
    expect(failed.body.platforms[0].errorMessage).toEqual(expect.any(String));

    // A disconnected account is not asked at all.
    const reads = platformReads(post.platforms[0]!.platformPostId).length;
    await call(url(), 'DELETE', `/v1/connect/integrations/${accountC}`, undefined, owner.key);
    const disconnected = await insights(post.id, '?force=true');
    expect(disconnected.body.platforms[0].errorCode).toBe('TOKEN_INVALID');
    expect(platformReads(post.platforms[0]!.platformPostId)).toHaveLength(reads);
  });

  it("answers 404 for another project's post or account, and for unknown ids", async () => {
    const post = await publish({
      content: 'Só meu',
      mediaItems: [image(8)],
      platforms: [target(accountA)],
    });
    const reads = platform.emulator.requests({ path: '/insights' }).length;
    for (const answer of [
      await insights(post.id, '', stranger),
      await insights(post.id, '?force=true', stranger),
      await insights('post_00000000000000000000000000'),
      await accountInsights(accountA.id, '', stranger),
      await accountInsights('int_00000000000000000000000000'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('NOT_FOUND');
    }
    expect(platform.emulator.requests({ path: '/insights' })).toHaveLength(reads);
    expect((await insights(post.id, '?force=maybe')).body.code).toBe('VALIDATION_ERROR');
  });

  it("reads an account's metrics per UTC day, the last 7 days by default", async () => {
    advance(DAY);
    const today = new Date(now()).toISOString().slice(0, 10);
    const dayBefore = (days: number) => new Date(now() - days * DAY).toISOString().slice(0, 10);

    const byDefault = await accountInsights(accountA.id);
    expect(byDefault.status).toBe(200);
    const read = byDefault.body.insights;
    expect(read).toMatchObject({
      integrationId: accountA.id,
      since: dayBefore(6),
      until: today,
      timezone: 'UTC',
      reason: null,
      fetchedAt: new Date(now()).toISOString(),
    });
    expect(read.days.map((day: { date: string }) => day.date)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map(dayBefore),
    );
    const yesterday = read.days[5];
    expect(yesterday.reach).toBeGreaterThan(0);
    expect(yesterday.views).toBeGreaterThan(0);
    expect(yesterday.followerCount).not.toBeNull();
    expect(read.totals.profileViews).toBeGreaterThan(0);
    expect(read.totals.accountsEngaged).toBeGreaterThan(0);
    const [series, totals] = platform.emulator.requests({
      path: `/${accountA.platformId}/insights`,
    });
    expect(series!.params).toMatchObject({ metric: 'reach,views,follower_count', period: 'day' });
    expect(totals!.params).toMatchObject({ metric_type: 'total_value' });

    const chosen = await accountInsights(
      accountA.id,
      `?since=${dayBefore(29)}&until=${dayBefore(0)}`,
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body.insights.days).toHaveLength(30);
  });

  it('erases the stored metrics with the user who owns them (DELETE /v1/me)', async () => {
    const leaving = await createAccount(url());
    const connected = await connectThroughPlatform(platform, leaving, { username: 'metrica.d' });
    const created = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        content: 'Vou embora',
        mediaItems: [image(9)],
        platforms: [target({ id: connected.body.integration.id })],
      },
      leaving.key,
    );
    await settle(platform.server);
    const postId = created.body.post.id as string;
    const answer = await insights(postId, '', leaving);
    const targetId = answer.body.platforms[0].targetId as string;
    const db = platform.server.reelay.context.db;
    expect((await findInsightsOfTargets(db, [targetId])).has(targetId)).toBe(true);
    expect((await call(url(), 'DELETE', '/v1/me', undefined, leaving.bearer)).status).toBe(204);
    expect((await findInsightsOfTargets(db, [targetId])).has(targetId)).toBe(false);
  });

  it("erases an account's stored metrics on the platform's data-deletion request", async () => {
    const connected = await connectThroughPlatform(platform, owner, { username: 'metrica.e' });
    const post = await publish({
      content: 'Apague meus dados',
      mediaItems: [image(10)],
      platforms: [target({ id: connected.body.integration.id })],
    });
    const targetId = (await insights(post.id)).body.platforms[0].targetId as string;
    const db = platform.server.reelay.context.db;
    expect((await findInsightsOfTargets(db, [targetId])).has(targetId)).toBe(true);
    const deletion = await platform.emulator.sendCallback('data-deletion', {
      url: `${url()}/v1/meta/data-deletion`,
      accountId: connected.platformAccountId,
    });
    expect(deletion.status).toBe(200);
    expect((await findInsightsOfTargets(db, [targetId])).has(targetId)).toBe(false);
    expect((await insights(post.id)).body.platforms[0]).toMatchObject({
      errorCode: 'TOKEN_INVALID',
      reason: 'not_available',
      fetchedAt: null,
    });
  });

  it('refuses account ranges the platform does not allow, naming the field', async () => {
    const today = new Date(now()).toISOString().slice(0, 10);
    const dayAfter = (from: string, days: number) =>
      new Date(Date.parse(`${from}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
    const reads = platform.emulator.requests({ path: '/insights' }).length;
    const cases: Array<[string, string]> = [
      [`?until=${dayAfter(today, 1)}`, 'until'],
      [`?since=${dayAfter(today, -3)}&until=${dayAfter(today, -5)}`, 'since'],
      [`?since=${dayAfter(today, -30)}&until=${today}`, 'until'],
      [`?since=${dayAfter(today, -40)}`, 'until'],
      ['?since=2026-02-30', 'since'],
      ['?until=hoje', 'until'],
    ];
    for (const [query, field] of cases) {
      const answer = await accountInsights(accountA.id, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
      expect(answer.body.details.field, query).toBe(field);
      expect(answer.body.message).toContain(field);
    }
    expect(platform.emulator.requests({ path: '/insights' })).toHaveLength(reads);
  });
});
