/**
 * Nothing lost, nothing published twice: the server process is killed with SIGKILL at
 * random moments while posts publish, restarted each time, and in the end every post is
 * final and the platform shows each one exactly once. Also: several instances on one
 * PostgreSQL share the work, each post published exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { call } from '@reelay/test-support/http-client';
import {
  createPosts,
  expectExactlyOnce,
  preparePublisher,
  startFleet,
  unfinished,
} from './helpers/publishing-fleet';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { freePort } from '@reelay/test-support/free-port';

describe('a server killed at random moments', () => {
  it('finishes every post and publishes each exactly once', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'reelay-crash-db-'));
    const env = await startFleet(join(dataDir, 'reelay.db'));
    const port = await freePort();
    let server: ServerProcess = await startServerProcess(env.env(port));
    try {
      const setup = await preparePublisher(server.url, env.emulator, 3);
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
    const env = await startFleet(join(dataDir, 'reelay.db'));
    const port = await freePort();
    let server: ServerProcess = await startServerProcess(env.env(port));
    try {
      const setup = await preparePublisher(server.url, env.emulator, 1);
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
      const env = await startFleet(database.url);
      const servers: ServerProcess[] = [];
      try {
        // Three instances from the start: every one of them takes due posts as they come.
        for (let i = 0; i < 3; i++)
          servers.push(await startServerProcess(env.env(await freePort())));
        const acceptor = servers[0]!;
        const setup = await preparePublisher(acceptor.url, env.emulator, 4);
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
