import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** From the last byte written to the connection's close. */
  elapsedMs: number;
}

/**
 * Talks HTTP over a bare TCP connection, so a test can send what no HTTP client would
 * (a garbage request line, headers that never end, a body shorter than announced), and
 * reads everything the server answers until it closes the connection.
 */
async function exchange(
  base: string,
  write: (socket: Socket) => Promise<void> | void,
  giveUpMs = 8_000,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = once(socket, 'close');
  await write(socket);
  const written = performance.now();
  const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
  await closed;
  clearTimeout(giveUp);
  const elapsedMs = performance.now() - written;
  const text = Buffer.concat(chunks).toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  if (split === -1) return { status: 0, headers: {}, body: text, elapsedMs };
  const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers,
    body: text.slice(split + 4),
    elapsedMs,
  };
}

function envelopeOf(answer: RawAnswer) {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  return JSON.parse(answer.body) as Record<string, unknown>;
}

function expectRateLimitHeaders(headers: Headers, limit: string) {
  expect(headers.get('x-ratelimit-limit')).toBe(limit);
  expect(headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
  expect(headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
}

describe.each(testDialects())('HTTP edges on $name', (dialect) => {
  let server: TestServer;
  let account: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: {
        REELAY_CORS_ORIGINS: 'https://dash.example.com',
        REELAY_HEADERS_TIMEOUT_SECONDS: '1',
        REELAY_BODY_IDLE_TIMEOUT_SECONDS: '1',
      },
    });
    account = await createAccount(server.url);
  });
  afterAll(() => server.close());

  it('keeps serving after the listening server reports an error (descriptors run out)', async () => {
    // accept() failing with EMFILE is reported as an 'error' event on the server; with
    // no listener that event would end the process.
    const emfile = Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' });
    expect(() => server.reelay.server.emit('error', emfile)).not.toThrow();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  describe('answers the errors Node raises itself in the envelope', () => {
    it('answers a garbage request line with 400 VALIDATION_ERROR', async () => {
      const answer = await exchange(server.url, (socket) => {
        socket.write('HELLO THERE\r\n\r\n');
      });
      expect(answer.status).toBe(400);
      expect(envelopeOf(answer)).toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/requisição HTTP/),
      });
    });

    it('answers headers over the size limit with 431 HEADERS_TOO_LARGE', async () => {
      const answer = await exchange(server.url, (socket) => {
        socket.write(
          `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nx-filler: ${'a'.repeat(20_000)}\r\n\r\n`,
        );
      });
      expect(answer.status).toBe(431);
      expect(envelopeOf(answer)).toMatchObject({
        statusCode: 431,
        code: 'HEADERS_TOO_LARGE',
        message: expect.any(String),
      });
    });

    it('answers headers that never end with 408 REQUEST_TIMEOUT once the headers timeout passes', async () => {
      const answer = await exchange(server.url, (socket) => {
        socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      });
      expect(answer.status).toBe(408);
      expect(envelopeOf(answer)).toMatchObject({ statusCode: 408, code: 'REQUEST_TIMEOUT' });
      expect(answer.elapsedMs).toBeGreaterThan(700);
      expect(answer.elapsedMs).toBeLessThan(5_000);
    });

    it('answers a body shorter than its Content-Length with 408 REQUEST_TIMEOUT once it stops arriving', async () => {
      const answer = await exchange(server.url, (socket) => {
        socket.write(
          [
            'POST /v1/profiles HTTP/1.1',
            'Host: 127.0.0.1',
            `x-access-key: ${account.apiKey}`,
            'content-type: application/json',
            'content-length: 100',
            'connection: close',
            '',
            '{"name":',
          ].join('\r\n'),
        );
      });
      expect(answer.status).toBe(408);
      expect(envelopeOf(answer)).toMatchObject({ statusCode: 408, code: 'REQUEST_TIMEOUT' });
      expect(answer.headers['x-ratelimit-limit']).toBe('300');
      expect(answer.elapsedMs).toBeGreaterThan(700);
      expect(answer.elapsedMs).toBeLessThan(5_000);
    });

    it('lets a slow body through while its bytes keep arriving', async () => {
      const body = JSON.stringify({ name: 'Perfil enviado devagar', description: 'x'.repeat(40) });
      const answer = await exchange(server.url, async (socket) => {
        socket.write(
          [
            'POST /v1/profiles HTTP/1.1',
            'Host: 127.0.0.1',
            `x-access-key: ${account.apiKey}`,
            'content-type: application/json',
            `content-length: ${Buffer.byteLength(body)}`,
            'connection: close',
            '',
            '',
          ].join('\r\n'),
        );
        // Eight pieces 250 ms apart: 2 s in all, twice the idle limit, never 1 s without a byte.
        const size = Math.ceil(body.length / 8);
        for (let start = 0; start < body.length; start += size) {
          await sleep(250);
          socket.write(body.slice(start, start + size));
        }
      });
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body).profile.name).toBe('Perfil enviado devagar');
    });
  });

  describe('carries the rate-limit headers on every answer', () => {
    it('on a 404 outside /v1', async () => {
      const answer = await call(server.url, 'GET', '/wp-login.php');
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
      expectRateLimitHeaders(answer.headers, '60');
    });

    it('on media files not found (a file found is never counted)', async () => {
      const answer = await call(server.url, 'GET', '/media/nao-existe/arquivo.jpg');
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
      expectRateLimitHeaders(answer.headers, '300');
    });

    it('on the reference pages', async () => {
      for (const path of ['/docs', '/docs/assets/init.js', '/llms.txt']) {
        const answer = await call(server.url, 'GET', path);
        expect(answer.status, path).toBe(200);
        expectRateLimitHeaders(answer.headers, '60');
      }
    });

    it('on the OpenAPI document and liveness', async () => {
      expectRateLimitHeaders((await call(server.url, 'GET', '/openapi.json')).headers, '60');
      expectRateLimitHeaders((await call(server.url, 'GET', '/healthz')).headers, '300');
    });

    it('on CORS preflights, allowed origin or not', async () => {
      for (const origin of ['https://dash.example.com', 'https://evil.example.com']) {
        const answer = await call(server.url, 'OPTIONS', '/v1/profiles', undefined, {
          origin,
          'access-control-request-method': 'POST',
        });
        expect(answer.status, origin).toBe(204);
        expectRateLimitHeaders(answer.headers, '300');
      }
    });
  });
});
