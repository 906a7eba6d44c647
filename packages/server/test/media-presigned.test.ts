import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { fixture, makeFixtures, type FixtureName } from '@reelay/test-support/media-fixtures';
import { settle } from '@reelay/test-support/settle';
import { createS3Storage } from '../src/media/s3-storage';
import { expectWideJpeg, startTestBucket, type TestBucket } from './helpers/s3-bucket';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';

/** A loopback address nobody listens on: a port bound, then closed. */
async function closedAddress(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const encode = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The signature AWS computes for a presigned GET URL (Signature V4, query parameters,
 * unsigned payload), worked out here from the published algorithm: the S3 server of the
 * tests does not check V4 signatures, so the test does.
 */
function expectedSignature(address: string, secretAccessKey: string): string {
  const url = new URL(address);
  const query = [...url.searchParams]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join('&');
  const canonical = [
    'GET',
    url.pathname,
    query,
    `host:${url.host}`,
    '',
    'host',
    'UNSIGNED-PAYLOAD',
  ];
  const scope = url.searchParams.get('X-Amz-Credential')!.split('/').slice(1);
  const toSign = [
    'AWS4-HMAC-SHA256',
    url.searchParams.get('X-Amz-Date')!,
    scope.join('/'),
    createHash('sha256').update(canonical.join('\n')).digest('hex'),
  ].join('\n');
  const key = scope.reduce<Buffer | string>(
    (secret, part) => createHmac('sha256', secret).update(part).digest(),
    `AWS4${secretAccessKey}`,
  );
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('presigned URLs of the bucket', () => {
  it('checks signatures as AWS does (its documented example)', () => {
    const example =
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host';
    expect(expectedSignature(example, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY')).toBe(
      'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });

  it.each([
    [
      'virtual-hosted (AWS, R2)',
      false,
      'https://media.s3.sa-east-1.amazonaws.com/proj_x/med_x/original.mp4',
    ],
    [
      'path-style (MinIO)',
      true,
      'https://s3.sa-east-1.amazonaws.com/media/proj_x/med_x/original.mp4',
    ],
  ])('signs a %s address for a private bucket', async (_style, forcePathStyle, address) => {
    const storage = createS3Storage({
      endpoint: 'https://s3.sa-east-1.amazonaws.com',
      bucket: 'media',
      region: 'sa-east-1',
      accessKeyId: 'AKIA-TEST',
      secretAccessKey: 'segredo',
      forcePathStyle,
    });
    try {
      const signed = await storage.signedReadUrl!('proj_x/med_x/original.mp4', 3600);
      expect(signed.split('?')[0]).toBe(address);
      const url = new URL(signed);
      expect(url.searchParams.get('X-Amz-Credential')).toMatch(
        /^AKIA-TEST\/\d{8}\/sa-east-1\/s3\/aws4_request$/,
      );
      expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
      expect(url.searchParams.get('X-Amz-Signature')).toBe(expectedSignature(signed, 'segredo'));
    } finally {
      await storage.close();
    }
  });
});

/** A publishing server whose public address is closed, with its media in the bucket. */
interface Publisher {
  platform: Platform;
  account: Account;
  integrationId: string;
}

// Storage does not depend on the database, so one dialect is enough here.
describe.each(testDialects().slice(0, 1))('media delivered from the bucket on $name', (dialect) => {
  let bucket: TestBucket;
  let unreachable: string;
  let presigned: Publisher;
  let served: Publisher;

  async function startPublisher(delivery: 'server' | 'presigned'): Promise<Publisher> {
    const platform = await startWithEmulator(dialect, {
      env: {
        ...bucket.env,
        REELAY_PUBLIC_URL: unreachable,
        REELAY_MEDIA_DELIVERY: delivery,
      },
      reelay: { workers: false },
    });
    // The emulator downloads every media URL it is given and checks its bytes.
    platform.emulator.configure({ fetchMedia: true, videoProcessingMs: 0 });
    const account = await createAccount(platform.server.url);
    const connected = await connectThroughPlatform(platform, account, { username: delivery });
    return { platform, account, integrationId: connected.body.integration.id };
  }

  beforeAll(async () => {
    await makeFixtures();
    bucket = await startTestBucket();
    unreachable = await closedAddress();
    presigned = await startPublisher('presigned');
    served = await startPublisher('server');
  }, 120_000);
  afterAll(async () => {
    await presigned?.platform.close();
    await served?.platform.close();
    await bucket.close();
  });

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

  /** Publishes one file now and runs the queue, waiting for the emulator's downloads. */
  async function publish(publisher: Publisher, name: FixtureName, caption: string) {
    const { server, emulator } = publisher.platform;
    const created = await call(
      server.url,
      'POST',
      '/v1/posts',
      {
        content: caption,
        mediaItems: [{ mediaId: await upload(publisher, name) }],
        platforms: [{ platform: 'instagram', accountId: publisher.integrationId }],
      },
      publisher.account.key,
    );
    expect(created.status).toBe(202);
    // A video is downloaded in the background, while its container is in progress.
    await server.reelay.tasks.runDueJobs();
    await emulator.idle();
    await settle(server);
    const post = await call(
      server.url,
      'GET',
      `/v1/posts/${created.body.post.id}`,
      undefined,
      publisher.account.key,
    );
    const container = emulator.containers().find((item) => item.caption === caption);
    return { post: post.body.post, container };
  }

  it('publishes a converted image from a presigned URL of its JPEG rendition', async () => {
    const startedAt = Date.now();
    const { post, container } = await publish(presigned, 'wide.webp', 'Imagem do bucket');
    expect(post.status).toBe('published');
    expect(post.platforms[0]).toMatchObject({ status: 'published', errorCode: null });

    const url = new URL(container!.imageUrl!);
    expect(url.origin).toBe(bucket.url);
    expect(url.pathname).toMatch(/^\/media\/proj_\w+\/med_\w+\/platform\.jpg$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(6 * 60 * 60));
    // Signed when the container was created, on the wall clock the bucket checks.
    const signedAt = Date.parse(
      url.searchParams
        .get('X-Amz-Date')!
        .replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    expect(signedAt).toBeGreaterThanOrEqual(Math.floor(startedAt / 1000) * 1000);

    expect(url.searchParams.get('X-Amz-Signature')).toBe(expectedSignature(url.href, 'S3RVER'));
    await expectWideJpeg(await fetch(url));
  });

  it('publishes a Reel from a presigned URL of the original video', async () => {
    const { post, container } = await publish(presigned, 'reel.mp4', 'Reel do bucket');
    expect(post.status).toBe('published');
    expect(post.kind).toBe('reel');
    const url = new URL(container!.videoUrl!);
    expect(url.origin).toBe(bucket.url);
    expect(url.pathname).toMatch(/\/original\.mp4$/);
    expect(url.searchParams.get('X-Amz-Signature')).toBe(expectedSignature(url.href, 'S3RVER'));
    const fetched = await fetch(url);
    expect(fetched.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(readFileSync(fixture('reel.mp4')))).toBe(
      true,
    );
  });

  it('signs a new URL each time publishing asks for one', async () => {
    const media = presigned.platform.server.reelay.context.media;
    const id = await upload(presigned, 'photo.jpg');
    const record = (await media.find(presigned.account.projectId, id))!;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.UTC(2030, 0, 1, 12, 0, 0));
      const first = new URL(await media.platformUrl(record));
      vi.setSystemTime(Date.UTC(2030, 0, 1, 17, 30, 0));
      const second = new URL(await media.platformUrl(record));
      expect(first.pathname).toBe(second.pathname);
      expect(first.searchParams.get('X-Amz-Date')).toBe('20300101T120000Z');
      expect(second.searchParams.get('X-Amz-Date')).toBe('20300101T173000Z');
      expect(second.searchParams.get('X-Amz-Signature')).not.toBe(
        first.searchParams.get('X-Amz-Signature'),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails to publish from the server when its public address cannot be reached', async () => {
    const { post, container } = await publish(served, 'photo.jpg', 'Imagem do servidor');
    expect(container!.imageUrl!.startsWith(`${unreachable}/media/`)).toBe(true);
    expect(post.status).toBe('failed');
    expect(post.platforms[0]).toMatchObject({ status: 'failed', errorCode: 'MEDIA_FETCH_FAILED' });
  });
});
