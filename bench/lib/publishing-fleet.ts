/**
 * What one publishing run stands on: a fresh database, the emulator and the server
 * instances, each in its own process, and an account with connected platform accounts
 * and one uploaded image, made over HTTP as a user would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createBenchAccount } from '../fixtures/bench-account';
import { freePort } from '@reelay/test-support/free-port';
import { freshDatabase } from './fresh-database';
import { stopChild } from './stop-child';
import type { Dialect } from './publishing-options';

function spawnTs(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL(script, import.meta.url)), ...args],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
}

async function firstLine(child: ChildProcess): Promise<string> {
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return line;
}

export interface Fleet {
  emulatorUrl: string;
  /** Every instance's address; the first one seeded the account. */
  urls: string[];
  key: string;
  /**
   * API keys of the project, `key` first: one, or with the default request limits one
   * per account up to ten (limits count per key, and a session creates ten a minute).
   */
  keys: string[];
  integrationIds: string[];
  mediaId: string;
  /** The database every instance shares (a file path on SQLite). */
  databaseUrl: string;
  /** Process ids, for the CPU each part uses. */
  pids: { emulator: number; servers: number[] };
  /** Stops the server instances, keeping the emulator and the database. */
  stopServers(): Promise<void>;
  close(): Promise<void>;
}

export interface FleetOptions {
  dialect: Dialect;
  latencyMs: number;
  instances: number;
  accounts: number;
  concurrency: number;
  /** REELAY_PREPARE_AHEAD_MINUTES of every instance. */
  prepareMinutes: number;
  /**
   * The servers keep their default request limits (otherwise raised for the load) and
   * the emulator fetches every image from them, as Instagram does.
   */
  defaultLimits?: boolean;
}

/** Starts everything a run needs, or answers `null` when PostgreSQL is not reachable. */
export async function startFleet(options: FleetOptions): Promise<Fleet | null> {
  const database = await freshDatabase(options.dialect);
  if (!database) return null;
  const children: ChildProcess[] = [];
  // One data folder for every instance, as instances sharing a database share their
  // storage: the platform fetches a media from whichever instance prepared the post.
  const dataDir = mkdtempSync(join(tmpdir(), 'reelay-bench-publishing-'));
  const close = async () => {
    await Promise.all(children.slice(1).map(stopChild));
    if (children[0]) await stopChild(children[0]);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const emulatorPort = await freePort();
    const emulator = spawnTs('../../packages/emulator/src/cli.ts', [
      ...['--port', String(emulatorPort), '--host', '127.0.0.1'],
      ...(options.defaultLimits ? [] : ['--no-fetch-media']),
    ]);
    children.push(emulator);
    await firstLine(emulator);
    const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
    await fetch(`${emulatorUrl}/_emulator/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        latencyMs: options.latencyMs,
        quotaTotal: 10_000_000,
        containerLimit: 10_000_000,
      }),
    });
    const env = {
      BENCH_EMULATOR_URL: emulatorUrl,
      BENCH_DATABASE_URL: database.url,
      BENCH_DATA_DIR: dataDir,
      BENCH_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      BENCH_AUTH_SECRET: randomBytes(32).toString('hex'),
      BENCH_WORKER_CONCURRENCY: String(options.concurrency),
      BENCH_PREPARE_AHEAD_MINUTES: String(options.prepareMinutes),
      BENCH_RATE_LIMITS: options.defaultLimits ? 'default' : 'raised',
    };
    const urls: string[] = [];
    // One after another: the first migrates the database, the others find it ready.
    for (let i = 0; i < options.instances; i++) {
      const server = spawnTs('../fixtures/serve-publishing.ts', [], env);
      children.push(server);
      urls.push((JSON.parse(await firstLine(server)) as { url: string }).url);
    }
    const keys = options.defaultLimits ? Math.min(options.accounts, 10) : 1;
    const seeded = await seed(urls[0]!, emulatorUrl, options.accounts, keys);
    const stopServers = async () => {
      await Promise.all(children.slice(1).map(stopChild));
    };
    const pids = {
      emulator: emulator.pid!,
      servers: children.slice(1).map((child) => child.pid!),
    };
    return { emulatorUrl, urls, ...seeded, databaseUrl: database.url, pids, stopServers, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `keys` API keys, `accounts` platform accounts connected through the OAuth flow, one image. */
async function seed(url: string, emulatorUrl: string, accounts: number, keys: number) {
  const { key, projectId, session } = await createBenchAccount(url, 'bench@example.com');
  const headers = { 'x-access-key': key };
  const allKeys = [key];
  while (allKeys.length < keys) {
    const created = await fetch(`${url}/v1/projects/${projectId}/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session },
      body: JSON.stringify({ name: `bench ${allKeys.length}` }),
    });
    allKeys.push(((await created.json()) as { apiKey: { key: string } }).apiKey.key);
  }
  const integrationIds: string[] = [];
  for (let i = 0; i < accounts; i++) {
    const created = await fetch(`${emulatorUrl}/_emulator/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `bench.conta${i}` }),
    });
    const platformAccount = (await created.json()) as { id: string };
    const start = (await (await fetch(`${url}/v1/connect/instagram`, { headers })).json()) as {
      url: string;
    };
    const authorize = new URL(start.url);
    authorize.searchParams.set('account', platformAccount.id);
    authorize.searchParams.set('decision', 'allow');
    const callback = (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!;
    const connected = (await (await fetch(callback)).json()) as { integration: { id: string } };
    integrationIds.push(connected.integration.id);
  }
  const image = await sharp({
    create: { width: 1080, height: 1350, channels: 3, background: '#3366aa' },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'bench.jpg');
  const uploaded = (await (
    await fetch(`${url}/v1/media`, { method: 'POST', headers, body: form })
  ).json()) as { media: { id: string } };
  return { key, keys: allKeys, integrationIds, mediaId: uploaded.media.id };
}
