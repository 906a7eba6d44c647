/**
 * `/metrics` as a Prometheus scraper reads it: on its own port and, behind the token, on
 * the API's; with the publish lag, the queue by kind, the platform's calls by kind and
 * outcome, and the webhook deliveries of real posts published through the emulator and
 * delivered to a real receiver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerMetrics } from '../src/metrics/server-metrics';
import { openStore, migrateToLatest } from '../src/store/database';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import { startReceiver, type Receiver } from '@reelay/test-support/webhook-receiver';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import { startTestServer } from '@reelay/test-support/test-server';

const MINUTE = 60_000;
const TOKEN = 'metrics-token-0123456789';

/** The samples of a Prometheus text answer: `name{labels}` → value. */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(\S+?(?:\{.*\})?) (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    found.set(match[1]!, Number(match[2]));
  }
  return found;
}

describe.each(testDialects())('/metrics on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let receiver: Receiver;
  let account: Account;
  let integrationId: string;

  beforeAll(async () => {
    media = await startMediaServer();
    receiver = await startReceiver();
    platform = await startWithEmulator(dialect, {
      env: {
        REELAY_ALLOW_PRIVATE_URLS: 'true',
        REELAY_METRICS_PORT: '0',
        REELAY_METRICS_TOKEN: TOKEN,
      },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
    integrationId = (await connectThroughPlatform(platform, account, { username: 'medida' })).body
      .integration.id;
    const subscribed = await api('POST', '/v1/notifications', {
      eventTypes: ['post.published', 'post.failed'],
      webhook: { url: receiver.url },
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
    await receiver?.close();
  });

  function api(method: string, path: string, body?: unknown) {
    return call(platform.server.url, method, path, body, account.key);
  }
  const now = () => platform.server.clock.now();
  async function scrape(): Promise<Map<string, number>> {
    const url = platform.server.reelay.metricsUrl;
    expect(url).not.toBeNull();
    const answer = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return samples(await answer.text());
  }
  let seed = 0;
  const post = (extra: Record<string, unknown> = {}) =>
    api('POST', '/v1/posts', {
      content: `Medida ${++seed}`,
      mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', seed) }],
      platforms: [{ platform: 'instagram', accountId: integrationId }],
      ...extra,
    });

  it('answers on its own port with the process and the database', async () => {
    const figures = await scrape();
    expect(figures.get('reelay_database_up')).toBe(1);
    expect(figures.get('reelay_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(figures.get('reelay_publish_lag_seconds_count')).toBe(0);
    // Only /metrics is served there, and only with the token when one is set.
    const url = platform.server.reelay.metricsUrl!;
    const bare = await fetch(`${url}/metrics`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await fetch(`${url}/v1/posts`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('answers on the API port only with the token, in the envelope otherwise', async () => {
    const bare = await fetch(`${platform.server.url}/metrics`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    const wrong = await fetch(`${platform.server.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${platform.server.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(samples(await right.text()).get('reelay_database_up')).toBe(1);
  });

  it('shows a scheduled post waiting, then its publication, platform calls and webhook', async () => {
    const before = await scrape();
    const created = await post({ scheduledFor: new Date(now() + 30 * MINUTE).toISOString() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await settle(platform.server, { until: now() + MINUTE });
    const waiting = await scrape();
    expect(waiting.get('reelay_jobs{kind="publish_target",state="later"}')).toBe(1);
    expect(waiting.get('reelay_jobs{kind="publish_target",state="due"}')).toBe(0);

    await settle(platform.server);
    expect((await api('GET', `/v1/posts/${created.body.post.id}`)).body.post.status).toBe(
      'published',
    );
    await expect.poll(() => receiver.received.length).toBeGreaterThan(0);
    const after = await scrape();
    const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(delta('reelay_publish_lag_seconds_count')).toBe(1);
    expect(delta('reelay_publications_total{status="published",code=""}')).toBe(1);
    const host = new URL(platform.emulator.url).host;
    expect(
      delta(
        `reelay_platform_requests_total{host="${host}",operation="{id}/media_publish",outcome="ok"}`,
      ),
    ).toBe(1);
    expect(
      delta(
        `reelay_platform_request_duration_seconds_count{host="${host}",operation="{id}/media_publish"}`,
      ),
    ).toBe(1);
    await expect
      .poll(async () => (await scrape()).get('reelay_webhook_attempts_total{outcome="delivered"}'))
      .toBe(1);
    const delivered = await scrape();
    expect(delivered.get('reelay_webhook_delivery_lag_seconds_count')).toBe(1);
    expect(delivered.get('reelay_events_undispatched')).toBe(0);
    expect(delivered.get('reelay_jobs{kind="publish_target",state="later"}') ?? 0).toBe(0);
  });

  it('counts a failed publication by its code, and the refused call by its outcome', async () => {
    const before = await scrape();
    platform.emulator.addFault({ path: '/media_publish', times: 1, code: 4, subcode: 2207051 });
    const created = await post();
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    await settle(platform.server);
    const after = await scrape();
    const delta = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(delta('reelay_publications_total{status="failed",code="SPAM_SUSPECTED"}')).toBe(1);
    const host = new URL(platform.emulator.url).host;
    expect(
      delta(
        `reelay_platform_requests_total{host="${host}",operation="{id}/media_publish",outcome="SPAM_SUSPECTED"}`,
      ),
    ).toBe(1);
    expect(delta('reelay_publish_lag_seconds_count')).toBe(0);
  });
});

describe.each(testDialects())('/metrics switched off on $name', (dialect) => {
  it('is not served without a token or a port of its own', async () => {
    const server = await startTestServer(dialect);
    try {
      expect(server.reelay.metricsUrl).toBeNull();
      const answer = await fetch(`${server.url}/metrics`);
      expect(answer.status).toBe(404);
      // Nothing watches the event loop or the collector for a scrape that never comes.
      const figures = samples((await server.reelay.context.metrics.scrape()).body);
      expect(figures.get('reelay_database_up')).toBe(1);
      expect(figures.has('reelay_process_cpu_user_seconds_total')).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('says the database is away rather than failing the scrape', async () => {
    const database = await dialect.create();
    const store = openStore(
      dialect.name === 'sqlite'
        ? { dialect: 'sqlite', filename: database.url }
        : { dialect: 'postgres', connectionString: database.url },
    );
    try {
      await migrateToLatest(store);
      const metrics = createServerMetrics({
        db: store.db,
        now: () => Date.now(),
        processMetrics: false,
      });
      expect(samples((await metrics.scrape()).body).get('reelay_database_up')).toBe(1);
      await store.close();
      const figures = samples((await metrics.scrape()).body);
      expect(figures.get('reelay_database_up')).toBe(0);
      expect([...figures.keys()].some((name) => name.startsWith('reelay_jobs{'))).toBe(false);
    } finally {
      await store.close().catch(() => {});
      await database.drop();
    }
  });
});
