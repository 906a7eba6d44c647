import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

describe.each(testDialects())('account routes on $name', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
  });
  afterAll(() => server.close());

  async function signup(email: string) {
    const answer = await call(server.url, 'POST', '/v1/auth/signup', {
      email,
      password: 'password123',
      name: 'Bia',
    });
    return { authorization: `Bearer ${answer.body.accessToken}` };
  }

  it('creates the organization and one live project on first access, once, even when asked twice at once', async () => {
    const bearer = await signup('first-access@example.com');
    const [a, b] = await Promise.all([
      call(server.url, 'GET', '/v1/me', undefined, bearer),
      call(server.url, 'GET', '/v1/me', undefined, bearer),
    ]);
    expect(a.status).toBe(200);
    expect(b.body.organization.id).toBe(a.body.organization.id);
    expect(a.body).toMatchObject({
      success: true,
      user: { email: 'first-access@example.com', name: 'Bia' },
      organization: { name: 'Bia', role: 'owner' },
      projects: [{ environment: 'live' }],
    });
    expect(a.body.user.id).toMatch(/^usr_/);
    expect(a.body.organization.id).toMatch(/^org_/);
    expect(a.body.projects[0].id).toMatch(/^proj_/);
    const again = await call(server.url, 'GET', '/v1/me', undefined, bearer);
    expect(again.body.projects).toEqual(a.body.projects);
  });

  it('renames the organization within 1 to 80 characters', async () => {
    const account = await createAccount(server.url);
    const bearer = { authorization: account.bearer.authorization! };
    const path = `/v1/organizations/${account.organizationId}`;
    expect((await call(server.url, 'PATCH', path, { name: 'Agência Sol' }, bearer)).body).toEqual({
      success: true,
      organization: { id: account.organizationId, name: 'Agência Sol', role: 'owner' },
    });
    expect(
      (await call(server.url, 'GET', '/v1/me', undefined, bearer)).body.organization.name,
    ).toBe('Agência Sol');
    for (const name of ['', 'x'.repeat(81)]) {
      expect((await call(server.url, 'PATCH', path, { name }, bearer)).body.code).toBe(
        'VALIDATION_ERROR',
      );
    }
    expect(
      (await call(server.url, 'PATCH', path, { name: 'ok', extra: 1 }, bearer)).body.code,
    ).toBe('VALIDATION_ERROR');
    const other = await createAccount(server.url);
    const foreign = await call(
      server.url,
      'PATCH',
      `/v1/organizations/${other.organizationId}`,
      { name: 'mine now' },
      bearer,
    );
    expect(foreign).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });

  it('creates keys shown once, lists them without secrets, newest first, and names them up to 60 characters', async () => {
    const account = await createAccount(server.url);
    const bearer = { authorization: account.bearer.authorization! };
    const path = `/v1/projects/${account.projectId}/api-keys`;
    const created = await call(server.url, 'POST', path, undefined, bearer);
    expect(created.status).toBe(201);
    expect(created.body.apiKey).toMatchObject({ name: null, lastUsedAt: null, revokedAt: null });
    expect(created.body.apiKey.key).toMatch(/^rly_live_[0-9A-Za-z]{32}$/);
    expect(created.body.apiKey.key.startsWith(created.body.apiKey.prefix)).toBe(true);
    const listed = await call(server.url, 'GET', path, undefined, bearer);
    expect(listed.body.apiKeys[0].id).toBe(created.body.apiKey.id);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.apiKey.key);
    expect((await call(server.url, 'POST', path, { name: 'x'.repeat(61) }, bearer)).body.code).toBe(
      'VALIDATION_ERROR',
    );
    const unknownKey = await call(
      server.url,
      'DELETE',
      `${path}/key_01jd8k2m3n4p5q6r7s8t9v0wxy`,
      undefined,
      bearer,
    );
    expect(unknownKey).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('limits key creation to 10 per minute', async () => {
    const account = await createAccount(server.url);
    const bearer = { authorization: account.bearer.authorization! };
    const path = `/v1/projects/${account.projectId}/api-keys`;
    const statuses: number[] = [];
    // createAccount already made one key in this window.
    for (let i = 0; i < 10; i++)
      statuses.push((await call(server.url, 'POST', path, {}, bearer)).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(9);
    const limited = await call(server.url, 'POST', path, {}, bearer);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMIT_KEY');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    server.clock.advance(60_000);
    expect((await call(server.url, 'POST', path, {}, bearer)).status).toBe(201);
  });

  it('erases the user and everything they own with DELETE /v1/me', async () => {
    const account: Account = await createAccount(server.url);
    const bearer = { authorization: account.bearer.authorization! };
    await call(server.url, 'POST', '/v1/profiles', { name: 'Marca' }, account.key);
    const deleted = await call(server.url, 'DELETE', '/v1/me', undefined, bearer);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await call(server.url, 'GET', '/v1/me', undefined, bearer)).status).toBe(401);
    expect((await call(server.url, 'GET', '/v1/profiles', undefined, account.key)).status).toBe(
      401,
    );
    const login = await call(server.url, 'POST', '/v1/auth/login', {
      email: account.email,
      password: 'correct horse battery',
    });
    expect(login.status).toBe(401);
    expect(
      (await call(server.url, 'POST', '/v1/auth/refresh', { refreshToken: account.refreshToken }))
        .status,
    ).toBe(401);
  });
});
