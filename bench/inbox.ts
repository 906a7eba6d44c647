/**
 * The inbox: how fast comments come in through Meta's webhooks, and what polling costs.
 *
 * - `ingest`: comments per second through signed Meta webhook batches posted to
 *   `POST /v1/meta/webhooks`, from the first POST until every comment is listed by
 *   `GET /v1/comments`; beside the floor in the same run (fixtures/inbox-floor.ts: a bare
 *   `node:http` handler that checks the signature and writes the same rows into the same
 *   database, answering after its commit). One batch in twenty is sent twice, as Meta
 *   retries; the totals must come out exact.
 * - `poll`: platform calls and server CPU of the polling task for an hour, per 1,000
 *   accounts. N accounts are connected through the emulator's OAuth flow, each publishes
 *   one post a day for 30 days (on a manual clock in the server's process), then every
 *   media is read once (the first pass), each media's next read is put at a random point
 *   of its interval (the steady state of a server that has been running), and an hour of
 *   the server's schedule runs minute by minute: the clocks move, due posts publish, the
 *   polling task runs once.
 *
 * Run: pnpm bench inbox [--part ingest,poll] [--dialect sqlite,postgres] [--accounts 100]
 * (`--help` lists every option). PostgreSQL runs use `BENCH_POSTGRES_URL` (default
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const USAGE = `pnpm bench inbox [options]

  --part <list>          ingest, poll (default both)
  --dialect <list>       sqlite, postgres (default sqlite)
  --comments <n>         comments per ingestion run (default 20000)
  --batch <list>         comments per webhook POST, one run each (default 1,100)
  --concurrency <n>      webhook POSTs in flight (default 16)
  --rounds <n>           Reelay and floor runs per batch size, order alternating (default 2)
  --accounts <n>         accounts polled (default 100; figures are scaled to 1,000)
  --days <n>             days of posts, one a day per account (default 30)
  --poll-minutes <n>     REELAY_INBOX_POLL_MINUTES (default 5)`;

const { values: args } = parseArgs({
  options: {
    part: { type: 'string', default: 'ingest,poll' },
    dialect: { type: 'string', default: 'sqlite' },
    comments: { type: 'string', default: '20000' },
    batch: { type: 'string', default: '1,100' },
    concurrency: { type: 'string', default: '16' },
    rounds: { type: 'string', default: '2' },
    accounts: { type: 'string', default: '100' },
    days: { type: 'string', default: '30' },
    'poll-minutes': { type: 'string', default: '5' },
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
const parts = list(args.part);
const dialects = list(args.dialect) as Array<'sqlite' | 'postgres'>;
const COMMENTS = Number(args.comments);
const BATCHES = list(args.batch).map(Number);
const CONCURRENCY = Number(args.concurrency);
const ROUNDS = Number(args.rounds);
const ACCOUNTS = Number(args.accounts);
const DAYS = Number(args.days);
const POLL_MINUTES = Number(args['poll-minutes']);

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
    BENCH_INBOX_MODE: 'webhooks',
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
// Polling

interface PollTotals {
  runs: number;
  media: number;
  newComments: number;
  cpuMs: number;
  wallMs: number;
  calls: Record<string, number>;
  maxMediaPerRun?: number;
}

async function poll(dialect: 'sqlite' | 'postgres') {
  const database: FreshDatabase | null = await freshDatabase(dialect);
  if (!database) return null;
  const emulator = await startEmulator();
  const server = await forkFixture('./fixtures/serve-inbox.ts', {
    BENCH_INBOX_MODE: 'polling',
    BENCH_EMULATOR_URL: emulator.url,
    BENCH_INBOX_POLL_MINUTES: String(POLL_MINUTES),
    ...(dialect === 'postgres' ? { BENCH_DATABASE_URL: database.url } : {}),
  });
  try {
    const url = server.ready.url as string;
    let started = performance.now();
    const seeded = await seed(url, emulator.url, ACCOUNTS);
    const { now: start } = await server.ask({ now: true });
    // One post a day per account, each account at its own hour: at the end of the last day
    // each has one post from the last 24 hours, six from the week before, the rest older.
    const count = ACCOUNTS * DAYS;
    await pool(count, 64, async (n) => {
      const account = n % ACCOUNTS;
      const day = Math.floor(n / ACCOUNTS);
      await createPost(url, seeded, {
        content: `caixa ${account} ${day}`,
        platforms: [{ platform: 'instagram', accountId: seeded.accounts[account]!.integrationId }],
        scheduledFor: new Date(
          start + HOUR + day * DAY + (account % 24) * HOUR + 7 * MINUTE,
        ).toISOString(),
      });
    });
    const end = start + HOUR + DAYS * DAY;
    const created = performance.now() - started;
    started = performance.now();
    await server.ask({ settle: true, until: end - HOUR });
    const published = (
      (await (await fetch(`${emulator.url}/_emulator/media`)).json()) as {
        data: Array<{ id: string; caption: string }>;
      }
    ).data;
    console.log(
      `  ${ACCOUNTS} accounts, ${count} posts created in ${(created / 1000).toFixed(0)} s, ` +
        `${published.length} published over ${DAYS} days of the server's clock in ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    // Someone comments on each account's latest post, and replies to the first comment.
    const latest = published.filter((item) => item.caption.endsWith(` ${DAYS - 1}`));
    await pool(latest.length, 16, async (i) => {
      const comment = async (text: string, parentId?: string) => {
        const response = await fetch(`${emulator.url}/_emulator/comments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            mediaId: latest[i]!.id,
            username: 'cliente.bench',
            text,
            parentId,
          }),
        });
        return ((await response.json()) as { id: string }).id;
      };
      const first = await comment('Tem sem glúten?');
      await comment('Entregam no sábado?');
      await comment('Que lindo!');
      await comment('Também quero saber', first);
    });

    const firstPass = (await server.ask({ firstPass: true })) as PollTotals;
    await server.ask({ spreadPolls: true });
    const emulatorMid = cpuOf(dialect, [emulator.child.pid!]);
    const hour = (await server.ask({ simulate: 60 })) as PollTotals;
    const emulatorAfter = cpuOf(dialect, [emulator.child.pid!]);
    const { due } = await server.ask({ backlog: true });
    return { firstPass, hour, due, emulatorCpuMs: emulatorAfter.process - emulatorMid.process };
  } finally {
    await stopForked(server);
    await stopChild(emulator.child);
    await database.drop();
  }
}

/** Media reads an hour the schedule asks for, by the posts' ages at the end of the run. */
function scheduledReadsPerHour(accounts: number, days: number, pollMinutes: number): number {
  const today = accounts * (60 / pollMinutes);
  const week = accounts * Math.min(6, days - 1);
  const older = (accounts * Math.max(0, days - 7)) / 6;
  return today + week + older;
}

// ---------------------------------------------------------------------------------------

for (const dialect of dialects) {
  if (parts.includes('ingest')) {
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
  if (parts.includes('poll')) {
    console.log(
      `\n[poll] ${dialect}: ${ACCOUNTS} accounts, one post a day for ${DAYS} days, ` +
        `REELAY_INBOX_POLL_MINUTES=${POLL_MINUTES}, REELAY_INBOX_DAYS=30`,
    );
    const result = await poll(dialect);
    if (!result) {
      console.log('  PostgreSQL not reachable (BENCH_POSTGRES_URL), skipped');
      continue;
    }
    const { firstPass, hour, due, emulatorCpuMs } = result;
    const scale = 1000 / ACCOUNTS;
    const callsOf = (totals: PollTotals) => totals.calls.total ?? 0;
    console.log(
      `  first pass (every media read once, at one instant): ${firstPass.media} media, ` +
        `${callsOf(firstPass)} platform calls, ${(firstPass.cpuMs / 1000).toFixed(2)} CPU s, ` +
        `${firstPass.runs} runs, ${firstPass.newComments} new comments`,
    );
    if (firstPass.calls.truncated || hour.calls.truncated) {
      console.log('  (a run made 2,000 platform calls or more: the count is a floor)');
    }
    const scheduled = scheduledReadsPerHour(ACCOUNTS, DAYS, POLL_MINUTES);
    console.log(`\ninbox polling, ${dialect}: one hour of the server's schedule`);
    console.table([
      {
        accounts: ACCOUNTS,
        'media read': hour.media,
        'schedule asks': Math.round(scheduled),
        'platform calls': callsOf(hour),
        'calls by kind': Object.entries(hour.calls)
          .filter(([kind]) => kind !== 'total' && kind !== 'truncated')
          .map(([kind, n]) => `${kind} ${n}`)
          .join('; '),
        'server CPU s': (hour.cpuMs / 1000).toFixed(2),
        'CPU ms / read': (hour.cpuMs / Math.max(1, hour.media)).toFixed(2),
        'emulator CPU s': (emulatorCpuMs / 1000).toFixed(2),
        'most media in a run': hour.maxMediaPerRun,
        'overdue at the end': due,
      },
      {
        accounts: 1000,
        'media read': Math.round(hour.media * scale),
        'schedule asks': Math.round(scheduled * scale),
        'platform calls': Math.round(callsOf(hour) * scale),
        'calls by kind': '(scaled)',
        'server CPU s': ((hour.cpuMs * scale) / 1000).toFixed(2),
        'CPU ms / read': (hour.cpuMs / Math.max(1, hour.media)).toFixed(2),
        'emulator CPU s': ((emulatorCpuMs * scale) / 1000).toFixed(2),
        'most media in a run': '',
        'overdue at the end': '',
      },
    ]);
    console.log(
      `  per account per day: ${((callsOf(hour) / ACCOUNTS) * 24).toFixed(0)} platform calls ` +
        `(Meta's budget: 4,800 × the account's impressions per 24 h)`,
    );
  }
}
