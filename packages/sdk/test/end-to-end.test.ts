/**
 * The SDK against a real Reelay server (SQLite) and the Instagram emulator, through the
 * whole journey of a customer: sign up, create a key, create a profile, connect an
 * account, upload media, schedule a post, list, reschedule, cancel, publish now, retry,
 * and receive and verify webhooks.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { solidJpeg } from '../../core/src/platform/testing/media-fixtures';
import {
  AuthenticationError,
  isReelayError,
  NotFoundError,
  Reelay,
  verifyWebhook,
  type Post,
  type WebhookEvent,
} from '../src';
import { ROUTE_METHODS } from '../src/generated/route-methods';
import {
  authorizeOnEmulator,
  createTestAccount,
  startPlatform,
  type TestAccount,
} from '@reelay/test-support/sdk-platform';

const MINUTE = 60_000;
const FINAL = new Set(['published', 'partial', 'failed', 'cancelled']);

// Media the server downloads by URL, from loopback (hence REELAY_ALLOW_PRIVATE_URLS).
const image = solidJpeg(1080, 1350);
const mediaServer: Server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': image.length });
  res.end(req.method === 'HEAD' ? undefined : image);
});
await new Promise<void>((resolve) => mediaServer.listen(0, '127.0.0.1', resolve));
const mediaUrl = (name: string) =>
  `http://127.0.0.1:${(mediaServer.address() as AddressInfo).port}/${name}.jpg`;

const platform = await startPlatform({ REELAY_ALLOW_PRIVATE_URLS: 'true' });
const scratch = mkdtempSync(join(tmpdir(), 'reelay-sdk-e2e-'));

afterAll(async () => {
  await platform.close();
  await new Promise((resolve) => mediaServer.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * Lets the server's background work happen: runs due jobs (when the server offers it)
 * and moves its clock, until `done` says so.
 */
async function settleUntil(done: () => Promise<boolean>, stepMs = 5_000): Promise<void> {
  const tasks = platform.server.tasks as { runDueJobs?: () => Promise<void> };
  for (let step = 0; step < 400; step++) {
    await tasks.runDueJobs?.();
    if (await done()) return;
    platform.clock.advance(stepMs);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the server did not settle');
}

let account: TestAccount;
let reelay: Reelay;
let profileId: string;
let accountId: string;

describe('account, login and keys (Bearer mode)', () => {
  it('signs up, and the first read of the account creates its organization and project', async () => {
    account = await createTestAccount(platform.url);
    reelay = account.reelay;
    const me = await account.dashboard.me.get();
    expect(me.user.email).toBe(account.email);
    expect(me.projects).toEqual([
      expect.objectContaining({ id: account.projectId, environment: 'live' }),
    ]);
    const { organization } = await account.dashboard.organizations.update(account.organizationId, {
      name: 'Café Aurora',
    });
    expect(organization).toMatchObject({ name: 'Café Aurora', role: 'owner' });
  });

  it('logs in and rotates refresh tokens; a used refresh token is refused', async () => {
    const anonymous = new Reelay({ baseUrl: platform.url });
    const session = await anonymous.auth.login({
      email: account.email.toUpperCase(),
      password: account.password,
    });
    expect(session).toMatchObject({ tokenType: 'Bearer', user: { email: account.email } });
    const rotated = await anonymous.auth.refresh({ refreshToken: session.refreshToken });
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    const reused = await anonymous.auth
      .refresh({ refreshToken: session.refreshToken })
      .catch((error: unknown) => error);
    expect(reused).toBeInstanceOf(AuthenticationError);
    expect(JSON.stringify(reused)).not.toContain(session.refreshToken);
  });

  it('renews an expired access token through the refresh hook, once', async () => {
    const anonymous = new Reelay({ baseUrl: platform.url });
    const session = await anonymous.auth.login({
      email: account.email,
      password: account.password,
    });
    let refreshToken = session.refreshToken;
    let hookCalls = 0;
    const dashboard = new Reelay({
      baseUrl: platform.url,
      accessToken: session.accessToken,
      projectId: account.projectId,
      refreshAccessToken: async () => {
        hookCalls += 1;
        const next = await anonymous.auth.refresh({ refreshToken });
        refreshToken = next.refreshToken;
        return next.accessToken;
      },
    });
    platform.clock.advance(session.expiresIn * 1000 + 1000);
    await expect(dashboard.me.get()).resolves.toMatchObject({ user: { email: account.email } });
    await expect(dashboard.profiles.list()).resolves.toMatchObject({ success: true });
    expect(hookCalls).toBe(1);
    const stale = new Reelay({ baseUrl: platform.url, accessToken: session.accessToken });
    await expect(stale.me.get()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('creates, lists and revokes API keys; a revoked key is refused at once', async () => {
    const { apiKey } = await account.dashboard.apiKeys.create(account.projectId, {
      name: 'temporária',
    });
    expect(apiKey.key.startsWith('rly_live_')).toBe(true);
    const listed = await account.dashboard.apiKeys.list(account.projectId);
    expect(listed.apiKeys.map((key) => key.id)).toContain(apiKey.id);
    expect(listed.apiKeys.every((key) => !('key' in key))).toBe(true);
    const temporary = new Reelay({ baseUrl: platform.url, apiKey: apiKey.key });
    await expect(temporary.health.check()).resolves.toMatchObject({
      project: { id: account.projectId },
    });
    const revoked = await account.dashboard.apiKeys.revoke(account.projectId, apiKey.id);
    const again = await account.dashboard.apiKeys.revoke(account.projectId, apiKey.id);
    expect(again.apiKey.revokedAt).toBe(revoked.apiKey.revokedAt);
    const refused = await temporary.health.check().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect(JSON.stringify(refused)).not.toContain(apiKey.key);
    expect((refused as AuthenticationError).requestId).toBeTruthy();
  });

  it('checks the credential in both modes, and names a missing project in Bearer mode', async () => {
    await expect(reelay.health.check()).resolves.toMatchObject({
      project: { id: account.projectId, environment: 'live' },
    });
    await expect(account.dashboard.health.check()).resolves.toMatchObject({
      project: { id: account.projectId },
    });
    const withoutProject = new Reelay({
      baseUrl: platform.url,
      accessToken: (
        await new Reelay({ baseUrl: platform.url }).auth.login({
          email: account.email,
          password: account.password,
        })
      ).accessToken,
    });
    const failure = await withoutProject.profiles.list().catch((error: unknown) => error);
    expect(isReelayError(failure, 'PROJECT_REQUIRED')).toBe(true);
    await expect(reelay.health.live()).resolves.toEqual({ ok: true });
  });

  it('calls the same contract the server serves: every operation has an SDK entry', async () => {
    const document = (await reelay.health.openApiDocument()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const served = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(served.sort()).toEqual(Object.keys(ROUTE_METHODS).sort());
  });

  it('waits out RATE_LIMIT_KEY against the real limiter, then succeeds', async () => {
    const waits: number[] = [];
    const dashboard = new Reelay({
      baseUrl: platform.url,
      accessToken: (
        await new Reelay({ baseUrl: platform.url }).auth.login({
          email: account.email,
          password: account.password,
        })
      ).accessToken,
      // The server runs on a manual clock: waiting means moving it.
      retry: {
        sleep: async (ms) => {
          waits.push(ms);
          platform.clock.advance(ms);
        },
      },
    });
    platform.clock.advance(MINUTE); // a fresh window for the 10-per-minute key bucket
    for (let index = 0; index < 10; index++) {
      await dashboard.apiKeys.create(account.projectId, { name: `lote ${index}` });
    }
    const eleventh = await dashboard.apiKeys.create(account.projectId, { name: 'lote 10' });
    expect(eleventh.apiKey.name).toBe('lote 10');
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
  });
});

describe('profiles and connected accounts', () => {
  it('creates, lists and deletes profiles', async () => {
    const { profile } = await reelay.profiles.create({ name: 'Cliente A', description: 'Padaria' });
    profileId = profile.id;
    const other = await reelay.profiles.create({ name: 'Cliente B' });
    const { profiles, total } = await reelay.profiles.list();
    expect(total).toBe(2);
    expect(profiles.map((item) => item.id)).toEqual([other.profile.id, profileId]);
    await reelay.profiles.delete(other.profile.id);
    await expect(reelay.profiles.delete(other.profile.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('connects accounts through Instagram Login into a profile', async () => {
    for (const username of ['cafe.aurora', 'cafe.aurora.2', 'cafe.aurora.3']) {
      const { url, expiresAt } = await reelay.accounts.connect({ profileId });
      expect(Date.parse(expiresAt)).toBeGreaterThan(platform.clock.now());
      const answer = await authorizeOnEmulator(platform, url, { username });
      expect(answer.status).toBe(200);
      if (username === 'cafe.aurora') accountId = answer.body.integration.id;
    }
    const failure = await reelay.accounts
      .connect({ platform: 'tiktok' })
      .catch((error: unknown) => error);
    expect(isReelayError(failure, 'PLATFORM_NOT_AVAILABLE')).toBe(true);
  });

  it('lists accounts across pages, awaited, iterated and collected with a cap', async () => {
    const page = await reelay.accounts.list({ profileId, limit: 2 });
    expect(page.total).toBe(3);
    expect(page.integrations).toHaveLength(2);
    const names: string[] = [];
    for await (const item of reelay.accounts.list({ profileId, limit: 2, sort: 'asc' })) {
      names.push(item.displayName!);
    }
    expect(names).toEqual(['cafe.aurora', 'cafe.aurora.2', 'cafe.aurora.3']);
    expect(await reelay.accounts.list({ limit: 1 }).toArray({ max: 2 })).toHaveLength(2);
  });

  it('checks connection health, live when forced', async () => {
    const { health } = await reelay.accounts.health(accountId, { force: true });
    expect(health).toMatchObject({
      integrationId: accountId,
      status: 'connected',
      authStatus: 'active',
      healthy: true,
      checkedLive: true,
    });
    const cached = await reelay.accounts.health(accountId);
    expect(cached.health.checkedLive).toBe(false);
    await expect(reelay.accounts.health('int_missing')).rejects.toBeInstanceOf(NotFoundError);
  });
});

// Deliveries received by a receiver verifying every signature, as a customer would.
const received: WebhookEvent[] = [];
let rejected = 0;
let webhookSecret = '';
let notificationId = '';
const receiver: Server = createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    received.push(await verifyWebhook(Buffer.concat(chunks), req.headers, webhookSecret));
    res.writeHead(204).end();
  } catch {
    rejected += 1;
    res.writeHead(400).end();
  }
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => receiver.close(resolve)));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/reelay`;

describe('webhook subscription', () => {
  it('subscribes a receiver; the secret comes once, and a test delivery verifies', async () => {
    const { notification } = await reelay.notifications.create({
      eventTypes: ['post.scheduled', 'post.published', 'post.partial', 'post.failed'],
      webhook: { url: receiverUrl },
    });
    expect(notification.webhook.secret).toMatch(/^whsec_/);
    webhookSecret = notification.webhook.secret;
    notificationId = notification.id;
    const { result } = await reelay.notifications.test({ notificationId });
    expect(result).toMatchObject({ delivered: true, url: receiverUrl });
    expect(rejected).toBe(0);
  });
});

let mediaId: string | undefined;

describe('media upload', () => {
  it('uploads a file from a path and imports one by URL', async () => {
    const path = join(scratch, 'cafe.jpg');
    writeFileSync(path, image);
    const uploaded = await reelay.media.upload(path);
    expect(uploaded.media).toMatchObject({
      type: 'image',
      mime: 'image/jpeg',
      width: 1080,
      height: 1350,
    });
    expect(uploaded.media.id).toMatch(/^med_/);
    mediaId = uploaded.media.id;
    const imported = await reelay.media.upload({ url: mediaUrl('importada') });
    expect(imported.media.type).toBe('image');
  });
});

describe('posts', () => {
  const postId = { scheduled: '', now: '' };
  const mediaItems = () =>
    mediaId ? [{ mediaId }] : [{ type: 'image' as const, url: mediaUrl('cafe') }];
  const finalStatus = async (id: string): Promise<Post> => {
    let post: Post | undefined;
    await settleUntil(async () => {
      post = (await reelay.posts.get(id)).post;
      return FINAL.has(post.status);
    });
    return post!;
  };

  it('schedules a post, with an idempotency key chosen by the SDK', async () => {
    const { post } = await reelay.posts.create({
      content: 'Bom dia! #café',
      mediaItems: mediaItems(),
      platforms: [{ platform: 'instagram', accountId }],
      scheduledFor: new Date(platform.clock.now() + 2 * 60 * MINUTE),
      timezone: 'America/Sao_Paulo',
    });
    expect(post).toMatchObject({ status: 'scheduled', timezone: 'America/Sao_Paulo' });
    expect(post.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    postId.scheduled = post.id;
  });

  it('answers the original post when the same creation is sent again with its key', async () => {
    const body = {
      content: 'Uma vez só',
      mediaItems: mediaItems(),
      platforms: [{ platform: 'instagram' as const, accountId }],
      scheduledFor: new Date(platform.clock.now() + 3 * 60 * MINUTE).toISOString(),
      idempotencyKey: `e2e-${Date.now()}`,
    };
    const first = await reelay.posts.create(body);
    const second = await reelay.posts.create(body);
    expect(second.post.id).toBe(first.post.id);
    await reelay.posts.cancel(first.post.id);
  });

  it('lists scheduled posts, reschedules one, and cancels it', async () => {
    const scheduled = await reelay.posts.list({ status: 'scheduled' }).toArray({ max: 100 });
    expect(scheduled.map((post) => post.id)).toContain(postId.scheduled);
    const later = new Date(platform.clock.now() + 5 * 60 * MINUTE);
    const { post } = await reelay.posts.update(postId.scheduled, { scheduledFor: later });
    expect(post.scheduledFor).toBe(later.toISOString());
    const cancelled = await reelay.posts.cancel(postId.scheduled);
    expect(cancelled.post.status).toBe('cancelled');
    expect(cancelled.post.platforms[0]).toMatchObject({ errorCode: 'CANCELLED' });
    const again = await reelay.posts.cancel(postId.scheduled).catch((error: unknown) => error);
    expect(isReelayError(again, 'POST_NOT_CANCELLABLE')).toBe(true);
  });

  it('publishes now, and the emulator holds the post', async () => {
    const { post } = await reelay.posts.create({
      content: 'Agora! #reelay',
      mediaItems: mediaItems(),
      platforms: [{ platform: 'instagram', accountId }],
    });
    postId.now = post.id;
    const final = await finalStatus(post.id);
    expect(final.status).toBe('published');
    expect(final.platforms[0]!.platformPostId).toBeTruthy();
    expect(platform.emulator.published().some((item) => item.caption === 'Agora! #reelay')).toBe(
      true,
    );
  });

  it('retries a post that failed, and it publishes', async () => {
    platform.emulator.addFault({ path: '/media_publish', times: 1, code: 368, message: 'blocked' });
    const { post } = await reelay.posts.create({
      content: 'Segunda chance',
      mediaItems: mediaItems(),
      platforms: [{ platform: 'instagram', accountId }],
    });
    expect((await finalStatus(post.id)).status).toBe('failed');
    const retried = await reelay.posts.retry(post.id);
    expect(retried.post.status).not.toBe('failed');
    expect((await finalStatus(post.id)).status).toBe('published');
    const refused = await reelay.posts.retry(post.id).catch((error: unknown) => error);
    expect(isReelayError(refused, 'POST_NOT_RETRYABLE')).toBe(true);
  });
});

describe('webhooks received', () => {
  it('delivered signed events that the receiver verified, and lists the deliveries', async () => {
    await settleUntil(async () =>
      received.some(
        (event) => event.type === 'post.published' && event.data.post.content === 'Segunda chance',
      ),
    );
    expect(rejected).toBe(0);
    const types = new Set(received.map((event) => event.type));
    expect(types).toEqual(new Set(['post.scheduled', 'post.published', 'post.failed']));
    for (const event of received) expect(event.projectId).toBe(account.projectId);
    const deliveries = await reelay.notifications.deliveries(notificationId).toArray({ max: 100 });
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((delivery) => delivery.status === 'delivered')).toBe(true);
  });

  it('sends a delivered event again as a new delivery, which the receiver verifies', async () => {
    const [delivered] = await reelay.notifications
      .deliveries(notificationId, { status: 'delivered' })
      .toArray({ max: 1 });
    const arrivals = () => received.filter((event) => event.id === delivered!.eventId).length;
    const before = arrivals();
    const { delivery } = await reelay.notifications.redeliver(notificationId, delivered!.id);
    expect(delivery).toMatchObject({
      eventId: delivered!.eventId,
      status: 'pending',
      redeliveryOf: delivered!.id,
    });
    await settleUntil(async () => arrivals() > before);
    expect(rejected).toBe(0);
    const history = await reelay.notifications.deliveries(notificationId).toArray({ max: 100 });
    expect(history.find((item) => item.id === delivery.id)).toMatchObject({
      status: 'delivered',
      redeliveryOf: delivered!.id,
    });
    await expect(
      reelay.notifications.redeliver(notificationId, 'dlv_00000000000000000000000000'),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('closing the account', () => {
  it('disconnects an account, and deleting the user stops every credential', async () => {
    const { message } = await reelay.accounts.disconnect(accountId);
    expect(message).toBeTruthy();
    const { health } = await reelay.accounts.health(accountId);
    expect(health.status).toBe('revoked');
    await reelay.profiles.delete(profileId);
    await account.dashboard.me.delete();
    await expect(reelay.profiles.list()).rejects.toBeInstanceOf(AuthenticationError);
  });
});
