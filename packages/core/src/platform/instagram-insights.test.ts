/**
 * Insights through the client, over real HTTP: against the emulator (growth, product
 * types, "Not enough viewers", the missing permission, the request log proving which
 * metrics were asked), and against a scripted server for answers the emulator does not
 * give (a refused metric named by index, Pacific day stamps, numbers as text).
 */
import {
  createManualClock,
  FEW_VIEWERS_MARKER,
  startEmulator,
  type Emulator,
} from '@reelay/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createInstagramClient, type InstagramClient } from './instagram-client';
import {
  DEPRECATED_INSIGHT_METRICS,
  insightsFailure,
  isNotEnoughViewers,
  MEDIA_INSIGHT_METRICS,
  refusedMetric,
} from './instagram-insights';
import { InstagramPlatformError } from './instagram-platform-error';
import { mapPlatformError } from './map-platform-error';
import { malformedResponse } from './platform-http';
import { transportError } from './transport-error';
import { json, startScriptedServer, type ScriptedServer } from './testing/scripted-server';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 0, 1);

let emulator: Emulator;
let scripted: ScriptedServer;
let client: InstagramClient;
let scriptedClient: InstagramClient;

const clientFor = (url: string) =>
  createInstagramClient({
    appId: 'emulator-app-id',
    appSecret: 'emulator-app-secret',
    redirectUri: 'https://reelay.example/v1/connect/instagram/callback',
    authorizeUrl: url,
    apiUrl: url,
    graphUrl: url,
    timeouts: { connectMs: 1000, headersMs: 1000, bodyMs: 1000, totalMs: 3000 },
  });

beforeAll(async () => {
  emulator = await startEmulator({
    seed: 'insights',
    clock: createManualClock(START),
    fetchMedia: false,
    videoProcessingMs: 0,
  });
  scripted = await startScriptedServer(() => json('{}'));
  client = clientFor(emulator.url);
  scriptedClient = clientFor(scripted.url);
});

afterAll(async () => {
  await client.close();
  await scriptedClient.close();
  await emulator.close();
  await scripted.close();
});

beforeEach(() => emulator.reset());

function account(username: string, scopes?: string[]) {
  const { id } = emulator.createAccount({ username });
  const minted = emulator.mintToken(id, scopes ? { scopes } : {});
  return { accessToken: minted.access_token, igUserId: minted.user_id };
}

async function publish(
  who: { accessToken: string; igUserId: string },
  params: Record<string, string>,
): Promise<string> {
  const { id } = await client.createContainer({ ...who, params });
  return (await client.publishContainer({ ...who, creationId: id })).id;
}

describe('media insights against the emulator', () => {
  it('reads every metric of a feed post, and larger values an hour later', async () => {
    const who = account('cafe.aurora');
    const mediaId = await publish(who, { image_url: 'https://cdn.example.com/a.jpg' });
    emulator.advance(2 * HOUR);
    const first = await client.getMediaInsights({ ...who, mediaId, productType: 'FEED' });
    expect(first.reason).toBeNull();
    expect(first.dropped).toEqual([]);
    expect(Object.keys(first.values)).toEqual([...MEDIA_INSIGHT_METRICS.FEED]);
    for (const value of Object.values(first.values)) expect(typeof value).toBe('number');
    emulator.advance(HOUR);
    const later = await client.getMediaInsights({ ...who, mediaId, productType: 'FEED' });
    expect(later.values.reach!).toBeGreaterThan(first.values.reach!);
    expect(later.values.views!).toBeGreaterThan(first.values.views!);
  });

  it('asks each product type for its own metrics and never for a deprecated one', async () => {
    const who = account('reels.aurora');
    const reel = await publish(who, {
      media_type: 'REELS',
      video_url: 'https://cdn.example.com/r.mp4',
    });
    const story = await publish(who, {
      media_type: 'STORIES',
      image_url: 'https://cdn.example.com/s.jpg',
    });
    emulator.advance(HOUR);
    const reels = await client.getMediaInsights({ ...who, mediaId: reel, productType: 'REELS' });
    expect(reels.values.ig_reels_avg_watch_time).toBeGreaterThan(0);
    const stories = await client.getMediaInsights({ ...who, mediaId: story, productType: 'STORY' });
    expect(stories.values.navigation).toBeGreaterThanOrEqual(0);
    expect(stories.values).not.toHaveProperty('likes');
    const asked = emulator
      .requests({ path: '/insights' })
      .flatMap((entry) => entry.params.metric!.split(','));
    expect(asked.length).toBeGreaterThan(0);
    for (const metric of DEPRECATED_INSIGHT_METRICS) expect(asked).not.toContain(metric);
  });

  it('drops a metric the platform refuses for the media and asks again without it', async () => {
    const who = account('story.aurora');
    // A story read with the reel list: the emulator refuses `likes` and then the others.
    const story = await publish(who, {
      media_type: 'STORIES',
      image_url: 'https://cdn.example.com/s.jpg',
    });
    emulator.advance(HOUR);
    const read = await client.getMediaInsights({ ...who, mediaId: story, productType: 'REELS' });
    expect(read.dropped).toEqual([
      'likes',
      'comments',
      'saved',
      'ig_reels_avg_watch_time',
      'ig_reels_video_view_total_time',
    ]);
    expect(read.values.likes).toBeNull();
    expect(read.values.reach).toBeGreaterThan(0);
    expect(emulator.requests({ path: '/insights' })).toHaveLength(6);
  });

  it('answers "Not enough viewers" as a reason with every value null', async () => {
    const who = account('poucos.aurora');
    const mediaId = await publish(who, {
      image_url: 'https://cdn.example.com/a.jpg',
      caption: `Oi ${FEW_VIEWERS_MARKER}`,
    });
    const read = await client.getMediaInsights({ ...who, mediaId, productType: 'FEED' });
    expect(read.reason).toBe('not_enough_viewers');
    expect(Object.values(read.values).every((value) => value === null)).toBe(true);
  });

  it('keeps a missing insights permission an error (code 10 naming the permission)', async () => {
    const who = account('sem.insights', [
      'instagram_business_basic',
      'instagram_business_content_publish',
    ]);
    const mediaId = await publish(who, { image_url: 'https://cdn.example.com/a.jpg' });
    const error = await client
      .getMediaInsights({ ...who, mediaId, productType: 'FEED' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InstagramPlatformError);
    expect((error as InstagramPlatformError).code).toBe('PERMISSION_REQUIRED');
    expect((error as InstagramPlatformError).details?.scope).toBe(
      'instagram_business_manage_insights',
    );
  });
});

describe('account insights against the emulator', () => {
  it('reads every day of the range and the totals', async () => {
    const who = account('conta.aurora');
    emulator.advance(10 * DAY + 6 * HOUR);
    const read = await client.getAccountInsights({
      ...who,
      since: '2026-01-05',
      until: '2026-01-08',
    });
    expect(read.days.map((day) => day.date)).toEqual([
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
    ]);
    for (const day of read.days) {
      expect(day.reach).toBeGreaterThan(0);
      expect(day.views).toBeGreaterThan(0);
      expect(day.followerCount).not.toBeNull();
    }
    expect(read.totals.profileViews).toBeGreaterThan(0);
    expect(read.totals.accountsEngaged).toBeGreaterThan(0);
    const [series, totals] = emulator.requests({ path: '/insights' });
    expect(series!.params).toMatchObject({
      metric: 'reach,views,follower_count',
      period: 'day',
      since: String(Date.UTC(2026, 0, 5) / 1000),
      until: String(Date.UTC(2026, 0, 9) / 1000),
    });
    expect(totals!.params.metric_type).toBe('total_value');
  });

  it('drops follower_count for days older than the platform keeps it, keeping the rest', async () => {
    const who = account('antiga.aurora');
    emulator.advance(50 * DAY);
    const read = await client.getAccountInsights({
      ...who,
      since: '2026-01-05',
      until: '2026-01-06',
    });
    expect(read.dropped).toEqual(['follower_count']);
    expect(read.days.every((day) => day.followerCount === null && day.reach! > 0)).toBe(true);
  });

  it('refuses a range over 30 days before asking', async () => {
    const who = account('longa.aurora');
    await expect(
      client.getAccountInsights({ ...who, since: '2026-01-01', until: '2026-02-15' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(emulator.requests({ path: '/insights' })).toHaveLength(0);
  });
});

describe('insights answers the emulator does not give', () => {
  it('reads Pacific day stamps, numbers as text and a metric refused by index', async () => {
    scripted.answer((incoming) => {
      const query = new URL(incoming.url, 'http://x').searchParams;
      if (query.get('metric_type') === 'total_value') return json('{"data":[]}');
      if (query.get('metric')!.includes('views')) {
        return json(
          '{"error":{"message":"(#100) metric[1] must be one of the following values: reach, follower_count","type":"OAuthException","code":100,"fbtrace_id":"X"}}',
          400,
        );
      }
      return json(
        '{"data":[{"name":"reach","period":"day","values":[{"value":"12","end_time":"2026-01-02T08:00:00+0000"},{"value":7,"end_time":"2026-01-03T08:00:00+0000"}]}]}',
      );
    });
    const read = await scriptedClient.getAccountInsights({
      accessToken: 'token',
      igUserId: '1784',
      since: '2026-01-01',
      until: '2026-01-02',
    });
    expect(read.dropped).toEqual(['views']);
    expect(read.days).toEqual([
      { date: '2026-01-01', reach: 12, views: null, followerCount: null },
      { date: '2026-01-02', reach: 7, views: null, followerCount: null },
    ]);
  });
});

describe('reading platform errors', () => {
  const error = (message: string, code: number, subcode?: number) =>
    mapPlatformError(
      JSON.stringify({ error: { message, code, ...(subcode ? { error_subcode: subcode } : {}) } }),
      400,
    );

  it('tells "Not enough viewers" from a missing permission, both code 10', () => {
    expect(
      isNotEnoughViewers(error('(#10) Not enough viewers for the media to show insights', 10)),
    ).toBe(true);
    expect(
      isNotEnoughViewers(error('(#10) Application does not have permission for this action', 10)),
    ).toBe(false);
    expect(isNotEnoughViewers(error('(#10) Requires instagram_manage_insights', 10))).toBe(false);
    expect(isNotEnoughViewers(new Error('(#10) Not enough viewers'))).toBe(false);
  });

  it('names the refused metric only when the error is about one of the asked metrics', () => {
    const asked = ['views', 'reach', 'saved'];
    expect(refusedMetric(error('(#100) metric[2] must be one of: views, reach', 100), asked)).toBe(
      'saved',
    );
    expect(
      refusedMetric(
        error(
          '(#100) The Media Insights API does not support the saved metric for this media product type.',
          100,
        ),
        asked,
      ),
    ).toBe('saved');
    expect(refusedMetric(error('(#100) Something about reach', 100), asked)).toBe('reach');
    expect(
      refusedMetric(error('(#100) Something about reach and views', 100), asked),
    ).toBeUndefined();
    expect(
      refusedMetric(
        error("Unsupported get request. Object with ID 'views' does not exist", 100, 33),
        asked,
      ),
    ).toBeUndefined();
    expect(refusedMetric(error('(#190) views', 190), asked)).toBeUndefined();
  });
});

describe('what an insights read answers when the platform fails it', () => {
  const codeOf = (error: unknown) => (insightsFailure(error) as { code?: string }).code;
  const transport = (code: string) => transportError(Object.assign(new Error(code), { code }));

  it.each([
    ['a transient 500', mapPlatformError('{"error":{"code":2,"is_transient":true}}', 500)],
    ['an unknown error code', mapPlatformError('{"error":{"code":987654}}', 400)],
    ["a proxy's 502 page", mapPlatformError('<html>Bad Gateway</html>', 502)],
    ['an answer that is not JSON', malformedResponse('HTTP 200 with a body that is not JSON')],
    ['a dropped connection', transport('ECONNRESET')],
    ['a refused connection', transport('ECONNREFUSED')],
  ])('%s is PLATFORM_UNAVAILABLE, keeping the facts', (_name, error) => {
    const mapped = insightsFailure(error) as InstagramPlatformError;
    expect(mapped).toBeInstanceOf(InstagramPlatformError);
    expect(mapped.code).toBe('PLATFORM_UNAVAILABLE');
    expect(mapped.statusCode).toBe(503);
    expect(mapped.details?.reason).toBe(error.details?.reason);
    expect(mapped.platform).toEqual(error.platform);
    expect(mapped.cause).toBe(error);
  });

  it.each(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT'])(
    'a %s is PLATFORM_TIMEOUT',
    (code) => {
      expect(codeOf(transport(code))).toBe('PLATFORM_TIMEOUT');
      expect((insightsFailure(transport(code)) as InstagramPlatformError).statusCode).toBe(504);
    },
  );

  it('passes refusals that say what to do, and anything not from the platform, unchanged', () => {
    for (const body of [
      '{"error":{"code":4}}',
      '{"error":{"code":190}}',
      '{"error":{"code":10}}',
    ]) {
      const refusal = mapPlatformError(body, 400);
      expect(insightsFailure(refusal)).toBe(refusal);
    }
    const bug = new TypeError('x is undefined');
    expect(insightsFailure(bug)).toBe(bug);
  });
});
