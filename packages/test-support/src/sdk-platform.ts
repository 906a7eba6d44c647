/**
 * A real Reelay server (SQLite file, real port) wired to a real Instagram emulator, both
 * on one manual clock: what the SDK's end-to-end tests and the examples run against.
 * The minimal parts of the server's own test helpers, through the packages' public APIs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from './free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_APP_ID, DEFAULT_APP_SECRET, startEmulator, type Emulator } from '@reelay/emulator';
import {
  createLogger,
  createManualClock,
  createReelay,
  loadConfig,
  type ManualClock,
  type Reelay as ReelayServer,
} from '@reelay/server';
import { Reelay } from '@reelay/sdk';

export interface Platform {
  /** The server's base URL. */
  url: string;
  server: ReelayServer;
  emulator: Emulator;
  clock: ManualClock;
  close(): Promise<void>;
}

/**
 * Starts the emulator and a server on a fresh SQLite database whose Instagram URLs point
 * at it. Sign-up stays open so each test can make its own user.
 *
 * @example
 * ```ts
 * const platform = await startPlatform();
 * const reelay = new Reelay({ baseUrl: platform.url });
 * await platform.close();
 * ```
 */
export async function startPlatform(env: Record<string, string> = {}): Promise<Platform> {
  const clock = createManualClock(Date.now());
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', clock, fetchMedia: false });
  const dir = mkdtempSync(join(tmpdir(), 'reelay-sdk-'));
  // The public URL is part of the configuration, so the port is chosen before starting.
  const probe = await freePort();
  const url = `http://127.0.0.1:${probe}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: join(dir, 'reelay.db'),
    REELAY_DATA_DIR: join(dir, 'data'),
    REELAY_PUBLIC_URL: url,
    REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
    REELAY_LOG_LEVEL: 'silent',
    REELAY_ALLOW_SIGNUP: 'true',
    INSTAGRAM_APP_ID: DEFAULT_APP_ID,
    INSTAGRAM_APP_SECRET: DEFAULT_APP_SECRET,
    INSTAGRAM_AUTHORIZE_URL: emulator.url,
    INSTAGRAM_API_URL: emulator.url,
    INSTAGRAM_GRAPH_URL: emulator.url,
    ...env,
  });
  const server = await createReelay(config, {
    clock,
    logger: createLogger(process.env.REELAY_TEST_LOGS ? 'debug' : 'silent'),
  });
  await server.listen(probe, '127.0.0.1');
  return {
    url,
    server,
    emulator,
    clock,
    async close() {
      await server.close();
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A signed-up user with a project and an API key, and a client for each mode. The
 * dashboard client renews its access token by itself when it expires.
 */
export interface TestAccount {
  email: string;
  password: string;
  projectId: string;
  organizationId: string;
  apiKey: string;
  /** API-key mode. */
  reelay: Reelay;
  /** Bearer mode with the project set. */
  dashboard: Reelay;
}

let counter = 0;

/**
 * Signs up a user through the SDK, creates their project (`me.get`) and an API key.
 *
 * @example
 * ```ts
 * const { reelay } = await createTestAccount(platform.url);
 * await reelay.profiles.create({ name: 'Marca' });
 * ```
 */
export async function createTestAccount(url: string): Promise<TestAccount> {
  const email = `sdk${++counter}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const anonymous = new Reelay({ baseUrl: url });
  const session = await anonymous.auth.signup({ email, password, name: 'Ana' });
  // Tests move the server's clock by hours; the dashboard renews its token as an app would.
  let refreshToken = session.refreshToken;
  const dashboard = new Reelay({
    baseUrl: url,
    accessToken: session.accessToken,
    refreshAccessToken: async () => {
      const next = await anonymous.auth.refresh({ refreshToken });
      refreshToken = next.refreshToken;
      return next.accessToken;
    },
  });
  const me = await dashboard.me.get();
  const projectId = me.projects[0]!.id;
  dashboard.setProjectId(projectId);
  const { apiKey } = await dashboard.apiKeys.create(projectId, { name: 'sdk tests' });
  return {
    email,
    password,
    projectId,
    organizationId: me.organization.id,
    apiKey: apiKey.key,
    reelay: new Reelay({ baseUrl: url, apiKey: apiKey.key }),
    dashboard,
  };
}

/**
 * Plays the person and the platform in the connection flow: opens the authorization URL
 * on the emulator, allows (or denies), and follows the redirect to the server's callback,
 * as a browser would. Returns the callback's JSON answer.
 *
 * @example
 * ```ts
 * const { url } = await reelay.accounts.connect();
 * const { integration } = await authorizeOnEmulator(platform, url, { username: 'cafe.aurora' });
 * ```
 */
export async function authorizeOnEmulator(
  platform: Platform,
  authorizationUrl: string,
  options: { username?: string; decision?: 'allow' | 'deny'; accountId?: string } = {},
): Promise<{ status: number; body: any; location: URL }> {
  const accountId =
    options.accountId ??
    platform.emulator.createAccount({
      username: options.username ?? `conta_${Math.random().toString(36).slice(2, 8)}`,
    }).id;
  const authorize = new URL(authorizationUrl);
  authorize.searchParams.set('account', accountId);
  authorize.searchParams.set('decision', options.decision ?? 'allow');
  const redirect = await fetch(authorize, { redirect: 'manual' });
  const location = new URL(redirect.headers.get('location')!);
  const callback = await fetch(location, { redirect: 'manual' });
  const text = await callback.text();
  return { status: callback.status, body: text ? JSON.parse(text) : undefined, location };
}
