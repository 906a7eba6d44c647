/**
 * Upkeep: the background work that grows with the number of connected accounts, for a
 * simulated day. N accounts come from the emulator's bulk seed (`POST /_emulator/seed`:
 * each with a token of some age up to 50 days and one post a day for the last 30 days)
 * and are written into a fresh database as a server that has run for months holds them;
 * then the server (fixtures/serve-upkeep.ts, production settings, a manual clock) runs
 * its own schedule minute by minute for a day: token refresh, comment polling, the sweeps,
 * evergreen slots, and the due jobs. It prints, per 1,000 accounts and day, the CPU of the
 * server (and of PostgreSQL), the platform calls per account by kind, the longest a due
 * account read waited, the comments made against those in the inbox, and the server's
 * peak memory; the day's CPU as a share of one core
 * is what that many accounts cost on one instance around the clock.
 *
 * Run: pnpm bench upkeep [--accounts 1000] [--media 30] [--hours 24] [--dialect sqlite]
 */
import { parseArgs } from 'node:util';
import { createBenchAccount } from './fixtures/bench-account';
import { forkFixture, startEmulatorProcess, stopForked, type Forked } from './lib/bench-processes';
import { freshDatabase } from './lib/fresh-database';
import { postgresCpuMs, processesCpuMs } from './lib/process-cpu';
import { stopChild } from './lib/stop-child';
import type { UpkeepTotals } from './lib/upkeep-totals';

const HELP = `pnpm bench upkeep [options]
  --accounts <n>       connected accounts (default 1000)
  --media <n>          published posts per account, one a day (default 30)
  --hours <n>          hours of the schedule to run (default 24)
  --dialect <list>     sqlite, postgres (default sqlite)
  --poll-minutes <n>   REELAY_INBOX_POLL_MINUTES (default 5)
  --comments <n>       comments per account per day, most on the newest post (default 5)`;

const { values: args } = parseArgs({
  options: {
    accounts: { type: 'string', default: '1000' },
    media: { type: 'string', default: '30' },
    hours: { type: 'string', default: '24' },
    dialect: { type: 'string', default: 'sqlite' },
    'poll-minutes': { type: 'string', default: '5' },
    comments: { type: 'string', default: '5' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}

const ACCOUNTS = Number(args.accounts);
const MEDIA = Number(args.media);
const HOURS = Number(args.hours);
const COMMENTS = Number(args.comments);
/** Accounts per seed request and per write: bounded answers and transactions. */
const CHUNK = 5_000;

async function runOnce(dialect: 'sqlite' | 'postgres') {
  const database = await freshDatabase(dialect);
  if (!database) return null;
  const emulator = await startEmulatorProcess();
  let server: Forked | null = null;
  try {
    server = await forkFixture('./fixtures/serve-upkeep.ts', {
      BENCH_EMULATOR_URL: emulator.url,
      BENCH_INBOX_POLL_MINUTES: String(args['poll-minutes']),
      ...(dialect === 'postgres' ? { BENCH_DATABASE_URL: database.url } : {}),
    });
    const url = server.ready.url as string;
    const { projectId } = await createBenchAccount(url, 'upkeep@example.com');
    let started = performance.now();
    let media = 0;
    for (let first = 0; first < ACCOUNTS; first += CHUNK) {
      const count = Math.min(CHUNK, ACCOUNTS - first);
      const seeded = await fetch(`${emulator.url}/_emulator/seed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          accounts: count,
          mediaPerAccount: MEDIA,
          spanDays: Math.max(MEDIA, 1),
          tokenAgeDays: 49,
          prefix: `upkeep${first}.`,
        }),
      });
      if (seeded.status !== 201) throw new Error(`seed: ${seeded.status} ${await seeded.text()}`);
      const { data } = (await seeded.json()) as { data: unknown[] };
      media += ((await server.ask({ seed: true, projectId, accounts: data })) as { media: number })
        .media;
    }
    console.log(
      `  ${ACCOUNTS} accounts and ${media} published posts seeded in ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const pids = [server.child.pid!];
    const serverBefore = processesCpuMs(pids);
    const emulatorBefore = processesCpuMs([emulator.child.pid!]);
    const postgresBefore = dialect === 'postgres' ? postgresCpuMs() : NaN;
    started = performance.now();
    const totals = (await server.ask({
      simulate: HOURS * 60,
      commentsPerDay: ACCOUNTS * COMMENTS,
    })) as UpkeepTotals;
    return {
      totals,
      wallMs: performance.now() - started,
      serverCpuMs: processesCpuMs(pids) - serverBefore,
      emulatorCpuMs: processesCpuMs([emulator.child.pid!]) - emulatorBefore,
      postgresCpuMs: dialect === 'postgres' ? postgresCpuMs() - postgresBefore : NaN,
    };
  } finally {
    if (server) await stopForked(server);
    await stopChild(emulator.child);
    await database.drop();
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

for (const dialect of String(args.dialect).split(',') as Array<'sqlite' | 'postgres'>) {
  console.log(
    `\n[upkeep] ${dialect}: ${ACCOUNTS} accounts, ${MEDIA} posts each over ${MEDIA} days, ` +
      `${COMMENTS} comments per account per day, ${HOURS} h of the schedule`,
  );
  const result = await runOnce(dialect);
  if (!result) {
    console.log('  skipped: PostgreSQL is not reachable');
    continue;
  }
  const { totals } = result;
  const perDay = 24 / HOURS;
  const perThousand = 1000 / ACCOUNTS;
  const inTasks = Object.values(totals.cpuMs).reduce((sum, ms) => sum + ms, 0);
  console.log(
    `  ran in ${seconds(result.wallMs)} s; server CPU ${seconds(result.serverCpuMs)} s ` +
      `(${seconds(inTasks)} s inside the tasks), emulator ${seconds(result.emulatorCpuMs)} s` +
      (dialect === 'postgres' ? `, PostgreSQL ${seconds(result.postgresCpuMs)} s` : ''),
  );
  console.log('\n  | Task | Runs | Server CPU s per day per 1,000 accounts |');
  console.log('  | --- | --- | --- |');
  for (const [task, ms] of Object.entries(totals.cpuMs).sort((a, b) => b[1] - a[1])) {
    console.log(`  | ${task} | ${totals.runs[task]} | ${seconds(ms * perDay * perThousand)} |`);
  }
  const dayCpuMs = result.serverCpuMs * perDay;
  console.log(
    `\n  server CPU per 1,000 accounts per day: ${seconds(dayCpuMs * perThousand)} s; ` +
      `for ${ACCOUNTS} accounts ${((dayCpuMs / 86_400_000) * 100).toFixed(2)}% of one core, ` +
      `for 100,000 (scaled) ${((dayCpuMs / 86_400_000) * (100_000 / ACCOUNTS) * 100).toFixed(1)}%`,
  );
  if (dialect === 'postgres') {
    console.log(
      `  PostgreSQL CPU per 1,000 accounts per day: ` +
        `${seconds(result.postgresCpuMs * perDay * perThousand)} s`,
    );
  }
  console.log('\n  | Platform call | Per account per day |');
  console.log('  | --- | --- |');
  const calls = Object.entries(totals.calls).sort((a, b) => b[1] - a[1]);
  let all = 0;
  for (const [kind, count] of calls) {
    all += count;
    console.log(`  | ${kind} | ${((count * perDay) / ACCOUNTS).toFixed(2)} |`);
  }
  console.log(`  | all | ${((all * perDay) / ACCOUNTS).toFixed(2)} |`);
  console.log(
    `\n  comments made ${totals.commentsMade}, in the inbox at the end ${totals.commentsInInbox}` +
      `\n  longest wait of a due account read: ${seconds(totals.maxPollLatenessMs)} s ` +
      `(at the end: ${seconds(totals.pollLatenessAtEndMs)} s); ` +
      `server peak memory ${(totals.peakRssBytes / 2 ** 20).toFixed(0)} MiB`,
  );
}
