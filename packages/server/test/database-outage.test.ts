/**
 * The database goes away under a running server: its connections are ended again and
 * again (`pg_terminate_backend`, what a restart or an administrator does), or it is gone
 * for 20 s (a TCP proxy in front of PostgreSQL, cut). The server process stays up, answers
 * 503 `DATABASE_UNAVAILABLE` in the envelope while it lasts (requests and `/healthz`),
 * writes nothing half, and once the database is back every post reaches a final state,
 * those due meanwhile included, each published exactly once.
 */
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { freePort } from '@reelay/test-support/free-port';
import { call } from '@reelay/test-support/http-client';
import {
  createPosts,
  expectExactlyOnce,
  preparePublisher,
  startFleet,
  unfinished,
  type Fleet,
} from './helpers/publishing-fleet';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy';

const postgres = testDialects().find((dialect) => dialect.name === 'postgres');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Ends every session of `database` but the admin's own; answers how many it ended. */
async function terminateBackends(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: inject('postgresUrl')! });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

const alive = (server: ServerProcess) =>
  server.child.exitCode === null && server.child.signalCode === null;

async function publishedTotal(url: string, key: Record<string, string>): Promise<number> {
  return (await call(url, 'GET', '/v1/posts?status=published&limit=1', undefined, key)).body.total;
}

async function failedCodes(url: string, key: Record<string, string>): Promise<string[]> {
  const failed = await call(url, 'GET', '/v1/posts?status=failed&limit=100', undefined, key);
  return failed.body.posts.flatMap((post: { platforms: Array<{ errorCode: string }> }) =>
    post.platforms.map((target) => target.errorCode),
  );
}

describe.runIf(postgres)('a server whose PostgreSQL goes away', () => {
  let database: TestDatabase | undefined;
  let fleet: Fleet | undefined;
  let server: ServerProcess | undefined;
  let proxy: TcpProxy | undefined;

  afterEach(async () => {
    await server?.kill('SIGKILL');
    await proxy?.close();
    await fleet?.close();
    await database?.drop();
    server = proxy = fleet = database = undefined;
  });

  it(
    'stays up while its connections are ended again and again, and publishes each post once',
    { timeout: 120_000 },
    async () => {
      database = await postgres!.create();
      // Slow platform calls keep the posts publishing while the connections are cut.
      fleet = await startFleet(database.url, { latencyMs: 150 });
      server = await startServerProcess(fleet.env(await freePort()));
      const publisher = await preparePublisher(server.url, fleet.emulator, 2);
      const key = publisher.keys[0]!;
      await createPosts(server.url, fleet.media, publisher, 30, 'cortes');

      // The cuts begin while the posts publish.
      expect(await publishedTotal(server.url, key)).toBeLessThan(30);
      // Every connection of the server, idle, in a query or in a transaction, ended
      // every 200 ms for 14 s.
      const name = new URL(database.url).pathname.slice(1);
      let ended = 0;
      let rounds = 0;
      for (const until = Date.now() + 14_000; Date.now() < until; rounds++) {
        ended += await terminateBackends(name);
        expect(alive(server), 'the server process exited').toBe(true);
        await sleep(200);
      }
      // Connections were ended over and over (about one a round: the pool opens another
      // for the next statement), not once.
      expect(rounds).toBeGreaterThan(10);
      expect(ended).toBeGreaterThan(10);

      await expect
        .poll(() => unfinished(server!.url, key), { timeout: 60_000, interval: 500 })
        .toBe(0);
      expect(alive(server)).toBe(true);
      expect(await failedCodes(server.url, key)).toEqual([]);
      expect(await publishedTotal(server.url, key)).toBe(30);
      expectExactlyOnce(fleet.emulator, 'cortes', 30);
    },
  );

  it(
    'answers 503 while its database is gone for 20 s, then publishes what fell due meanwhile',
    { timeout: 180_000 },
    async () => {
      database = await postgres!.create();
      const direct = new URL(database.url);
      proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
      const throughProxy = new URL(database.url);
      throughProxy.host = `127.0.0.1:${proxy.port}`;
      fleet = await startFleet(throughProxy.toString(), { latencyMs: 150 });
      server = await startServerProcess(fleet.env(await freePort()));
      const publisher = await preparePublisher(server.url, fleet.emulator, 2);
      const key = publisher.keys[0]!;

      // Due 62 s from now: inside the outage below.
      const dueAt = Date.now() + 62_000;
      await createPosts(
        server.url,
        fleet.media,
        publisher,
        10,
        'agendado',
        new Date(dueAt).toISOString(),
      );
      await sleep(dueAt - 12_000 - Date.now());
      // Publishing when the database goes.
      await createPosts(server.url, fleet.media, publisher, 20, 'imediato');
      const before = (await call(server.url, 'GET', '/v1/posts?limit=1', undefined, key)).body
        .total;

      await proxy.cut();
      const cutAt = Date.now();
      await expect
        .poll(async () => (await call(server!.url, 'GET', '/healthz')).status, {
          timeout: 10_000,
          interval: 200,
        })
        .toBe(503);
      const health = await call(server.url, 'GET', '/healthz');
      expect(health.body).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
      expect(health.body.message).toMatch(/banco de dados/);
      expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0);

      // Requests answer in the envelope, never 500, and a refused write leaves nothing.
      const statuses = new Map<string, number>();
      while (Date.now() - cutAt < 20_000) {
        const read = await call(server.url, 'GET', '/v1/posts?limit=1', undefined, key);
        const write = await call(
          server.url,
          'POST',
          '/v1/profiles',
          { name: `durante ${Date.now()}` },
          key,
        );
        for (const answer of [read, write]) {
          const seen = `${answer.status} ${answer.body?.code}`;
          statuses.set(seen, (statuses.get(seen) ?? 0) + 1);
        }
        expect(alive(server), 'the server process exited').toBe(true);
        await sleep(500);
      }
      expect([...statuses.keys()]).toEqual(['503 DATABASE_UNAVAILABLE']);

      await proxy.restore();
      await expect
        .poll(async () => (await call(server!.url, 'GET', '/healthz')).status, {
          timeout: 15_000,
          interval: 200,
        })
        .toBe(200);
      const profiles = await call(server.url, 'GET', '/v1/profiles', undefined, key);
      expect(
        profiles.body.profiles.filter((profile: { name: string }) =>
          profile.name.startsWith('durante'),
        ),
      ).toEqual([]);
      expect((await call(server.url, 'GET', '/v1/posts?limit=1', undefined, key)).body.total).toBe(
        before,
      );

      await expect
        .poll(() => unfinished(server!.url, key), { timeout: 90_000, interval: 500 })
        .toBe(0);
      expect(alive(server)).toBe(true);
      expect(await failedCodes(server.url, key)).toEqual([]);
      expect(await publishedTotal(server.url, key)).toBe(30);
      expectExactlyOnce(fleet.emulator, 'agendado', 10);
      expectExactlyOnce(fleet.emulator, 'imediato', 20);
      // The scheduled ones were due while the database was gone, and published after.
      const scheduled = fleet.emulator
        .published()
        .filter((media) => media.caption?.startsWith('agendado '));
      expect(Math.min(...scheduled.map((media) => media.publishedAtMs))).toBeGreaterThan(
        cutAt + 20_000,
      );
    },
  );
});
