/**
 * The inbox: how fast comments come in through Meta's webhooks. What polling costs a
 * server with many accounts is `pnpm bench upkeep`'s part.
 *
 * - `ingest`: comments per second through signed Meta webhook batches posted to
 *   `POST /v1/meta/webhooks`, from the first POST until every comment is listed by
 *   `GET /v1/comments`; beside the floor in the same run (fixtures/inbox-floor.ts: a bare
 *   `node:http` handler that checks the signature and writes the same rows into the same
 *   database, answering after its commit). One batch in twenty is sent twice, as Meta
 *   retries; the totals must come out exact.
 *
 * Run: pnpm bench inbox [--dialect sqlite,postgres] (`--help` lists every option). PostgreSQL runs use `BENCH_POSTGRES_URL` (default
 * `postgres://postgres@127.0.0.1:5432/test`) and are skipped when it is unreachable.
 */
import { createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { DEFAULT_APP_SECRET } from '@reelay/emulator';
import { createBenchAccount } from './fixtures/bench-account';
import {
  forkFixture,
  pool,
  startEmulatorProcess as startEmulator,
  stopForked,
  type Forked,
} from './lib/bench-processes';
import { freshDatabase, type FreshDatabase } from './lib/fresh-database';
import { postgresCpuMs, processesCpuMs } from './lib/process-cpu';
import { stopChild } from './lib/stop-child';

const USAGE = `pnpm bench inbox [options]

  --dialect <list>       sqlite, postgres (default sqlite)
  --comments <n>         comments per ingestion run (default 20000)
  --batch <list>         comments per webhook POST, one run each (default 1,100)
  --concurrency <n>      webhook POSTs in flight (default 16)
  --rounds <n>           Reelay and floor runs per batch size, order alternating (default 2)`;

const { values: args } = parseArgs({
  options: {
    dialect: { type: 'string', default: 'sqlite' },
    comments: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '1,100' },
    concurrency: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '2' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const dialects = list(args.dialect) as Array<'sqlite' | 'postgres'>;
const COMMENTS = Number(args.comments);
const BATCHES = list(args.batch).map(Number);
const CONCURRENCY = Number(args.concurrency);
const ROUNDS = Number(args.rounds);

// ---------------------------------------------------------------------------------------
// Seeding over HTTP, as a user would

interface Seeded {
  key: string;
  accounts: Array<{ integrationId: string; platformId: string }>;
  mediaId: string;
}

async function seed(url: string, emulatorUrl: string, accounts: number): Promise<Seeded> {
  const { key } = await createBenchAccount(url, 'bench@example.com');
  const headers = { 'x-access-key': key };
  const connected: Seeded['accounts'] = [];
  await pool(accounts, 16, async (i) => {
    const created = await fetch(`${emulatorUrl}/_emulator/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `caixa.conta${i}` }),
    });
    const platformId = ((await created.json()) as { id: string }).id;
    const start = (await (await fetch(`${url}/v1/connect/instagram`, { headers })).json()) as {
      url: string;
    };
    const authorize = new URL(start.url);
    authorize.searchParams.set('account', platformId);
    authorize.searchParams.set('decision', 'allow');
    const callback = (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!;
    const answer = (await (await fetch(callback)).json()) as { integration: { id: string } };
    connected[i] = { integrationId: answer.integration.id, platformId };
  });
  const image = await sharp({
    create: { width: 1080, height: 1350, channels: 3, background: '#aa6633' },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'inbox.jpg');
  const uploaded = (await (
    await fetch(`${url}/v1/media`, { method: 'POST', headers, body: form })
  ).json()) as { media: { id: string } };
  return { key, accounts: connected, mediaId: uploaded.media.id };
}

async function createPost(url: string, seeded: Seeded, body: Record<string, unknown>) {
  const response = await fetch(`${url}/v1/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-access-key': seeded.key },
    body: JSON.stringify({ mediaItems: [{ mediaId: seeded.mediaId }], ...body }),
  });
  if (response.status !== 201 && response.status !== 202) {
    throw new Error(`post: ${response.status} ${await response.text()}`);
  }
}

const cpuOf = (dialect: string, pids: number[]) => ({
  process: processesCpuMs(pids),
  postgres: dialect === 'postgres' ? postgresCpuMs() : NaN,
});

// ---------------------------------------------------------------------------------------
// Ingestion through Meta's webhooks

interface IngestRow {
  database: string;
  'per POST': number;
  by: string;
  comments: number;
  'comments/s': number;
  'POSTs answered s': string;
  'all listed s': string;
  'CPU ms / 1,000: handler, db': string;
}

let commentSerial = 0;

/** The webhook bodies of `count` new comments, `batch` per POST, and one in twenty twice. */
function batches(
  count: number,
  batch: number,
  accounts: Array<{ platformId: string; media: string }>,
): string[] {
  const bodies: string[] = [];
  for (let start = 0; start < count; start += batch) {
    const byAccount = new Map<string, object[]>();
    for (let n = start; n < Math.min(count, start + batch); n++) {
      const account = accounts[n % accounts.length]!;
      commentSerial += 1;
      const changes = byAccount.get(account.platformId) ?? [];
      changes.push({
        field: 'comments',
        value: {
          from: { id: String(17_841_000_000_000_000 + commentSerial), username: 'cliente.bench' },
          media: { id: account.media, media_product_type: 'FEED' },
          id: String(17_900_000_000_000_000 + commentSerial),
          text: `Quanto custa o bolo ${commentSerial}? Entregam no sábado?`,
        },
      });
      byAccount.set(account.platformId, changes);
    }
    const time = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      object: 'instagram',
      entry: [...byAccount].map(([id, changes]) => ({ id, time, changes })),
    });
    bodies.push(body);
    if (bodies.length % 20 === 0) bodies.push(body);
  }
  return bodies;
}

async function postAll(url: string, bodies: string[]): Promise<void> {
  await pool(bodies.length, CONCURRENCY, async (i) => {
    const body = bodies[i]!;
    const signature = `sha256=${createHmac('sha256', DEFAULT_APP_SECRET).update(body).digest('hex')}`;
    const response = await fetch(`${url}/v1/meta/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body,
    });
    if (response.status !== 200) {
      throw new Error(`webhook POST: ${response.status} ${await response.text()}`);
    }
    await response.arrayBuffer();
  });
}

async function listedTotal(url: string, key: string): Promise<number> {
  const response = await fetch(`${url}/v1/comments?limit=1`, { headers: { 'x-access-key': key } });
  return ((await response.json()) as { total: number }).total;
}

async function ingest(dialect: 'sqlite' | 'postgres'): Promise<IngestRow[] | null> {
  const database = await freshDatabase(dialect);
  if (!database) return null;
  const emulator = await startEmulator();
  const server = await forkFixture('./fixtures/serve-inbox.ts', {
    BENCH_EMULATOR_URL: emulator.url,
    ...(dialect === 'postgres' ? { BENCH_DATABASE_URL: database.url } : {}),
  });
  let floor: Forked | null = null;
  try {
    const url = server.ready.url as string;
    const seeded = await seed(url, emulator.url, 10);
    for (const account of seeded.accounts) {
      await createPost(url, seeded, {
        content: `Caixa de entrada ${account.integrationId}`,
        platforms: [{ platform: 'instagram', accountId: account.integrationId }],
      });
    }
    // The posts publish on the server's own workers: each account's media id.
    let posts: Array<{ status: string; platforms: Array<Record<string, string>> }> = [];
    for (let tries = 0; tries < 300; tries++) {
      const answer = await fetch(`${url}/v1/posts?limit=100`, {
        headers: { 'x-access-key': seeded.key },
      });
      posts = ((await answer.json()) as { posts: typeof posts }).posts;
      if (posts.every((post) => post.status === 'published')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const media = new Map(
      posts.map((post) => [post.platforms[0]!.integrationId, post.platforms[0]!.platformPostId!]),
    );
    const targets = seeded.accounts.map((account) => ({
      platformId: account.platformId,
      media: media.get(account.integrationId)!,
    }));
    floor = await forkFixture('./fixtures/inbox-floor.ts', {
      BENCH_APP_SECRETS: DEFAULT_APP_SECRET,
      ...(dialect === 'postgres'
        ? { BENCH_DATABASE_URL: database.url }
        : { BENCH_SQLITE_FILE: server.ready.sqliteFile as string }),
    });

    const rows: IngestRow[] = [];
    const runOne = async (by: 'Reelay' | 'floor', batch: number, count = COMMENTS) => {
      const bodies = batches(count, batch, targets);
      const before = await listedTotal(url, seeded.key);
      const target = by === 'Reelay' ? url : (floor!.ready.url as string);
      const pid = by === 'Reelay' ? server.child.pid! : floor!.child.pid!;
      const cpuBefore = cpuOf(dialect, [pid]);
      const started = performance.now();
      await postAll(target, bodies);
      const answered = performance.now() - started;
      // Until every comment is listed by the API (the floor's rows are in at its answer).
      let total = before;
      while (total < before + count) {
        total = await listedTotal(url, seeded.key);
        // Each look is a request to the server measured: not too often.
        if (total < before + count) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const listed = performance.now() - started;
      const cpuAfter = cpuOf(dialect, [pid]);
      // Settled: the duplicates sent must not have added anything.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const settled = await listedTotal(url, seeded.key);
      if (settled !== before + count) {
        throw new Error(`${by}: ${settled - before} comments listed for ${count} sent`);
      }
      const perThousand = (ms: number) => ((ms / count) * 1000).toFixed(0);
      rows.push({
        database: dialect,
        'per POST': batch,
        by,
        comments: count,
        'comments/s': Math.round(count / (listed / 1000)),
        'POSTs answered s': (answered / 1000).toFixed(2),
        'all listed s': (listed / 1000).toFixed(2),
        'CPU ms / 1,000: handler, db': [
          perThousand(cpuAfter.process - cpuBefore.process),
          dialect === 'postgres' ? perThousand(cpuAfter.postgres - cpuBefore.postgres) : '—',
        ].join(', '),
      });
      console.table([rows.at(-1)]);
    };
    // Warm both up: the JIT, the pools, the database's pages.
    console.log('  warm-up:');
    const warmUp = Math.ceil(COMMENTS / 4);
    await runOne('Reelay', 100, warmUp);
    await runOne('floor', 100, warmUp);
    rows.length = 0;
    console.log('  measured:');
    for (const batch of BATCHES) {
      for (let round = 0; round < ROUNDS; round++) {
        const order: Array<'Reelay' | 'floor'> =
          round % 2 === 0 ? ['Reelay', 'floor'] : ['floor', 'Reelay'];
        for (const by of order) await runOne(by, batch);
      }
    }
    return rows;
  } finally {
    if (floor) await stopForked(floor);
    await stopForked(server);
    await stopChild(emulator.child);
    await database.drop();
  }
}

// ---------------------------------------------------------------------------------------

for (const dialect of dialects) {
  console.log(
    `\n[ingest] ${dialect}: ${COMMENTS} comments per run over 10 accounts, ` +
      `${BATCHES.join(' and ')} per POST, ${CONCURRENCY} POSTs in flight, one POST in twenty sent twice`,
  );
  const rows = await ingest(dialect);
  if (!rows) console.log('  PostgreSQL not reachable (BENCH_POSTGRES_URL), skipped');
  else {
    console.log(`\ninbox ingestion through Meta webhooks, ${dialect}: every run`);
    console.table(rows);
    const summary = BATCHES.map((batch) => {
      const of = (by: string) =>
        rows
          .filter((row) => row['per POST'] === batch && row.by === by)
          .map((row) => row['comments/s']);
      const reelay = of('Reelay');
      const floor = of('floor');
      return {
        database: dialect,
        'per POST': batch,
        'Reelay comments/s': reelay.join(', '),
        'floor comments/s': floor.join(', '),
        'vs floor': reelay.map((value, i) => (value / floor[i]!).toFixed(2)).join(', '),
      };
    });
    console.table(summary);
  }
}
