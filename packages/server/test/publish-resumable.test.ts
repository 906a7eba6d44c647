/**
 * Videos of Facebook Login accounts travel by resumable upload: the server sends the
 * stored file's bytes to the emulator's upload host, in chunks, so a server whose public
 * address nobody can reach still publishes them; an interrupted upload resumes at the
 * acknowledged offset of the same container. `REELAY_VIDEO_UPLOAD=url`, and Instagram
 * Login accounts under `auto`, keep handing a URL.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, type TestDialect } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { fixture, makeFixtures, type FixtureName } from '@reelay/test-support/media-fixtures';
import { settle } from '@reelay/test-support/settle';
import { connectThroughPlatform, type Platform } from '@reelay/test-support/with-emulator';
import {
  connectThroughFacebook,
  facebookPerson,
  startWithFacebook,
} from '@reelay/test-support/with-facebook';

/** Small chunks, so a few-hundred-kilobyte reel takes several requests. */
const CHUNK = 64 * 1024;

/** A loopback address nobody listens on: a port bound, then closed. */
async function closedAddress(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const sha256 = (name: FixtureName) =>
  createHash('sha256')
    .update(readFileSync(fixture(name)))
    .digest('hex');

interface Publisher {
  platform: Platform;
  account: Account;
  facebookId: string;
}

async function startPublisher(
  dialect: TestDialect,
  env: Record<string, string>,
): Promise<Publisher> {
  const platform = await startWithFacebook(dialect, {
    env,
    reelay: { workers: false, pipeline: { uploadChunkBytes: CHUNK } },
  });
  // The emulator downloads every media URL it is given and checks its bytes.
  platform.emulator.configure({ fetchMedia: true, videoProcessingMs: 0 });
  const account = await createAccount(platform.server.url);
  const { person } = facebookPerson(platform.emulator, ['cafe.aurora']);
  const connected = await connectThroughFacebook(platform, account, { personId: person.id });
  expect(connected.status).toBe(200);
  return { platform, account, facebookId: connected.body.integration.id };
}

async function upload(publisher: Publisher, name: FixtureName): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(fixture(name))]), name);
  const response = await fetch(`${publisher.platform.server.url}/v1/media`, {
    method: 'POST',
    headers: publisher.account.key,
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { media: { id: string } }).media.id;
}

/** Publishes the files now through an account and runs the queue to the end. */
async function publish(
  publisher: Publisher,
  accountId: string,
  files: FixtureName[],
  caption: string,
) {
  const { server, emulator } = publisher.platform;
  const mediaItems = [];
  for (const name of files) mediaItems.push({ mediaId: await upload(publisher, name) });
  const created = await call(
    server.url,
    'POST',
    '/v1/posts',
    {
      content: caption,
      mediaItems,
      platforms: [{ platform: 'instagram', accountId }],
    },
    publisher.account.key,
  );
  expect(created.status).toBe(202);
  await settle(server);
  await emulator.idle();
  await settle(server);
  const post = await call(
    server.url,
    'GET',
    `/v1/posts/${created.body.post.id}`,
    undefined,
    publisher.account.key,
  );
  const containers = emulator.containers();
  const container = containers.find((item) => item.caption === caption);
  return { post: post.body.post, container, containers };
}

describe.each(testDialects())('resumable video upload on $name', (dialect) => {
  let publisher: Publisher;

  beforeAll(async () => {
    await makeFixtures();
    publisher = await startPublisher(dialect, { REELAY_PUBLIC_URL: await closedAddress() });
  }, 60_000);
  afterAll(() => publisher?.platform.close());

  it('publishes a Facebook Login reel by uploading its bytes, with no public address', async () => {
    const { emulator } = publisher.platform;
    emulator.clearRequests();
    // Processing takes a while: the container is polled several times.
    emulator.configure({ videoProcessingMs: 5000 });
    const { post, container } = await publish(
      publisher,
      publisher.facebookId,
      ['reel.mp4'],
      'Reel enviado',
    ).finally(() => emulator.configure({ videoProcessingMs: 0 }));
    expect(post.platforms[0]).toMatchObject({ status: 'published', errorCode: null });
    expect(container).toMatchObject({ kind: 'REELS', statusCode: 'PUBLISHED' });
    expect(container?.videoUrl).toBeUndefined();
    const size = readFileSync(fixture('reel.mp4')).length;
    expect(container?.upload).toMatchObject({ offset: size, sha256: sha256('reel.mp4') });
    const chunks = Math.ceil(size / CHUNK);
    expect(container?.upload?.chunkOffsets).toEqual(
      Array.from({ length: chunks }, (_, index) => index * CHUNK),
    );
    // The offset is asked once: a complete upload is stored, later polls do not ask again.
    const polls = emulator.requests({ path: container!.id }).filter((r) => r.method === 'GET');
    const asked = polls.filter((r) => r.path.includes('/ig-api-upload/'));
    expect(asked).toHaveLength(1);
    expect(polls.length - asked.length).toBeGreaterThan(1);
  });

  it('uploads each video item of a carousel', async () => {
    const { post, containers, container } = await publish(
      publisher,
      publisher.facebookId,
      ['reel.mp4', 'silent.mp4'],
      'Carrossel enviado',
    );
    expect(post.platforms[0]).toMatchObject({ status: 'published' });
    const items = containers.filter((item) => container?.children?.includes(item.id));
    expect(items.map((item) => item.upload?.sha256)).toEqual([
      sha256('reel.mp4'),
      sha256('silent.mp4'),
    ]);
  });

  it('resumes an interrupted upload at the acknowledged offset of the same container', async () => {
    const { emulator } = publisher.platform;
    // Three connections lost mid-chunk, 1000 bytes in: the run gives up, the next resumes.
    emulator.addFault({ path: '/ig-api-upload', method: 'POST', keepBytes: 1000, times: 3 });
    const before = emulator.containers().length;
    const { post, container, containers } = await publish(
      publisher,
      publisher.facebookId,
      ['reel.mp4'],
      'Reel retomado',
    );
    expect(post.platforms[0]).toMatchObject({ status: 'published', errorCode: null });
    // One container, not a new one per attempt.
    expect(containers.length - before).toBe(1);
    const offsets = container!.upload!.chunkOffsets;
    expect(offsets.slice(0, 4)).toEqual([0, 1000, 2000, 3000]);
    expect(offsets[4]).toBe(3000 + CHUNK);
    expect(container?.upload?.sha256).toBe(sha256('reel.mp4'));
  });

  it('makes a new container when the interrupted upload expired meanwhile', async () => {
    const { server, emulator } = publisher.platform;
    emulator.addFault({ path: '/ig-api-upload', method: 'POST', keepBytes: 500, times: 3 });
    const created = await call(
      server.url,
      'POST',
      '/v1/posts',
      {
        content: 'Reel expirado',
        mediaItems: [{ mediaId: await upload(publisher, 'reel.mp4') }],
        platforms: [{ platform: 'instagram', accountId: publisher.facebookId }],
      },
      publisher.account.key,
    );
    expect(created.status).toBe(202);
    // The first run leaves the upload at 1500 bytes; the container then expires.
    await server.reelay.tasks.runDueJobs();
    const first = emulator.containers().find((item) => item.caption === 'Reel expirado')!;
    expect(first.upload?.offset).toBe(1500);
    emulator.forceContainer(first.id, { status: 'EXPIRED' });
    await settle(server);
    const post = await call(
      server.url,
      'GET',
      `/v1/posts/${created.body.post.id}`,
      undefined,
      publisher.account.key,
    );
    expect(post.body.post.platforms[0]).toMatchObject({ status: 'published' });
    const made = emulator.containers().filter((item) => item.caption === 'Reel expirado');
    expect(made.map((item) => item.statusCode)).toEqual(['EXPIRED', 'PUBLISHED']);
    expect(made[1]?.upload?.chunkOffsets[0]).toBe(0);
    expect(made[1]?.upload?.sha256).toBe(sha256('reel.mp4'));
  });

  it('hands a URL for an Instagram Login reel under auto', async () => {
    const { emulator } = publisher.platform;
    // The URL points at the closed public address: only its shape is checked here.
    emulator.configure({ fetchMedia: false });
    try {
      const connected = await connectThroughPlatform(publisher.platform, publisher.account, {
        username: 'ig.login',
      });
      const { post, container } = await publish(
        publisher,
        connected.body.integration.id,
        ['reel.mp4'],
        'Reel do Instagram Login',
      );
      expect(post.platforms[0]).toMatchObject({ status: 'published' });
      expect(container?.videoUrl).toMatch(/\/media\//);
      expect(container?.upload).toBeUndefined();
    } finally {
      emulator.configure({ fetchMedia: true });
    }
  });
});

describe.each(testDialects().slice(0, 1))('URL delivery of video on $name', (dialect) => {
  let publisher: Publisher;

  beforeAll(async () => {
    await makeFixtures();
    publisher = await startPublisher(dialect, { REELAY_VIDEO_UPLOAD: 'url' });
  }, 60_000);
  afterAll(() => publisher?.platform.close());

  it('hands a URL for a Facebook Login reel with REELAY_VIDEO_UPLOAD=url', async () => {
    const { post, container } = await publish(
      publisher,
      publisher.facebookId,
      ['reel.mp4'],
      'Reel por URL',
    );
    expect(post.platforms[0]).toMatchObject({ status: 'published' });
    expect(container?.videoUrl).toMatch(/\/media\//);
    expect(container?.upload).toBeUndefined();
  });
});
