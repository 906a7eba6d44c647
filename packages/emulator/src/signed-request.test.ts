import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedRequest } from './signed-request';
import {
  accountWithToken,
  call,
  graphCode,
  startTestEmulator,
  TEST_START,
} from './testing/harness';

/** A receiver written from reference §5 alone, as an app would write it. */
function verify(signedRequest: string, secret: string): Record<string, unknown> | null {
  const [encodedSignature, payload] = signedRequest.split('.');
  if (!encodedSignature || !payload || signedRequest.includes('=')) return null;
  const pad = (s: string) =>
    s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const signature = Buffer.from(pad(encodedSignature), 'base64');
  const expected = createHmac('sha256', secret).update(payload).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const data = JSON.parse(Buffer.from(pad(payload), 'base64').toString('utf8'));
  return data.algorithm === 'HMAC-SHA256' ? data : null;
}

const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body });
    const signed = new URLSearchParams(body).get('signed_request') ?? '';
    const payload = verify(signed, 'emulator-app-secret');
    if (!payload) {
      res.writeHead(400).end('bad signature');
      return;
    }
    if (req.url === '/deletion') {
      const code = `del${payload.user_id as string}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          url: `https://app.example.com/deletion?id=${code}`,
          confirmation_code: code,
        }),
      );
      return;
    }
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const { emulator, reset } = await startTestEmulator();
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  reset();
  received.length = 0;
});

describe('createSignedRequest', () => {
  it('signs base64url JSON with HMAC-SHA256 of the app secret, without padding', () => {
    const payload = {
      algorithm: 'HMAC-SHA256',
      issued_at: 1291836800,
      user_id: '17841400000000001',
    };
    const signed = createSignedRequest(payload, 'secret');
    expect(signed).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(verify(signed, 'secret')).toEqual(payload);
    expect(verify(signed, 'other-secret')).toBeNull();
    const [signature, body] = signed.split('.');
    expect(verify(`${signature}.${body}x`, 'secret')).toBeNull();
  });
});

describe('POST /_emulator/deauthorize', () => {
  it('posts a form-encoded signed_request the receiver verifies, and revokes the tokens', async () => {
    const { id, token } = await accountWithToken(emulator);
    const res = await call(emulator, 'POST', '/_emulator/deauthorize', {
      json: { url: `${base}/deauthorize`, accountId: id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 200, body: 'ok', revoked: 1 });
    expect(received).toHaveLength(1);
    expect(received[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const signed = new URLSearchParams(received[0]!.body).get('signed_request')!;
    expect(signed).toBe(res.body.signedRequest);
    expect(verify(signed, 'emulator-app-secret')).toEqual({
      algorithm: 'HMAC-SHA256',
      issued_at: TEST_START / 1000,
      user_id: id,
    });
    expect(graphCode(await call(emulator, 'GET', '/me', { token }))).toEqual({
      status: 400,
      code: 190,
      subcode: 458,
    });
  });

  it('reports what the receiver answered, even a refusal', async () => {
    emulator.configure({ appSecret: 'rotated-secret' });
    const { id } = await accountWithToken(emulator);
    const res = await call(emulator, 'POST', '/_emulator/deauthorize', {
      json: { url: `${base}/deauthorize`, accountId: id },
    });
    expect(res.body).toMatchObject({ status: 400, body: 'bad signature' });
  });

  it('answers 502 when the receiver cannot be reached, and 4xx for bad input', async () => {
    const { id } = await accountWithToken(emulator);
    const down = await call(emulator, 'POST', '/_emulator/deauthorize', {
      json: { url: 'http://127.0.0.1:1/x', accountId: id },
    });
    expect(down.status).toBe(502);
    expect(
      (
        await call(emulator, 'POST', '/_emulator/deauthorize', {
          json: { url: 'nope', accountId: id },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(emulator, 'POST', '/_emulator/deauthorize', {
          json: { url: `${base}/x`, accountId: '17841499999999999' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('POST /_emulator/data-deletion', () => {
  it('sends a signed request with expires and returns the JSON confirmation the receiver answered', async () => {
    const { id, token } = await accountWithToken(emulator);
    const res = await call(emulator, 'POST', '/_emulator/data-deletion', {
      json: { url: `${base}/deletion`, accountId: id },
    });
    expect(res.body).toMatchObject({
      status: 200,
      json: { url: `https://app.example.com/deletion?id=del${id}`, confirmation_code: `del${id}` },
    });
    expect(verify(res.body.signedRequest, 'emulator-app-secret')).toEqual({
      algorithm: 'HMAC-SHA256',
      expires: TEST_START / 1000 + 3600,
      issued_at: TEST_START / 1000,
      user_id: id,
    });
    // A deletion request alone leaves the tokens alone.
    expect((await call(emulator, 'GET', '/me', { token })).status).toBe(200);
  });

  it('is available in process as well', async () => {
    const { id } = await accountWithToken(emulator);
    const result = await emulator.sendCallback('data-deletion', {
      url: `${base}/deletion`,
      accountId: id,
    });
    expect(result.status).toBe(200);
    expect(result.payload.user_id).toBe(id);
  });
});
