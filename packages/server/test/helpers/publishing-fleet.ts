/**
 * Server processes publishing many posts against the emulator, for the suites that make
 * them fail on purpose (killed, their database cut off): the environment of an instance,
 * an account with a connected emulator account, posts created in batches, and the checks
 * that every post finished and the platform shows each exactly once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_APP_ID,
  DEFAULT_APP_SECRET,
  startEmulator,
  type Emulator,
  type EmulatorOptions,
} from '@reelay/emulator';
import { expect } from 'vitest';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';

export interface Fleet {
  emulator: Emulator;
  media: MediaServer;
  dataDir: string;
  /** The environment of an instance listening on `port`. */
  env(port: number): Record<string, string>;
  close(): Promise<void>;
}

/**
 * An emulator, a media server and the environment of instances on `databaseUrl`.
 *
 * @example
 * ```ts
 * const fleet = await startFleet(database.url);
 * const server = await startServerProcess(fleet.env(await freePort()));
 * ```
 */
export async function startFleet(
  databaseUrl: string,
  emulatorOptions: Partial<EmulatorOptions> = {},
): Promise<Fleet> {
  const emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    fetchMedia: false,
    containerLimit: 100_000,
    quotaTotal: 100_000,
    containerProcessingMs: 20,
    // Slow enough that faults land while the posts publish.
    latencyMs: 25,
    ...emulatorOptions,
  });
  const media = await startMediaServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'reelay-fleet-'));
  const secrets = {
    REELAY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    REELAY_AUTH_SECRET: randomBytes(32).toString('hex'),
  };
  return {
    emulator,
    media,
    dataDir,
    env: (port) => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REELAY_DATA_DIR: dataDir,
      REELAY_PUBLIC_URL: `http://127.0.0.1:${port}`,
      REELAY_ALLOW_SIGNUP: 'true',
      REELAY_ALLOW_PRIVATE_URLS: 'true',
      INSTAGRAM_APP_ID: DEFAULT_APP_ID,
      INSTAGRAM_APP_SECRET: DEFAULT_APP_SECRET,
      INSTAGRAM_AUTHORIZE_URL: emulator.url,
      INSTAGRAM_API_URL: emulator.url,
      INSTAGRAM_GRAPH_URL: emulator.url,
      ...secrets,
    }),
    async close() {
      await emulator.close();
      await media.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Publisher {
  account: Account;
  integrationId: string;
  /** API keys of the account (request limits are per key). */
  keys: Array<Record<string, string>>;
}

/** An account with one connected emulator account and `keys` API keys. */
export async function preparePublisher(
  url: string,
  emulator: Emulator,
  keys: number,
): Promise<Publisher> {
  const account: Account = await createAccount(url);
  const platformAccount = emulator.createAccount({ username: 'carga' });
  const start = await call(url, 'GET', '/v1/connect/instagram', undefined, account.key);
  const authorize = new URL(start.body.url);
  authorize.searchParams.set('account', platformAccount.id);
  authorize.searchParams.set('decision', 'allow');
  const callback = new URL(
    (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!,
  );
  const connected = await call(url, 'GET', `${callback.pathname}${callback.search}`);
  const extraKeys: Array<Record<string, string>> = [account.key];
  for (let i = 1; i < keys; i++) {
    const created = await call(
      url,
      'POST',
      `/v1/projects/${account.projectId}/api-keys`,
      {},
      { authorization: account.bearer.authorization! },
    );
    extraKeys.push({ 'x-access-key': created.body.apiKey.key });
  }
  return { account, integrationId: connected.body.integration.id as string, keys: extraKeys };
}

/**
 * Creates `count` posts captioned `<label> <n>`, 25 at a time, published at once or at
 * `scheduledFor`; answers their ids.
 */
export async function createPosts(
  url: string,
  media: MediaServer,
  publisher: Publisher,
  count: number,
  label: string,
  scheduledFor?: string,
): Promise<string[]> {
  const image = media.image(1080, 1350);
  const uploaded = await call(url, 'POST', '/v1/media', { url: image }, publisher.keys[0]!);
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const ids: string[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, count - start) }, async (_, offset) => {
        const index = start + offset;
        const answer = await call(
          url,
          'POST',
          '/v1/posts',
          {
            content: `${label} ${index}`,
            mediaItems: [{ mediaId: uploaded.body.media.id }],
            platforms: [{ platform: 'instagram', accountId: publisher.integrationId }],
            idempotencyKey: `${label}-${index}`,
            ...(scheduledFor ? { scheduledFor } : {}),
          },
          publisher.keys[index % publisher.keys.length]!,
        );
        expect([201, 202], JSON.stringify(answer.body)).toContain(answer.status);
        return answer.body.post.id as string;
      }),
    );
    ids.push(...batch);
  }
  return ids;
}

/** How many posts of the project are not final yet. */
export async function unfinished(url: string, key: Record<string, string>): Promise<number> {
  let waiting = 0;
  for (const status of ['queued', 'publishing', 'scheduled']) {
    waiting += (await call(url, 'GET', `/v1/posts?status=${status}&limit=1`, undefined, key)).body
      .total;
  }
  return waiting;
}

/** The emulator shows exactly `count` posts captioned `<label> <n>`, none of them twice. */
export function expectExactlyOnce(emulator: Emulator, label: string, count: number): void {
  const published = emulator.published().filter((item) => item.caption?.startsWith(`${label} `));
  const perCaption = new Map<string, number>();
  for (const item of published)
    perCaption.set(item.caption!, (perCaption.get(item.caption!) ?? 0) + 1);
  const twice = [...perCaption].filter(([, times]) => times > 1);
  expect(twice, 'published more than once').toEqual([]);
  expect(perCaption.size).toBe(count);
}
