/**
 * A Reelay server wired to a real emulator of the platform, both on one manual clock.
 */
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_APP_ID,
  DEFAULT_APP_SECRET,
  startEmulator,
  UPLOAD_PREFIX,
  type Emulator,
} from '@reelay/emulator';
import { createManualClock } from '@reelay/server';
import type { TestDatabase, TestDialect } from './dialects';
import { call, type Account } from './http-client';
import { startTestServer, type StartOptions, type TestServer } from './test-server';

export interface Platform {
  server: TestServer;
  emulator: Emulator;
  close(): Promise<void>;
}

/**
 * Starts the emulator and a server whose Instagram URLs point at it.
 *
 * @example
 * ```ts
 * const { server, emulator } = await startWithEmulator(dialect);
 * ```
 */
export async function startWithEmulator(
  dialect: TestDialect,
  options: StartOptions = {},
): Promise<Platform> {
  const clock = options.clock ?? createManualClock(Date.now());
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1', clock, fetchMedia: false });
  const server = await startTestServer(dialect, {
    ...options,
    clock,
    env: {
      INSTAGRAM_APP_ID: DEFAULT_APP_ID,
      INSTAGRAM_APP_SECRET: DEFAULT_APP_SECRET,
      INSTAGRAM_AUTHORIZE_URL: emulator.url,
      INSTAGRAM_API_URL: emulator.url,
      INSTAGRAM_GRAPH_URL: emulator.url,
      FACEBOOK_UPLOAD_URL: `${emulator.url}/${UPLOAD_PREFIX}`,
      REELAY_ALLOW_SIGNUP: 'true',
      ...options.env,
    },
  });
  return {
    server,
    emulator,
    async close() {
      await server.close();
      await emulator.close();
    },
  };
}

/** Two instances on one database and one emulator: the first with its emulator, then another. */
export interface TwoInstances {
  platform: Platform;
  other: TestServer;
  close(): Promise<void>;
}

/**
 * Starts a server with the emulator and a second instance on the same database, sharing
 * the secrets (both read the same tokens and keys), the clock and the platform. Workers
 * are off: the instances only accept requests.
 *
 * @example
 * ```ts
 * const { platform, other } = await startTwoInstances(postgres, database);
 * ```
 */
export async function startTwoInstances(
  dialect: TestDialect,
  database: TestDatabase,
): Promise<TwoInstances> {
  const secrets = {
    REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
    REELAY_ALLOW_PRIVATE_URLS: 'true',
  };
  const platform = await startWithEmulator(dialect, {
    database,
    env: secrets,
    reelay: { workers: false },
  });
  const other = await startTestServer(dialect, {
    database,
    clock: platform.server.clock,
    reelay: { workers: false },
    env: {
      ...secrets,
      INSTAGRAM_APP_ID: DEFAULT_APP_ID,
      INSTAGRAM_APP_SECRET: DEFAULT_APP_SECRET,
      INSTAGRAM_AUTHORIZE_URL: platform.emulator.url,
      INSTAGRAM_API_URL: platform.emulator.url,
      INSTAGRAM_GRAPH_URL: platform.emulator.url,
    },
  });
  return {
    platform,
    other,
    async close() {
      await other.close();
      await platform.close();
    },
  };
}

export interface ConnectOptions {
  /** The emulator account to authorise; created when a username is given instead. */
  platformAccountId?: string;
  username?: string;
  accountType?: 'BUSINESS' | 'MEDIA_CREATOR' | 'PERSONAL';
  profileId?: string;
  redirectUrl?: string;
  decision?: 'allow' | 'deny';
}

/**
 * Runs the whole connection flow over HTTP: start, authorise on the emulator, follow the
 * redirect to the server's callback. Returns the callback's answer.
 */
export async function connectThroughPlatform(
  platform: Platform,
  account: Account,
  options: ConnectOptions = {},
) {
  const platformAccountId =
    options.platformAccountId ??
    platform.emulator.createAccount({
      username: options.username ?? `conta_${Math.random().toString(36).slice(2, 8)}`,
      accountType: options.accountType ?? 'BUSINESS',
    }).id;
  const query = new URLSearchParams();
  if (options.profileId) query.set('profileId', options.profileId);
  if (options.redirectUrl) query.set('redirectUrl', options.redirectUrl);
  const start = await call(
    platform.server.url,
    'GET',
    `/v1/connect/instagram?${query}`,
    undefined,
    account.key,
  );
  if (start.status !== 200) throw new Error(`connect failed: ${JSON.stringify(start.body)}`);
  const authorize = new URL(start.body.url);
  authorize.searchParams.set('account', platformAccountId);
  authorize.searchParams.set('decision', options.decision ?? 'allow');
  const redirect = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(redirect.headers.get('location')!);
  const answer = await call(platform.server.url, 'GET', `${callback.pathname}${callback.search}`);
  return {
    ...answer,
    platformAccountId,
    authorizationUrl: start.body.url as string,
    callbackUrl: callback,
  };
}
