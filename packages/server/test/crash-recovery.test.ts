/**
 * Nothing lost, nothing published twice: the server process is killed with SIGKILL at
 * random moments while posts publish, restarted each time, and in the end every post is
 * final and the platform shows each one exactly once. Also: several instances on one
 * PostgreSQL share the work, each post published exactly once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_APP_ID, DEFAULT_APP_SECRET, startEmulator, type Emulator } from '@reelay/emulator';
import { describe, expect, it } from 'vitest';
import { testDialects, type TestDatabase } from './helpers/dialects';
import { call, createAccount, type Account } from './helpers/http-client';
import { startMediaServer, type MediaServer } from './helpers/media-server';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { freePort } from './helpers/free-port';

interface Fixture {
  emulator: Emulator;
  media: MediaServer;
  dataDir: string;
  env(port: number): Record<string, string>;
  close(): Promise<void>;
}

async function fixture(databaseUrl: string): Promise<Fixture> {
  const emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    fetchMedia: false,
    containerLimit: 100_000,
    quotaTotal: 100_000,
    containerProcessingMs: 20,
    // Slow enough that the kills land while the posts publish.
    latencyMs: 25,
  });
  const media = await startMediaServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'reelay-crash-'));
  const secrets = {
    REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
  };
  return {
    emulator,
    media,
    dataDir,
    env: (port) => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REELAY_DATA_DIR: dataDir,
      REELAY_PUBLIC_URL: `http://127.0.0.1:${port}`,
      REELAY_ALLOW_SIGNUP: 'true',
      REELAY_ALLOW_PRIVATE_URLS: 'true',
      INSTAGRAM_APP_ID: DEFAULT_APP_ID,
      INSTAGRAM_APP_SECRET: DEFAULT_APP_SECRET,
      INSTAGRAM_AUTHORIZE_URL: emulator.url,
      INSTAGRAM_API_URL: emulator.url,
      INSTAGRAM_GRAPH_URL: emulator.url,
      ...secrets,
    }),
    async close() {
      await emulator.close();
      await media.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An account with one connected emulator account and `keys` API keys (rate limits are per key). */
async function prepare(url: string, emulator: Emulator, keys: number) {
  const account: Account = await createAccount(url);
  const platformAccount = emulator.createAccount({ username: 'carga' });
  const start = await call(url, 'GET', '/v1/connect/instagram', undefined, account.key);
  const authorize = new URL(start.body.url);
  authorize.searchParams.set('account', platformAccount.id);
  authorize.searchParams.set('decision', 'allow');
  const callback = new URL(
    (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!,
  );
  const connected = await call(url, 'GET', `${callback.pathname}${callback.search}`);
  const extraKeys: Array<Record<string, string>> = [account.key];
  for (let i = 1; i < keys; i++) {
    const created = await call(
      url,
      'POST',
      `/v1/projects/${account.projectId}/api-keys`,
      {},
      { authorization: account.bearer.authorization! },
    );
    extraKeys.push({ 'x-access-key': created.body.apiKey.key });
  }
  return { account, integrationId: connected.body.integration.id as string, keys: extraKeys };
}

async function createPosts(
  url: string,
  media: MediaServer,
  setup: Awaited<ReturnType<typeof prepare>>,
  count: number,
  label: string,
) {
  const image = media.image(1080, 1350);
  const uploaded = await call(url, 'POST', '/v1/media', { url: image }, setup.keys[0]!);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const ids: string[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, count - start) }, async (_, offset) => {
        const index = start + offset;
        const answer = await call(
          url,
          'POST',
          '/v1/posts',
          {
            content: `${label} ${index}`,
            mediaItems: [{ mediaId: uploaded.body.media.id }],
            platforms: [{ platform: 'instagram', accountId: setup.integrationId }],
            idempotencyKey: `${label}-${index}`,
          },
          setup.keys[index % setup.keys.length]!,
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(202);
        return answer.body.post.id as string;
      }),
    );
    ids.push(...batch);
  }
  return ids;
}

async function unfinished(url: string, key: Record<string, string>): Promise<number> {
  let waiting = 0;
  for (const status of ['queued', 'publishing', 'scheduled']) {
    waiting += (await call(url, 'GET', `/v1/posts?status=${status}&limit=1`, undefined, key)).body
      .total;
  }
  return waiting;
}

function expectExactlyOnce(emulator: Emulator, label: string, count: number) {
  const published = emulator.published().filter((item) => item.caption?.startsWith(`${label} `));
  const perCaption = new Map<string, number>();
  for (const item of published)
    perCaption.set(item.caption!, (perCaption.get(item.caption!) ?? 0) + 1);
  const twice = [...perCaption].filter(([, times]) => times > 1);
  expect(twice, 'published more than once').toEqual([]);
  expect(perCaption.size).toBe(count);
}

describe('a server killed at random moments', () => {
  it('finishes every post and publishes each exactly once', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelay-crash-db-'));
    const env = await fixture(join(dataDir, 'reelay.db'));
    const port = await freePort();
    let server: ServerProcess = await startServerProcess(env.env(port));
    try {
      const setup = await prepare(server.url, env.emulator, 3);
      // The last key only watches progress, so its reads never eat the posting keys' limits.
      const monitor = setup.keys.pop()!;
      const ids = await createPosts(server.url, env.media, setup, 500, 'queda');
      expect(ids).toHaveLength(500);
      let kills = 0;
      // Every kill lands while posts are still waiting or publishing.
      for (let round = 0; round < 20; round++) {
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
        if ((await unfinished(server.url, monitor)) === 0) break;
        await server.kill('SIGKILL');
        kills++;
        server = await startServerProcess(env.env(port));
      }
      // Let the last run finish undisturbed.
      const deadline = Date.now() + 60_000;
      while ((await unfinished(server.url, monitor)) > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      // At least two crashes mid-work, however fast this machine publishes.
      expect(kills).toBeGreaterThanOrEqual(2);
      const published = (
        await call(
          server.url,
          'GET',
          '/v1/posts?status=published&limit=1',
          undefined,
          setup.keys[0]!,
        )
      ).body.total;
      const failed = (
        await call(
          server.url,
          'GET',
          '/v1/posts?status=failed&limit=100',
          undefined,
          setup.keys[0]!,
        )
      ).body;
      expect(
        failed.posts.map(
          (post: { platforms: Array<{ errorCode: string }> }) => post.platforms[0]!.errorCode,
        ),
      ).toEqual([]);
      expect(published).toBe(500);
      expectExactlyOnce(env.emulator, 'queda', 500);
    } finally {
      await server.kill('SIGKILL');
      await env.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a server killed while it holds jobs', () => {
  it('has its work taken up again within 10 s of the restart', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelay-crash-db-'));
    const env = await fixture(join(dataDir, 'reelay.db'));
    const port = await freePort();
    let server: ServerProcess = await startServerProcess(env.env(port));
    try {
      const setup = await prepare(server.url, env.emulator, 1);
      // Fewer posts than the worker's 32 slots, so the first process claims every one of
      // them; their container creation never answers, so it dies holding them all.
      const held = 20;
      env.emulator.addFault({ path: '/media', method: 'POST', hang: true, times: held });
      await createPosts(server.url, env.media, setup, held, 'retomada');
      await expect
        .poll(
          () =>
            env.emulator.requests({ path: '/media' }).filter((request) => request.method === 'POST')
              .length,
          { timeout: 20_000 },
        )
        .toBe(held);
      await server.kill('SIGKILL');
      const restartedAt = Date.now();
      server = await startServerProcess(env.env(port));
      const resumed = () =>
        env.emulator.published().filter((media) => media.caption?.startsWith('retomada '));
      await expect
        .poll(() => resumed().length, { timeout: 60_000, interval: 100 })
        .toBeGreaterThan(0);
      const firstPublishAfter = Math.min(...resumed().map((media) => media.publishedAtMs));
      expect(firstPublishAfter - restartedAt).toBeLessThan(10_000);
      await expect
        .poll(() => unfinished(server.url, setup.keys[0]!), { timeout: 60_000, interval: 500 })
        .toBe(0);
      expectExactlyOnce(env.emulator, 'retomada', held);
    } finally {
      await server.kill('SIGKILL');
      await env.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDialects().some((dialect) => dialect.name === 'postgres'))(
  'several instances on one PostgreSQL',
  () => {
    it('share 1,000 due posts and publish each exactly once', { timeout: 240_000 }, async () => {
      const dialect = testDialects().find((candidate) => candidate.name === 'postgres')!;
      const database: TestDatabase = await dialect.create();
      const env = await fixture(database.url);
      const servers: ServerProcess[] = [];
      try {
        // Three instances from the start: every one of them takes due posts as they come.
        for (let i = 0; i < 3; i++)
          servers.push(await startServerProcess(env.env(await freePort())));
        const acceptor = servers[0]!;
        const setup = await prepare(acceptor.url, env.emulator, 4);
        const ids = await createPosts(acceptor.url, env.media, setup, 1000, 'juntos');
        expect(ids).toHaveLength(1000);
        const deadline = Date.now() + 180_000;
        while ((await unfinished(acceptor.url, setup.keys[0]!)) > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(
          (
            await call(
              acceptor.url,
              'GET',
              '/v1/posts?status=published&limit=1',
              undefined,
              setup.keys[0]!,
            )
          ).body.total,
        ).toBe(1000);
        expectExactlyOnce(env.emulator, 'juntos', 1000);
      } finally {
        for (const server of servers) await server.kill('SIGKILL');
        await env.close();
        await database.drop();
      }
    });
  },
);
