/**
 * The databases every integration suite runs against: a fresh SQLite file, and a fresh
 * PostgreSQL database when a server is reachable (see test/global-setup.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

export interface TestDatabase {
  /** The `DATABASE_URL` to start a server with. */
  url: string;
  drop(): Promise<void>;
}

export interface TestDialect {
  name: 'sqlite' | 'postgres';
  create(): Promise<TestDatabase>;
}

const sqlite: TestDialect = {
  name: 'sqlite',
  async create() {
    const dir = mkdtempSync(join(tmpdir(), 'reelay-sqlite-'));
    return {
      url: join(dir, 'reelay.db'),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

function postgres(adminUrl: string): TestDialect {
  return {
    name: 'postgres',
    async create() {
      const name = `reelay_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        async drop() {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          try {
            // A closed pool resolves end() before its idle connections have gone; dropping
            // with force at once cuts them off with an error nobody handles. Wait a little.
            for (let wait = 0; wait < 40; wait++) {
              const { rows } = await client.query(
                'select count(*)::int as count from pg_stat_activity where datname = $1',
                [name],
              );
              if (rows[0].count === 0) break;
              await new Promise((resolve) => setTimeout(resolve, 50));
            }
            await client.query(`drop database if exists ${name} with (force)`);
          } finally {
            await client.end();
          }
        },
      };
    },
  };
}

/** SQLite always; PostgreSQL when reachable. */
export function testDialects(): TestDialect[] {
  const postgresUrl = inject('postgresUrl');
  return postgresUrl ? [sqlite, postgres(postgresUrl)] : [sqlite];
}
