/**
 * Webhook delivery speed: deliveries per second and the latency from an event's creation
 * (its `createdAt`, written with the state change) to its arrival at a receiver, for
 * 10,000 events to one local `node:http` receiver that answers 204 at once.
 *
 * Two runs on one server (in its own process, production settings, default worker
 * concurrency): a paced run at `BENCH_RATE` events per second (default 1,000), where the
 * latency is what a customer sees under steady load; and a burst of the same count
 * written at once, which measures the most the dispatcher and the workers sustain.
 * Every delivery's signature is checked with node:crypto; duplicates are counted. The
 * burst's latencies are its queueing (the last of 10,000 waits for the 9,999 before it);
 * the paced run is the latency to quote.
 *
 * Run: pnpm bench webhook-delivery            (SQLite)
 *      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench pnpm bench webhook-delivery
 * Knobs: BENCH_EVENTS (default 10000), BENCH_RATE (default 1000).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const TICK_MS = 50;

interface Arrival {
  latencyMs: number;
  at: number;
}

let secret = '';
const arrivals = new Map<string, Arrival>();
let duplicates = 0;
let badSignatures = 0;
let waiter: { count: number; resolve(): void } | null = null;

const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const at = Date.now();
    const raw = Buffer.concat(chunks);
    const id = req.headers['x-service-event-id'] as string;
    const timestamp = req.headers['x-service-timestamp'] as string;
    const expected =
      'sha256=' + createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
    if (req.headers['x-service-signature'] !== expected) badSignatures += 1;
    if (arrivals.has(id)) duplicates += 1;
    else {
      const createdAt = Date.parse(JSON.parse(raw.toString('utf8')).createdAt);
      arrivals.set(id, { latencyMs: at - createdAt, at });
    }
    res.writeHead(204).end();
    if (waiter && arrivals.size >= waiter.count) {
      const done = waiter;
      waiter = null;
      done.resolve();
    }
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

const child: ChildProcess = fork(
  fileURLToPath(new URL('./fixtures/serve-webhooks.ts', import.meta.url)),
  [],
  { execArgv: process.execArgv, env: { ...process.env, BENCH_RECEIVER_URL: receiverUrl } },
);
const ready = await new Promise<{ secret: string }>((resolve, reject) => {
  child.once('message', (message) => resolve(message as { secret: string }));
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
secret = ready.secret;

function emit(count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { emitted?: number; error?: string }) => {
      child.off('message', onMessage);
      if (message.error) reject(new Error(message.error));
      else resolve();
    };
    child.on('message', onMessage);
    child.send({ emit: count });
  });
}

function arrived(count: number, timeoutMs = 120_000): Promise<void> {
  if (arrivals.size >= count) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`only ${arrivals.size} of ${count} deliveries arrived`)),
      timeoutMs,
    );
    waiter = {
      count,
      resolve: () => {
        clearTimeout(timer);
        resolve();
      },
    };
  });
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

async function run(name: string, paced: boolean) {
  const before = arrivals.size;
  const started = Date.now();
  if (paced) {
    const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
    for (let sent = 0; sent < EVENTS; sent += perTick) {
      const due = started + (sent / RATE) * 1000;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await emit(Math.min(perTick, EVENTS - sent));
    }
  } else {
    await emit(EVENTS);
  }
  await arrived(before + EVENTS);
  const mine = [...arrivals.values()].slice(before);
  const last = Math.max(...mine.map((item) => item.at));
  const latencies = mine.map((item) => item.latencyMs).sort((a, b) => a - b);
  return {
    run: name,
    events: mine.length,
    'deliveries/s': Math.round(mine.length / ((last - started) / 1000)),
    'p50 ms': percentile(latencies, 0.5),
    'p99 ms': percentile(latencies, 0.99),
    'max ms': latencies.at(-1),
  };
}

try {
  // Warm up the JIT, the pools and the connection to the receiver.
  await emit(500);
  await arrived(500);
  const rows = [await run(`paced, ${RATE}/s`, true), await run('burst, all at once', false)];
  console.log(
    `\nwebhook delivery: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${EVENTS} events per run, one local receiver`,
  );
  console.table(rows);
  console.log(`duplicates: ${duplicates}, bad signatures: ${badSignatures}`);
  if (duplicates > 0 || badSignatures > 0) process.exitCode = 1;
} finally {
  child.send({ stop: true });
  await new Promise((resolve) => child.once('exit', resolve));
  receiver.close();
}
