/**
 * `media.upload` from every kind of source, over real HTTP: what arrives at the server is
 * parsed back as the multipart form (or JSON) a Reelay server reads.
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DIRECT_UPLOAD_MAX_BYTES,
  isReelayError,
  Reelay,
  type MediaSource,
  type UploadProgress,
} from '../src';
import { envelope, startScriptedServer, type ScriptedServer } from './helpers/scripted-server';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);
const media = { id: 'med_01', type: 'image', status: 'ready' };

let server: ScriptedServer;
let dir: string;
let reelay: Reelay;

beforeAll(async () => {
  server = await startScriptedServer();
  server.fallback = { status: 201, body: { success: true, media } };
  dir = mkdtempSync(join(tmpdir(), 'reelay-upload-'));
  writeFileSync(join(dir, 'cafe.jpg'), JPEG);
  reelay = new Reelay({ baseUrl: server.url, apiKey: 'rly_live_upload_tests_key' });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  server.requests.length = 0;
});

/** The multipart form the server received, parsed as a server would. */
async function receivedFile(): Promise<File> {
  const request = server.requests.at(-1)!;
  expect(request.method).toBe('POST');
  expect(request.url).toBe('/v1/media');
  const form = await new Response(new Uint8Array(request.body), {
    headers: { 'content-type': String(request.headers['content-type']) },
  }).formData();
  const file = form.get('file');
  expect(file).toBeInstanceOf(File);
  return file as File;
}

describe('media.upload', () => {
  it('sends a file path as multipart, named and typed from the path', async () => {
    const answer = await reelay.media.upload(join(dir, 'cafe.jpg'));
    expect(answer.media.id).toBe('med_01');
    const file = await receivedFile();
    expect(file.name).toBe('cafe.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(JPEG);
    expect(server.requests[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('takes { path } and a file: URL as paths too', async () => {
    await reelay.media.upload({ path: join(dir, 'cafe.jpg') });
    expect((await receivedFile()).name).toBe('cafe.jpg');
    await reelay.media.upload(pathToFileURL(join(dir, 'cafe.jpg')));
    expect((await receivedFile()).name).toBe('cafe.jpg');
  });

  it('sends a Blob or File with its own name and type', async () => {
    await reelay.media.upload(new File([JPEG], 'foto.jpg', { type: 'image/jpeg' }));
    const file = await receivedFile();
    expect([file.name, file.type, file.size]).toEqual(['foto.jpg', 'image/jpeg', JPEG.length]);
    await reelay.media.upload(new Blob([JPEG]), { filename: 'b.png', contentType: 'image/png' });
    const second = await receivedFile();
    expect([second.name, second.type]).toEqual(['b.png', 'image/png']);
  });

  it('sends bytes, a web ReadableStream and a Node Readable', async () => {
    const sources: MediaSource[] = [
      new Uint8Array(JPEG),
      JPEG.buffer.slice(JPEG.byteOffset, JPEG.byteOffset + JPEG.length),
      new Blob([JPEG]).stream(),
      Readable.from([JPEG.subarray(0, 4), JPEG.subarray(4)]),
      createReadStream(join(dir, 'cafe.jpg')),
    ];
    for (const source of sources) {
      await reelay.media.upload(source, { filename: 'stream.jpg' });
      const file = await receivedFile();
      expect(Buffer.from(await file.arrayBuffer())).toEqual(JPEG);
      expect(file.type).toBe('image/jpeg');
    }
  });

  it('imports { url } and an https URL as JSON, for the server to download', async () => {
    await reelay.media.upload({ url: 'https://cdn.example.com/reel.mp4' });
    await reelay.media.upload(new URL('https://cdn.example.com/cafe.jpg'));
    expect(server.requests.map((request) => request.headers['content-type'])).toEqual([
      'application/json',
      'application/json',
    ]);
    expect(server.requests.map((request) => request.json)).toEqual([
      { url: 'https://cdn.example.com/reel.mp4' },
      { url: 'https://cdn.example.com/cafe.jpg' },
    ]);
  });

  it('refuses a URL given as a path, naming { url }', async () => {
    await expect(reelay.media.upload('https://cdn.example.com/cafe.jpg')).rejects.toThrow(
      /media\.upload\(\{ url/,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a stream larger than a direct upload before sending it', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    async function* huge() {
      for (let i = 0; i <= DIRECT_UPLOAD_MAX_BYTES / chunk.length; i++) yield chunk;
    }
    await expect(reelay.media.upload(huge())).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses what is not media', async () => {
    await expect(reelay.media.upload(42 as unknown as MediaSource)).rejects.toThrow(TypeError);
  });

  it('answers a missing file with the file-system error, before any request', async () => {
    await expect(reelay.media.upload(join(dir, 'missing.jpg'))).rejects.toThrow(/ENOENT/);
    expect(server.requests).toHaveLength(0);
  });

  it('retries an upload refused by the rate limit, sending the same bytes again', async () => {
    server.answer(envelope(429, 'RATE_LIMIT_KEY', { headers: { 'x-ratelimit-reset': '0' } }));
    await reelay.media.upload(Readable.from([JPEG]), { filename: 'again.jpg' });
    expect(server.requests).toHaveLength(2);
    const file = await receivedFile();
    expect(Buffer.from(await file.arrayBuffer())).toEqual(JPEG);
  });
});

/**
 * A browser's `XMLHttpRequest`, as far as an upload uses it, for a runtime that has none:
 * it sends with `fetch` and reports the body's progress in two steps, half then all, as
 * a browser does while the bytes go out.
 */
class BrowserXhr {
  static sent: Array<{ method: string; url: string; headers: Headers }> = [];
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  responseType = '';
  status = 0;
  statusText = '';
  responseURL = '';
  response: Blob | null = null;
  #method = 'GET';
  #url = '';
  #headers = new Headers();
  #answerHeaders = '';
  #controller = new AbortController();

  open(method: string, url: string) {
    [this.#method, this.#url] = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.#headers.append(name, value);
  }
  getAllResponseHeaders() {
    return this.#answerHeaders;
  }
  abort() {
    this.#controller.abort();
    this.onabort?.();
    this.onloadend?.();
  }
  send(body: FormData) {
    BrowserXhr.sent.push({ method: this.#method, url: this.#url, headers: this.#headers });
    void (async () => {
      const total = (await new Response(body).blob()).size;
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
      progress(Math.floor(total / 2));
      if (this.#controller.signal.aborted) return;
      try {
        const answer = await fetch(this.#url, {
          method: this.#method,
          headers: this.#headers,
          body,
          signal: this.#controller.signal,
        });
        progress(total);
        this.status = answer.status;
        this.statusText = answer.statusText;
        this.responseURL = answer.url;
        this.response = await answer.blob();
        this.#answerHeaders = [...answer.headers].map(([n, v]) => `${n}: ${v}`).join('\r\n');
        this.onload?.();
        this.onloadend?.();
      } catch {
        if (this.#controller.signal.aborted) return;
        this.onerror?.();
        this.onloadend?.();
      }
    })();
  }
}

describe('media.upload progress', () => {
  const file = new File([JPEG], 'foto.jpg', { type: 'image/jpeg' });
  const bearer = () =>
    new Reelay({ baseUrl: server.url, accessToken: 'token-de-teste', projectId: 'proj_1' });

  afterEach(() => {
    delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest;
    BrowserXhr.sent.length = 0;
  });

  it('reports the start and the end where bytes cannot be followed (no XMLHttpRequest)', async () => {
    const seen: UploadProgress[] = [];
    await bearer().media.upload(file, { onProgress: (progress) => seen.push(progress) });
    expect(seen).toEqual([
      { loaded: 0, total: JPEG.length },
      { loaded: JPEG.length, total: JPEG.length },
    ]);
    expect(Buffer.from(await (await receivedFile()).arrayBuffer())).toEqual(JPEG);
  });

  it('follows the bytes through XMLHttpRequest with an access token', async () => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = BrowserXhr;
    const seen: UploadProgress[] = [];
    const answer = await bearer().media.upload(file, {
      onProgress: (progress) => seen.push(progress),
    });
    expect(answer.media.id).toBe('med_01');
    expect(BrowserXhr.sent).toHaveLength(1);
    const body = seen.at(-1)!.total;
    expect(body).toBeGreaterThan(JPEG.length); // the multipart body: file plus its headers
    expect(seen).toEqual([
      { loaded: 0, total: JPEG.length },
      { loaded: Math.floor(body / 2), total: body },
      { loaded: body, total: body },
    ]);
    const request = server.requests.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer token-de-teste');
    expect(request.headers['x-project-id']).toBe('proj_1');
    expect(Buffer.from(await (await receivedFile()).arrayBuffer())).toEqual(JPEG);
  });

  it('turns an error answer through XMLHttpRequest into the API error', async () => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = BrowserXhr;
    server.answer(envelope(400, 'MEDIA_INVALID', { details: { reason: 'width' } }));
    const failure = await bearer()
      .media.upload(file, { onProgress: () => {} })
      .catch((error: unknown) => error);
    expect(isReelayError(failure, 'MEDIA_INVALID')).toBe(true);
    expect((failure as { details?: { reason?: string } }).details?.reason).toBe('width');
    expect((failure as { requestId?: string }).requestId).toBe('req-media_invalid');
  });

  it('stops an upload through XMLHttpRequest when its signal aborts', async () => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = BrowserXhr;
    const controller = new AbortController();
    const upload = bearer().media.upload(file, {
      signal: controller.signal,
      onProgress: ({ loaded, total }) => {
        if (loaded > 0 && loaded < total) controller.abort(new Error('desisti'));
      },
    });
    await expect(upload).rejects.toThrow('desisti');
    expect(BrowserXhr.sent).toHaveLength(1);
    expect(server.requests).toHaveLength(0);
  });

  it('never sends an API key through XMLHttpRequest', async () => {
    (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = BrowserXhr;
    const seen: UploadProgress[] = [];
    await reelay.media.upload(file, { onProgress: (progress) => seen.push(progress) });
    expect(BrowserXhr.sent).toEqual([]);
    expect(server.requests.at(-1)!.headers['x-access-key']).toBe('rly_live_upload_tests_key');
    expect(seen.at(-1)).toEqual({ loaded: JPEG.length, total: JPEG.length });
  });
});
