/**
 * No room left to write, on both databases. SQLite reports it as `SQLITE_FULL`, here by
 * capping the database's pages on the server's own connection (`max_page_count`), which
 * refuses writes as a full disk does; PostgreSQL reports `53100 disk_full`, here from a
 * cluster of its own whose disk (a tmpfs the test mounts) is filled for real. Writes
 * answer 503 `STORAGE_FULL` in the envelope, never 500, and leave nothing half-written;
 * reads go on; `/healthz` says so; the cause is logged once; and the server finds by
 * itself that room came back. A whole server process on a full disk is in
 * `storage-full-disk.test.ts`.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import {
  canMountSmallDisk,
  fillUp,
  startPrivatePostgres,
  type PrivatePostgres,
} from './helpers/small-disk';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

const sqlite = testDialects().find((dialect) => dialect.name === 'sqlite')!;

interface OutOfRoom {
  server: TestServer;
  account: Account;
  logged: string[];
  /** Takes the room away, and gives it back. */
  fill(): Promise<void>;
  free(): Promise<void>;
}

/** What both databases must do once they are out of room. */
async function expectStorageFullHandled(setup: OutOfRoom, cause: RegExp): Promise<void> {
  const { server, account, logged } = setup;
  const before = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
  expect(before.status).toBe(200);
  await setup.fill();

  // The free room left in pages already there fills first.
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
    if (answers.filter((answer) => answer.status !== 201).length >= 20) break;
  }
  const refused = answers.filter((answer) => answer.status !== 201);
  expect(refused.length).toBeGreaterThanOrEqual(20);
  expect(new Set(refused.map((answer) => `${answer.status} ${answer.code}`))).toEqual(
    new Set(['503 STORAGE_FULL']),
  );

  // Nothing half-written: exactly the profiles that answered 201 exist; reads go on.
  const listed = await call(server.url, 'GET', '/v1/profiles', undefined, account.key);
  expect(listed.status).toBe(200);
  expect(listed.body.profiles.length - before.body.profiles.length).toBe(
    answers.filter((answer) => answer.status === 201).length,
  );

  const health = await call(server.url, 'GET', '/healthz');
  expect(health.status).toBe(503);
  expect(health.body).toMatchObject({ statusCode: 503, code: 'STORAGE_FULL' });
  expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0);

  // The real cause is logged once, at error, not hidden behind the rollback after it.
  const lines = logged.map((line) => JSON.parse(line) as { level: string });
  expect(logged.filter((line) => cause.test(line))).toHaveLength(1);
  expect(lines.filter((line) => line.level === 'error')).toHaveLength(1);
  expect(logged.join('\n')).not.toMatch(/cannot rollback|falha inesperada/);

  // Room comes back: the server notices on its own and writes again.
  await setup.free();
  await expect
    .poll(async () => (await call(server.url, 'GET', '/healthz')).status, { timeout: 15_000 })
    .toBe(200);
  const after = await call(server.url, 'POST', '/v1/profiles', { name: 'depois' }, account.key);
  expect(after.status).toBe(201);
  expect(logged.join('\n')).toMatch(/há espaço para gravar de novo/);
}

describe('a SQLite database out of room', () => {
  let server: TestServer;
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startTestServer(sqlite, {
      env: { REELAY_ALLOW_SIGNUP: 'true' },
      reelay: { workers: false, logger: createLogger('info', (line) => logged.push(line)) },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 503 STORAGE_FULL to writes, keeps reading, and resumes by itself', async () => {
    const pragma = (text: string) => sql.raw(`pragma ${text}`).execute(server.reelay.context.db);
    await expectStorageFullHandled(
      {
        server,
        account: await createAccount(server.url),
        logged,
        async fill() {
          const { rows } = await pragma('page_count');
          await pragma(`max_page_count = ${(rows[0] as { page_count: number }).page_count}`);
        },
        async free() {
          await pragma('max_page_count = 1073741823');
        },
      },
      /database or disk is full/,
    );
  });
});

describe.runIf(canMountSmallDisk)('a PostgreSQL database on a full disk', () => {
  let cluster: PrivatePostgres | null;
  let server: TestServer;
  const logged: string[] = [];

  beforeAll(async () => {
    cluster = await startPrivatePostgres(96 * 1024 * 1024);
    if (!cluster) {
      console.warn('PostgreSQL binaries or runuser are missing: its full-disk test is skipped.');
      return;
    }
    server = await startTestServer(sqlite, {
      database: { url: cluster.url, drop: async () => {} },
      env: { REELAY_ALLOW_SIGNUP: 'true' },
      reelay: { workers: false, logger: createLogger('info', (line) => logged.push(line)) },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    cluster?.close();
  });

  it(
    'answers 503 STORAGE_FULL to writes, keeps reading, and resumes by itself',
    {
      timeout: 60_000,
    },
    async (context) => {
      if (!cluster) return context.skip();
      const filler = join(cluster.disk, 'filler');
      await expectStorageFullHandled(
        {
          server,
          account: await createAccount(server.url),
          logged,
          async fill() {
            fillUp(filler);
          },
          async free() {
            rmSync(filler);
          },
        },
        /No space left on device/,
      );
    },
  );
});
