/**
 * The transport over real HTTP, against a scripted server for the cases a Reelay server
 * cannot produce on demand: retries, backoff, timeouts, dropped connections, gateway
 * pages, redirects, and what errors and logs may contain.
 */
import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConnectionError,
  isReelayError,
  NotFoundError,
  RateLimitError,
  Reelay,
  ReelayError,
  TimeoutError,
  ValidationError,
  type ReelayOptions,
} from '../src';
import { freePort } from '@reelay/test-support/free-port';
import { envelope, startScriptedServer, type ScriptedServer } from './helpers/scripted-server';

const API_KEY = 'rly_live_0123456789abcdefghijklmnopqrstuv';
const ACCESS_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMDEifQ.c2lnbmF0dXJlLXRlc3Q';
const post = { id: 'post_01', status: 'scheduled' };
const createBody = {
  content: 'Bom dia',
  mediaItems: [{ type: 'image' as const, url: 'https://cdn.example.com/a.jpg' }],
  platforms: [{ platform: 'instagram' as const, accountId: 'int_01' }],
};

let server: ScriptedServer;
let waits: number[];

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  server.fallback = { status: 200, body: { success: true } };
});

/** A client whose waits between retries are recorded instead of slept. */
function client(options: Partial<ReelayOptions> = {}): Reelay {
  waits = [];
  return new Reelay({
    baseUrl: server.url,
    apiKey: API_KEY,
    retry: { sleep: async (ms) => void waits.push(ms) },
    ...options,
  } as ReelayOptions);
}

describe('retries', () => {
  it('retries INTERNAL_ERROR on a read, with growing backoff, and returns the answer', async () => {
    server.answer(envelope(500, 'INTERNAL_ERROR'), envelope(500, 'INTERNAL_ERROR'), {
      status: 200,
      body: { success: true, post },
    });
    const answer = await client().posts.get('post_01');
    expect(answer.post.id).toBe('post_01');
    expect(server.requests).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(250);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeGreaterThanOrEqual(500);
    expect(waits[1]).toBeLessThanOrEqual(1000);
  });

  it('does not repeat a creation without an idempotency key after INTERNAL_ERROR', async () => {
    server.answer(envelope(500, 'INTERNAL_ERROR'));
    const failure = await client()
      .profiles.create({ name: 'Marca' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReelayError);
    expect(failure).toMatchObject({ code: 'INTERNAL_ERROR', statusCode: 500, retry: 'safe' });
    expect(server.requests).toHaveLength(1);
  });

  it('gives posts.create an idempotency key and sends the same one on every retry', async () => {
    server.answer(envelope(500, 'INTERNAL_ERROR'), envelope(503, 'RATE_LIMIT_APP'), {
      status: 201,
      body: { success: true, post },
    });
    await client().posts.create(createBody);
    const keys = server.requests.map((request) => request.json.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("keeps the caller's idempotency key, and gives a new one to each new call", async () => {
    server.fallback = { status: 201, body: { success: true, post } };
    const reelay = client();
    await reelay.posts.create({ ...createBody, idempotencyKey: 'campanha-dez-001' });
    await reelay.posts.create(createBody);
    await reelay.posts.create(createBody);
    const keys = server.requests.map((request) => request.json.idempotencyKey);
    expect(keys[0]).toBe('campanha-dez-001');
    expect(keys[1]).not.toBe(keys[2]);
  });

  it('puts the idempotency key on the error, so the caller can try again later safely', async () => {
    server.fallback = envelope(500, 'INTERNAL_ERROR');
    const failure = (await client()
      .posts.create(createBody)
      .catch((error: unknown) => error)) as ReelayError;
    expect(server.requests).toHaveLength(3);
    expect(failure.idempotencyKey).toBe(server.requests[0]!.json.idempotencyKey);
  });

  it('waits x-ratelimit-reset after RATE_LIMIT_KEY, even on a creation, then succeeds', async () => {
    server.answer(envelope(429, 'RATE_LIMIT_KEY', { headers: { 'x-ratelimit-reset': '7' } }), {
      status: 201,
      body: { success: true, profile: { id: 'prf_01' } },
    });
    await client().profiles.create({ name: 'Marca' });
    expect(server.requests).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(7000);
    expect(waits[0]).toBeLessThan(7250);
  });

  it('throws RateLimitError with the reset when the wait would be too long', async () => {
    server.answer(envelope(429, 'RATE_LIMIT_KEY', { headers: { 'x-ratelimit-reset': '90' } }));
    const failure = await client()
      .profiles.list()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RateLimitError);
    expect((failure as RateLimitError).resetSeconds).toBe(90);
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    server.fallback = envelope(503, 'RATE_LIMIT_APP');
    const failure = await client({ retry: { maxRetries: 4, sleep: async () => {} } })
      .profiles.list()
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'RATE_LIMIT_APP', statusCode: 503 });
    expect(server.requests).toHaveLength(5);
  });

  it('takes maxRetries per call, 0 turning retries off', async () => {
    server.fallback = envelope(500, 'INTERNAL_ERROR');
    await client()
      .profiles.list({ maxRetries: 0 })
      .catch(() => {});
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry codes that would fail again', async () => {
    server.answer(
      envelope(400, 'VALIDATION_ERROR', {
        details: { field: 'name', issues: [{ field: 'name', message: 'o nome é obrigatório' }] },
      }),
    );
    const failure = await client()
      .profiles.create({ name: '' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).field).toBe('name');
    expect((failure as ValidationError).issues).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
  });

  it('waits for real between attempts by default', async () => {
    server.answer(envelope(503, 'RATE_LIMIT_APP'));
    const reelay = new Reelay({ baseUrl: server.url, apiKey: API_KEY, retry: { baseDelayMs: 40 } });
    const started = Date.now();
    await reelay.profiles.list();
    expect(Date.now() - started).toBeGreaterThanOrEqual(20);
    expect(server.requests).toHaveLength(2);
  });
});

describe('network failures', () => {
  it('retries a refused connection, even for a creation, and then throws ConnectionError', async () => {
    const port = await freePort();
    const reelay = new Reelay({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: API_KEY,
      retry: { sleep: async () => {} },
    });
    const failure = await reelay.profiles
      .create({ name: 'Marca' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionError);
    expect(failure).toMatchObject({ code: 'CONNECTION_ERROR', statusCode: 0, retry: 'safe' });
    expect((failure as Error).message).toMatch(/ECONNREFUSED/);
  });

  it('retries a dropped connection on a read but not on a creation', async () => {
    server.answer({ drop: true }, { status: 200, body: { success: true, total: 0, profiles: [] } });
    await expect(client().profiles.list()).resolves.toMatchObject({ total: 0 });
    expect(server.requests).toHaveLength(2);

    server.requests.length = 0;
    server.answer({ drop: true });
    await expect(client().profiles.create({ name: 'Marca' })).rejects.toBeInstanceOf(
      ConnectionError,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('throws TimeoutError when an attempt takes longer than timeoutMs', async () => {
    server.fallback = { status: 200, body: { success: true }, delayMs: 300 };
    const failure = await client({ timeoutMs: 50 })
      .profiles.create({ name: 'Marca' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TimeoutError);
    expect(failure).toMatchObject({ code: 'TIMEOUT', method: 'POST', path: '/v1/profiles' });
  });

  it('retries a timed-out read', async () => {
    server.answer({ status: 200, body: { success: true }, delayMs: 300 });
    server.answer({ status: 200, body: { success: true, total: 0, profiles: [] } });
    await expect(client({ timeoutMs: 100 }).profiles.list()).resolves.toMatchObject({ total: 0 });
  });

  it("stops at the caller's abort signal with its reason, without retrying", async () => {
    server.fallback = { status: 200, body: { success: true }, delayMs: 300 };
    const controller = new AbortController();
    const call = client().profiles.list({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by the user')), 30);
    await expect(call).rejects.toThrow('cancelled by the user');
    expect(server.requests).toHaveLength(1);
  });

  it('stops waiting between retries when the signal aborts', async () => {
    server.fallback = envelope(503, 'RATE_LIMIT_APP');
    const controller = new AbortController();
    const reelay = new Reelay({
      baseUrl: server.url,
      apiKey: API_KEY,
      retry: { baseDelayMs: 10_000 },
    });
    const call = reelay.profiles.list({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("treats a gateway's 502 page as a failure to retry on reads", async () => {
    server.answer({ status: 502, body: '<html>Bad Gateway</html>' });
    server.answer({ status: 200, body: { success: true, total: 0, profiles: [] } });
    await expect(client().profiles.list()).resolves.toMatchObject({ total: 0 });
    server.fallback = { status: 502, body: '<html>Bad Gateway</html>' };
    const failure = await client()
      .profiles.create({ name: 'x' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'UNEXPECTED_RESPONSE', statusCode: 502 });
    expect((failure as Error).message).toContain('Bad Gateway');
  });

  it('never follows a redirect, so the key cannot travel to another host', async () => {
    const elsewhere = await startScriptedServer();
    try {
      server.answer({ status: 307, headers: { location: `${elsewhere.url}/v1/profiles` } });
      const failure = await client()
        .profiles.list()
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'UNEXPECTED_RESPONSE', statusCode: 307 });
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});

describe('errors', () => {
  it('carries code, status, message, details and the x-request-id of the answer', async () => {
    server.answer(
      envelope(404, 'NOT_FOUND', {
        message: 'Post não encontrado neste projeto.',
        headers: { 'x-request-id': 'req-abc-123' },
      }),
    );
    const failure = await client()
      .posts.get('post_missing')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NotFoundError);
    expect(failure).toMatchObject({
      code: 'NOT_FOUND',
      statusCode: 404,
      message: 'Post não encontrado neste projeto.',
      requestId: 'req-abc-123',
      method: 'GET',
      path: '/v1/posts/post_missing',
      retry: 'do-not-retry',
    });
  });

  it('keeps a code this version has never seen, as a plain ReelayError', async () => {
    server.answer(envelope(409, 'POST_TOO_FESTIVE', { details: { reason: 'confetti' } }));
    const failure = await client()
      .posts.cancel('post_01')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReelayError);
    expect((failure as Error).constructor).toBe(ReelayError);
    expect(failure).toMatchObject({
      code: 'POST_TOO_FESTIVE',
      statusCode: 409,
      details: { reason: 'confetti' },
    });
    expect((failure as ReelayError).retry).toBeUndefined();
    // A code newer than the SDK is compared on `code`: isReelayError takes known codes only.
    expect(isReelayError(failure) && failure.code === 'POST_TOO_FESTIVE').toBe(true);
    expect(isReelayError(failure, 'NOT_FOUND')).toBe(false);
  });

  it('never shows the API key or tokens in errors or logs', async () => {
    const lines: unknown[] = [];
    const logger = {
      debug: (message: string, data: unknown) => lines.push(message, data),
      warn: (message: string, data: unknown) => lines.push(message, data),
    };
    // A careless server that echoes the credential back in its message and details.
    const echo = envelope(500, 'INTERNAL_ERROR', {
      message: `chave ${API_KEY} falhou`,
      details: { reason: `Bearer ${ACCESS_TOKEN}`, key: API_KEY },
    });
    server.answer(
      echo,
      echo,
      echo,
      envelope(401, 'UNAUTHORIZED', { message: `token ${ACCESS_TOKEN} expirou` }),
    );
    const keyed = client({ logger });
    const first = await keyed.profiles.list().catch((error: unknown) => error);
    const bearer = new Reelay({
      baseUrl: server.url,
      accessToken: ACCESS_TOKEN,
      logger,
      retry: { maxRetries: 0 },
    });
    const second = await bearer.me.get().catch((error: unknown) => error);
    expect(second).toBeInstanceOf(AuthenticationError);
    const everything = [
      inspect(first, { depth: 10, showHidden: true }),
      inspect(second, { depth: 10, showHidden: true }),
      JSON.stringify(first),
      JSON.stringify(second),
      inspect(lines, { depth: 10 }),
      inspect(keyed, { depth: 10, showHidden: true }),
      inspect(bearer, { depth: 10, showHidden: true }),
      JSON.stringify(keyed),
    ].join('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(everything).not.toContain(API_KEY);
    expect(everything).not.toContain(ACCESS_TOKEN);
    expect(everything).not.toContain('0123456789abcdefghij');
  });

  it('refuses an empty or dot path parameter instead of calling another route', async () => {
    const reelay = client();
    await expect(reelay.posts.get('')).rejects.toThrow(TypeError);
    await expect(reelay.posts.cancel('..')).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });

  it('encodes path parameters, so an id cannot reach another path', async () => {
    server.fallback = envelope(404, 'NOT_FOUND');
    await client()
      .posts.get('post_01/../../me?x=1')
      .catch(() => {});
    expect(server.requests[0]!.url).toBe('/v1/posts/post_01%2F..%2F..%2Fme%3Fx%3D1');
  });
});

describe('credentials and headers', () => {
  it('sends x-access-key in key mode, never a Bearer or a project', async () => {
    await client().profiles.list();
    const { headers } = server.requests[0]!;
    expect(headers['x-access-key']).toBe(API_KEY);
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-project-id']).toBeUndefined();
  });

  it('sends x-project-id in Bearer mode on project routes only, and nothing on public routes', async () => {
    const reelay = new Reelay({
      baseUrl: server.url,
      accessToken: ACCESS_TOKEN,
      projectId: 'proj_1',
    });
    server.fallback = { status: 200, body: { success: true, total: 0, profiles: [] } };
    await reelay.profiles.list();
    await reelay.me.get();
    await reelay.auth.login({ email: 'ana@example.com', password: 'x' });
    const [resource, account, login] = server.requests;
    expect(resource!.headers).toMatchObject({
      authorization: `Bearer ${ACCESS_TOKEN}`,
      'x-project-id': 'proj_1',
    });
    expect(account!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(account!.headers['x-project-id']).toBeUndefined();
    expect(login!.headers.authorization).toBeUndefined();
    expect(login!.headers['content-type']).toBe('application/json');
  });

  it('lets extra headers through but never lets them replace the credential', async () => {
    await client({ headers: { 'x-access-key': 'forged', 'x-trace': 'abc' } }).profiles.list({
      headers: { Authorization: 'Bearer forged' },
    });
    const { headers } = server.requests[0]!;
    expect(headers['x-access-key']).toBe(API_KEY);
    expect(headers['x-trace']).toBe('abc');
    expect(headers.authorization).toBeUndefined();
  });

  it('uses the injected fetch', async () => {
    const seen: string[] = [];
    const reelay = client({
      fetch: (input, init) => {
        seen.push(`${init.method} ${input}`);
        return fetch(input, init);
      },
    });
    await reelay.profiles.list();
    expect(seen).toEqual([`GET ${server.url}/v1/profiles`]);
  });

  it('refreshes an expired access token once, shared by concurrent calls, and sends again', async () => {
    let refreshes = 0;
    const reelay = new Reelay({
      baseUrl: server.url,
      accessToken: 'old-token-value-1234',
      refreshAccessToken: async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return 'new-token-value-5678';
      },
    });
    server.fallback = (request, res) => {
      const fresh = request.headers.authorization === 'Bearer new-token-value-5678';
      res.writeHead(fresh ? 200 : 401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          fresh
            ? { success: true, user: {}, organization: {}, projects: [] }
            : { statusCode: 401, code: 'UNAUTHORIZED', message: 'expirado' },
        ),
      );
    };
    await Promise.all([reelay.me.get(), reelay.me.get(), reelay.me.get()]);
    expect(refreshes).toBe(1);
    expect(
      server.requests.filter(
        (request) => request.headers.authorization === 'Bearer new-token-value-5678',
      ),
    ).toHaveLength(3);
  });

  it('refuses contradictory or broken options before sending anything', () => {
    expect(() => new Reelay({ baseUrl: 'ftp://x' })).toThrow(TypeError);
    expect(() => new Reelay({ baseUrl: 'not a url' })).toThrow(TypeError);
    expect(() => new Reelay({ baseUrl: 'https://user:pw@example.com' })).toThrow(TypeError);
    expect(
      () =>
        new Reelay({ baseUrl: server.url, apiKey: API_KEY, accessToken: ACCESS_TOKEN } as never),
    ).toThrow(/não os dois/);
    expect(() => new Reelay({ baseUrl: server.url, apiKey: API_KEY }).setAccessToken('x')).toThrow(
      TypeError,
    );
  });

  it('keeps a base URL path prefix and drops a trailing slash', async () => {
    const reelay = new Reelay({ baseUrl: `${server.url}/reelay/`, apiKey: API_KEY });
    expect(reelay.baseUrl).toBe(`${server.url}/reelay`);
    await reelay.health.check();
    expect(server.requests[0]!.url).toBe('/reelay/v1/health/auth');
  });

  it('writes Dates as ISO text and booleans as text in the query', async () => {
    server.fallback = { status: 200, body: { success: true, total: 0, posts: [] } };
    await client().posts.list({ from: new Date('2026-12-01T13:00:00Z'), limit: 5 });
    await client().accounts.health('int_01', { force: true });
    expect(server.requests[0]!.url).toBe(
      '/v1/posts?from=2026-12-01T13%3A00%3A00.000Z&limit=5&offset=0',
    );
    expect(server.requests[1]!.url).toBe('/v1/integrations/int_01/health?force=true');
  });
});
