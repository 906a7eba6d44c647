/**
 * Starts a real Reelay server for a test: a real database, a real port, real HTTP.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from './free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLogger,
  createManualClock,
  createReelay,
  loadConfig,
  type ManualClock,
  type Reelay,
  type ReelayOptions,
} from '@reelay/server';
import type { TestDatabase, TestDialect } from './dialects';

export interface TestServer {
  url: string;
  reelay: Reelay;
  clock: ManualClock;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  clock?: ManualClock;
  /** A database shared with other servers (several instances); the caller drops it. */
  database?: TestDatabase;
  /** More options for `createReelay` (workers, pipeline timings, platform timeouts, logger). */
  reelay?: Omit<ReelayOptions, 'clock'>;
}

/**
 * Starts a server on a fresh database of the dialect.
 *
 * @example
 * ```ts
 * const server = await startTestServer(dialect);
 * await fetch(`${server.url}/healthz`);
 * await server.close();
 * ```
 */
export async function startTestServer(
  dialect: TestDialect,
  options: StartOptions = {},
): Promise<TestServer> {
  const shared = options.database;
  const database = shared ?? (await dialect.create());
  const dataDir = mkdtempSync(join(tmpdir(), 'reelay-data-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REELAY_DATA_DIR: dataDir,
    REELAY_PUBLIC_URL: url,
    // One key per database, as for real instances sharing one: the server refuses to
    // start on a database whose secrets were written with another key.
    REELAY_ENCRYPTION_KEY: createHash('sha256').update(database.url).digest('base64'),
    REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
    REELAY_LOG_LEVEL: 'silent',
    ...options.env,
  });
  const clock = options.clock ?? createManualClock(Date.now());
  const reelay = await createReelay(config, {
    clock,
    logger: createLogger(process.env.REELAY_TEST_LOGS ? 'debug' : 'silent'),
    ...options.reelay,
  });
  await reelay.listen(port, '127.0.0.1');
  return {
    url,
    reelay,
    clock,
    async close() {
      await reelay.close();
      if (!shared) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
