/**
 * `DELETE /v1/me` leaves nothing of the erased user in the database, and takes nothing of
 * anyone else. Two users own the same kinds of data, made through the API and the
 * server's own background work (publications, prepared containers, webhook deliveries and
 * their retries, stored insights, rate-limit counters); then one is erased.
 *
 * The check is generic on purpose: it reads every table and column the database lists,
 * follows every `…_id` column from the user to everything they owned, and then looks for
 * those ids anywhere, inside JSON and composite keys too. A table added later is covered
 * without being named here; an erasure that forgets it fails this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idsReachedFrom,
  mentionsOf,
  readAllTables,
  referencesTo,
  rowsMentioning,
  type TableRows,
} from './helpers/database-rows';
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

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const ALL_EVENTS = ['post.scheduled', 'post.published', 'post.partial', 'post.failed'];

/**
 * Tables each user must hold rows in before the erasure, or the test proves less than it
 * claims. Only a floor: the leftover checks read every table, listed here or not.
 */
const FURNISHED = [
  'api_keys',
  'container_creations',
  'events',
  'feed_items',
  'feeds',
  'integrations',
  'jobs',
  'media',
  'organizations',
  'post_insights',
  'post_media',
  'post_targets',
  'posting_schedules',
  'posts',
  'profiles',
  'projects',
  'refresh_tokens',
  'users',
  'webhook_deliveries',
  'webhook_subscriptions',
];

describe.each(testDialects())('erasing a user on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let receiver: Receiver;
  let refusing: Receiver;

  beforeAll(async () => {
    media = await startMediaServer();
    receiver = await startReceiver();
    refusing = await startReceiver();
    refusing.fallback = { status: 500 };
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: {
        workers: false,
        webhooks: {
          timeoutMs: 400,
          // Deliveries go through the queue only, so every attempt is over once it settles.
          inlineMaxQueued: 0,
          // The refusing receiver's deliveries still wait for a retry, in the queue, when
          // the user is erased.
          retryDelaysMs: [DAY, DAY],
        },
      },
    });
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
    await receiver?.close();
    await refusing?.close();
  });

  const url = () => platform.server.url;
  const db = () => platform.server.reelay.context.db;

  interface Furnished {
    account: Account;
    publishedPostId: string;
  }

  /** A user owning one of everything, a scheduled post due at `due` among it. */
  async function furnish(label: string, seed: number, due: number): Promise<Furnished> {
    const account = await createAccount(url());
    const api = async (method: string, path: string, body: unknown, status: number) => {
      const answer = await call(url(), method, path, body, account.key);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
      return answer.body;
    };
    const bearer = { authorization: account.bearer.authorization! };
    const keys = `/v1/projects/${account.projectId}/api-keys`;
    const spare = await call(url(), 'POST', keys, { name: 'reserva' }, bearer);
    expect(spare.status).toBe(201);
    // Used once, so the key has rate-limit counters of its own where they are stored.
    const spareKey = { 'x-access-key': spare.body.apiKey.key };
    expect((await call(url(), 'GET', '/v1/profiles', undefined, spareKey)).status).toBe(200);
    const revoked = await call(url(), 'POST', keys, { name: 'antiga' }, bearer);
    expect(
      (await call(url(), 'DELETE', `${keys}/${revoked.body.apiKey.id}`, undefined, bearer)).status,
    ).toBe(200);

    const profileId = (await api('POST', '/v1/profiles', { name: `Marca ${label}` }, 201)).profile
      .id as string;
    const connected = await connectThroughPlatform(platform, account, {
      username: `apagar.${label}`,
      profileId,
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    const accountId = connected.body.integration.id as string;
    const slots = { timezone: 'UTC', slots: [{ day: 'monday', time: '09:00' }] };
    await api('PUT', `/v1/integrations/${accountId}/slots`, slots, 200);
    await api('PUT', `/v1/profiles/${profileId}/slots`, slots, 200);

    const mediaId = (
      await api('POST', '/v1/media', { url: media.image(1080, 1350, 'jpg', seed) }, 201)
    ).media.id as string;
    for (const target of [receiver, refusing])
      await api(
        'POST',
        '/v1/notifications',
        { eventTypes: ALL_EVENTS, webhook: { url: target.url } },
        201,
      );

    const platforms = [{ platform: 'instagram', accountId }];
    const published = await api(
      'POST',
      '/v1/posts',
      { content: `Agora ${label}`, mediaItems: [{ mediaId }], platforms },
      202,
    );
    await api(
      'POST',
      '/v1/posts',
      {
        content: `Depois ${label}`,
        mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', seed + 1) }],
        platforms,
        scheduledFor: new Date(due).toISOString(),
      },
      201,
    );
    // A feed, checked by its job as the clock runs: its item becomes a draft.
    const feed = media.serve(
      `/feed-${label}.xml`,
      Buffer.from(
        `<rss version="2.0"><channel><title>Blog ${label}</title><item><guid>${label}-1</guid><title>Item ${label}</title><link>https://blog.example.com/${label}</link><enclosure url="${media.image(1080, 1080, 'jpg', seed + 2)}" type="image/jpeg"/></item></channel></rss>`,
      ),
      'application/rss+xml',
    );
    await api('POST', '/v1/feeds', { url: feed, profileId, mode: 'draft' }, 201);
    return { account, publishedPostId: published.post.id };
  }

  /** The tables holding at least one of the ids, anywhere in a row. */
  const tablesMentioning = (tables: readonly TableRows[], ids: ReadonlySet<string>) =>
    Object.keys(rowsMentioning(tables, ids));

  it("erases every row naming the user or anything they owned, and nothing of another user's", async () => {
    const due = platform.server.clock.now() + 60 * MINUTE;
    const leaving = await furnish('sai', 1, due);
    const staying = await furnish('fica', 3, due);
    // Publishes the posts due now, delivers their events (the refusing receiver's wait for
    // a retry), and prepares the scheduled posts' containers ahead of their time.
    await settle(platform.server, { until: due - 5 * MINUTE });
    for (const { account, publishedPostId } of [leaving, staying]) {
      const read = await call(
        url(),
        'GET',
        `/v1/posts/${publishedPostId}/insights`,
        undefined,
        account.key,
      );
      expect(read.status, JSON.stringify(read.body)).toBe(200);
    }

    // The sign-up's access token expired while the clock ran to the prepared containers.
    const signedIn = await call(url(), 'POST', '/v1/auth/login', {
      email: leaving.account.email,
      password: 'correct horse battery',
    });
    expect(signedIn.status).toBe(200);

    const before = await readAllTables(db());
    const erased = idsReachedFrom(before, leaving.account.userId);
    const kept = idsReachedFrom(before, staying.account.userId);
    expect([...erased].filter((id) => kept.has(id))).toEqual([]);
    for (const ids of [erased, kept]) {
      const holding = tablesMentioning(before, ids);
      expect(holding).toEqual(expect.arrayContaining(FURNISHED));
      // Counters live in the database only where instances share it.
      if (dialect.name === 'postgres') expect(holding).toContain('rate_limit_counters');
    }
    // Queued work of every kind that names a subject: a publication, a delivery retry and
    // a feed's next check.
    const queued = (rowsMentioning(before, erased).jobs ?? []).map((row) => JSON.parse(row).kind);
    expect(new Set(queued)).toEqual(new Set(['publish_target', 'deliver_webhook', 'check_feed']));

    const answer = await call(url(), 'DELETE', '/v1/me', undefined, {
      authorization: `Bearer ${signedIn.body.accessToken}`,
    });
    expect(answer.status).toBe(204);

    const after = await readAllTables(db());
    expect.soft(referencesTo(after, erased)).toEqual([]);
    // Ids inside JSON (job payloads, event bodies) and composite keys (rate-limit counters,
    // stored file keys) too: ids are long and random, so a match is never a coincidence.
    // Files queued for deletion (`media_erasures`, keyed by project and media id) are gone
    // as well: the erasure deletes them from storage before it answers.
    expect.soft(mentionsOf(after, erased)).toEqual([]);
    expect.soft(rowsMentioning(after, kept)).toEqual(rowsMentioning(before, kept));
  });
});
