import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { call, createAccount } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

const postgres = testDialects().find((dialect) => dialect.name === 'postgres');

// Every keyed request reads its key from the database: no instance may keep answering a
// key another instance revoked.
describe.runIf(postgres)('API key revocation across instances', () => {
  let database: TestDatabase;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    database = await postgres!.create();
    first = await startTestServer(postgres!, { database });
    second = await startTestServer(postgres!, { database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('refuses a key on every instance from the request after its revocation', async () => {
    const account = await createAccount(first.url);
    const keys = await call(
      first.url,
      'GET',
      `/v1/projects/${account.projectId}/api-keys`,
      undefined,
      {
        authorization: account.bearer.authorization!,
      },
    );
    const keyId = keys.body.apiKeys[0].id as string;
    // Both instances have answered the key many times, as a busy client would.
    for (let i = 0; i < 20; i++) {
      for (const server of [first, second]) {
        expect((await call(server.url, 'GET', '/v1/profiles', undefined, account.key)).status).toBe(
          200,
        );
      }
    }
    const revoked = await call(
      first.url,
      'DELETE',
      `/v1/projects/${account.projectId}/api-keys/${keyId}`,
      undefined,
      { authorization: account.bearer.authorization! },
    );
    expect(revoked.status).toBe(200);
    for (const server of [second, first]) {
      const refused = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
      expect(refused).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    }
  });
});
