/**
 * Evergreen queues over real HTTP on both databases, published on the emulator with a
 * manual clock: an empty slot of a schedule that recycles takes the published evergreen
 * post used least recently, as a new post; not again within `minDaysBetween` (the next
 * one goes, or the slot stays empty); a schedule without recycling creates nothing;
 * variant captions go in turn; two runs of the filler at once, or on two instances
 * sharing PostgreSQL, create the copy once; the cleanup of unused media keeps an
 * evergreen post's media.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '@reelay/server';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import type { TestServer } from '@reelay/test-support/test-server';
import {
  connectThroughPlatform,
  startTwoInstances,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Monday 2027-03-01, 10:00 UTC. */
const NOW = Date.parse('2027-03-01T10:00:00Z');
const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Noon UTC every day. */
const NOON = EVERY_DAY.map((day) => ({ day, time: '12:00' }));
/** Noon UTC, `days` days after NOW's date. */
const noonAfter = (days: number) => Date.parse('2027-03-01T12:00:00Z') + days * DAY;
const iso = (at: number) => new Date(at).toISOString();

interface PostView {
  id: string;
  status: string;
  content: string;
  scheduledFor: string | null;
  evergreen: boolean;
  evergreenCaptions: string[];
  recycledFrom: string | null;
  idempotencyKey: string | null;
  mediaItems: Array<{ mediaId: string }>;
  platforms: Array<{ integrationId: string }>;
}

/** What one server of the test needs: its URL, its clock and its background tasks. */
function helpers(server: () => TestServer, owner: () => Account, media: () => MediaServer) {
  const api = (method: string, path: string, body?: unknown) =>
    call(server().url, method, path, body, owner().key);
  let seed = 40;
  return {
    api,
    async upload(): Promise<string> {
      const uploaded = await api('POST', '/v1/media', {
        url: media().image(1080, 1350, 'jpg', ++seed),
      });
      if (uploaded.status !== 201) throw new Error(JSON.stringify(uploaded.body));
      return uploaded.body.media.id as string;
    },
    /** Publishes a post now, on the emulator, and answers it as published. */
    async publishNow(accountId: string, extra: Record<string, unknown>): Promise<PostView> {
      const created = await api('POST', '/v1/posts', {
        mediaItems: [{ mediaId: await this.upload() }],
        platforms: [{ platform: 'instagram', accountId }],
        ...extra,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(202);
      await settle(server(), { until: server().clock.now() + 2 * MINUTE });
      const post = (await api('GET', `/v1/posts/${created.body.post.id}`)).body.post as PostView;
      expect(post.status).toBe('published');
      return post;
    },
    async copiesOn(accountId: string): Promise<PostView[]> {
      const listed = await api('GET', `/v1/posts?accountId=${accountId}&limit=100&sort=asc`);
      return (listed.body.posts as PostView[]).filter((post) => post.recycledFrom !== null);
    },
    /**
     * Sets the clock half an hour before a slot, runs the filler once, and answers how
     * many copies it created on the account (other tests' schedules recycle too).
     */
    async fillBefore(slotAt: number, accountId: string): Promise<number> {
      const before = (await this.copiesOn(accountId)).length;
      server().clock.set(slotAt - 30 * MINUTE);
      await server().reelay.tasks.fillEvergreenSlots();
      return (await this.copiesOn(accountId)).length - before;
    },
    /** Publishes whatever is due up to ten minutes after the slot. */
    async publishThrough(slotAt: number) {
      await settle(server(), { until: slotAt + 10 * MINUTE });
    },
  };
}

describe.each(testDialects())('evergreen queues on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithEmulator(dialect, {
      clock: createManualClock(NOW),
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true', REELAY_UNUSED_MEDIA_DAYS: '1' },
      reelay: { workers: false },
    });
    owner = await createAccount(platform.server.url);
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
  });

  const h = helpers(
    () => platform.server,
    () => owner,
    () => media,
  );
  let accounts = 0;
  const connectRecycling = async (evergreen?: { enabled: boolean; minDaysBetween?: number }) => {
    const connected = await connectThroughPlatform(platform, owner, {
      username: `perene.${dialect.name}.${++accounts}`,
    });
    const id = connected.body.integration.id as string;
    const set = await h.api('PUT', `/v1/integrations/${id}/slots`, {
      timezone: 'UTC',
      slots: NOON,
      ...(evergreen ? { evergreen } : {}),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    return id;
  };

  it('fills an empty slot with the oldest evergreen post, then the next, and not again within minDaysBetween', async () => {
    platform.server.clock.set(NOW);
    const id = await connectRecycling({ enabled: true, minDaysBetween: 3 });
    const first = await h.publishNow(id, { content: 'O clássico #perene', evergreen: true });
    expect(first).toMatchObject({ evergreen: true, evergreenCaptions: [], recycledFrom: null });
    platform.server.clock.set(NOW + 5 * MINUTE);
    const plain = await h.publishNow(id, { content: 'O segundo #perene' });
    expect(plain.evergreen).toBe(false);
    // Marked evergreen once published.
    const marked = await h.api('PATCH', `/v1/posts/${plain.id}`, { evergreen: true });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.post).toMatchObject({ status: 'published', evergreen: true });
    const second = marked.body.post as PostView;

    // Wednesday noon: both went out less than 3 days before; the slot stays empty.
    expect(await h.fillBefore(noonAfter(2), id)).toBe(0);
    // Thursday noon: both went out 3 days before; the oldest goes, as a new post.
    const thursday = noonAfter(3);
    expect(await h.fillBefore(thursday, id)).toBe(1);
    const [copy] = await h.copiesOn(id);
    expect(copy).toMatchObject({
      status: 'scheduled',
      content: 'O clássico #perene',
      scheduledFor: iso(thursday),
      recycledFrom: first.id,
      evergreen: false,
      mediaItems: [{ mediaId: first.mediaItems[0]!.mediaId }],
      platforms: [{ integrationId: id }],
    });
    expect(copy!.id).not.toBe(first.id);
    // The slot is taken now: running again creates nothing.
    await platform.server.reelay.tasks.fillEvergreenSlots();
    expect(await h.copiesOn(id)).toHaveLength(1);
    await h.publishThrough(thursday);
    const caption = (text: string) =>
      platform.emulator.published().filter((item) => item.caption === text);
    expect(caption('O clássico #perene')).toHaveLength(2);

    // Friday: the first went out yesterday; the second, the least recently used, goes.
    const friday = noonAfter(4);
    expect(await h.fillBefore(friday, id)).toBe(1);
    expect((await h.copiesOn(id)).map((post) => post.recycledFrom)).toEqual([first.id, second.id]);
    await h.publishThrough(friday);
    expect(caption('O segundo #perene')).toHaveLength(2);

    // Saturday: both went out within 3 days; the slot stays empty.
    expect(await h.fillBefore(noonAfter(5), id)).toBe(0);
    // Sunday: the first again, 3 days after its copy.
    expect(await h.fillBefore(noonAfter(6), id)).toBe(1);
    expect((await h.copiesOn(id)).map((post) => post.recycledFrom)).toEqual([
      first.id,
      second.id,
      first.id,
    ]);

    // Days past REELAY_UNUSED_MEDIA_DAYS: the evergreen posts' media stay.
    await platform.server.reelay.tasks.deleteUnusedMedia();
    for (const post of [first, second]) {
      const found = await h.api('GET', `/v1/media/${post.mediaItems[0]!.mediaId}`);
      expect(found.status).toBe(200);
    }
  });

  it('creates nothing for a schedule without recycling, and keeps the setting when slots change', async () => {
    platform.server.clock.set(NOW + 20 * DAY);
    const id = await connectRecycling();
    const schedule = (await h.api('GET', `/v1/integrations/${id}/slots`)).body.schedule;
    expect(schedule.evergreen).toEqual({ enabled: false, minDaysBetween: 30 });
    await h.publishNow(id, { content: 'Nunca volta #perene', evergreen: true });
    expect(await h.fillBefore(noonAfter(24), id)).toBe(0);
    expect(await h.copiesOn(id)).toEqual([]);

    // Enabled, then the slots replaced without `evergreen`: recycling stays on.
    await h.api('PUT', `/v1/integrations/${id}/slots`, {
      timezone: 'UTC',
      slots: NOON,
      evergreen: { enabled: true, minDaysBetween: 7 },
    });
    const replaced = await h.api('PUT', `/v1/integrations/${id}/slots`, {
      timezone: 'UTC',
      slots: NOON.slice(0, 3),
    });
    expect(replaced.body.schedule.evergreen).toEqual({ enabled: true, minDaysBetween: 7 });
    const refused = await h.api('PUT', `/v1/integrations/${id}/slots`, {
      timezone: 'UTC',
      slots: NOON,
      evergreen: { enabled: true, minDaysBetween: 0 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details.field).toBe('evergreen.minDaysBetween');
    // Disabled again: nothing.
    await h.api('PUT', `/v1/integrations/${id}/slots`, {
      timezone: 'UTC',
      slots: NOON,
      evergreen: { enabled: false },
    });
    expect(await h.fillBefore(noonAfter(40), id)).toBe(0);
  });

  it('uses the variant captions in turn', async () => {
    platform.server.clock.set(NOW + 50 * DAY);
    const id = await connectRecycling({ enabled: true, minDaysBetween: 1 });
    const post = await h.publishNow(id, {
      content: 'Original #perene',
      evergreen: true,
      evergreenCaptions: ['Variação um', 'Variação dois'],
    });
    expect(post.evergreenCaptions).toEqual(['Variação um', 'Variação dois']);
    for (const day of [51, 52, 53]) {
      expect(await h.fillBefore(noonAfter(day), id)).toBe(1);
      await h.publishThrough(noonAfter(day));
    }
    expect((await h.copiesOn(id)).map((copy) => copy.content)).toEqual([
      'Variação um',
      'Variação dois',
      'Variação um',
    ]);
    const refused = await h.api('PATCH', `/v1/posts/${post.id}`, {
      evergreenCaptions: [
        '#a #b #c #d #e #f #g #h #i #j #k #l #m #n #o #p #q #r #s #t #u #v #w #x #y #z #aa #bb #cc #dd #ee',
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_ERROR');
    expect(refused.body.details.field).toMatch(/^evergreenCaptions/);
  });

  it("recycles on a profile's schedule for the accounts that follow it", async () => {
    platform.server.clock.set(NOW + 55 * DAY);
    const profile = (await h.api('POST', '/v1/profiles', { name: 'Perene' })).body.profile
      .id as string;
    const connected = await connectThroughPlatform(platform, owner, {
      username: `perene.perfil.${dialect.name}`,
      profileId: profile,
    });
    const id = connected.body.integration.id as string;
    const set = await h.api('PUT', `/v1/profiles/${profile}/slots`, {
      timezone: 'UTC',
      slots: NOON,
      evergreen: { enabled: true, minDaysBetween: 1 },
    });
    expect(set.body.schedule.evergreen).toEqual({ enabled: true, minDaysBetween: 1 });
    const post = await h.publishNow(id, { content: 'Do perfil #perene', evergreen: true });
    expect(await h.fillBefore(noonAfter(57), id)).toBe(1);
    expect((await h.copiesOn(id)).map((copy) => copy.recycledFrom)).toEqual([post.id]);
  });

  it('queues the slot once when two runs of the filler race', async () => {
    platform.server.clock.set(NOW + 60 * DAY);
    const id = await connectRecycling({ enabled: true, minDaysBetween: 1 });
    await h.publishNow(id, { content: 'Disputado #perene', evergreen: true });
    platform.server.clock.set(noonAfter(62) - 30 * MINUTE);
    await Promise.all([
      platform.server.reelay.tasks.fillEvergreenSlots(),
      platform.server.reelay.tasks.fillEvergreenSlots(),
      platform.server.reelay.tasks.fillEvergreenSlots(),
    ]);
    const copies = await h.copiesOn(id);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.scheduledFor).toBe(iso(noonAfter(62)));
    expect(copies[0]!).toMatchObject({
      idempotencyKey: `evergreen:${id}:${iso(noonAfter(62))}`,
    });

    // The copy cancelled frees the slot, but its key stays used: a later run (a restart
    // after a crash included) does not queue that slot again.
    expect((await h.api('DELETE', `/v1/posts/${copies[0]!.id}`)).status).toBe(200);
    await platform.server.reelay.tasks.fillEvergreenSlots();
    expect(await h.copiesOn(id)).toHaveLength(1);
  });
});

const postgres = testDialects().find((dialect) => dialect.name === 'postgres');

describe.skipIf(!postgres)('evergreen queues across two instances sharing PostgreSQL', () => {
  let database: TestDatabase;
  let platform: Platform;
  let other: TestServer;
  let media: MediaServer;
  let owner: Account;

  beforeAll(async () => {
    media = await startMediaServer();
    database = await postgres!.create();
    ({ platform, other } = await startTwoInstances(postgres!, database));
    owner = await createAccount(platform.server.url);
  });
  afterAll(async () => {
    await other?.close();
    await platform?.close();
    await database?.drop();
    await media?.close();
  });

  it('queues each slot once when both instances fill at the same moment', async () => {
    const h = helpers(
      () => platform.server,
      () => owner,
      () => media,
    );
    const connected = await connectThroughPlatform(platform, owner, { username: 'perene.dupla' });
    const id = connected.body.integration.id as string;
    // Slots every hour of the day: several fall within the next hour's lead on any run.
    const hourly = EVERY_DAY.flatMap((day) =>
      ['00', '20', '40'].map((minute) => ({ day, time: `12:${minute}` })),
    );
    await h.api('PUT', `/v1/integrations/${id}/slots`, {
      timezone: 'UTC',
      slots: hourly,
      evergreen: { enabled: true, minDaysBetween: 1 },
    });
    for (const content of ['Um #perene', 'Dois #perene', 'Três #perene']) {
      await h.publishNow(id, { content, evergreen: true });
    }
    const now = platform.server.clock.now();
    const nextNoon = Math.ceil((now + 2 * DAY) / DAY) * DAY + 12 * 60 * MINUTE;
    platform.server.clock.set(nextNoon - 10 * MINUTE);
    await Promise.all([
      platform.server.reelay.tasks.fillEvergreenSlots(),
      other.reelay.tasks.fillEvergreenSlots(),
      platform.server.reelay.tasks.fillEvergreenSlots(),
      other.reelay.tasks.fillEvergreenSlots(),
    ]);
    const copies = await h.copiesOn(id);
    expect(copies.map((copy) => copy.scheduledFor)).toEqual([
      iso(nextNoon),
      iso(nextNoon + 20 * MINUTE),
      iso(nextNoon + 40 * MINUTE),
    ]);
    // Three slots, three different posts: each went out less than a day ago.
    expect(new Set(copies.map((copy) => copy.recycledFrom)).size).toBe(3);
  });
});
