import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

describe.each(testDialects())('profiles on $name', (dialect) => {
  let server: TestServer;
  let account: Account;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { REELAY_ALLOW_SIGNUP: 'true' } });
    account = await createAccount(server.url);
  });
  afterAll(() => server.close());

  it('creates a profile with a prf_ id and null description', async () => {
    const answer = await call(
      server.url,
      'POST',
      '/v1/profiles',
      { name: '  Cliente A  ' },
      account.key,
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      success: true,
      profile: { name: 'Cliente A', description: null },
    });
    expect(answer.body.profile.id).toMatch(/^prf_/);
    expect(answer.body.profile.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('holds names to 1–120 and descriptions to 500 characters', async () => {
    expect(
      (
        await call(
          server.url,
          'POST',
          '/v1/profiles',
          { name: 'x'.repeat(120), description: 'd'.repeat(500) },
          account.key,
        )
      ).status,
    ).toBe(201);
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(121) },
      { name: 'ok', description: 'd'.repeat(501) },
      {},
      { name: 7 },
    ]) {
      const answer = await call(server.url, 'POST', '/v1/profiles', body, account.key);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('lists every live profile newest first, without pagination, and removes logically', async () => {
    const own = await createAccount(server.url);
    const names = ['Primeiro', 'Segundo', 'Terceiro'];
    const ids: string[] = [];
    for (const name of names) {
      ids.push((await call(server.url, 'POST', '/v1/profiles', { name }, own.key)).body.profile.id);
      server.clock.advance(1000);
    }
    const listed = await call(server.url, 'GET', '/v1/profiles', undefined, own.key);
    expect(listed.body.total).toBe(3);
    expect(listed.body.profiles.map((profile: { name: string }) => profile.name)).toEqual([
      'Terceiro',
      'Segundo',
      'Primeiro',
    ]);

    const removed = await call(server.url, 'DELETE', `/v1/profiles/${ids[1]}`, undefined, own.key);
    expect(removed.body).toEqual({ success: true, message: 'Perfil removido.' });
    const after = await call(server.url, 'GET', '/v1/profiles', undefined, own.key);
    expect(after.body.total).toBe(2);
    expect(
      (await call(server.url, 'DELETE', `/v1/profiles/${ids[1]}`, undefined, own.key)).status,
    ).toBe(404);
  });

  it('works the same in Bearer mode', async () => {
    const answer = await call(
      server.url,
      'POST',
      '/v1/profiles',
      { name: 'Via painel' },
      account.bearer,
    );
    expect(answer.status).toBe(201);
  });
});
