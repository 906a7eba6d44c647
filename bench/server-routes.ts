/**
 * Requests per second and latency of `GET /v1/profiles`, `GET /v1/connect/integrations`
 * and `GET /v1/posts?limit=20` (20 rows each, API key auth, rate limiting on), each beside
 * two baselines in the same run: a bare Polka route answering the very same body, and the
 * floor, the same work written by hand (fixtures/serve-floor.ts: same database, same
 * statements, same headers, same body, checked equal before measuring). Each runs in its
 * own process; the load comes from this one.
 *
 * Run: pnpm bench server-routes            (SQLite)
 *      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench server-routes
 *      (each run creates a database of its own beside the one named, and drops it)
 * Knobs: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_ROUNDS (default 2).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freshDatabase } from './lib/fresh-database';
import { processesCpuMs } from './lib/process-cpu';
import { stopChild } from './lib/stop-child';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function start(
  script: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ready: { url: string; key?: string; sqliteFile?: string } }> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL(script, import.meta.url))],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return { child, ready: JSON.parse(line) };
}

/**
 * Loads one route of one process for the round's seconds. Besides the rate, the CPU the
 * process spent per answer (Linux `/proc`): the load generator shares the cores with
 * what it measures, so the rate depends on how the machine schedules three processes,
 * while CPU per answer is the process's own cost.
 */
async function load(name: string, url: string, pid: number, headers: Record<string, string> = {}) {
  const cpuBefore = processesCpuMs([pid]);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpuMs = processesCpuMs([pid]) - cpuBefore;
  const ok = result['2xx'];
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    cpuMs,
    answers: result.requests.total,
  };
}

const ROUTES = ['/v1/profiles', '/v1/connect/integrations', '/v1/posts?limit=20'];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
// On PostgreSQL, a database of this run's own beside the one named: an earlier run's
// rows would change what is measured, and its encryption key would stop the server.
const postgresUrl = process.env.BENCH_DATABASE_URL;
const database = postgresUrl ? await freshDatabase('postgres', postgresUrl) : null;
if (postgresUrl && !database) throw new Error(`PostgreSQL is not reachable at ${postgresUrl}`);
const databaseEnv: Record<string, string> = database ? { BENCH_DATABASE_URL: database.url } : {};
const server = await start('./fixtures/serve-reelay.ts', databaseEnv);
const key = { 'x-access-key': server.ready.key! };
const bodies: Record<string, string> = {};
for (const path of ROUTES)
  bodies[path] = await (await fetch(`${server.ready.url}${path}`, { headers: key })).text();
const bare = await start('./fixtures/serve-bare.ts', { BENCH_BODIES: JSON.stringify(bodies) });
const floor = await start('./fixtures/serve-floor.ts', {
  ...databaseEnv,
  BENCH_SQLITE_FILE: server.ready.sqliteFile ?? '',
  BENCH_PUBLIC_URL: server.ready.url,
});
try {
  // The floor must answer exactly what Reelay answers, or the comparison means nothing.
  // Same headers too: the same names, and the same values but for those that change
  // with every answer (date, request id, remaining allowance).
  const headersOf = async (url: string) => {
    const shown = new Map((await fetch(url, { headers: key })).headers);
    for (const name of ['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset'])
      if (shown.has(name)) shown.set(name, '…');
    return JSON.stringify([...shown].sort());
  };
  for (const path of ROUTES) {
    const [ours, floors] = [
      await headersOf(`${server.ready.url}${path}`),
      await headersOf(`${floor.ready.url}${path}`),
    ];
    if (ours !== floors)
      throw new Error(`the floor's headers differ on ${path}:
floor:  ${floors}
reelay: ${ours}`);
    const answer = await (await fetch(`${floor.ready.url}${path}`, { headers: key })).text();
    if (answer !== bodies[path]) {
      let at = 0;
      while (answer[at] === bodies[path]![at]) at++;
      throw new Error(
        `the floor answers ${path} differently from character ${at}:\n` +
          `floor:  …${answer.slice(Math.max(0, at - 80), at + 80)}\nreelay: …${bodies[path]!.slice(Math.max(0, at - 80), at + 80)}`,
      );
    }
  }
  // Warm all three up before measuring.
  for (const path of ROUTES) {
    await autocannon({ url: `${bare.ready.url}${path}`, connections, duration: 2 });
    await autocannon({ url: `${floor.ready.url}${path}`, connections, duration: 2, headers: key });
    await autocannon({ url: `${server.ready.url}${path}`, connections, duration: 2, headers: key });
  }
  // Rounds alternate floor and Reelay, each going first every other round, so a busy
  // moment of the machine, or whatever the one before leaves behind, hits both alike.
  const rows = [];
  for (const path of ROUTES) {
    const sums = { bare: 0, floor: 0, reelay: 0 };
    const cpu = {
      bare: { ms: 0, answers: 0 },
      floor: { ms: 0, answers: 0 },
      reelay: { ms: 0, answers: 0 },
    };
    let last: Record<keyof typeof sums, Awaited<ReturnType<typeof load>>> | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const bareRun = await load(
        `bare Polka, same body as ${path}`,
        `${bare.ready.url}${path}`,
        bare.child.pid!,
      );
      const floorRun = () =>
        load(`same work by hand: ${path}`, `${floor.ready.url}${path}`, floor.child.pid!, key);
      const reelayRun = () =>
        load(`GET ${path}`, `${server.ready.url}${path}`, server.child.pid!, key);
      let floorResult;
      let reelayResult;
      if (round % 2 === 0) {
        floorResult = await floorRun();
        reelayResult = await reelayRun();
      } else {
        reelayResult = await reelayRun();
        floorResult = await floorRun();
      }
      const measured = { bare: bareRun, floor: floorResult, reelay: reelayResult };
      for (const name of ['bare', 'floor', 'reelay'] as const) {
        sums[name] += measured[name].requestsPerSecond;
        cpu[name].ms += measured[name].cpuMs;
        cpu[name].answers += measured[name].answers;
      }
      last = measured;
    }
    const perAnswer = (name: keyof typeof cpu) => cpu[name].ms / cpu[name].answers;
    for (const name of ['bare', 'floor', 'reelay'] as const) {
      rows.push({
        ...last![name],
        requestsPerSecond: sums[name] / ROUNDS,
        vsBare: sums[name] / sums.bare,
        vsFloor: sums[name] / sums.floor,
        cpuPerAnswerMs: perAnswer(name),
        // Answers per CPU-second against the floor's: 1 is the floor's efficiency.
        cpuVsFloor: perAnswer('floor') / perAnswer(name),
      });
    }
  }
  console.log(
    `\nserver routes: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${connections} connections, ${ROUNDS} alternating rounds of ${seconds} s`,
  );
  console.table(
    rows.map((row) => ({
      route: row.name,
      'req/s': Math.round(row.requestsPerSecond),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'vs bare': `${Math.round(row.vsBare * 100)}%`,
      'vs floor': `${Math.round(row.vsFloor * 100)}%`,
      'CPU µs/answer': Number.isNaN(row.cpuPerAnswerMs)
        ? '—'
        : Math.round(row.cpuPerAnswerMs * 1000),
      'answers per CPU-s vs floor': Number.isNaN(row.cpuVsFloor)
        ? '—'
        : `${Math.round(row.cpuVsFloor * 100)}%`,
    })),
  );
} finally {
  await Promise.all([bare.child, floor.child, server.child].map(stopChild));
  await database?.drop();
}
