import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

describe.each(testDialects())('HTTP behaviour on $name', (dialect) => {
  let server: TestServer;
  let account: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { REELAY_CORS_ORIGINS: 'https://dash.example.com' },
    });
    account = await createAccount(server.url);
  });
  afterAll(() => server.close());

  it('answers liveness and the OpenAPI document without a credential', async () => {
    expect(await call(server.url, 'GET', '/healthz')).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const document = await call(server.url, 'GET', '/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.servers).toMatchObject([{ url: server.url }]);
    expect(Object.keys(document.body.paths)).toContain('/v1/profiles');
  });

  it('answers an unknown route with 401 without a credential, and 404 with one', async () => {
    const anonymous = await call(server.url, 'GET', '/v1/nowhere');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
    const invalid = await call(server.url, 'GET', '/v1/nowhere', undefined, {
      'x-access-key': 'rly_live_nope',
    });
    expect(invalid.status).toBe(401);
    const known = await call(server.url, 'GET', '/v1/nowhere', undefined, account.key);
    expect(known.status).toBe(404);
    expect(known.body).toEqual({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Rota não encontrada.',
    });
    expect((await call(server.url, 'GET', '/favicon.ico')).status).toBe(404);
  });

  it('treats /v1/x and /v1/x/ as one route, with the query kept', async () => {
    const plain = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
    const slash = await call(server.url, 'GET', '/v1/profiles/', undefined, account.key);
    expect(slash.status).toBe(200);
    expect(slash.body).toEqual(plain.body);
    const listed = await call(
      server.url,
      'GET',
      '/v1/connect/integrations/?limit=101',
      undefined,
      account.key,
    );
    expect(listed.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'limit' } });
  });

  it('answers malformed bodies with the native FST_ERR_CTP codes', async () => {
    const send = (body: string, contentType?: string) =>
      call(
        server.url,
        'POST',
        '/v1/profiles',
        body,
        contentType ? { ...account.key, 'content-type': contentType } : account.key,
      );
    expect((await send('{"name": ', 'application/json')).body).toMatchObject({
      statusCode: 400,
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    expect((await send('', 'application/json')).body).toMatchObject({
      statusCode: 400,
      code: 'FST_ERR_CTP_EMPTY_JSON_BODY',
    });
    expect((await send('name=x', 'text/plain')).body).toMatchObject({
      statusCode: 415,
      code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
    });
    const huge = JSON.stringify({ name: 'x', description: 'y'.repeat(2 * 1024 * 1024) });
    expect((await send(huge, 'application/json')).body).toMatchObject({
      statusCode: 413,
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
  });

  it('refuses unknown body fields and names the field, with nothing written', async () => {
    const answer = await call(
      server.url,
      'POST',
      '/v1/profiles',
      { name: 'Marca', color: 'red' },
      account.key,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'color' } });
    expect(answer.body.message).toMatch(/color/);
    const listed = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
    expect(listed.body.profiles.map((profile: { name: string }) => profile.name)).not.toContain(
      'Marca',
    );
  });

  it('carries success: true on every successful JSON answer', async () => {
    for (const path of ['/v1/profiles', '/v1/connect/integrations', '/v1/health/auth']) {
      expect((await call(server.url, 'GET', path, undefined, account.key)).body.success, path).toBe(
        true,
      );
    }
    expect(
      (
        await call(server.url, 'GET', '/v1/me', undefined, {
          authorization: account.bearer.authorization!,
        })
      ).body.success,
    ).toBe(true);
  });

  it('echoes a request id, or makes one', async () => {
    const given = await call(server.url, 'GET', '/healthz', undefined, {
      'x-request-id': 'req-123',
    });
    expect(given.headers.get('x-request-id')).toBe('req-123');
    const made = await call(server.url, 'GET', '/healthz', undefined, {
      'x-request-id': 'bad id with spaces',
    });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends rate-limit headers on every answer, errors included', async () => {
    for (const answer of [
      await call(server.url, 'GET', '/v1/profiles', undefined, account.key),
      await call(server.url, 'GET', '/v1/profiles/prf_missing', undefined, account.key),
      await call(server.url, 'GET', '/v1/profiles'),
    ]) {
      expect(answer.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(answer.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
      expect(answer.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    }
  });

  it('lets the dashboard origin call with Bearer and refuses a key from a browser of another origin', async () => {
    const preflight = await fetch(`${server.url}/v1/profiles`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://dash.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, x-project-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://dash.example.com');
    expect(preflight.headers.get('access-control-allow-headers')).not.toMatch(/x-access-key/);
    const stranger = await fetch(`${server.url}/v1/profiles`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();

    const bearer = await call(server.url, 'GET', '/v1/profiles', undefined, {
      ...account.bearer,
      origin: 'https://dash.example.com',
    });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get('access-control-allow-origin')).toBe('https://dash.example.com');
    const key = await call(server.url, 'GET', '/v1/profiles', undefined, {
      ...account.key,
      origin: 'https://dash.example.com',
    });
    expect(key.status).toBe(401);
    expect(key.body.code).toBe('UNAUTHORIZED');
  });
});
