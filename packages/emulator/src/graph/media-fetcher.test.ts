import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { accountWithToken, call, graphCode, publish, startTestEmulator } from '../testing/harness';
import { isJpeg, isMp4OrMov } from './media-sniff';

// Real bytes: a JPEG starts FF D8 FF, a PNG with its signature, an MP4 with an ftyp box.
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(2048, 7),
]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(512),
]);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.alloc(4096, 1),
]);
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4096)]);

const requests: { path: string; headers: IncomingHttpHeaders }[] = [];
const media = createServer((req, res) => {
  requests.push({ path: req.url ?? '', headers: req.headers });
  const body: Record<string, Buffer> = {
    '/a.jpg': JPEG,
    '/a.png': PNG,
    '/a.mp4': MP4,
    '/a.webm': WEBM,
  };
  if (req.url === '/slow.jpg') {
    setTimeout(() => res.end(JPEG), 500).unref();
    return;
  }
  if (req.url === '/huge.jpg') {
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    res.write(JPEG);
    // 9 MiB in all, without a content-length: the emulator must count.
    const chunk = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < 9; i++) res.write(chunk);
    res.end();
    return;
  }
  const found = body[req.url ?? ''];
  if (!found) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200).end(found);
});
await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;

const { emulator, reset } = await startTestEmulator({ fetchMedia: true, mediaFetchTimeoutMs: 200 });
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => media.close(resolve));
});
beforeEach(() => {
  reset();
  requests.length = 0;
});

async function containerFor(token: string, form: Record<string, string>) {
  const res = await call(emulator, 'POST', '/me/media', { token, form });
  expect(res.status).toBe(200);
  await emulator.idle();
  const status = await call(emulator, 'GET', `/${res.body.id}`, {
    query: { fields: 'status_code,status' },
    token,
  });
  return { id: res.body.id as string, ...status.body };
}

describe('media fetched for real', () => {
  it('fetches a JPEG image, as facebookexternalhit, and finishes the container', async () => {
    const { token } = await accountWithToken(emulator);
    const container = await containerFor(token, { image_url: `${base}/a.jpg` });
    expect(container.status_code).toBe('FINISHED');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers['user-agent']).toMatch(/^facebookexternalhit\/1\.1/);
    expect((await publish(emulator, token, container.id)).status).toBe(200);
  });

  it('fails a PNG image with 2207005 in the status, and refuses to publish it', async () => {
    const { token } = await accountWithToken(emulator);
    const container = await containerFor(token, { image_url: `${base}/a.png` });
    expect(container).toMatchObject({
      status_code: 'ERROR',
      status: 'Error: Media upload has failed with error code 2207005',
    });
    expect(graphCode(await publish(emulator, token, container.id))).toEqual({
      status: 400,
      code: 9007,
      subcode: 2207027,
    });
  });

  it('fails an image that answers 404, or a host that does not answer, with 2207052', async () => {
    const { token } = await accountWithToken(emulator);
    expect((await containerFor(token, { image_url: `${base}/missing.jpg` })).status).toBe(
      'Error: Media upload has failed with error code 2207052',
    );
    expect((await containerFor(token, { image_url: 'http://127.0.0.1:1/a.jpg' })).status).toContain(
      '2207052',
    );
    expect((await containerFor(token, { image_url: 'ftp://example.com/a.jpg' })).status).toContain(
      '2207052',
    );
  });

  it('fails an image that takes longer than the fetch timeout with 2207003', async () => {
    const { token } = await accountWithToken(emulator);
    expect((await containerFor(token, { image_url: `${base}/slow.jpg` })).status).toContain(
      '2207003',
    );
  });

  it('fails an image over 8 MiB with 2207004', async () => {
    emulator.configure({ mediaFetchTimeoutMs: 5000 });
    const { token } = await accountWithToken(emulator);
    expect((await containerFor(token, { image_url: `${base}/huge.jpg` })).status).toContain(
      '2207004',
    );
  });

  it('answers image failures at creation, as Instagram usually does, when configured', async () => {
    emulator.configure({ imageFetchErrors: 'response' });
    const { token } = await accountWithToken(emulator);
    const png = await call(emulator, 'POST', '/me/media', {
      token,
      form: { image_url: `${base}/a.png` },
    });
    expect(graphCode(png)).toEqual({ status: 400, code: 36001, subcode: 2207005 });
    const missing = await call(emulator, 'POST', '/me/media', {
      token,
      form: { image_url: `${base}/missing.jpg` },
    });
    expect(graphCode(missing)).toEqual({ status: 400, code: 9004, subcode: 2207052 });
    expect(missing.body.error.error_user_msg).toContain(`${base}/missing.jpg`);
  });

  it('fetches an MP4 reel in the background and finishes it once fetched', async () => {
    const { token } = await accountWithToken(emulator);
    const container = await containerFor(token, {
      media_type: 'REELS',
      video_url: `${base}/a.mp4`,
      cover_url: `${base}/a.jpg`,
    });
    expect(container.status_code).toBe('FINISHED');
    expect(requests.map((r) => r.path).sort()).toEqual(['/a.jpg', '/a.mp4']);
  });

  it('keeps a video container IN_PROGRESS while its fetch runs', async () => {
    const { token } = await accountWithToken(emulator);
    const res = await call(emulator, 'POST', '/me/media', {
      token,
      form: { media_type: 'STORIES', video_url: `${base}/slow.jpg` },
    });
    const now = await call(emulator, 'GET', `/${res.body.id}`, {
      query: { fields: 'status_code' },
      token,
    });
    expect(now.body.status_code).toBe('IN_PROGRESS');
    await emulator.idle();
  });

  it('fails a video that is not MP4 or MOV with 2207026, and a reel cover that is not JPEG with 2207005', async () => {
    const { token } = await accountWithToken(emulator);
    expect(
      (await containerFor(token, { media_type: 'REELS', video_url: `${base}/a.webm` })).status,
    ).toBe('Error: Media upload has failed with error code 2207026');
    expect(
      (
        await containerFor(token, {
          media_type: 'REELS',
          video_url: `${base}/a.mp4`,
          cover_url: `${base}/a.png`,
        })
      ).status,
    ).toContain('2207005');
  });

  it('fetches nothing when media fetching is off, yet refuses URLs that are not http(s)', async () => {
    emulator.configure({ fetchMedia: false });
    const { token } = await accountWithToken(emulator);
    expect((await containerFor(token, { image_url: `${base}/a.png` })).status_code).toBe(
      'FINISHED',
    );
    expect((await containerFor(token, { image_url: 'not a url' })).status).toContain('2207052');
    expect(requests).toEqual([]);
  });
});

describe('media sniffing', () => {
  it('tells JPEG and MP4/MOV heads from others', () => {
    expect(isJpeg(JPEG)).toBe(true);
    expect(isJpeg(PNG)).toBe(false);
    expect(isJpeg(new Uint8Array([0xff, 0xd8]))).toBe(false);
    expect(isMp4OrMov(MP4)).toBe(true);
    expect(isMp4OrMov(Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ')]))).toBe(
      true,
    );
    expect(isMp4OrMov(WEBM)).toBe(false);
    expect(isMp4OrMov(new Uint8Array())).toBe(false);
  });
});
