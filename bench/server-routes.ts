/**
 * Requests per second and latency of `GET /v1/profiles` and `GET /v1/connect/integrations`
 * (20 rows each, API key auth, rate limiting on), each beside a bare Polka route that
 * answers the very same body, in the same run. The server and the baseline each run in
 * their own process; the load comes from this one.
 *
 * Run: pnpm bench server-routes            (SQLite)
 *      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test pnpm bench server-routes
 * Knobs: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function start(
  script: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ready: { url: string; key?: string } }> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL(script, import.meta.url))],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return { child, ready: JSON.parse(line) };
}

async function load(name: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
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
  };
}

const ROUTES = ['/v1/profiles', '/v1/connect/integrations'];
const server = await start('./fixtures/serve-reelay.ts');
const key = { 'x-access-key': server.ready.key! };
const bodies: Record<string, string> = {};
for (const path of ROUTES)
  bodies[path] = await (await fetch(`${server.ready.url}${path}`, { headers: key })).text();
const bare = await start('./fixtures/serve-bare.ts', { BENCH_BODIES: JSON.stringify(bodies) });
try {
  // Warm both up before measuring.
  for (const path of ROUTES) {
    await autocannon({ url: `${bare.ready.url}${path}`, connections, duration: 2 });
    await autocannon({ url: `${server.ready.url}${path}`, connections, duration: 2, headers: key });
  }
  const rows = [];
  for (const path of ROUTES) {
    const baseline = await load(`bare Polka, same body as ${path}`, `${bare.ready.url}${path}`);
    const reelay = await load(`GET ${path}`, `${server.ready.url}${path}`, key);
    rows.push(
      { ...baseline, ratio: 1 },
      { ...reelay, ratio: reelay.requestsPerSecond / baseline.requestsPerSecond },
    );
  }
  console.log(
    `\nserver routes: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${connections} connections, ${seconds} s each`,
  );
  console.table(
    rows.map((row) => ({
      route: row.name,
      'req/s': Math.round(row.requestsPerSecond),
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'vs bare': `${Math.round(row.ratio * 100)}%`,
    })),
  );
} finally {
  bare.child.kill('SIGTERM');
  server.child.kill('SIGTERM');
}
