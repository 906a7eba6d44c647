/**
 * Resumable video upload against the emulator's upload host over real HTTP: a reel's bytes
 * sent in chunks from a range source, an upload resumed at the acknowledged offset after
 * a connection lost mid-chunk, a host that cannot tell the offset, and the refusals.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createManualClock, startEmulator, type Emulator } from '@reelay/emulator';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildContainerPlan, isResumableUpload } from './container-requests';
import { createFacebookLoginClient, type FacebookLoginClient } from './facebook-login-client';
import { InstagramPlatformError } from './instagram-platform-error';
import type { PlatformCallRecord } from './platform-call';
import type { VideoByteSource } from './resumable-upload';

const APP_ID = 'reelay-facebook-app';
const APP_SECRET = 'reelay-facebook-secret-0123456789';
const REDIRECT_URI = 'https://reelay.example/v1/connect/instagram/callback';

let emulator: Emulator;
let client: FacebookLoginClient;
const clock = createManualClock(Date.UTC(2026, 5, 1));

/** The client's settings against this file's emulator. */
function clientOptions() {
  return {
    appId: APP_ID,
    appSecret: APP_SECRET,
    redirectUri: REDIRECT_URI,
    dialogUrl: `${emulator.url}/facebook`,
    graphUrl: `${emulator.url}/facebook`,
    uploadUrl: `${emulator.url}/rupload`,
    clock: () => new Date(clock.now()),
  };
}

beforeAll(async () => {
  emulator = await startEmulator({
    clock,
    seed: 'resumable-upload',
    facebookAppId: APP_ID,
    facebookAppSecret: APP_SECRET,
    fetchMedia: false,
    videoProcessingMs: 0,
  });
  client = createFacebookLoginClient(clientOptions());
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});
beforeEach(() => emulator.reset());

/** An MP4-looking file of `size` bytes, each byte telling its position apart. */
function video(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
}

/** A source over a buffer that records the ranges read, as storage would stream them. */
function sourceOf(file: Buffer): VideoByteSource & { reads: Array<[number, number]> } {
  const reads: Array<[number, number]> = [];
  return {
    size: file.length,
    reads,
    async read({ start, end }) {
      reads.push([start, end]);
      return Readable.from([file.subarray(start, end + 1)]);
    },
  };
}

/** A Page token of a new account, through the dialog and the exchanges. */
async function pageToken(): Promise<{ accountId: string; token: string }> {
  const account = emulator.createAccount({ username: 'cafe.aurora' });
  const person = emulator.createFacebookUser({
    name: 'Ana',
    pages: [{ name: 'Café', instagramAccountId: account.id }],
  });
  const url = new URL(client.authorizationUrl({ state: 'st', configId: '1' }));
  url.searchParams.set('user', person.id);
  url.searchParams.set('decision', 'allow');
  const redirect = await fetch(url, { redirect: 'manual' });
  const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
  const long = await client.exchangeForLongLivedToken(
    (await client.exchangeCode(code)).accessToken,
  );
  const [page] = await client.listPages(long.accessToken);
  return { accountId: account.id, token: page!.accessToken! };
}

async function resumableReel(accountId: string, accessToken: string): Promise<string> {
  const plan = buildContainerPlan({
    kind: 'reel',
    caption: 'Bom dia',
    media: [{ type: 'video', url: 'https://unused.example/r.mp4' }],
    resumableVideos: true,
  });
  expect(plan.container).toEqual({
    media_type: 'REELS',
    upload_type: 'resumable',
    caption: 'Bom dia',
  });
  expect(isResumableUpload(plan.container)).toBe(true);
  const { id } = await client.graph.createContainer({
    accessToken,
    igUserId: accountId,
    params: plan.container,
  });
  return id;
}

describe('resumable video upload', () => {
  it('sends a reel in chunks read range by range, then the container finishes', async () => {
    const { accountId, token } = await pageToken();
    const containerId = await resumableReel(accountId, token);
    const file = video(2500);
    const source = sourceOf(file);
    const result = await client.graph.uploadVideo({
      accessToken: token,
      containerId,
      source,
      chunkBytes: 1000,
    });
    expect(result).toEqual({ resumedAt: 0, chunks: 3 });
    expect(source.reads).toEqual([
      [0, 999],
      [1000, 1999],
      [2000, 2499],
    ]);
    const [container] = emulator.containers();
    expect(container?.upload).toMatchObject({
      chunkOffsets: [0, 1000, 2000],
      sha256: createHash('sha256').update(file).digest('hex'),
    });
    const status = await client.graph.getContainerStatus({ accessToken: token, containerId });
    expect(status.statusCode).toBe('FINISHED');
    // Complete already: a second call only reads the offset.
    expect(
      await client.graph.uploadVideo({ accessToken: token, containerId, source: sourceOf(file) }),
    ).toEqual({ resumedAt: 2500, chunks: 0 });
  });

  it('resumes at the acknowledged offset after a connection lost mid-chunk', async () => {
    const { accountId, token } = await pageToken();
    const containerId = await resumableReel(accountId, token);
    emulator.addFault({ path: '/ig-api-upload', method: 'POST', keepBytes: 300 });
    const file = video(2500);
    const result = await client.graph.uploadVideo({
      accessToken: token,
      containerId,
      source: sourceOf(file),
      chunkBytes: 1000,
    });
    expect(result.resumedAt).toBe(0);
    const [container] = emulator.containers();
    // The first chunk kept 300 bytes; the next series starts there, not at 0.
    expect(container?.upload?.chunkOffsets).toEqual([0, 300, 1300, 2300]);
    expect(container?.upload?.sha256).toBe(createHash('sha256').update(file).digest('hex'));
  });

  it('starts again from 0 when the host cannot tell the offset', async () => {
    const { accountId, token } = await pageToken();
    const containerId = await resumableReel(accountId, token);
    // The host answers the offset with a proxy's page: unknown, so from byte 0.
    emulator.addFault({ path: '/ig-api-upload', method: 'GET', body: '<html>oops</html>' });
    const result = await client.graph.uploadVideo({
      accessToken: token,
      containerId,
      source: sourceOf(video(1500)),
      chunkBytes: 1000,
    });
    expect(result).toEqual({ resumedAt: 0, chunks: 2 });
  });

  it('gives up after repeated failures with a transient error, keeping what arrived', async () => {
    const { accountId, token } = await pageToken();
    const containerId = await resumableReel(accountId, token);
    emulator.addFault({ path: '/ig-api-upload', method: 'POST', keepBytes: 100, times: 3 });
    const error = await client.graph
      .uploadVideo({ accessToken: token, containerId, source: sourceOf(video(1500)) })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(InstagramPlatformError);
    expect((error as InstagramPlatformError).transient).toBe(true);
    const resumed = await client.graph.uploadVideo({
      accessToken: token,
      containerId,
      source: sourceOf(video(1500)),
    });
    expect(resumed).toEqual({ resumedAt: 300, chunks: 1 });
  });

  it('tells the call observer of every upload call, with its status and outcome', async () => {
    const calls: PlatformCallRecord[] = [];
    const observed = createFacebookLoginClient({
      ...clientOptions(),
      onCall: (call) => calls.push(call),
    });
    try {
      const { accountId, token } = await pageToken();
      const containerId = await resumableReel(accountId, token);
      emulator.addFault({ path: '/ig-api-upload', method: 'POST', status: 500, times: 1 });
      await observed.graph.uploadVideo({
        accessToken: token,
        containerId,
        source: sourceOf(video(1500)),
        chunkBytes: 1000,
      });
      const uploads = calls.map(({ method, operation, status, errorCode }) => ({
        method,
        operation,
        status,
        errorCode,
      }));
      const operation = 'rupload/ig-api-upload/{id}';
      // Where it stands, a refused chunk, where it stands again, then the two chunks.
      expect(uploads).toEqual([
        { method: 'GET', operation, status: 200, errorCode: null },
        { method: 'POST', operation, status: 500, errorCode: 'INTERNAL_ERROR' },
        { method: 'GET', operation, status: 200, errorCode: null },
        { method: 'POST', operation, status: 200, errorCode: null },
        { method: 'POST', operation, status: 200, errorCode: null },
      ]);
      expect(calls.every((call) => call.durationMs >= 0)).toBe(true);
      expect(JSON.stringify(calls)).not.toContain(token);
    } finally {
      await observed.close();
    }
  });

  it('refuses a wrong token as TOKEN_INVALID and a gone session as CONTAINER_EXPIRED', async () => {
    const { accountId, token } = await pageToken();
    const containerId = await resumableReel(accountId, token);
    const source = sourceOf(video(100));
    const wrong = await client.graph
      .uploadVideo({ accessToken: 'EAAwrong', containerId, source })
      .catch((thrown: unknown) => thrown);
    expect(wrong).toMatchObject({ code: 'TOKEN_INVALID', transient: false });
    expect(JSON.stringify(wrong)).not.toContain('EAAwrong');
    const gone = await client.graph
      .uploadVideo({ accessToken: token, containerId: '999999', source })
      .catch((thrown: unknown) => thrown);
    expect(gone).toMatchObject({ code: 'CONTAINER_EXPIRED' });
  });
});
