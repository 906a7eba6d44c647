import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReelayError } from '@reelay/core';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';
import {
  BROKEN_VIDEOS,
  fixture,
  makeFixtures,
  type FixtureName,
} from '@reelay/test-support/media-fixtures';

const MB = 1024 * 1024;

/** Sends one file as `multipart/form-data` in the `file` field. */
async function upload(
  server: TestServer,
  headers: Record<string, string>,
  name: FixtureName,
  field = 'file',
) {
  const form = new FormData();
  form.append(field, new Blob([readFileSync(fixture(name))]), name);
  const response = await fetch(`${server.url}/v1/media`, { method: 'POST', headers, body: form });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as any,
  };
}

/** Files under the media folder of a server (stored files and temporary ones). */
function filesUnder(server: TestServer): string[] {
  const root = join(server.reelay.config.dataDir, 'media');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const countMedia = async (server: TestServer, projectId: string) =>
  Number(
    (
      await server.reelay.context.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow()
    ).count,
  );

beforeAll(() => makeFixtures(), 120_000);

describe.each(testDialects())('media on $name', (dialect) => {
  let server: TestServer;
  let account: Account;
  let origin: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { REELAY_ALLOW_SIGNUP: 'true', REELAY_ALLOW_PRIVATE_URLS: 'true' },
    });
    account = await createAccount(server.url);
    origin = await serveFixtures();
  });
  afterAll(async () => {
    await origin.close();
    await server.close();
  });

  describe('upload', () => {
    it('accepts a JPEG and answers the media record, under the upload bucket', async () => {
      const answer = await upload(server, account.key, 'photo.jpg');
      expect(answer.status).toBe(201);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('60');
      expect(answer.body).toMatchObject({
        success: true,
        media: {
          type: 'image',
          mime: 'image/jpeg',
          size: readFileSync(fixture('photo.jpg')).length,
          width: 1080,
          height: 1350,
          duration: null,
          fps: null,
          bitrate: null,
          codecs: null,
          status: 'ready',
        },
      });
      expect(answer.body.media.id).toMatch(/^med_[0-9a-z]{26}$/);
      expect(answer.body.media.url).toMatch(
        new RegExp(`^${server.url}/media/[A-Za-z0-9_-]{32}/original\\.jpg$`),
      );
      expect(answer.body.media.createdAt).toMatch(/Z$/);
    });

    it('accepts a video and describes it from its boxes', async () => {
      const answer = await upload(server, account.bearer, 'reel.mp4');
      expect(answer.status).toBe(201);
      expect(answer.body.media).toMatchObject({
        type: 'video',
        mime: 'video/mp4',
        width: 360,
        height: 640,
        duration: 3.2,
        fps: 30,
        codecs: { video: expect.stringMatching(/^avc1\./), audio: 'mp4a.40.2' },
      });
      expect(answer.body.media.bitrate).toBeGreaterThan(0);
      expect(answer.body.media.url).toMatch(/\/original\.mp4$/);
    });

    it('refuses every broken limit with its reason, and stores nothing', async () => {
      const own = await createAccount(server.url);
      const before = filesUnder(server).length;
      const cases: Array<readonly [FixtureName, string]> = [
        ['narrow-319.jpg', 'width'],
        ['wide-1921.jpg', 'width'],
        ['huge-noise.png', 'too_large'],
        ['anim.gif', 'mime'],
        ['scan.tiff', 'mime'],
        ['notes.txt', 'mime'],
        ['empty.bin', 'mime'],
        ...BROKEN_VIDEOS,
      ];
      for (const [name, reason] of cases) {
        const answer = await upload(server, own.key, name);
        expect(answer.status, name).toBe(400);
        expect(answer.body, name).toMatchObject({
          code: 'MEDIA_INVALID',
          details: { reason, field: 'file' },
        });
        expect(answer.body.message, name).toMatch(/^Mídia 'file': /);
      }
      expect(await countMedia(server, own.projectId)).toBe(0);
      expect(filesUnder(server)).toHaveLength(before);
    });

    it('refuses past 50 MB while streaming, when no length was announced', async () => {
      const before = filesUnder(server).length;
      const boundary = 'reelay-test-boundary';
      const head = Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.mp4"\r\ncontent-type: video/mp4\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const chunk = Buffer.alloc(MB);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(head);
          if (sent < 50 * MB) {
            controller.enqueue(chunk);
            sent += MB;
          } else {
            controller.enqueue(Buffer.from([1]));
            controller.enqueue(tail);
            controller.close();
          }
        },
      });
      const response = await fetch(`${server.url}/v1/media`, {
        method: 'POST',
        headers: { ...account.key, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'MEDIA_INVALID',
        details: { reason: 'too_large', field: 'file' },
      });
      expect(filesUnder(server)).toHaveLength(before);
    });

    it('refuses an announced length past 50 MB with 413 before reading the body', async () => {
      const answer = await new Promise<{ status: number; body: any; connection?: string }>(
        (resolve, reject) => {
          const req = httpRequest(`${server.url}/v1/media`, {
            method: 'POST',
            headers: {
              ...account.key,
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': String(200 * MB),
            },
          });
          req.on('response', (res) => {
            let text = '';
            res.on('data', (data) => (text += data));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                body: JSON.parse(text),
                connection: res.headers.connection,
              }),
            );
          });
          req.on('error', reject);
          // Only the start of the body is ever sent: the answer must not wait for the rest.
          req.write(Buffer.alloc(64 * 1024));
        },
      );
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({
        code: 'FST_ERR_CTP_BODY_TOO_LARGE',
        message: expect.stringContaining('50 MB'),
        details: { reason: 'too_large', field: 'file' },
      });
      expect(answer.connection).toBe('close');
    });

    it('asks for the file field, a body, and a multipart or JSON type', async () => {
      const wrongField = await upload(server, account.key, 'photo.jpg', 'arquivo');
      expect(wrongField.status).toBe(400);
      expect(wrongField.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'file' },
      });

      const empty = await call(server.url, 'POST', '/v1/media', undefined, account.key);
      expect(empty.body).toMatchObject({ code: 'VALIDATION_ERROR' });

      const noBoundary = await call(server.url, 'POST', '/v1/media', 'x', {
        ...account.key,
        'content-type': 'multipart/form-data',
      });
      expect(noBoundary.body).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { field: 'file' },
      });

      const text = await call(server.url, 'POST', '/v1/media', 'x', {
        ...account.key,
        'content-type': 'text/plain',
      });
      expect(text).toMatchObject({ status: 415, body: { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' } });

      const unauthenticated = await upload(server, {}, 'photo.jpg');
      expect(unauthenticated.status).toBe(401);
    });
  });

  describe('import from a URL', () => {
    it('fetches, inspects and stores the file, answering the same record', async () => {
      const answer = await call(
        server.url,
        'POST',
        '/v1/media',
        { url: `${origin.url}/wide.webp` },
        account.key,
      );
      expect(answer.status).toBe(201);
      expect(answer.body.media).toMatchObject({
        type: 'image',
        mime: 'image/webp',
        width: 1146,
        height: 600,
        status: 'ready',
      });
      expect(answer.body.media.url).toMatch(/\/original\.webp$/);
      const record = await server.reelay.context.media.find(
        account.projectId,
        answer.body.media.id,
      );
      expect(record?.sourceUrl).toBe(`${origin.url}/wide.webp`);
    });

    it('answers MEDIA_INVALID with the field url for a file that breaks a limit', async () => {
      const answer = await call(
        server.url,
        'POST',
        '/v1/media',
        { url: `${origin.url}/moov-end.mp4` },
        account.key,
      );
      expect(answer.body).toMatchObject({
        code: 'MEDIA_INVALID',
        details: { reason: 'moov', field: 'url' },
      });
    });

    it('answers MEDIA_FETCH_FAILED when the URL answers an error', async () => {
      const answer = await call(
        server.url,
        'POST',
        '/v1/media',
        { url: `${origin.url}/missing.jpg` },
        account.key,
      );
      expect(answer).toMatchObject({ status: 400, body: { code: 'MEDIA_FETCH_FAILED' } });
    });

    it('validates the JSON body: a URL, nothing else', async () => {
      for (const body of [{ url: 'not a url' }, { url: `${origin.url}/photo.jpg`, extra: 1 }, {}]) {
        const answer = await call(server.url, 'POST', '/v1/media', body, account.key);
        expect(answer.body.code, JSON.stringify(body)).toBe('VALIDATION_ERROR');
      }
    });
  });

  describe('public files', () => {
    let photo: any;
    beforeAll(async () => {
      photo = (await upload(server, account.key, 'photo.jpg')).body.media;
    });

    it('serves the original with its type and length, without a credential', async () => {
      const response = await fetch(photo.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('content-length')).toBe(String(photo.size));
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.equals(readFileSync(fixture('photo.jpg')))).toBe(true);
    });

    it('serves byte ranges, and 416 past the end', async () => {
      const original = readFileSync(fixture('photo.jpg'));
      const first = await fetch(photo.url, { headers: { range: 'bytes=0-9' } });
      expect(first.status).toBe(206);
      expect(first.headers.get('content-range')).toBe(`bytes 0-9/${photo.size}`);
      expect(first.headers.get('content-length')).toBe('10');
      expect(Buffer.from(await first.arrayBuffer()).equals(original.subarray(0, 10))).toBe(true);

      const last = await fetch(photo.url, { headers: { range: 'bytes=-5' } });
      expect(last.status).toBe(206);
      expect(Buffer.from(await last.arrayBuffer()).equals(original.subarray(-5))).toBe(true);

      const past = await fetch(photo.url, { headers: { range: `bytes=${photo.size}-` } });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${photo.size}`);
    });

    it('answers HEAD with the headers only', async () => {
      const response = await fetch(photo.url, { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).toBe(String(photo.size));
      expect((await response.arrayBuffer()).byteLength).toBe(0);
    });

    it('answers 404 for an unknown token, a wrong name and a rendition not made yet', async () => {
      const token = new URL(photo.url).pathname.split('/')[2]!;
      for (const path of [
        `/media/${'A'.repeat(32)}/original.jpg`,
        `/media/${token}/original.png`,
        `/media/${token}/platform.jpg`,
        `/media/${token}/..%2F..%2Freelay.db`,
        '/media/short/original.jpg',
      ]) {
        const response = await fetch(`${server.url}${path}`);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    });
  });

  describe('the service publishing uses', () => {
    it('gives the platform a JPEG rendition of PNG and WebP images and keeps the original', async () => {
      const png = (await upload(server, account.key, 'square-alpha.png')).body.media;
      const record = (await server.reelay.context.media.find(account.projectId, png.id))!;
      const platformUrl = await server.reelay.context.media.platformUrl(record);
      expect(platformUrl).toBe(png.url.replace(/original\.png$/, 'platform.jpg'));

      const rendition = await fetch(platformUrl);
      expect(rendition.headers.get('content-type')).toBe('image/jpeg');
      const metadata = await sharp(Buffer.from(await rendition.arrayBuffer())).metadata();
      expect(metadata).toMatchObject({
        format: 'jpeg',
        width: 1080,
        height: 1080,
        space: 'srgb',
        hasAlpha: false,
        hasProfile: true,
        chromaSubsampling: '4:4:4',
      });

      const original = await fetch(png.url);
      expect(original.headers.get('content-type')).toBe('image/png');
      expect(
        Buffer.from(await original.arrayBuffer()).equals(readFileSync(fixture('square-alpha.png'))),
      ).toBe(true);

      // Made once: later calls (with a fresh record) answer the same URL.
      const again = (await server.reelay.context.media.find(account.projectId, png.id))!;
      expect(again.renditionKey).not.toBeNull();
      expect(await server.reelay.context.media.platformUrl(again)).toBe(platformUrl);
    });

    it('hands JPEG images and videos over as they are', async () => {
      const jpeg = (await upload(server, account.key, 'photo.jpg')).body.media;
      const video = (await upload(server, account.key, 'hevc.mov')).body.media;
      for (const item of [jpeg, video]) {
        const record = (await server.reelay.context.media.find(account.projectId, item.id))!;
        expect(await server.reelay.context.media.platformUrl(record)).toBe(item.url);
      }
      expect(video.mime).toBe('video/quicktime');
    });

    it('finds media of the project only', async () => {
      const mine = (await upload(server, account.key, 'photo.jpg')).body.media;
      const other = await createAccount(server.url);
      expect(await server.reelay.context.media.find(other.projectId, mine.id)).toBeNull();
      expect(await server.reelay.context.media.find(account.projectId, mine.id)).toMatchObject({
        id: mine.id,
      });
      expect(await server.reelay.context.media.find(account.projectId, 'med_nope')).toBeNull();
    });

    it('checks a usage: MEDIA_INVALID naming the field and the reason', async () => {
      const media = server.reelay.context.media;
      const long = (await upload(server, account.key, 'long-61s.mp4')).body.media;
      const longRecord = (await media.find(account.projectId, long.id))!;
      expect(() => media.assertUsable(longRecord, 'reel', 'mediaItems[0]')).not.toThrow();
      for (const usage of ['story', 'carousel'] as const) {
        const error = catchError(() => media.assertUsable(longRecord, usage, 'mediaItems[1]'));
        expect(error).toMatchObject({
          code: 'MEDIA_INVALID',
          details: { reason: 'duration', field: 'mediaItems[1]' },
        });
      }
      expect(
        catchError(() => media.assertUsable(longRecord, 'feed', 'mediaItems[0]')),
      ).toMatchObject({
        details: { reason: 'mime' },
      });

      const tall = (await upload(server, account.key, 'tall-1080x1351.jpg')).body.media;
      const tallRecord = (await media.find(account.projectId, tall.id))!;
      expect(() => media.assertUsable(tallRecord, 'story', 'mediaItems[0]')).not.toThrow();
      expect(
        catchError(() => media.assertUsable(tallRecord, 'feed', 'mediaItems[0]')),
      ).toMatchObject({
        details: { reason: 'aspect', field: 'mediaItems[0]' },
      });
      const wide = (await upload(server, account.key, 'edge-1920.jpg')).body.media;
      const wideRecord = (await media.find(account.projectId, wide.id))!;
      expect(
        catchError(() => media.assertUsable(wideRecord, 'carousel', 'mediaItems[2]')),
      ).toMatchObject({
        details: { reason: 'width', field: 'mediaItems[2]' },
      });
    });
  });

  it('DELETE /v1/me erases the media rows and their files at once', async () => {
    const leaving = await createAccount(server.url);
    const png = (await upload(server, leaving.key, 'square-alpha.png')).body.media;
    const video = (await upload(server, leaving.key, 'reel.mp4')).body.media;
    const media = server.reelay.context.media;
    const pngRecord = (await media.find(leaving.projectId, png.id))!;
    await media.platformUrl(pngRecord);
    const keys = [
      pngRecord.storageKey,
      `${leaving.projectId}/${png.id}/platform.jpg`,
      (await media.find(leaving.projectId, video.id))!.storageKey,
    ];
    for (const key of keys) expect(await media.storage.exists(key), key).toBe(true);

    const erased = await call(server.url, 'DELETE', '/v1/me', undefined, {
      authorization: `Bearer ${leaving.accessToken}`,
    });
    expect(erased.status).toBe(204);
    expect((await fetch(png.url)).status).toBe(404);
    expect(await countMedia(server, leaving.projectId)).toBe(0);

    for (const key of keys) expect(await media.storage.exists(key), key).toBe(false);
    // Nothing was left for the sweep.
    expect(await media.sweep()).toMatchObject({ erased: 0, failed: 0 });
    expect(filesUnder(server).some((path) => path.includes(leaving.projectId))).toBe(false);
    // Another account's media is untouched.
    expect(
      (await fetch((await upload(server, account.key, 'photo.jpg')).body.media.url)).status,
    ).toBe(200);
  });

  it('holds uploads to 60 per minute per credential', async () => {
    const busy = await createAccount(server.url);
    for (let i = 0; i < 60; i++) {
      const answer = await call(server.url, 'POST', '/v1/media', {}, busy.key);
      expect(answer.status).toBe(400);
    }
    const limited = await call(server.url, 'POST', '/v1/media', {}, busy.key);
    expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMIT_KEY' } });
  });
});

describe.each(testDialects().slice(0, 1))(
  'URL imports in production settings on $name',
  (dialect) => {
    let server: TestServer;
    let account: Account;
    let origin: { url: string; close(): Promise<void> };

    beforeAll(async () => {
      server = await startTestServer(dialect, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
      account = await createAccount(server.url);
      origin = await serveFixtures();
    });
    afterAll(async () => {
      await origin.close();
      await server.close();
    });

    it('refuses http with MEDIA_FETCH_FAILED and private or loopback targets with MEDIA_UNREACHABLE', async () => {
      const importing = (url: string) =>
        call(server.url, 'POST', '/v1/media', { url }, account.key).then((answer) => answer.body);
      expect(await importing(`${origin.url}/photo.jpg`)).toMatchObject({
        code: 'MEDIA_FETCH_FAILED',
      });
      const port = new URL(origin.url).port;
      for (const url of [
        `https://127.0.0.1:${port}/photo.jpg`,
        `https://localhost:${port}/photo.jpg`,
        'https://10.0.0.8/photo.jpg',
        'https://169.254.169.254/latest/meta-data/',
      ]) {
        expect(await importing(url), url).toMatchObject({
          code: 'MEDIA_UNREACHABLE',
          details: { field: 'url' },
        });
      }
    });
  },
);

function catchError(run: () => void): ReelayError | null {
  try {
    run();
  } catch (error) {
    return error as ReelayError;
  }
  return null;
}

/** A plain HTTP server handing out the fixtures by name (a stand-in for a CDN). */
async function serveFixtures(): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1));
    const path = fixture(name as FixtureName);
    if (!/^[\w.-]+$/.test(name) || !existsSync(path)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(readFileSync(path));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
