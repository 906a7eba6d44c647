/**
 * A recurring post through SIGKILLs: the server process is killed while its job creates
 * the occurrences of a daily series (75 posts entering the window at once) and while the
 * first occurrence publishes, restarted each time; in the end the series has one post per
 * day of the window, each index once, none skipped, and the first occurrence is published
 * exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call } from '@reelay/test-support/http-client';
import { freePort } from '@reelay/test-support/free-port';
import { preparePublisher, startFleet } from './helpers/publishing-fleet';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

const DAY = 86_400_000;

describe('a recurring post through SIGKILLs', () => {
  it(
    'creates each occurrence once and publishes the first once',
    { timeout: 300_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'reelay-series-crash-'));
      const env = await startFleet(join(dataDir, 'reelay.db'));
      const port = await freePort();
      let server: ServerProcess = await startServerProcess(env.env(port));
      try {
        const setup = await preparePublisher(server.url, env.emulator, 1);
        const key = setup.keys[0]!;
        const uploaded = await call(
          server.url,
          'POST',
          '/v1/media',
          { url: env.media.image(1080, 1350) },
          key,
        );
        // A whole minute: occurrences repeat the wall clock to the minute.
        const start = Math.ceil((Date.now() + 65_000) / 60_000) * 60_000;
        const created = await call(
          server.url,
          'POST',
          '/v1/posts',
          {
            content: 'Bom dia diário',
            mediaItems: [{ mediaId: uploaded.body.media.id }],
            platforms: [{ platform: 'instagram', accountId: setup.integrationId }],
            scheduledFor: new Date(start).toISOString(),
            timezone: 'America/Sao_Paulo',
            recurrence: { rrule: 'FREQ=DAILY' },
          },
          key,
        );
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const seriesId = created.body.post.series.id as string;
        const read = async () =>
          (await call(server.url, 'GET', `/v1/series/${seriesId}?upcoming=1`, undefined, key)).body
            .series as {
            posts: Array<{ index: number; at: string; postId: string | null; error: unknown }>;
            upcoming: Array<{ at: string }>;
          };

        let kills = 0;
        for (let round = 0; round < 6; round++) {
          await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 400));
          await server.kill('SIGKILL');
          kills++;
          server = await startServerProcess(env.env(port));
        }
        // Past the first occurrence's time, then undisturbed until its publication ends.
        while (Date.now() < start + 1_000) {
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        await server.kill('SIGKILL');
        kills++;
        server = await startServerProcess(env.env(port));
        const deadline = Date.now() + 60_000;
        let series = await read();
        // Occurrences 1 to 75 are within the window from the start: the restarted server
        // creates them at once, then publishes the first.
        while (
          Date.now() < deadline &&
          (env.emulator.published().length === 0 || series.posts.length < 75)
        ) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          series = await read();
        }

        expect(kills).toBe(7);
        // One post per day from the first to 75 days ahead, each index once, none skipped.
        expect(series.posts.map((occurrence) => occurrence.index)).toEqual(
          series.posts.map((_, i) => i + 1),
        );
        expect(series.posts.length).toBeGreaterThanOrEqual(75);
        expect(series.posts.filter((occurrence) => occurrence.error !== null)).toEqual([]);
        expect(Date.parse(series.upcoming[0]!.at)).toBeGreaterThan(Date.now() + 74 * DAY);
        const days = series.posts.map((occurrence) => Date.parse(occurrence.at));
        for (let i = 1; i < days.length; i++) expect(days[i]! - days[i - 1]!).toBe(DAY);
        const first = await call(
          server.url,
          'GET',
          `/v1/posts/${series.posts[0]!.postId}`,
          undefined,
          key,
        );
        expect(first.body.post.status).toBe('published');
        expect(
          env.emulator.published().filter((item) => item.caption === 'Bom dia diário'),
        ).toHaveLength(1);
        const all = await call(server.url, 'GET', '/v1/posts?limit=100', undefined, key);
        expect(all.body.total).toBe(series.posts.length);
      } finally {
        await server.kill('SIGKILL');
        await env.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
