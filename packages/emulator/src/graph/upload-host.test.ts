import { createHash } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { call, graphCode, startTestEmulator } from '../testing/harness';

const { emulator, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const APP = {
  client_id: 'emulator-facebook-app-id',
  client_secret: 'emulator-facebook-app-secret',
};
const REDIRECT = 'https://app.example.com/cb';

/** An MP4-looking file: a `ftyp` box, then filler. */
function video(size: number): Buffer {
  const bytes = Buffer.alloc(size, 7);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  return bytes;
}

/** A Page token reaching a new Instagram account, through the Login dialog and exchanges. */
async function pageToken(): Promise<{ accountId: string; token: string }> {
  const account = emulator.createAccount({ username: 'cafe.aurora' });
  const user = emulator.createFacebookUser({
    name: 'Ana',
    pages: [{ name: 'Café', instagramAccountId: account.id }],
  });
  const dialog = await call(emulator, 'GET', '/facebook/v25.0/dialog/oauth', {
    query: { ...APP, redirect_uri: REDIRECT, response_type: 'code', config_id: '1' },
  });
  expect(dialog.status).toBe(200);
  const consent = await call(emulator, 'GET', '/facebook/v25.0/dialog/oauth', {
    query: {
      client_id: APP.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      config_id: '1',
      user: user.id,
      decision: 'allow',
    },
  });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  const exchange = (query: Record<string, string>) =>
    call(emulator, 'GET', '/facebook/v25.0/oauth/access_token', { query: { ...APP, ...query } });
  const short = await exchange({ redirect_uri: REDIRECT, code });
  const long = await exchange({
    grant_type: 'fb_exchange_token',
    fb_exchange_token: short.body.access_token,
  });
  const pages = await call(emulator, 'GET', '/facebook/v25.0/me/accounts', {
    query: { fields: 'access_token' },
    token: long.body.access_token,
  });
  return { accountId: account.id, token: pages.body.data[0].access_token as string };
}

async function resumableReel(token: string, accountId: string) {
  const res = await call(emulator, 'POST', `/facebook/v25.0/${accountId}/media`, {
    token,
    form: { media_type: 'REELS', upload_type: 'resumable', caption: 'Bom dia' },
  });
  expect(res.status).toBe(200);
  return res.body as { id: string; uri: string };
}

function upload(
  uri: string,
  token: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Response> {
  return fetch(uri, {
    method: 'POST',
    headers: { authorization: `OAuth ${token}`, ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
}

function statusOf(token: string, id: string) {
  return call(emulator, 'GET', `/facebook/v25.0/${id}`, {
    query: { fields: 'status_code' },
    token,
  });
}

describe('the resumable upload host', () => {
  it('answers an upload address, takes chunks in order and processes the video', async () => {
    const { accountId, token } = await pageToken();
    const { id, uri } = await resumableReel(token, accountId);
    expect(uri).toBe(`${emulator.url}/rupload/ig-api-upload/v25.0/${id}`);
    expect((await statusOf(token, id)).body.status_code).toBe('IN_PROGRESS');

    const file = video(1000);
    const first = await upload(
      uri,
      token,
      { offset: '0', file_size: '1000' },
      file.subarray(0, 600),
    );
    expect(await first.json()).toEqual({ success: true, message: 'Chunk received.', offset: 600 });
    // A chunk that does not start at the acknowledged end is refused, and changes nothing.
    const skipped = await upload(
      uri,
      token,
      { offset: '700', file_size: '1000' },
      file.subarray(700),
    );
    expect(skipped.status).toBe(400);
    expect((await skipped.json()).debug_info).toMatchObject({
      retriable: false,
      type: 'ProcessingFailedError',
      message: expect.stringContaining('resume at offset 600'),
    });
    const where = await fetch(uri, { headers: { authorization: `OAuth ${token}` } });
    expect(await where.json()).toEqual({ id, offset: 600, file_size: 1000, complete: false });

    const last = await upload(uri, token, { offset: '600', file_size: '1000' }, file.subarray(600));
    expect(await last.json()).toEqual({ success: true, message: 'Upload successful.' });
    expect((await statusOf(token, id)).body.status_code).toBe('FINISHED');
    const [container] = emulator.containers();
    expect(container?.upload).toEqual({
      offset: 1000,
      fileSize: 1000,
      chunkOffsets: [0, 600],
      sha256: createHash('sha256').update(file).digest('hex'),
      fileUrl: null,
    });
    const published = await call(emulator, 'POST', `/facebook/v25.0/${accountId}/media_publish`, {
      token,
      form: { creation_id: id },
    });
    expect(published.status).toBe(200);
  });

  it('fails a container whose bytes are not a video, like a fetched one', async () => {
    const { accountId, token } = await pageToken();
    const { id, uri } = await resumableReel(token, accountId);
    await upload(uri, token, { offset: '0', file_size: '5' }, Buffer.from('hello'));
    const status = await call(emulator, 'GET', `/facebook/v25.0/${id}`, {
      query: { fields: 'status_code,status' },
      token,
    });
    expect(status.body).toMatchObject({
      status_code: 'ERROR',
      status: expect.stringContaining('2207026'),
    });
  });

  it('refuses a wrong token, and an unknown container', async () => {
    const { accountId, token } = await pageToken();
    const { uri } = await resumableReel(token, accountId);
    const wrong = await upload(uri, 'EAAnope', { offset: '0', file_size: '10' }, video(10));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).debug_info).toMatchObject({ type: 'OAuthException' });
    const unknown = await fetch(`${emulator.url}/rupload/ig-api-upload/v25.0/999`, {
      headers: { authorization: `OAuth ${token}` },
    });
    expect(unknown.status).toBe(404);
  });

  it('takes file_url instead of bytes', async () => {
    const { accountId, token } = await pageToken();
    const { id, uri } = await resumableReel(token, accountId);
    const res = await upload(uri, token, { file_url: 'https://cdn.example.com/r.mp4' });
    expect(await res.json()).toEqual({ success: true, message: 'Upload successful.' });
    expect((await statusOf(token, id)).body.status_code).toBe('FINISHED');
  });

  it('keeps what arrived before a connection lost mid-chunk (keepBytes fault)', async () => {
    const { accountId, token } = await pageToken();
    const { uri } = await resumableReel(token, accountId);
    emulator.addFault({ path: '/ig-api-upload', method: 'POST', keepBytes: 250 });
    const file = video(1000);
    await expect(upload(uri, token, { offset: '0', file_size: '1000' }, file)).rejects.toThrow();
    const where = await fetch(uri, { headers: { authorization: `OAuth ${token}` } });
    expect((await where.json()).offset).toBe(250);
    const rest = await upload(uri, token, { offset: '250', file_size: '1000' }, file.subarray(250));
    expect((await rest.json()).message).toBe('Upload successful.');
    expect(emulator.requests({ path: '/ig-api-upload' }).map((r) => r.params.offset)).toEqual([
      '0',
      undefined,
      '250',
    ]);
  });

  it('serves Instagram Login tokens only when told to [UNCERTAIN]', async () => {
    const account = emulator.createAccount({ username: 'ig.only' });
    const token = emulator.mintToken(account.id).access_token;
    const form = { media_type: 'STORIES', upload_type: 'resumable' };
    const refused = await call(emulator, 'POST', '/v25.0/me/media', { token, form });
    expect(graphCode(refused)).toMatchObject({ code: 100 });
    emulator.configure({ resumableOnInstagramLogin: 'accept' });
    const accepted = await call(emulator, 'POST', '/v25.0/me/media', { token, form });
    expect(accepted.body.uri).toMatch(/\/rupload\/ig-api-upload\/v25\.0\/\d+$/);
    const res = await upload(accepted.body.uri, token, { offset: '0', file_size: '20' }, video(20));
    expect((await res.json()).message).toBe('Upload successful.');
  });

  it('refuses resumable uploads for images', async () => {
    const { accountId, token } = await pageToken();
    const res = await call(emulator, 'POST', `/facebook/v25.0/${accountId}/media`, {
      token,
      form: { upload_type: 'resumable', image_url: 'https://cdn.example.com/a.jpg' },
    });
    expect(graphCode(res)).toMatchObject({ code: 100 });
  });
});
