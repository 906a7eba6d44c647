/**
 * A real Reelay server serving the built web app, wired to a real Instagram emulator, on
 * a fresh database: what a browser test opens. The database is a fresh SQLite file unless
 * the test asks for PostgreSQL; `appDatabases()` lists both when PostgreSQL is reachable,
 * and compose, queue, media-library, admin-pages and post-insights run on each of them
 * (the other files, journey and calendar among them, on SQLite only, to keep the suite
 * short). The app is built first when its build is missing or older than its sources; a
 * failed build fails the test with Vite's output.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_APP_ID,
  DEFAULT_APP_SECRET,
  DEFAULT_FACEBOOK_APP_ID,
  DEFAULT_FACEBOOK_APP_SECRET,
  FACEBOOK_PREFIX,
  startEmulator,
  type Emulator,
} from '@reelay/emulator';
import { createReelay, loadConfig, type ManualClock, type Reelay } from '@reelay/server';
import { buildWebAppIfStale, webAppBuildStatus } from '@reelay/web/build-if-stale';
import { testDialects, type TestDatabase } from './dialects';
import { freePort } from './free-port';

/** The databases a browser test can run the server on. */
export type AppDatabase = 'sqlite' | 'postgres';

/**
 * SQLite always, PostgreSQL when the suite's global setup found it reachable: the cases
 * of a file that runs on both.
 *
 * @example
 * ```ts
 * describe.each(appDatabases())('the composer on %s', (database) => {
 *   beforeAll(async () => {
 *     app = await startAppServer({ database });
 *   });
 * });
 * ```
 */
export function appDatabases(): AppDatabase[] {
  return testDialects().map((dialect) => dialect.name);
}

/** A fresh PostgreSQL database, or a clear refusal when the setup found none. */
async function freshPostgres(): Promise<TestDatabase> {
  const dialect = testDialects().find((candidate) => candidate.name === 'postgres');
  if (!dialect) {
    throw new Error(
      'PostgreSQL is not reachable (see test/global-setup.ts): take the databases from appDatabases(), which leaves it out then.',
    );
  }
  return dialect.create();
}

export interface AppServer {
  /** The server's address, such as `http://127.0.0.1:41234`; the app is at `${url}/app`. */
  url: string;
  reelay: Reelay;
  emulator: Emulator;
  close(): Promise<void>;
}

/**
 * Builds the web app unless it is current; throws when the build fails.
 *
 * @example
 * ```ts
 * beforeAll(() => ensureWebAppBuilt(), 300_000);
 * ```
 */
export async function ensureWebAppBuilt(): Promise<void> {
  await buildWebAppIfStale();
  if (webAppBuildStatus() === 'missing') {
    throw new Error(
      'packages/web/dist/index.html ausente depois da compilação: rode `pnpm run build`.',
    );
  }
}

/**
 * Starts the emulator and a server (sign-up open) whose Instagram points at it; a manual
 * clock lets a test age the server's tokens.
 *
 * @example
 * ```ts
 * const app = await startAppServer();
 * await page.goto(`${app.url}/app`);
 * await app.close();
 * ```
 */
export async function startAppServer(
  options: {
    env?: Record<string, string>;
    clock?: ManualClock;
    /** Run the server's background work (publishing at the scheduled time); off by default. */
    workers?: boolean;
    /** Also connect accounts with Facebook Login, through the emulator's Facebook hosts. */
    facebook?: boolean;
    /**
     * SQLite (a file in the server's data folder) unless 'postgres': then a fresh
     * PostgreSQL database, dropped by `close()`.
     */
    database?: AppDatabase;
  } = {},
): Promise<AppServer> {
  await ensureWebAppBuilt();
  const database = options.database === 'postgres' ? await freshPostgres() : undefined;
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', fetchMedia: false });
  const dataDir = mkdtempSync(join(tmpdir(), 'reelay-web-'));
  // The public URL is known before the server starts: it is where Instagram sends back.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let reelay: Reelay | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      REELAY_PUBLIC_URL: url,
      REELAY_DATA_DIR: dataDir,
      // Unset, the server keeps SQLite in the data folder.
      ...(database ? { DATABASE_URL: database.url } : {}),
      REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
      REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      REELAY_LOG_LEVEL: 'silent',
      REELAY_ALLOW_SIGNUP: 'true',
      // Each page a test opens signed in costs two public requests (the sign-in, then the
      // page's session refresh): a file opening thirty pages a minute would meet the limit
      // of 60 per minute and address meant for one person, and see the sign-in page.
      REELAY_RATE_LIMIT_PUBLIC: '6000',
      INSTAGRAM_APP_ID: DEFAULT_APP_ID,
      INSTAGRAM_APP_SECRET: DEFAULT_APP_SECRET,
      INSTAGRAM_AUTHORIZE_URL: emulator.url,
      INSTAGRAM_API_URL: emulator.url,
      INSTAGRAM_GRAPH_URL: emulator.url,
      ...(options.facebook
        ? {
            FACEBOOK_APP_ID: DEFAULT_FACEBOOK_APP_ID,
            FACEBOOK_APP_SECRET: DEFAULT_FACEBOOK_APP_SECRET,
            FACEBOOK_DIALOG_URL: `${emulator.url}/${FACEBOOK_PREFIX}`,
            FACEBOOK_GRAPH_URL: `${emulator.url}/${FACEBOOK_PREFIX}`,
          }
        : {}),
      ...options.env,
    });
    reelay = await createReelay(config, {
      workers: options.workers ?? false,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    await reelay.listen(port, '127.0.0.1');
  } catch (error) {
    // A server that did not start has no close() for the test to call: leave no
    // emulator, folder or PostgreSQL database behind it.
    await reelay?.close().catch(() => {});
    await emulator.close();
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
    throw error;
  }
  const started = reelay;
  return {
    url,
    reelay: started,
    emulator,
    async close() {
      await started.close();
      await emulator.close();
      rmSync(dataDir, { recursive: true, force: true });
      // After the server: its pool's connections must be gone before the database is.
      await database?.drop();
    },
  };
}
