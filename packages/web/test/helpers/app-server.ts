/**
 * A real Reelay server serving the built web app, wired to a real Instagram emulator, on
 * a fresh SQLite file: what a browser test opens. The app is built first when its build
 * is missing or older than its sources; a failed build fails the test with Vite's output.
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
import { freePort } from '../../../server/test/helpers/free-port';
import { buildWebAppIfStale, webAppBuildStatus } from '../../scripts/build-if-stale';

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
  } = {},
): Promise<AppServer> {
  await ensureWebAppBuilt();
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', fetchMedia: false });
  const dataDir = mkdtempSync(join(tmpdir(), 'reelay-web-'));
  // The public URL is known before the server starts: it is where Instagram sends back.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    REELAY_PUBLIC_URL: url,
    REELAY_DATA_DIR: dataDir,
    REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
    REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    REELAY_LOG_LEVEL: 'silent',
    REELAY_ALLOW_SIGNUP: 'true',
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
  const reelay = await createReelay(config, {
    workers: options.workers ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await reelay.listen(port, '127.0.0.1');
  return {
    url,
    reelay,
    emulator,
    async close() {
      await reelay.close();
      await emulator.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
