/**
 * Containers prepared ahead of the time asked: by the time a scheduled post is due, its
 * containers exist and are FINISHED, so at that instant the platform sees only
 * `media_publish` (and the permalink read after it). An edit, a new time or a
 * cancellation before the instant discards what was prepared; a prepared container that
 * expired or failed is made again at the instant; the account's container budget bounds
 * how much is prepared.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoggedRequest } from '@reelay/emulator';
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
/** Containers an account may have used before preparation stops, low enough to reach here. */
const BUDGET = 6;

describe.each(testDialects())('prepared containers on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let account: Account;
  let reelUrl: string;

  beforeAll(async () => {
    await makeFixtures();
    media = await startMediaServer();
    reelUrl = media.serve('/video/reel.mp4', readFileSync(fixture('reel.mp4')), 'video/mp4');
    platform = await startWithEmulator(dialect, {
      env: { REELAY_ALLOW_PRIVATE_URLS: 'true' },
      reelay: { workers: false, pipeline: { prepareContainerBudget: BUDGET } },
    });
    account = await createAccount(platform.server.url);
  });
  afterAll(async () => {
    await platform.close();
    await media.close();
  });

  const url = () => platform.server.url;
  const now = () => platform.server.clock.now();
  const image = (seed: number) => ({ type: 'image', url: media.image(1080, 1350, 'jpg', seed) });
  /** A fresh account for each test: the container budget is counted per account. */
  const connect = async () =>
    (await connectThroughPlatform(platform, account)).body.integration.id as string;
  const create = async (accountId: string, body: Record<string, unknown>, at: number) => {
    const answer = await call(
      url(),
      'POST',
      '/v1/posts',
      {
        platforms: [{ platform: 'instagram', accountId }],
        scheduledFor: new Date(at).toISOString(),
        ...body,
      },
      account.key,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.post.id as string;
  };
  const patch = async (id: string, body: Record<string, unknown>) => {
    const answer = await call(url(), 'PATCH', `/v1/posts/${id}`, body, account.key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const get = async (id: string) =>
    (await call(url(), 'GET', `/v1/posts/${id}`, undefined, account.key)).body.post;
  const containers = (caption: string) =>
    platform.emulator.containers().filter((item) => item.caption === caption);
  const published = (caption: string) =>
    platform.emulator.published().filter((item) => item.caption === caption);

  /** Runs every job due at `at`, exactly then, and answers the platform requests it made. */
  async function atInstant(at: number): Promise<LoggedRequest[]> {
    await settle(platform.server, { until: at - 1 });
    platform.emulator.clearRequests();
    platform.server.clock.set(at);
    await platform.server.reelay.tasks.runDueJobs();
    return platform.emulator.requests();
  }

  /** Only publications and reads of what they published: no container made or read. */
  function expectOnlyPublishing(requests: LoggedRequest[], posts: number) {
    const publishes = requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/media_publish'),
    );
    expect(publishes).toHaveLength(posts);
    const mediaIds = new Set(platform.emulator.published().map((item) => item.id));
    const others = requests.filter((request) => !publishes.includes(request));
    for (const request of others) {
      expect(request.method, request.path).toBe('GET');
      expect(mediaIds.has(request.path.split('/').at(-1)!), request.path).toBe(true);
    }
    expect(others.length).toBeLessThanOrEqual(posts);
  }

  it('has every kind ready by its time, and makes only media_publish at it', async () => {
    const accountId = await connect();
    const due = now() + 60 * MINUTE;
    const ids = [
      await create(accountId, { content: 'Pronto feed', mediaItems: [image(1)] }, due),
      await create(
        accountId,
        { content: 'Pronto carrossel', mediaItems: [image(2), image(3)] },
        due,
      ),
      await create(
        accountId,
        { content: 'Pronto reel', mediaItems: [{ type: 'video', url: reelUrl }] },
        due,
      ),
    ];
    const storyId = await create(accountId, { kind: 'story', mediaItems: [image(4)] }, due);

    // Nothing before the window opens.
    await settle(platform.server, { until: due - 10 * MINUTE - 1 });
    expect(containers('Pronto feed')).toHaveLength(0);

    await settle(platform.server, { until: due - 1 });
    for (const caption of ['Pronto feed', 'Pronto carrossel', 'Pronto reel']) {
      const [container] = containers(caption);
      expect(container?.statusCode, caption).toBe('FINISHED');
      // The emulator shows times to the second.
      expect(Date.parse(container!.createdAt)).toBeGreaterThan(due - 10 * MINUTE - 1000);
      for (const child of container!.children ?? []) {
        expect(platform.emulator.containers().find((item) => item.id === child)?.statusCode).toBe(
          'FINISHED',
        );
      }
      expect(published(caption)).toHaveLength(0);
    }

    const requests = await atInstant(due);
    expectOnlyPublishing(requests, 4);
    for (const id of [...ids, storyId]) {
      const post = await get(id);
      expect(post.status).toBe('published');
      expect(Date.parse(post.publishedAt)).toBe(due);
    }
  });

  it('publishes the edited caption and media, never the container prepared before', async () => {
    const accountId = await connect();
    const due = now() + 60 * MINUTE;
    const captionId = await create(accountId, { content: 'Antes', mediaItems: [image(5)] }, due);
    const mediaId = await create(accountId, { content: 'Foto', mediaItems: [image(6)] }, due);
    await settle(platform.server, { until: due - 6 * MINUTE });
    const [before] = containers('Antes');
    const [photoBefore] = containers('Foto');
    expect(before?.statusCode).toBe('FINISHED');

    await patch(captionId, { content: 'Depois' });
    await patch(mediaId, { mediaItems: [image(7)] });
    const requests = await atInstant(due);
    // Prepared again right after the edits: at the instant only the publications remain.
    expectOnlyPublishing(requests, 2);

    expect(published('Antes')).toHaveLength(0);
    expect(published('Depois')).toHaveLength(1);
    expect(published('Depois')[0]!.containerId).not.toBe(before!.id);
    const [photo] = published('Foto');
    expect(photo!.containerId).not.toBe(photoBefore!.id);
    expect(photo!.mediaUrl).not.toBe(photoBefore!.imageUrl);
    expect((await get(mediaId)).status).toBe('published');
  });

  it('prepares again for a new time beyond the container life, and not at all once cancelled', async () => {
    const accountId = await connect();
    const due = now() + 60 * MINUTE;
    const later = due + 3 * 24 * 60 * MINUTE;
    const movedId = await create(accountId, { content: 'Adiado', mediaItems: [image(8)] }, due);
    const cancelledId = await create(
      accountId,
      { content: 'Cancelado', mediaItems: [image(9)] },
      due,
    );
    await settle(platform.server, { until: due - 5 * MINUTE });
    const [first] = containers('Adiado');
    expect(first?.statusCode).toBe('FINISHED');
    expect(containers('Cancelado')).toHaveLength(1);

    await patch(movedId, { scheduledFor: new Date(later).toISOString() });
    const cancelled = await call(
      url(),
      'DELETE',
      `/v1/posts/${cancelledId}`,
      undefined,
      account.key,
    );
    expect(cancelled.status).toBe(200);

    await settle(platform.server, { until: later - 10 * MINUTE - 1 });
    expect(published('Adiado')).toHaveLength(0);
    expect(containers('Adiado')).toHaveLength(1);
    const requests = await atInstant(later);
    expectOnlyPublishing(requests, 1);
    const [again] = containers('Adiado').filter((item) => item.id !== first!.id);
    expect(Date.parse(again!.createdAt)).toBeGreaterThan(later - 10 * MINUTE - 1000);
    expect(published('Adiado')[0]!.containerId).toBe(again!.id);
    expect(Date.parse((await get(movedId)).publishedAt)).toBe(later);

    await settle(platform.server);
    expect(published('Cancelado')).toHaveLength(0);
    expect(containers('Cancelado')).toHaveLength(1);
    expect((await get(cancelledId)).status).toBe('cancelled');
  });

  it('makes a prepared container that expired or failed again at the time, and publishes on time', async () => {
    const accountId = await connect();
    const due = now() + 60 * MINUTE;
    const expiredId = await create(accountId, { content: 'Expirou', mediaItems: [image(10)] }, due);
    const failedId = await create(accountId, { content: 'Falhou', mediaItems: [image(11)] }, due);
    await settle(platform.server, { until: due - MINUTE });
    platform.emulator.forceContainer(containers('Expirou')[0]!.id, { status: 'EXPIRED' });
    platform.emulator.forceContainer(containers('Falhou')[0]!.id, {
      status: 'ERROR',
      subcode: 2207001,
    });

    await atInstant(due);
    for (const [id, caption] of [
      [expiredId, 'Expirou'],
      [failedId, 'Falhou'],
    ] as const) {
      const post = await get(id);
      expect(post.platforms[0], caption).toMatchObject({ status: 'published', errorCode: null });
      expect(Date.parse(post.publishedAt)).toBe(due);
      expect(containers(caption)).toHaveLength(2);
      expect(published(caption)).toHaveLength(1);
    }
  });

  it('ends MISSED, not published late, a prepared post the service could not publish in time', async () => {
    const accountId = await connect();
    const due = now() + 60 * MINUTE;
    const id = await create(accountId, { content: 'Atrasado', mediaItems: [image(12)] }, due);
    await settle(platform.server, { until: due - 1 });
    expect(containers('Atrasado')[0]?.statusCode).toBe('FINISHED');
    // The service was down from before the time until past the grace.
    platform.server.clock.set(due + 16 * MINUTE);
    await settle(platform.server);
    expect((await get(id)).platforms[0]).toMatchObject({ status: 'failed', errorCode: 'MISSED' });
    expect(published('Atrasado')).toHaveLength(0);
  });

  it("prepares no more than the account's container budget allows, and publishes the rest at the time", async () => {
    const accountId = await connect();
    const due = now() + 60 * MINUTE;
    const ids: string[] = [];
    for (let index = 0; index < BUDGET + 2; index++) {
      ids.push(
        await create(accountId, { content: `Cota ${index}`, mediaItems: [image(20 + index)] }, due),
      );
    }
    await settle(platform.server, { until: due - 1 });
    const prepared = ids.filter((_, index) => containers(`Cota ${index}`).length > 0);
    expect(prepared).toHaveLength(BUDGET);

    const requests = await atInstant(due);
    const creations = requests.filter(
      (request) => request.method === 'POST' && request.path.endsWith('/media'),
    );
    expect(creations).toHaveLength(2);
    for (const id of ids) expect((await get(id)).status).toBe('published');
  });
});
