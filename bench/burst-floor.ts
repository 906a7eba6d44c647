/**
 * The floor of a burst on PostgreSQL: how fast the database work of posts due at one
 * instant can go on this machine, done by the simplest code. The same schema (Reelay
 * migrates the database and creates one post per account through its API), the same jobs
 * table and claim, the same two transactions and three single writes per post as Reelay
 * at the due instant (`fixtures/publish-floor-worker.ts`), in `--instances` processes of
 * `--concurrency` posts in flight each, with no server around them. With `--platform`
 * each publication also makes the two platform calls Reelay makes at the instant, over
 * HTTP with undici, to a stand-in in this process that answers at once (its CPU, like
 * the emulator's for Reelay, is not the floor processes').
 *
 * `pnpm bench publishing --scenario burst --dialect postgres --full` does that work and
 * more (two platform calls, webhook dispatch); its p99 can come no lower than the floor
 * this prints for the same posts and instances.
 *
 * Run: pnpm bench burst-floor [--posts 10000] [--accounts 100] [--instances 3]
 *      [--concurrency 256] [--pool 10] [--platform]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { percentile } from './lib/measure';
import { postgresCpuMs } from './lib/process-cpu';
import { startFleet } from './lib/publishing-fleet';
import { whole } from './lib/publishing-options';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '10000' },
    accounts: { type: 'string', default: '100' },
    instances: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '256' },
    pool: { type: 'string', default: '10' },
    platform: { type: 'boolean', default: false },
  },
});
const posts = whole(values.posts, 'posts', 1)!;
const accounts = whole(values.accounts, 'accounts', 1)!;
const instances = whole(values.instances, 'instances', 1)!;
whole(values.concurrency, 'concurrency', 1);
whole(values.pool, 'pool', 1);
/** Room between the last row written and the instant, for the processes to start. */
const LEAD_MS = 8_000;
const COPY_BATCH = 500;

/** Inserts `rows` (objects with the same keys) in batches. */
async function insertRows(client: pg.Client, table: string, rows: Record<string, unknown>[]) {
  const columns = Object.keys(rows[0]!);
  for (let start = 0; start < rows.length; start += COPY_BATCH) {
    const batch = rows.slice(start, start + COPY_BATCH);
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const marks = columns.map((column) => {
        values.push(row[column]);
        return `$${values.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await client.query(
      `insert into ${table} (${columns.map((column) => `"${column}"`).join(', ')}) values ${tuples.join(', ')}`,
      values,
    );
  }
}

const fleet = await startFleet({
  dialect: 'postgres',
  latencyMs: 0,
  instances: 1,
  accounts,
  concurrency: 1,
  prepareMinutes: 0,
});
if (!fleet) {
  console.log('PostgreSQL is not reachable (BENCH_POSTGRES_URL): skipped');
  process.exit(0);
}
/** Answers as the platform does at the instant, at once: `media_publish`, then a permalink. */
const standIn = createServer((req, res) => {
  const body =
    req.method === 'POST'
      ? { id: `1790${Math.floor(Math.random() * 1e12)}` }
      : {
          id: req.url!.slice(1).split('?')[0],
          permalink: `https://www.instagram.com/p/${req.url!.slice(1, 12)}/`,
        };
  req.resume();
  req.on('end', () => {
    const text = JSON.stringify(body);
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  });
});
if (values.platform) await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
const platformUrl = values.platform
  ? `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`
  : '';
const client = new pg.Client({ connectionString: fleet.databaseUrl });
try {
  // One real post per account, far ahead, so its rows are what Reelay writes.
  const templates: string[] = [];
  for (const accountId of fleet.integrationIds) {
    const response = await fetch(`${fleet.urls[0]}/v1/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-key': fleet.key },
      body: JSON.stringify({
        content: 'floor',
        mediaItems: [{ mediaId: fleet.mediaId }],
        platforms: [{ platform: 'instagram', accountId }],
        scheduledFor: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }),
    });
    if (response.status !== 201) throw new Error(`${response.status} ${await response.text()}`);
    templates.push(((await response.json()) as { post: { id: string } }).post.id);
  }
  await fleet.stopServers();
  await client.connect();
  const postRows = (await client.query('select * from posts where id = any($1)', [templates])).rows;
  const targetRows = (
    await client.query('select * from post_targets where post_id = any($1)', [templates])
  ).rows;
  await client.query('delete from jobs');
  const newPosts: Record<string, unknown>[] = [];
  const newTargets: Record<string, unknown>[] = [];
  const newJobs: Record<string, unknown>[] = [];
  for (let i = 0; i < posts; i++) {
    const target = targetRows[i % targetRows.length] as Record<string, unknown>;
    const post = postRows.find((row) => row.id === target.post_id) as Record<string, unknown>;
    const postId = `post_floor${i}`;
    const targetId = `tgt_floor${i}`;
    newPosts.push({ ...post, id: postId, idempotency_key: null, request_hash: null });
    newTargets.push({ ...target, id: targetId, post_id: postId });
    newJobs.push({
      id: `job_floor${i}`,
      kind: 'publish_target',
      payload: JSON.stringify({ targetId }),
      run_at: 0,
      attempts: 0,
      lease_owner: null,
      lease_expires_at: null,
      last_error: null,
      dedupe_key: `publish:${targetId}`,
      created_at: Date.now(),
    });
  }
  await insertRows(client, 'posts', newPosts);
  await insertRows(client, 'post_targets', newTargets);
  await insertRows(client, 'jobs', newJobs);
  const dueAt = Date.now() + LEAD_MS;
  await client.query('begin');
  await client.query(`update posts set scheduled_for = $1 where id like 'post_floor%'`, [dueAt]);
  await client.query(`update post_targets set scheduled_for = $1 where id like 'tgt_floor%'`, [
    dueAt,
  ]);
  await client.query(`update jobs set run_at = $1`, [dueAt]);
  await client.query('commit');
  await client.query('analyze');

  const workers = Array.from({ length: instances }, () =>
    spawn(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(new URL('./fixtures/publish-floor-worker.ts', import.meta.url)),
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          ...process.env,
          FLOOR_DATABASE_URL: fleet.databaseUrl,
          FLOOR_DUE_AT: String(dueAt),
          FLOOR_CONCURRENCY: values.concurrency,
          FLOOR_POOL_SIZE: values.pool,
          ...(values.platform ? { FLOOR_PLATFORM_URL: platformUrl } : {}),
        },
      },
    ),
  );
  const outputs = workers.map((worker) => {
    let text = '';
    worker.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    return once(worker, 'exit').then(([code]) => {
      if (code !== 0) throw new Error(`a floor process exited with ${String(code)}`);
      return JSON.parse(text) as { published: number; cpuMs: number };
    });
  });
  const finished = Promise.all(outputs);
  // A process failing during the wait below is reported by the await after it, with the
  // fleet closed, rather than as an unhandled rejection that skips the cleanup.
  finished.catch(() => {});
  // PostgreSQL's CPU from just before the instant: the processes' own is in their output.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - 200 - Date.now())));
  const postgresBefore = postgresCpuMs();
  const results = await finished;
  const postgresUsed = postgresCpuMs() - postgresBefore;
  const perProcess = results.map((result) => result.published);
  const processesCpu = results.reduce((sum, result) => sum + result.cpuMs, 0);
  const { rows } = await client.query<{ published_at: number }>(
    `select published_at::float8 as published_at from post_targets
     where id like 'tgt_floor%' and status = 'published'`,
  );
  const lags = rows.map((row) => row.published_at - dueAt).sort((a, b) => a - b);
  const last = lags.at(-1) ?? NaN;
  console.log(
    `\nburst floor on PostgreSQL: ${posts} posts over ${accounts} accounts, ${instances} processes of ${values.concurrency} in flight, pool ${values.pool} each, ` +
      (values.platform ? 'two platform calls each over HTTP' : 'no platform call'),
  );
  console.table([
    {
      posts: `${lags.length}/${posts}`,
      'per process': perProcess.join(' + '),
      'publishes/s': Math.round((lags.length / last) * 1000),
      'lag p50 ms': Math.round(percentile(lags, 0.5)),
      'lag p99 ms': Math.round(percentile(lags, 0.99)),
      'lag max ms': Math.round(last),
      'CPU ms/post: processes, db': [processesCpu, postgresUsed]
        .map((ms) => (Number.isNaN(ms) ? '—' : (ms / lags.length).toFixed(2)))
        .join(', '),
    },
  ]);
} finally {
  await client.end().catch(() => {});
  standIn.close();
  await fleet.close();
}
