/**
 * The events of real posts reach the subscriptions they should (spec §6 rules 1 to 5):
 * published through the emulator, delivered to real receivers, with the profile filter,
 * `onlyScheduledPosts`, cancellation sending nothing, and a retry sending a new final
 * event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import { signedWith, startReceiver, type Receiver } from '@reelay/test-support/webhook-receiver';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const MINUTE = 60_000;
const ALL = ['post.scheduled', 'post.published', 'post.partial', 'post.failed'];

interface Subscription {
  id: string;
  secret: string;
  receiver: Receiver;
}

describe.each(testDialects())('webhook events of real posts on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;
  let profileA: string;
  let profileB: string;
  let accountA: string;
  let accountB: string;
  const subs: Record<'all' | 'profileA' | 'scheduledOnly' | 'finalOnly', Subscription> =
    {} as never;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false },
    });
    account = await createAccount(platform.server.url);
    profileA = (await api('POST', '/v1/profiles', { name: 'Marca A' })).body.profile.id;
    profileB = (await api('POST', '/v1/profiles', { name: 'Marca B' })).body.profile.id;
    accountA = (
      await connectThroughPlatform(platform, account, { username: 'marca.a', profileId: profileA })
    ).body.integration.id;
    accountB = (
      await connectThroughPlatform(platform, account, { username: 'marca.b', profileId: profileB })
    ).body.integration.id;
    const bodies = {
      all: {},
      profileA: { profileId: profileA },
      scheduledOnly: { onlyScheduledPosts: true },
      finalOnly: { eventTypes: ['post.published', 'post.partial', 'post.failed'] },
    };
    for (const [name, extra] of Object.entries(bodies)) {
      const receiver = await startReceiver();
      const created = await api('POST', '/v1/notifications', {
        eventTypes: ALL,
        webhook: { url: receiver.url },
        ...extra,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      subs[name as keyof typeof subs] = {
        id: created.body.notification.id,
        secret: created.body.notification.webhook.secret,
        receiver,
      };
    }
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
    for (const sub of Object.values(subs)) await sub.receiver.close();
  });

  function api(method: string, path: string, body?: unknown) {
    return call(platform.server.url, method, path, body, account.key);
  }
  const now = () => platform.server.clock.now();
  let seed = 0;
  const post = (accounts: string[], extra: Record<string, unknown> = {}) =>
    api('POST', '/v1/posts', {
      content: `Post ${++seed}`,
      mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', seed) }],
      platforms: accounts.map((accountId) => ({ platform: 'instagram', accountId })),
      ...extra,
    });
  /** Event types a subscription received about a post, in order of arrival. */
  const received = (name: keyof typeof subs, postId: string) =>
    subs[name].receiver.received
      .filter((item) => item.body?.data?.post?.id === postId)
      .map((item) => item.body.type as string);

  it('delivers a scheduled post: post.scheduled, then its final event, signed and as stored', async () => {
    const created = await post([accountB], {
      scheduledFor: new Date(now() + 30 * MINUTE).toISOString(),
    });
    expect(created.status).toBe(201);
    const id = created.body.post.id;
    await settle(platform.server, { until: now() + MINUTE });
    expect(received('all', id)).toEqual(['post.scheduled']);
    await settle(platform.server);
    expect((await api('GET', `/v1/posts/${id}`)).body.post.status).toBe('published');
    expect(received('all', id)).toEqual(['post.scheduled', 'post.published']);
    expect(received('scheduledOnly', id)).toEqual(['post.scheduled', 'post.published']);
    expect(received('finalOnly', id)).toEqual(['post.published']);
    expect(received('profileA', id)).toEqual([]);

    const stored = await platform.server.reelay.context.db
      .selectFrom('events')
      .select(['id', 'payload'])
      .where('post_id', '=', id)
      .orderBy('created_at')
      .execute();
    const arrivals = subs.all.receiver.received.filter((item) => item.body?.data?.post?.id === id);
    expect(arrivals.map((item) => item.raw.toString('utf8'))).toEqual(
      stored.map((row) => row.payload),
    );
    expect(arrivals.map((item) => item.headers['x-service-event-id'])).toEqual(
      stored.map((row) => row.id),
    );
    for (const item of arrivals) expect(signedWith(item, subs.all.secret)).toBe(true);
    expect(arrivals[1]!.body.data.platforms[0]).toMatchObject({
      integrationId: accountB,
      profileId: profileB,
      status: 'published',
    });
  });

  it("restricts a profile's subscription to posts with a target in that profile", async () => {
    const onlyA = (await post([accountA])).body.post.id;
    const onlyB = (await post([accountB])).body.post.id;
    const both = (await post([accountA, accountB])).body.post.id;
    await settle(platform.server);
    expect(received('profileA', onlyA)).toEqual(['post.published']);
    expect(received('profileA', onlyB)).toEqual([]);
    expect(received('profileA', both)).toEqual(['post.published']);
    expect(received('all', onlyB)).toEqual(['post.published']);
    // The body is the same for every subscription: a post across profiles has no single
    // profile at the top; each target names its own.
    const [acrossProfiles] = subs.profileA.receiver.received.filter(
      (item) => item.body.data.post.id === both,
    );
    expect(acrossProfiles!.body.profileId).toBeNull();
    expect(
      acrossProfiles!.body.data.platforms
        .map((target: { profileId: string }) => target.profileId)
        .sort(),
    ).toEqual([profileA, profileB].sort());
    const [single] = subs.profileA.receiver.received.filter(
      (item) => item.body.data.post.id === onlyA,
    );
    expect(single!.body.profileId).toBe(profileA);
  });

  it('keeps immediate posts from an onlyScheduledPosts subscription', async () => {
    const id = (await post([accountA])).body.post.id;
    await settle(platform.server);
    expect(received('all', id)).toEqual(['post.published']);
    expect(received('scheduledOnly', id)).toEqual([]);
  });

  it('sends nothing for a cancellation', async () => {
    const created = await post([accountA], {
      scheduledFor: new Date(now() + 60 * MINUTE).toISOString(),
    });
    const id = created.body.post.id;
    await settle(platform.server, { until: now() + MINUTE });
    const cancelled = await api('DELETE', `/v1/posts/${id}`);
    expect(cancelled.body.post.status).toBe('cancelled');
    await settle(platform.server);
    expect(received('all', id)).toEqual(['post.scheduled']);
    expect(received('finalOnly', id)).toEqual([]);
  });

  it('sends a new final event for a retry, and a scheduled retry counts as scheduled', async () => {
    platform.emulator.addFault({ path: '/media_publish', times: 1, code: 368, message: 'blocked' });
    const id = (await post([accountA])).body.post.id;
    await settle(platform.server);
    expect(received('all', id)).toEqual(['post.failed']);
    const retried = await api('POST', `/v1/posts/${id}/retry`);
    expect(retried.status).toBe(202);
    await settle(platform.server);
    expect(received('all', id)).toEqual(['post.failed', 'post.published']);
    expect(received('scheduledOnly', id)).toEqual([]);

    platform.emulator.addFault({ path: '/media_publish', times: 1, code: 368, message: 'blocked' });
    const later = (await post([accountA])).body.post.id;
    await settle(platform.server);
    await api('POST', `/v1/posts/${later}/retry`, {
      scheduledFor: new Date(now() + 10 * MINUTE).toISOString(),
    });
    await settle(platform.server);
    expect(received('all', later)).toEqual(['post.failed', 'post.scheduled', 'post.published']);
    // The first failure was of an immediate post; the retry was scheduled.
    expect(received('scheduledOnly', later)).toEqual(['post.scheduled', 'post.published']);
  });

  it('records every delivery of the subscription as delivered', async () => {
    const history = await api('GET', `/v1/notifications/${subs.all.id}/deliveries?limit=100`);
    expect(history.body.total).toBe(subs.all.receiver.received.length);
    expect(
      history.body.deliveries.every(
        (delivery: { status: string; attempt: number }) =>
          delivery.status === 'delivered' && delivery.attempt === 1,
      ),
    ).toBe(true);
  });
});
