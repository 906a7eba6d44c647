/**
 * How many publishes per second one emulator process sustains: each publish is a real
 * `POST /{ig-user-id}/media` followed by `POST /{ig-user-id}/media_publish`, over HTTP
 * keep-alive, with several in flight. Media fetching is off and processing takes no time,
 * so the figures are the emulator's own overhead.
 *
 * The emulator runs in a child process, so `process.cpuUsage()` there measures its CPU
 * alone, not the load generator's.
 *
 * Run: pnpm exec tsx bench/emulator-publish.ts [publishes] [concurrency]
 *  or: pnpm bench emulator-publish
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
// Imported from source so the script runs without a build, with or without the
// `@reelay/source` condition.
import { startEmulator } from '../packages/emulator/src/index';

/** What one run measured. */
export interface PublishBenchResult {
  publishes: number;
  concurrency: number;
  seconds: number;
  publishesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Emulator CPU time (user + system) per publish, in microseconds. */
  emulatorCpuMicrosPerPublish: number;
}

type ChildMessage = { url: string } | { cpu: NodeJS.CpuUsage };

const ACCOUNTS = 8;
const WARMUP = 300;

/** Serves an emulator in this process and answers CPU-usage questions from the parent. */
async function serve(): Promise<void> {
  const emulator = await startEmulator({
    seed: 'bench',
    fetchMedia: false,
    containerProcessingMs: 0,
    videoProcessingMs: 0,
    quotaTotal: 1_000_000_000,
    containerLimit: 1_000_000_000,
  });
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() } satisfies ChildMessage);
    if (message === 'stop') void emulator.close().then(() => process.exit(0));
  });
  process.send?.({ url: emulator.url } satisfies ChildMessage);
}

function ask<T extends ChildMessage>(
  child: ChildProcess,
  question: string | undefined,
  pick: (m: ChildMessage) => T | undefined,
): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: ChildMessage) => {
      const answer = pick(message);
      if (answer === undefined) return;
      child.off('message', listener);
      resolve(answer);
    };
    child.on('message', listener);
    if (question !== undefined) child.send(question);
  });
}

// node:http with keep-alive costs the load generator less CPU per call than fetch, so the
// emulator, not the client, is what saturates.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function post(
  base: URL,
  path: string,
  token: string,
  form: Record<string, string>,
): Promise<string> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const id = res.statusCode === 200 ? (JSON.parse(text) as { id?: string }).id : undefined;
          if (id === undefined) reject(new Error(`unexpected answer ${res.statusCode}: ${text}`));
          else resolve(id);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function publishOnce(base: URL, token: string, n: number): Promise<number> {
  const started = performance.now();
  const creationId = await post(base, '/v21.0/me/media', token, {
    image_url: `https://cdn.example.com/bench/${n}.jpg`,
    caption: `Publicação ${n} #bench`,
  });
  await post(base, '/v21.0/me/media_publish', token, { creation_id: creationId });
  return performance.now() - started;
}

async function drive(
  base: URL,
  tokens: string[],
  total: number,
  concurrency: number,
): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const n = next++;
      latencies.push(await publishOnce(base, tokens[n % tokens.length]!, n));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/**
 * Measures `publishes` publishes with `concurrency` in flight against a fresh emulator
 * process, and prints the figures.
 *
 * @example
 * ```ts
 * const result = await run({ publishes: 5000, concurrency: 32 });
 * console.log(result.publishesPerSecond);
 * ```
 */
export async function run({
  publishes = 5000,
  concurrency = 32,
} = {}): Promise<PublishBenchResult> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const { url } = await ask(child, undefined, (m) => ('url' in m ? m : undefined));
    const tokens: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const account = await fetch(`${url}/_emulator/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: `bench_${i}` }),
      }).then((r) => r.json() as Promise<{ id: string }>);
      const token = await fetch(`${url}/_emulator/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ accountId: account.id }),
      }).then((r) => r.json() as Promise<{ access_token: string }>);
      tokens.push(token.access_token);
    }

    const base = new URL(url);
    await drive(base, tokens, WARMUP, concurrency);
    const cpuBefore = (await ask(child, 'cpu', (m) => ('cpu' in m ? m : undefined))).cpu;
    const started = performance.now();
    const latencies = await drive(base, tokens, publishes, concurrency);
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = (await ask(child, 'cpu', (m) => ('cpu' in m ? m : undefined))).cpu;

    const sorted = latencies.sort((a, b) => a - b);
    const cpuMicros = cpuAfter.user - cpuBefore.user + (cpuAfter.system - cpuBefore.system);
    const result: PublishBenchResult = {
      publishes,
      concurrency,
      seconds,
      publishesPerSecond: publishes / seconds,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      emulatorCpuMicrosPerPublish: cpuMicros / publishes,
    };
    console.log(
      `\nemulator: create container + media_publish, ${publishes} publishes, ${concurrency} in flight`,
    );
    console.table({
      'publishes/s': Math.round(result.publishesPerSecond).toLocaleString('en-US'),
      'p50 ms per publish': result.p50Ms.toFixed(2),
      'p99 ms per publish': result.p99Ms.toFixed(2),
      'emulator CPU µs per publish': result.emulatorCpuMicrosPerPublish.toFixed(1),
      'wall time s': result.seconds.toFixed(2),
    });
    return result;
  } finally {
    agent.destroy();
    child.send('stop');
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [publishes, concurrency] = process.argv.slice(2).map(Number);
  await run({
    ...(publishes ? { publishes } : {}),
    ...(concurrency ? { concurrency } : {}),
  });
}
