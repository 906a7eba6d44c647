import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

describe.each(testDialects())('authentication on $name', (dialect) => {
  let server: TestServer;
  let ana: Account;
  let bruno: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
    ana = await createAccount(server.url);
    bruno = await createAccount(server.url);
  });
  afterAll(() => server.close());

  describe('the built-in login', () => {
    it('logs in with the right password only, with one message for both failures', async () => {
      const me = await call(server.url, 'GET', '/v1/me', undefined, {
        authorization: ana.bearer.authorization!,
      });
      const email = me.body.user.email;
      const ok = await call(server.url, 'POST', '/v1/auth/login', {
        email: email.toUpperCase(),
        password: 'correct horse battery',
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({
        success: true,
        tokenType: 'Bearer',
        expiresIn: 900,
        user: { email },
      });
      const wrong = await call(server.url, 'POST', '/v1/auth/login', {
        email,
        password: 'wrong password',
      });
      const unknown = await call(server.url, 'POST', '/v1/auth/login', {
        email: 'nobody@example.com',
        password: 'wrong password',
      });
      expect(wrong.status).toBe(401);
      expect(unknown.body.message).toBe(wrong.body.message);
    });

    it('refuses a second user with the same e-mail', async () => {
      const me = await call(server.url, 'GET', '/v1/me', undefined, {
        authorization: ana.bearer.authorization!,
      });
      const again = await call(server.url, 'POST', '/v1/auth/signup', {
        email: me.body.user.email,
        password: '12345678',
      });
      expect(again).toMatchObject({ status: 409, body: { code: 'EMAIL_IN_USE' } });
    });

    it('rotates refresh tokens and revokes the family when a used one comes back', async () => {
      const account = await createAccount(server.url);
      const first = await call(server.url, 'POST', '/v1/auth/refresh', {
        refreshToken: account.refreshToken,
      });
      expect(first.status).toBe(200);
      expect(first.body.refreshToken).not.toBe(account.refreshToken);
      // Issued within the same second as the signup's, and still a new token.
      expect(first.body.accessToken).not.toBe(account.accessToken);
      const second = await call(server.url, 'POST', '/v1/auth/refresh', {
        refreshToken: first.body.refreshToken,
      });
      expect(second.status).toBe(200);
      // The first token again: someone kept a copy. The whole family goes.
      expect(
        (await call(server.url, 'POST', '/v1/auth/refresh', { refreshToken: account.refreshToken }))
          .status,
      ).toBe(401);
      expect(
        (
          await call(server.url, 'POST', '/v1/auth/refresh', {
            refreshToken: second.body.refreshToken,
          })
        ).status,
      ).toBe(401);
      expect(
        (await call(server.url, 'POST', '/v1/auth/refresh', { refreshToken: 'rrt_made_up' }))
          .status,
      ).toBe(401);
    });

    it('expires access tokens after 15 minutes', async () => {
      const own = await startTestServer(dialect);
      try {
        const account = await createAccount(own.url);
        const bearer = { authorization: `Bearer ${account.accessToken}` };
        own.clock.advance(15 * 60_000 - 1000);
        expect((await call(own.url, 'GET', '/v1/me', undefined, bearer)).status).toBe(200);
        own.clock.advance(2000);
        expect((await call(own.url, 'GET', '/v1/me', undefined, bearer)).status).toBe(401);
      } finally {
        await own.close();
      }
    });
  });

  describe('the access matrix of spec §5', () => {
    it('accepts a key, or Bearer with x-project-id, on resource routes', async () => {
      expect((await call(server.url, 'GET', '/v1/health/auth', undefined, ana.key)).body).toEqual({
        success: true,
        project: { id: ana.projectId, environment: 'live' },
      });
      expect(
        (await call(server.url, 'GET', '/v1/health/auth', undefined, ana.bearer)).body.project.id,
      ).toBe(ana.projectId);
    });

    it('refuses both credentials together with 401', async () => {
      const answer = await call(server.url, 'GET', '/v1/profiles', undefined, {
        ...ana.key,
        ...ana.bearer,
      });
      expect(answer).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    });

    it('asks for x-project-id with Bearer on a resource route', async () => {
      const answer = await call(server.url, 'GET', '/v1/profiles', undefined, {
        authorization: ana.bearer.authorization!,
      });
      expect(answer).toMatchObject({ status: 400, body: { code: 'PROJECT_REQUIRED' } });
    });

    it("answers 403 for another user's project, and for one that does not exist", async () => {
      for (const projectId of [bruno.projectId, 'proj_01jd8k2m3n4p5q6r7s8t9v0wxy']) {
        const answer = await call(server.url, 'GET', '/v1/profiles', undefined, {
          ...ana.bearer,
          'x-project-id': projectId,
        });
        expect(answer).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      }
    });

    it('accepts only Bearer on account routes', async () => {
      for (const [method, path] of [
        ['GET', '/v1/me'],
        ['GET', `/v1/projects/${ana.projectId}/api-keys`],
        ['PATCH', `/v1/organizations/${ana.organizationId}`],
      ] as const) {
        const answer = await call(
          server.url,
          method,
          path,
          method === 'PATCH' ? { name: 'x' } : undefined,
          ana.key,
        );
        expect(answer.status, `${method} ${path}`).toBe(401);
      }
    });

    it('ignores x-project-id on account routes', async () => {
      const answer = await call(server.url, 'GET', '/v1/me', undefined, {
        ...ana.bearer,
        'x-project-id': bruno.projectId,
      });
      expect(answer.status).toBe(200);
    });

    it('refuses missing, malformed and made-up credentials', async () => {
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: 'Basic YTpi' },
        { authorization: 'Bearer not-a-token' },
        { 'x-access-key': 'rly_live_0000000000000000000000000000000' },
        { 'x-access-key': '' },
      ];
      for (const headers of attempts) {
        expect(
          (await call(server.url, 'GET', '/v1/profiles', undefined, headers)).status,
          JSON.stringify(headers),
        ).toBe(401);
      }
    });

    it('revokes a key at once, idempotently keeping the first revokedAt', async () => {
      const created = await call(
        server.url,
        'POST',
        `/v1/projects/${ana.projectId}/api-keys`,
        {},
        { authorization: ana.bearer.authorization! },
      );
      expect(created.status).toBe(201);
      const key = { 'x-access-key': created.body.apiKey.key };
      expect((await call(server.url, 'GET', '/v1/profiles', undefined, key)).status).toBe(200);
      const path = `/v1/projects/${ana.projectId}/api-keys/${created.body.apiKey.id}`;
      const revoked = await call(server.url, 'DELETE', path, undefined, {
        authorization: ana.bearer.authorization!,
      });
      expect(revoked.body.apiKey.revokedAt).toMatch(/Z$/);
      expect((await call(server.url, 'GET', '/v1/profiles', undefined, key)).status).toBe(401);
      server.clock.advance(5000);
      const again = await call(server.url, 'DELETE', path, undefined, {
        authorization: ana.bearer.authorization!,
      });
      expect(again.status).toBe(200);
      expect(again.body.apiKey.revokedAt).toBe(revoked.body.apiKey.revokedAt);
    });

    it('records when a key was last used', async () => {
      const list = await call(
        server.url,
        'GET',
        `/v1/projects/${ana.projectId}/api-keys`,
        undefined,
        {
          authorization: ana.bearer.authorization!,
        },
      );
      const used = list.body.apiKeys.find((apiKey: { name: string }) => apiKey.name === 'tests');
      expect(used.lastUsedAt).toMatch(/Z$/);
      expect(JSON.stringify(list.body)).not.toContain(ana.apiKey);
      expect(list.body.apiKeys.every((apiKey: object) => !('key' in apiKey))).toBe(true);
    });
  });

  describe('sign-up when users exist', () => {
    it('is closed unless REELAY_ALLOW_SIGNUP is true', async () => {
      const closed = await startTestServer(dialect);
      try {
        expect(
          (
            await call(closed.url, 'POST', '/v1/auth/signup', {
              email: 'first@example.com',
              password: '12345678',
            })
          ).status,
        ).toBe(201);
        const second = await call(closed.url, 'POST', '/v1/auth/signup', {
          email: 'second@example.com',
          password: '12345678',
        });
        expect(second).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      } finally {
        await closed.close();
      }
    });
  });
});
