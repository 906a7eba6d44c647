/**
 * The public media route is a capability URL, and Instagram fetches every image and video
 * from it, from a few addresses (one, behind a proxy without REELAY_TRUST_PROXY). A file
 * found is therefore never counted against a limit that could refuse the platform; only
 * misses (a wrong token or name) count per address. Everything here runs with the
 * default request limits.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { settle } from '@reelay/test-support/settle';
import { statementLog } from './helpers/statement-log';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

const MINUTE = 60_000;

/** A feed-sized JPEG, uploaded as a user would; answers its id and public URL. */
async function uploadImage(url: string, key: Record<string, string>) {
  const image = await sharp({
    create: { width: 1080, height: 1350, channels: 3, background: '#3366aa' },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'foto.jpg');
  const response = await fetch(`${url}/v1/media`, { method: 'POST', headers: key, body: form });
  const body = (await response.json()) as { media: { id: string; url: string; size: number } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.media;
}

/** Runs `count` tasks, `width` at a time. */
async function inParallel<T>(count: number, width: number, task: (index: number) => Promise<T>) {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

describe.each(testDialects())('public media files under the default limits on $name', (dialect) => {
  let server: TestServer;
  let account: Account;
  let photo: { url: string; size: number };

  beforeAll(async () => {
    // No worker: its claims would be the only statements written while files are served.
    server = await startTestServer(dialect, {
      env: { REELAY_ALLOW_SIGNUP: 'true' },
      reelay: { workers: false },
    });
    account = await createAccount(server.url);
    photo = await uploadImage(server.url, account.key);
  });
  afterAll(() => server.close());

  it('answers 450 fetches of one file from one address within a minute, whole, by range or HEAD, with no refusal', async () => {
    const log = statementLog();
    log.start();
    const answers = await inParallel(450, 16, async (index) => {
      const kind = index % 3;
      const response = await fetch(photo.url, {
        method: kind === 2 ? 'HEAD' : 'GET',
        headers: kind === 1 ? { range: 'bytes=0-1023' } : {},
      });
      const bytes = (await response.arrayBuffer()).byteLength;
      return {
        kind,
        status: response.status,
        bytes,
        limit: response.headers.get('x-ratelimit-limit'),
      };
    });
    const refused = answers.filter((answer) => answer.status !== (answer.kind === 1 ? 206 : 200));
    expect(refused).toEqual([]);
    expect(answers.filter((answer) => answer.kind === 0).every((a) => a.bytes === photo.size)).toBe(
      true,
    );
    expect(answers.filter((answer) => answer.kind === 1).every((a) => a.bytes === 1024)).toBe(true);
    // Nothing limits a file found, so no limit is announced, and nothing is written per
    // file (on PostgreSQL the other limits are counted in the database).
    expect(answers.every((answer) => answer.limit === null)).toBe(true);
    const writes = log.stop().filter((sql) => /^\s*(insert|update|delete)\b/i.test(sql));
    expect(writes).toEqual([]);
  });

  it('still counts misses per address, and a miss past the limit never refuses a file found', async () => {
    const token = new URL(photo.url).pathname.split('/')[2]!;
    const misses = await inParallel(300, 16, (index) =>
      call(server.url, 'GET', `/media/${token}/nada-${index}.jpg`),
    );
    expect(misses.every((miss) => miss.status === 404)).toBe(true);
    expect(misses[0]!.headers.get('x-ratelimit-limit')).toBe('300');

    const limited = await call(server.url, 'GET', `/media/${'A'.repeat(32)}/original.jpg`);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ statusCode: 429, code: 'RATE_LIMIT_KEY' });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);

    const found = await fetch(photo.url);
    expect(found.status).toBe(200);
    expect((await found.arrayBuffer()).byteLength).toBe(photo.size);
  });

  it('keeps limiting the API per credential', async () => {
    const busy = await createAccount(server.url);
    const answers = await inParallel(301, 16, () =>
      call(server.url, 'GET', '/v1/profiles', undefined, busy.key),
    );
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(1);
  });
});

describe.each(testDialects())('a burst of posts under the default limits on $name', (dialect) => {
  const ACCOUNTS = 4;
  const POSTS_PER_ACCOUNT = 90;
  let platform: Platform;
  let account: Account;
  let keys: Array<Record<string, string>>;
  let integrationIds: string[];

  beforeAll(async () => {
    platform = await startWithEmulator(dialect, { reelay: { workers: false } });
    // Instagram downloads every image from the server's public media route.
    platform.emulator.configure({ fetchMedia: true });
    account = await createAccount(platform.server.url);
    integrationIds = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const connected = await connectThroughPlatform(platform, account, {
        username: `rajada.${i}`,
      });
      integrationIds.push(connected.body.integration.id);
    }
    // Requests are limited per key: two keys share the creation of the posts.
    keys = [account.key];
    const created = await call(
      platform.server.url,
      'POST',
      `/v1/projects/${account.projectId}/api-keys`,
      {},
      account.bearer,
    );
    keys.push({ 'x-access-key': created.body.apiKey.key });
  });
  afterAll(() => platform.close());

  it(`publishes ${ACCOUNTS * POSTS_PER_ACCOUNT} posts due at one instant, every image fetched from the server`, async () => {
    const url = platform.server.url;
    const photo = await uploadImage(url, account.key);
    const count = ACCOUNTS * POSTS_PER_ACCOUNT;
    const scheduledFor = new Date(platform.server.clock.now() + 5 * MINUTE).toISOString();
    await inParallel(count, 16, async (index) => {
      const answer = await call(
        url,
        'POST',
        '/v1/posts',
        {
          content: `rajada ${index}`,
          mediaItems: [{ mediaId: photo.id }],
          platforms: [{ platform: 'instagram', accountId: integrationIds[index % ACCOUNTS] }],
          scheduledFor,
        },
        keys[index % keys.length],
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    });

    // Every container is prepared at the same moment of the server's clock (one window
    // of every per-minute counter), and each creation makes the platform fetch the image.
    await settle(platform.server, { maxSteps: 2_000 });
    await platform.emulator.idle();
    await settle(platform.server, { maxSteps: 2_000 });

    const creations = platform.emulator
      .requests()
      .filter((request) => request.method === 'POST' && request.path.endsWith('/media'));
    expect(creations.length).toBeGreaterThanOrEqual(count);
    const totals: Record<string, number> = {};
    for (const status of ['published', 'failed', 'scheduled', 'publishing']) {
      totals[status] = (
        await call(url, 'GET', `/v1/posts?status=${status}&limit=1`, undefined, keys[1])
      ).body.total;
    }
    expect(totals).toEqual({ published: count, failed: 0, scheduled: 0, publishing: 0 });
  }, 240_000);
});
