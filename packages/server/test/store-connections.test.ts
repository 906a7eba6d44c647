import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config';
import { migrateToLatest, openStore, type Store } from '../src/store/database';
import { storeFaultOf } from '../src/store/store-faults';
import { testDialects, type TestDatabase } from '@reelay/test-support/dialects';

const postgres = testDialects().find((dialect) => dialect.name === 'postgres');

describe.runIf(postgres)('PostgreSQL connections that drop', () => {
  let database: TestDatabase;
  let store: Store;
  const reported: Error[] = [];

  beforeAll(async () => {
    database = await postgres!.create();
    store = openStore(loadConfig({ DATABASE_URL: database.url }).database, {
      poolSize: 3,
      onConnectionError: (error) => reported.push(error),
    });
    await migrateToLatest(store);
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  const terminateIdleConnections = async () => {
    const admin = new pg.Client({ connectionString: inject('postgresUrl')! });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(database.url).pathname.slice(1)],
      );
      return rowCount ?? 0;
    } finally {
      await admin.end();
    }
  };

  it('survives idle connections cut off by the server and keeps answering', async () => {
    // Open several pooled connections so some sit idle when the server ends them.
    await Promise.all([1, 2, 3].map(() => store.db.selectFrom('jobs').select('id').execute()));
    const terminated = await terminateIdleConnections();
    expect(terminated).toBeGreaterThan(0);
    // Each cut-off connection is reported once, and leaves the pool when it is.
    await expect.poll(() => reported.length, { timeout: 10_000 }).toBe(terminated);
    expect(reported[0]!.message).toMatch(/terminating connection/);

    const rows = await store.db.selectFrom('jobs').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('survives a connection cut off while a transaction holds it between statements', async () => {
    reported.length = 0;
    // Before, pg emitted 'error' on the held client with no listener, which ended the
    // process (here: an uncaught exception failing the run).
    const held = store.db.transaction().execute(async (trx) => {
      await trx.selectFrom('jobs').select('id').execute();
      await terminateIdleConnections();
      await expect.poll(() => reported.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await trx.selectFrom('jobs').select('id').execute();
    });
    await expect(held).rejects.toThrow(/not queryable|terminat/);
    expect(storeFaultOf(reported[0])).toBe('unavailable');

    // The broken connection left the pool: the next statements work.
    await store.db.transaction().execute(async (trx) => {
      await trx.selectFrom('jobs').select('id').execute();
    });
  });
});
