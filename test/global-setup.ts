/**
 * Runs once before the whole suite. Finds the PostgreSQL server the database-backed
 * suites use: `DATABASE_URL_TEST` when set, else the local server on 127.0.0.1:5432.
 * When none answers, those suites are skipped and this says so; SQLite suites always run.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a reachable PostgreSQL, or null when there is none. */
    postgresUrl: string | null;
  }
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const candidate = process.env.DATABASE_URL_TEST ?? LOCAL_POSTGRES;
  const ok = await reachable(candidate);
  if (!ok) {
    if (process.env.DATABASE_URL_TEST) {
      throw new Error(`DATABASE_URL_TEST is set but PostgreSQL does not answer at it`);
    }
    console.warn(`PostgreSQL not reachable at ${LOCAL_POSTGRES}: PostgreSQL suites are skipped.`);
  }
  project.provide('postgresUrl', ok ? candidate : null);
}
