import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  createContainer,
  graphCode,
  publish,
  publishImage,
  startTestEmulator,
  TEST_START,
} from '../testing/harness';
import { FEW_VIEWERS_MARKER } from './insights';

const { emulator, clock, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const FEED = ['views', 'reach', 'likes', 'comments', 'saved', 'shares', 'total_interactions'];

function insights(token: string, id: string, query: Record<string, string>) {
  return call(emulator, 'GET', `/v21.0/${id}/insights`, { token, query });
}

function values(body: { data: { name: string; values: { value: number }[] }[] }) {
  return Object.fromEntries(body.data.map((entry) => [entry.name, entry.values[0]!.value]));
}

async function publishReel(token: string, caption = 'reel'): Promise<string> {
  const id = await createContainer(emulator, token, {
    media_type: 'REELS',
    video_url: 'https://cdn.example.com/reel.mp4',
    caption,
  });
  const res = await publish(emulator, token, id);
  if (res.status !== 200) throw new Error(res.text);
  return res.body.id as string;
}

describe('media insights', () => {
  it('serves the metrics in current use, growing with time and the same for the same time', async () => {
    const { token } = await accountWithToken(emulator);
    const media = await publishImage(emulator, token);
    clock.advance(2 * HOUR);
    const first = await insights(token, media, { metric: FEED.join(',') });
    expect(first.status).toBe(200);
    expect(first.body.data[0]).toMatchObject({
      name: 'views',
      period: 'lifetime',
      id: `${media}/insights/views/lifetime`,
    });
    const early = values(first.body);
    expect(Object.keys(early)).toEqual(FEED);
    expect(early.reach).toBeGreaterThan(0);
    expect(early.views).toBeGreaterThanOrEqual(early.reach!);
    expect(values((await insights(token, media, { metric: FEED.join(',') })).body)).toEqual(early);

    clock.advance(HOUR);
    const later = values((await insights(token, media, { metric: FEED.join(',') })).body);
    expect(later.reach).toBeGreaterThan(early.reach!);
    for (const name of FEED) expect(later[name]).toBeGreaterThanOrEqual(early[name]!);
  });

  it('serves watch time on reels, and refuses it on a feed post naming the metric', async () => {
    const { token } = await accountWithToken(emulator);
    const reel = await publishReel(token);
    const image = await publishImage(emulator, token);
    clock.advance(HOUR);
    const metric = 'reach,ig_reels_avg_watch_time,ig_reels_video_view_total_time';
    const served = values((await insights(token, reel, { metric })).body);
    expect(served.ig_reels_avg_watch_time).toBeGreaterThan(0);
    expect(served.ig_reels_video_view_total_time).toBeGreaterThan(0);
    const refused = await insights(token, image, { metric });
    expect(graphCode(refused)).toEqual({ status: 400, code: 100, subcode: undefined });
    expect(refused.body.error.message).toBe(
      '(#100) The Media Insights API does not support the ig_reels_avg_watch_time metric for this media product type.',
    );
  });

  it('refuses deprecated and unknown metrics with (#100)', async () => {
    const { token } = await accountWithToken(emulator);
    const media = await publishImage(emulator, token);
    for (const metric of ['impressions', 'plays', 'video_views', 'clips_replays_count']) {
      const res = await insights(token, media, { metric: `reach,${metric}` });
      expect(graphCode(res).code).toBe(100);
      expect(res.body.error.message).toContain(`the ${metric} metric is no longer supported`);
    }
    const unknown = await insights(token, media, { metric: 'reach,popularity' });
    expect(unknown.body.error.message).toMatch(/^\(#100\) metric\[1\] must be one of/);
    expect(graphCode(await insights(token, media, {})).code).toBe(100);
  });

  it('answers code 10 "Not enough viewers" for a media whose caption has the marker', async () => {
    const { token } = await accountWithToken(emulator);
    const media = await publishImage(emulator, token, `Poucos ${FEW_VIEWERS_MARKER}`);
    const res = await insights(token, media, { metric: 'reach' });
    expect(graphCode(res)).toEqual({ status: 400, code: 10, subcode: undefined });
    expect(res.body.error.message).toBe('(#10) Not enough viewers for the media to show insights');
  });

  it('needs instagram_business_manage_insights', async () => {
    const { id } = await accountWithToken(emulator);
    const { access_token: token } = emulator.mintToken(id, {
      scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
    });
    const media = await publishImage(emulator, token);
    const res = await insights(token, media, { metric: 'reach' });
    expect(graphCode(res).code).toBe(10);
    expect(res.body.error.message).toContain('instagram_business_manage_insights');
  });

  it("does not show another account's media", async () => {
    const owner = await accountWithToken(emulator);
    const other = await accountWithToken(emulator);
    const media = await publishImage(emulator, owner.token);
    expect(graphCode(await insights(other.token, media, { metric: 'reach' }))).toMatchObject({
      code: 100,
      subcode: 33,
    });
  });
});

describe('account insights', () => {
  const since = (day: number) => String((TEST_START + day * DAY) / 1000);

  it('answers one value per UTC day, stamped with the midnight ending it', async () => {
    const { id, token } = await accountWithToken(emulator);
    clock.advance(10 * DAY + 5 * HOUR);
    const res = await insights(token, id, {
      metric: 'reach,views,follower_count',
      period: 'day',
      since: since(3),
      until: since(6),
    });
    expect(res.status).toBe(200);
    const reach = res.body.data.find((entry: { name: string }) => entry.name === 'reach');
    expect(reach.values.map((point: { end_time: string }) => point.end_time)).toEqual([
      '2026-01-05T00:00:00+0000',
      '2026-01-06T00:00:00+0000',
      '2026-01-07T00:00:00+0000',
    ]);
    for (const point of reach.values) expect(point.value).toBeGreaterThan(0);
  });

  it('serves totals with metric_type=total_value, and refuses totals-only metrics as a series', async () => {
    const { id, token } = await accountWithToken(emulator);
    clock.advance(5 * DAY);
    const window = { period: 'day', since: since(1), until: since(4) };
    const totals = await insights(token, id, {
      metric: 'reach,views,profile_views,accounts_engaged',
      metric_type: 'total_value',
      ...window,
    });
    expect(totals.status).toBe(200);
    for (const entry of totals.body.data) expect(entry.total_value.value).toBeGreaterThan(0);
    const refused = await insights(token, id, { metric: 'profile_views', ...window });
    expect(refused.body.error.message).toContain('metric_type=total_value');
  });

  it('refuses more than 30 days, and follower_count older than 30 days', async () => {
    const { id, token } = await accountWithToken(emulator);
    clock.advance(45 * DAY);
    const wide = await insights(token, id, {
      metric: 'reach',
      period: 'day',
      since: since(10),
      until: since(41),
    });
    expect(wide.body.error.message).toContain('cannot be more than 30 days');
    const old = await insights(token, id, {
      metric: 'reach,follower_count',
      period: 'day',
      since: since(5),
      until: since(20),
    });
    expect(old.body.error.message).toContain('The follower_count metric only supports');
  });
});

describe('the request log', () => {
  it('records platform requests without secrets, filters by path, and forgets on reset', async () => {
    const { token } = await accountWithToken(emulator);
    const media = await publishImage(emulator, token);
    await insights(token, media, { metric: 'reach' });
    const logged = emulator.requests({ path: '/insights' });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      method: 'GET',
      path: `/v21.0/${media}/insights`,
      params: { metric: 'reach' },
    });
    expect(JSON.stringify(emulator.requests())).not.toContain(token);
    const viaControl = await call(emulator, 'GET', '/_emulator/requests', {
      query: { path: 'media_publish' },
    });
    expect(viaControl.body.data).toHaveLength(1);
    await call(emulator, 'DELETE', '/_emulator/requests');
    expect(emulator.requests()).toEqual([]);
  });
});
