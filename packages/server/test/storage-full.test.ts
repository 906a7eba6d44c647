/**
 * No room left to write. SQLite reports it as `SQLITE_FULL`, here by capping the
 * database's pages on the server's own connection (`max_page_count`), which refuses
 * writes exactly as a full disk does. Writes answer 503 `STORAGE_FULL` in the envelope,
 * never 500, and leave nothing half-written; reads go on; `/healthz` says so; and the
 * server finds by itself that room came back. The same on a real full file system is in
 * `storage-full-disk.test.ts`.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from './helpers/dialects';
import { createLogger } from '../src/logger';
import { call, createAccount, type Account } from './helpers/http-client';
import { startTestServer, type TestServer } from './helpers/test-server';

const sqlite = testDialects().find((dialect) => dialect.name === 'sqlite')!;

describe('a SQLite database out of room', () => {
  let server: TestServer;
  let account: Account;
  const logged: string[] = [];
  const pragma = (text: string) => sql.raw(`pragma ${text}`).execute(server.reelay.context.db);

  beforeAll(async () => {
    server = await startTestServer(sqlite, {
      env: { REELAY_ALLOW_SIGNUP: 'true' },
      reelay: { workers: false, logger: createLogger('info', (line) => logged.push(line)) },
    });
    account = await createAccount(server.url);
  });
  afterAll(async () => {
    await server.close();
  });

  it(
    'answers 503 STORAGE_FULL to writes, keeps reading, and resumes by itself',
    {
      timeout: 60_000,
    },
    async () => {
      const before = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
      expect(before.status).toBe(200);
      const pages = (await pragma('page_count')).rows[0] as { page_count: number };
      await pragma(`max_page_count = ${pages.page_count}`);

      // The free room left in the pages already there fills first.
      const answers: Array<{ status: number; code?: string }> = [];
      for (let i = 0; i < 400; i++) {
        const created = await call(
          server.url,
          'POST',
          '/v1/profiles',
          { name: `perfil ${i}`, description: 'x'.repeat(500) },
          account.key,
        );
        answers.push({ status: created.status, code: created.body?.code });
        if (answers.filter((answer) => answer.status === 503).length >= 20) break;
      }
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(refused.length).toBeGreaterThanOrEqual(20);
      expect(new Set(refused.map((answer) => `${answer.status} ${answer.code}`))).toEqual(
        new Set(['503 STORAGE_FULL']),
      );

      // Nothing half-written: exactly the profiles that answered 201 exist.
      const listed = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
      expect(listed.status).toBe(200);
      expect(listed.body.profiles.length - before.body.profiles.length).toBe(
        answers.filter((answer) => answer.status === 201).length,
      );

      const health = await call(server.url, 'GET', '/healthz');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ statusCode: 503, code: 'STORAGE_FULL' });
      expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0);

      // The real cause is logged once, not hidden behind the failed rollback after it.
      const lines = logged.map((line) => JSON.parse(line) as { level: string; message: string });
      const faults = logged.filter((line) => line.includes('database or disk is full'));
      expect(faults).toHaveLength(1);
      expect(lines.filter((line) => line.level === 'error')).toHaveLength(1);
      expect(logged.join('\n')).not.toMatch(/cannot rollback|falha inesperada/);

      // Room comes back: the server notices on its own and writes again.
      await pragma('max_page_count = 1073741823');
      await expect
        .poll(async () => (await call(server.url, 'GET', '/healthz')).status, { timeout: 10_000 })
        .toBe(200);
      const after = await call(server.url, 'POST', '/v1/profiles', { name: 'depois' }, account.key);
      expect(after.status).toBe(201);
    },
  );
});
