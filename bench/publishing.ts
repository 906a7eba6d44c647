/**
 * Publishing engine throughput and punctuality, against the emulator in its own process:
 *
 * - `spread`: N posts due at random moments of the same minute; the lag between each
 *   post's `scheduledFor` and its `media_publish` on the platform (p50, p99, max);
 * - `burst`: N posts due at the same instant; publishes per second until all are out.
 *
 * Each scenario runs with the platform answering at once and with 100 ms added to every
 * platform call, on SQLite and (when reachable) PostgreSQL, each on a fresh database.
 *
 * Run: pnpm bench publishing
 * Knobs: BENCH_POSTS (default 10000), BENCH_SCENARIOS (spread,burst), BENCH_LATENCIES
 * (0,100), BENCH_DIALECTS (sqlite,postgres), BENCH_WORKER_CONCURRENCY (default 256),
 * BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { freePort } from '../packages/server/test/helpers/free-port';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'spread,burst').split(',');
const LATENCIES = (process.env.BENCH_LATENCIES ?? '0,100').split(',').map(Number);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const CONCURRENCY = process.env.BENCH_WORKER_CONCURRENCY ?? '256';
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MINUTE = 60_000;

function spawnTs(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL(script, import.meta.url)), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
}

async function firstLine(child: ChildProcess): Promise<string> {
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return line;
}

async function startEmulator(latencyMs: number): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawnTs('../packages/emulator/src/cli.ts', [
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--no-fetch-media',
  ]);
  await firstLine(child);
  const url = `http://127.0.0.1:${port}`;
  await fetch(`${url}/_emulator/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latencyMs, quotaTotal: 10_000_000, containerLimit: 10_000_000 }),
  });
  return { url, child };
}

async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `reelay_bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

async function runPool<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

interface Result {
  dialect: string;
  scenario: string;
  latencyMs: number;
  posts: number;
  perSecond: number;
  lagP50: number;
  lagP99: number;
  lagMax: number;
}

async function run(dialect: string, scenario: string, latencyMs: number): Promise<Result | null> {
  const database = dialect === 'postgres' ? await freshPostgres() : null;
  if (dialect === 'postgres' && !database) {
    console.log('PostgreSQL not reachable: skipped');
    return null;
  }
  const emulator = await startEmulator(latencyMs);
  const server = spawnTs('./fixtures/serve-reelay.ts', [], {
    BENCH_EMULATOR_URL: emulator.url,
    BENCH_WORKER_CONCURRENCY: CONCURRENCY,
    ...(database ? { BENCH_DATABASE_URL: database.url } : {}),
  });
  try {
    const ready = JSON.parse(await firstLine(server)) as {
      url: string;
      key: string;
      integrationId: string;
      mediaId: string;
    };
    const headers = { 'content-type': 'application/json', 'x-access-key': ready.key };
    // Far enough ahead that the last post created is still at least a minute early.
    const dueStart = Date.now() + 3 * MINUTE;
    const dueAt = Array.from(
      { length: POSTS },
      () => dueStart + (scenario === 'spread' ? Math.floor(Math.random() * MINUTE) : 0),
    );
    const createdAt = Date.now();
    await runPool(POSTS, 64, async (index) => {
      const response = await fetch(`${ready.url}/v1/posts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          content: `bench ${index}`,
          mediaItems: [{ mediaId: ready.mediaId }],
          platforms: [{ platform: 'instagram', accountId: ready.integrationId }],
          scheduledFor: new Date(dueAt[index]!).toISOString(),
        }),
      });
      if (response.status !== 201)
        throw new Error(`post ${index}: ${response.status} ${await response.text()}`);
    });
    const creationSeconds = (Date.now() - createdAt) / 1000;
    if (Date.now() > dueStart - MINUTE)
      throw new Error('creating the posts took too long for the window');

    // Wait for every publication, watching the platform's own record.
    const deadline = dueStart + MINUTE + 15 * MINUTE;
    let published: Array<{ caption: string; publishedAtMs: number }> = [];
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      if (Date.now() < dueStart) continue;
      const total = (await (
        await fetch(`${ready.url}/v1/posts?status=published&limit=1`, { headers })
      ).json()) as { total: number };
      if (total.total >= POSTS) {
        published = (
          (await (await fetch(`${emulator.url}/_emulator/media`)).json()) as {
            data: typeof published;
          }
        ).data;
        break;
      }
    }
    if (published.length < POSTS)
      throw new Error(`only ${published.length} of ${POSTS} published in time`);
    const lags = published
      .map((media) => media.publishedAtMs - dueAt[Number(media.caption.split(' ')[1])]!)
      .sort((a, b) => a - b);
    const first = Math.min(...published.map((media) => media.publishedAtMs));
    const last = Math.max(...published.map((media) => media.publishedAtMs));
    console.log(
      `  ${dialect} ${scenario} ${latencyMs} ms: created ${POSTS} posts in ${creationSeconds.toFixed(1)} s`,
    );
    return {
      dialect,
      scenario,
      latencyMs,
      posts: POSTS,
      perSecond:
        scenario === 'burst'
          ? POSTS / Math.max(0.001, (last - dueStart) / 1000)
          : POSTS / Math.max(0.001, (last - first) / 1000),
      lagP50: percentile(lags, 0.5),
      lagP99: percentile(lags, 0.99),
      lagMax: lags[lags.length - 1]!,
    };
  } finally {
    server.kill('SIGTERM');
    emulator.child.kill('SIGTERM');
    await Promise.all([once(server, 'exit'), once(emulator.child, 'exit')]);
    await database?.drop();
  }
}

const results: Result[] = [];
for (const dialect of DIALECTS) {
  for (const scenario of SCENARIOS) {
    for (const latencyMs of LATENCIES) {
      const result = await run(dialect, scenario, latencyMs);
      if (result) results.push(result);
    }
  }
}
console.log(`\npublishing: ${POSTS} posts per run, worker concurrency ${CONCURRENCY}`);
console.table(
  results.map((result) => ({
    database: result.dialect,
    scenario: result.scenario === 'spread' ? 'due within one minute' : 'due at one instant',
    'platform latency': `${result.latencyMs} ms`,
    'publishes/s': Math.round(result.perSecond),
    'lag p50 ms': Math.round(result.lagP50),
    'lag p99 ms': Math.round(result.lagP99),
    'lag max ms': Math.round(result.lagMax),
  })),
);
