import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';
import { createAccount } from '@reelay/test-support/http-client';
import { startTestServer, type TestServer } from '@reelay/test-support/test-server';

// PostgreSQL only: a route can be held mid-way there by a lock another session takes. On
// SQLite the driver waits for a lock synchronously, so nothing else runs meanwhile.
const postgres = testDialects().find((dialect) => dialect.name === 'postgres');

describe.runIf(postgres)('closing the server while a route runs for a client that hung up', () => {
  let database: TestDatabase;
  let server: TestServer;
  const logged: Array<{ level: string; message: string }> = [];

  beforeAll(async () => {
    database = await postgres!.create();
    server = await startTestServer(postgres!, {
      database,
      reelay: { logger: createLogger('warn', (line) => logged.push(JSON.parse(line))) },
    });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('lets the route finish before the store closes', async () => {
    const account = await createAccount(server.url);
    logged.length = 0; // start-up warnings
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      // Hold every read of API keys: the route stops at its first statement.
      await holder.query('begin');
      await holder.query('lock table api_keys in access exclusive mode');
      const hangUp = new AbortController();
      const request = fetch(`${server.url}/v1/profiles`, {
        headers: account.key,
        signal: hangUp.signal,
      }).catch(() => 'hung up');
      await expect
        .poll(
          async () => {
            const { rows } = await holder.query<{ waiting: number }>(
              `select count(*)::int as waiting from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return rows[0]!.waiting;
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      hangUp.abort();
      expect(await request).toBe('hung up');

      let closed = false;
      const closing = server.reelay.close().then(() => (closed = true));
      await new Promise((resolve) => setTimeout(resolve, 500));
      // The connection is gone, but the route still waits on the lock: the server waits too.
      expect(closed).toBe(false);
      await holder.query('commit');
      await closing;
    } finally {
      await holder.end();
    }
    // The route went on to its rate limit and its read, with the store still open.
    expect(logged).toEqual([]);
  });
});
