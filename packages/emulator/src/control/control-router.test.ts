import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../start-emulator';
import {
  accountWithToken,
  call,
  createContainer,
  publishImage,
  startTestEmulator,
  TEST_START,
} from '../testing/harness';

const { emulator, clock, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

describe('accounts', () => {
  it('creates accounts with 17-digit string ids beyond JS number precision, and lists them', async () => {
    const res = await call(emulator, 'POST', '/_emulator/accounts', {
      json: { username: 'cafe.aurora', accountType: 'BUSINESS', name: 'Café Aurora' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^\d{17}$/),
      username: 'cafe.aurora',
      accountType: 'BUSINESS',
    });
    expect(BigInt(res.body.id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    const list = await call(emulator, 'GET', '/_emulator/accounts');
    expect(list.body.data.map((a: { username: string }) => a.username)).toEqual(['cafe.aurora']);
    expect((await call(emulator, 'GET', `/_emulator/accounts/${res.body.id}`)).body.name).toBe(
      'Café Aurora',
    );
  });

  it.each([
    [{}, 400],
    [{ username: 'has space' }, 400],
    [{ username: 'ok', accountType: 'CREATOR' }, 400],
    [{ username: 'ok', scopes: ['publish_everything'] }, 400],
    [{ username: 'ok', followersCount: -1 }, 400],
    [{ username: 'ok', nickname: 'x' }, 400],
  ])('refuses a malformed account %o', async (json, status) => {
    expect((await call(emulator, 'POST', '/_emulator/accounts', { json })).status).toBe(status);
  });

  it('refuses a taken username, whatever its case', async () => {
    await call(emulator, 'POST', '/_emulator/accounts', { json: { username: 'Cafe' } });
    const res = await call(emulator, 'POST', '/_emulator/accounts', { json: { username: 'cafe' } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toContain('taken');
  });

  it('refuses a body that is not JSON', async () => {
    const res = await fetch(`${emulator.url}/_emulator/accounts`, {
      method: 'POST',
      body: '{nope',
    });
    expect(res.status).toBe(400);
  });
});

describe('bulk seed', () => {
  it('creates accounts with tokens that work and media whose comments can be read', async () => {
    const res = await call(emulator, 'POST', '/_emulator/seed', {
      json: { accounts: 3, mediaPerAccount: 4, spanDays: 2, tokenAgeDays: 30, prefix: 'lote' },
    });
    expect(res.status).toBe(201);
    const seeded = res.body.data as Array<{
      id: string;
      username: string;
      accessToken: string;
      media: Array<{ id: string; publishedAt: number }>;
    }>;
    expect(seeded.map((account) => account.username)).toEqual(['lote0', 'lote1', 'lote2']);
    for (const account of seeded) {
      expect(account.media).toHaveLength(4);
      // Newest first, within the span, before now.
      const times = account.media.map((media) => media.publishedAt);
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(times[0]).toBeLessThan(clock.now());
      expect(times.at(-1)).toBeGreaterThanOrEqual(clock.now() - 2 * 86_400_000);
    }
    // Token ages spread from one day to 31 days, each lasting its 60 days.
    for (const account of seeded as unknown as Array<{
      tokenIssuedAt: number;
      tokenExpiresAt: number;
    }>) {
      const age = clock.now() - account.tokenIssuedAt;
      expect(age).toBeGreaterThanOrEqual(86_400_000);
      expect(age).toBeLessThanOrEqual(31 * 86_400_000);
      expect(account.tokenExpiresAt - account.tokenIssuedAt).toBeGreaterThan(59 * 86_400_000);
    }
    const [first] = seeded;
    const me = await call(emulator, 'GET', '/me', {
      query: { fields: 'user_id,username', access_token: first!.accessToken },
    });
    expect(me.body).toMatchObject({ user_id: first!.id, username: 'lote0' });
    const comments = await call(emulator, 'GET', `/${first!.media[0]!.id}/comments`, {
      query: { access_token: first!.accessToken },
    });
    expect(comments.status).toBe(200);
    expect(comments.body.data).toEqual([]);
    // Old enough to refresh.
    const refreshed = await call(emulator, 'GET', '/refresh_access_token', {
      query: { grant_type: 'ig_refresh_token', access_token: first!.accessToken },
    });
    expect(refreshed.status).toBe(200);
  });

  it('seeds comments, and the media edge pages comment counts newest first from since', async () => {
    const res = await call(emulator, 'POST', '/_emulator/seed', {
      json: { accounts: 1, mediaPerAccount: 5, spanDays: 5, prefix: 'contagem' },
    });
    const [account] = res.body.data as Array<{
      id: string;
      accessToken: string;
      media: Array<{ id: string; publishedAt: number }>;
    }>;
    const media = account!.media;
    const seeded = await call(emulator, 'POST', '/_emulator/seed/comments', {
      json: {
        comments: [
          { mediaId: media[0]!.id },
          { mediaId: media[0]!.id, text: 'de novo' },
          { mediaId: media[2]!.id },
        ],
      },
    });
    expect(seeded.status).toBe(201);
    expect(seeded.body).toEqual({ created: 3 });
    const refused = await call(emulator, 'POST', '/_emulator/seed/comments', {
      json: { comments: [{ mediaId: media[1]!.id }, { mediaId: 'nenhuma' }] },
    });
    expect(refused.status).toBe(404);
    const random = await call(emulator, 'POST', '/_emulator/seed/comments', {
      json: { random: 0 },
    });
    expect(random.body).toEqual({ created: 0 });
    const since = Math.floor(media[3]!.publishedAt / 1000);
    const read = (after?: string) =>
      call(emulator, 'GET', `/${account!.id}/media`, {
        query: {
          fields: 'id,comments_count',
          limit: '2',
          since: String(since),
          access_token: account!.accessToken,
          ...(after ? { after } : {}),
        },
      });
    const first = await read();
    expect(first.body.data).toEqual([
      { id: media[0]!.id, comments_count: 2 },
      { id: media[1]!.id, comments_count: 0 },
    ]);
    expect(first.body.paging.next).toContain('after=');
    const second = await read(first.body.paging.cursors.after);
    expect(second.body.data).toEqual([
      { id: media[2]!.id, comments_count: 1 },
      { id: media[3]!.id, comments_count: 0 },
    ]);
    expect(second.body.paging.next).toBeUndefined();
    // Random comments land on the emulator's media, most on each account's newest post.
    const made = await call(emulator, 'POST', '/_emulator/seed/comments', {
      json: { random: 40 },
    });
    expect(made.body).toEqual({ created: 40 });
    const all = await call(emulator, 'GET', `/${account!.id}/media`, {
      query: { fields: 'id,comments_count', limit: '10', access_token: account!.accessToken },
    });
    const total = (all.body.data as Array<{ comments_count: number }>).reduce(
      (sum, item) => sum + item.comments_count,
      0,
    );
    expect(total).toBe(43);
    expect(all.body.data[0].comments_count).toBeGreaterThan(all.body.data[4].comments_count);
  });

  it('refuses a seed beyond its bounds', async () => {
    for (const json of [{ accounts: 0 }, { accounts: 2, mediaPerAccount: -1 }, { accounts: 1.5 }]) {
      expect((await call(emulator, 'POST', '/_emulator/seed', { json })).status).toBe(400);
    }
  });
});

describe('config, clock, containers and reset', () => {
  it('changes settings and refuses unknown or ill-typed ones', async () => {
    const res = await call(emulator, 'POST', '/_emulator/config', {
      json: { quotaTotal: 25, latencyMs: 0 },
    });
    expect(res.body.quotaTotal).toBe(25);
    expect((await call(emulator, 'GET', '/_emulator/config')).body.quotaTotal).toBe(25);
    expect(
      (await call(emulator, 'POST', '/_emulator/config', { json: { quota: 25 } })).status,
    ).toBe(400);
    expect(
      (await call(emulator, 'POST', '/_emulator/config', { json: { quotaTotal: '25' } })).status,
    ).toBe(400);
    expect(
      (
        await call(emulator, 'POST', '/_emulator/config', {
          json: { tokenExchangeShape: 'nested' },
        })
      ).status,
    ).toBe(400);
  });

  it('adds global latency to platform requests only', async () => {
    await call(emulator, 'POST', '/_emulator/config', { json: { latencyMs: 120 } });
    const { token } = await accountWithToken(emulator);
    let started = performance.now();
    await call(emulator, 'GET', '/_emulator/accounts');
    expect(performance.now() - started).toBeLessThan(100);
    started = performance.now();
    await call(emulator, 'GET', '/me', { token });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('moves the clock forward on request', async () => {
    const res = await call(emulator, 'POST', '/_emulator/clock', { json: { advanceMs: 60_000 } });
    expect(res.body).toEqual({ now: TEST_START + 60_000, iso: '2026-01-01T00:01:00.000Z' });
    expect(
      (await call(emulator, 'POST', '/_emulator/clock', { json: { advanceMs: -1 } })).status,
    ).toBe(400);
  });

  it('lists containers with their status and forces their state', async () => {
    const { token } = await accountWithToken(emulator);
    const id = await createContainer(emulator, token, {
      image_url: 'https://cdn.example.com/a.jpg',
    });
    const list = (await call(emulator, 'GET', '/_emulator/containers')).body.data;
    expect(list).toEqual([expect.objectContaining({ id, kind: 'IMAGE', statusCode: 'FINISHED' })]);
    expect(
      (await call(emulator, 'POST', `/_emulator/containers/${id}`, { json: { status: 'DONE' } }))
        .status,
    ).toBe(400);
    expect(
      (await call(emulator, 'POST', '/_emulator/containers/1789', { json: { status: 'EXPIRED' } }))
        .status,
    ).toBe(404);
  });

  it('forgets everything on reset, and hands out the same ids again with a seed', async () => {
    const { id, token } = await accountWithToken(emulator);
    await publishImage(emulator, token);
    await call(emulator, 'POST', '/_emulator/faults', { json: { path: '/me' } });
    await call(emulator, 'POST', '/_emulator/config', { json: { quotaTotal: 1 } });
    await call(emulator, 'POST', '/_emulator/clock', { json: { advanceMs: 1000 } });
    clock.set(TEST_START);
    expect((await call(emulator, 'POST', '/_emulator/reset')).body).toEqual({ reset: true });
    expect((await call(emulator, 'GET', '/_emulator/accounts')).body.data).toEqual([]);
    expect((await call(emulator, 'GET', '/_emulator/media')).body.data).toEqual([]);
    expect((await call(emulator, 'GET', '/_emulator/faults')).body.data).toEqual([]);
    expect(emulator.config.quotaTotal).toBe(100);
    expect(emulator.now()).toBe(TEST_START);
    expect((await call(emulator, 'GET', '/me', { token })).body.error.code).toBe(190);
    const again = emulator.createAccount({ username: 'account_1' });
    expect(again.id).toBe(id);
  });

  it('answers 404 for an unknown control route', async () => {
    expect((await call(emulator, 'GET', '/_emulator/nothing')).status).toBe(404);
  });
});

describe('determinism', () => {
  it('gives the same ids and tokens to two emulators with the same seed, and different ones otherwise', async () => {
    const run = async (seed: string) => {
      const em = await startEmulator({ seed, fetchMedia: false });
      try {
        const account = em.createAccount({ username: 'cafe' });
        return [account.id, em.mintToken(account.id).access_token];
      } finally {
        await em.close();
      }
    };
    expect(await run('a')).toEqual(await run('a'));
    expect(await run('a')).not.toEqual(await run('b'));
  });
});
