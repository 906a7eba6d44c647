/**
 * Publishing punctuality and throughput, against the emulator in its own process:
 *
 * - `spread`: posts due at random moments of one minute;
 * - `burst`: posts due at one instant (900 over 10 accounts on SQLite; on PostgreSQL,
 *   three instances share the work, 10,000 over 100 accounts with `--full`);
 * - `limits`: 900 posts over 10 accounts due at one instant with the servers' default
 *   request limits, the emulator fetching every image from the server's public media
 *   route as Instagram does; it prints how many published and failed, and why.
 *
 * For each run: the lag from each post's `scheduledFor` to its `publishedAt` (p50, p99,
 * max; the moment Instagram published it as well), publishes per second, and how many
 * posts had their container made before their time (`--prepare`, 10 minutes ahead by
 * default, so a burst's containers are ready before its instant). Each run prints its
 * figures as soon as it ends; a summary table follows the last.
 *
 * Run: pnpm bench publishing [--scenario burst] [--dialect sqlite] [--latency 0] [--full]
 * (`--help` lists every option).
 */
import { postgresCpuMs, processesCpuMs } from './lib/process-cpu';
import { startFleet, type Fleet } from './lib/publishing-fleet';
import { publishingRuns, USAGE, type PublishingRun } from './lib/publishing-options';

const MINUTE = 60_000;
/** The shortest schedule the API accepts (spec §8), plus room for the clock. */
const MIN_AHEAD_MS = MINUTE + 5_000;
const CREATE_CONCURRENCY = 64;

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/** Requests go round robin over the project's keys: limits count per key. */
let requests = 0;
const keyOf = (fleet: Fleet) => fleet.keys[requests++ % fleet.keys.length]!;

async function runPool(count: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CREATE_CONCURRENCY }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** Creates posts, round robin over the instances (as a load balancer would) and accounts. */
async function createPosts(
  fleet: Fleet,
  count: number,
  caption: (index: number) => string,
  dueAt: (index: number) => number,
): Promise<void> {
  await runPool(count, async (index) => {
    const response = await fetch(`${fleet.urls[index % fleet.urls.length]}/v1/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-key': keyOf(fleet) },
      body: JSON.stringify({
        content: caption(index),
        mediaItems: [{ mediaId: fleet.mediaId }],
        platforms: [
          {
            platform: 'instagram',
            accountId: fleet.integrationIds[index % fleet.integrationIds.length],
          },
        ],
        scheduledFor: new Date(dueAt(index)).toISOString(),
      }),
    });
    if (response.status !== 201) {
      throw new Error(
        `post ${index}: ${response.status} ${await response.text()} (a longer --lead may help)`,
      );
    }
  });
}

async function count(fleet: Fleet, status: string): Promise<number> {
  const response = await fetch(`${fleet.urls[0]}/v1/posts?status=${status}&limit=1`, {
    headers: { 'x-access-key': keyOf(fleet) },
  });
  return ((await response.json()) as { total: number }).total;
}

interface PublishedPost {
  content: string;
  scheduledFor: string;
  publishedAt: string;
}

async function postsWithStatus<T>(fleet: Fleet, status: string): Promise<T[]> {
  const posts: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const response = await fetch(
      `${fleet.urls[0]}/v1/posts?status=${status}&limit=100&offset=${offset}`,
      { headers: { 'x-access-key': keyOf(fleet) } },
    );
    const page = (await response.json()) as { posts: T[] };
    posts.push(...page.posts);
    if (page.posts.length < 100) return posts;
  }
}

/** Failed publications by error code and message (`MEDIA_FETCH_FAILED: …`: 12). */
async function failuresByCode(fleet: Fleet): Promise<Record<string, number>> {
  const failed = await postsWithStatus<{
    platforms: Array<{ errorCode: string | null; errorMessage: string | null }>;
  }>(fleet, 'failed');
  const codes: Record<string, number> = {};
  for (const target of failed.flatMap((post) => post.platforms)) {
    const code = `${target.errorCode ?? 'none'}: ${target.errorMessage ?? ''}`;
    codes[code] = (codes[code] ?? 0) + 1;
  }
  return codes;
}

interface Result {
  run: PublishingRun;
  published: number;
  failed: number;
  /** Failed publications by error code. */
  failures: Record<string, number>;
  perSecond: number;
  lag: { p50: number; p99: number; max: number };
  platformP99: number;
  /** Posts whose container was made before their time. */
  preparedAhead: number;
  /** Platform calls from the first due time on, by kind (the emulator keeps the last 2,000). */
  callsAfterDue: Record<string, number>;
  /** Posts Instagram shows more than once (always 0: publishing is exactly once). */
  twice: number;
  /** CPU ms per publication of the servers, the emulator and PostgreSQL (NaN: not read). */
  cpuPerPost: { servers: number; emulator: number; postgres: number };
  seconds: number;
}

/** CPU used so far by the run's servers, its emulator and (on PostgreSQL) the database. */
function cpuNow(fleet: Fleet, run: PublishingRun) {
  return {
    servers: processesCpuMs(fleet.pids.servers),
    emulator: processesCpuMs([fleet.pids.emulator]),
    postgres: run.dialect === 'postgres' ? postgresCpuMs() : NaN,
  };
}

async function measure(run: PublishingRun): Promise<Result | null> {
  const started = Date.now();
  const fleet = await startFleet(run);
  if (!fleet) {
    console.log(`  ${run.dialect}: PostgreSQL not reachable (BENCH_POSTGRES_URL), skipped`);
    return null;
  }
  try {
    // How fast this machine accepts posts, timed on a twentieth of them (due in 30 days,
    // they stay scheduled): the due time leaves room for creating the rest at that pace.
    const probe = Math.min(run.posts, Math.max(50, Math.min(500, Math.round(run.posts / 20))));
    const probeStart = Date.now();
    await createPosts(
      fleet,
      probe,
      (i) => `sonda ${i}`,
      () => Date.now() + 30 * 24 * 60 * MINUTE,
    );
    const perPostMs = (Date.now() - probeStart) / probe;
    // Posts due within the preparation window start preparing as they are created, and
    // that work slows the creation of the others: more room then, and more again when the
    // platform downloads each image during its container's creation.
    const slowdown = run.prepareMinutes > 0 ? (run.defaultLimits ? 4 : 3) : 1.3;
    const lead = Math.max(
      (run.leadSeconds ?? 0) * 1000,
      MIN_AHEAD_MS + Math.ceil(perPostMs * run.posts * slowdown) + 5_000,
    );
    const dueStart = Date.now() + lead;
    const window = run.scenario === 'spread' ? MINUTE : 0;
    const dueAt = Array.from(
      { length: run.posts },
      () => dueStart + Math.floor(Math.random() * window),
    );
    const creationStart = Date.now();
    await createPosts(
      fleet,
      run.posts,
      (i) => `bench ${i}`,
      (i) => dueAt[i]!,
    );
    console.log(
      `  created ${run.posts} posts in ${((Date.now() - creationStart) / 1000).toFixed(1)} s; ` +
        `first due in ${((dueStart - Date.now()) / 1000).toFixed(0)} s`,
    );

    let published = 0;
    let failed = 0;
    let shown = 0;
    // CPU from just before the first due time to the last publication: preparation ahead
    // of time is left out, the work at the instant is all in.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueStart - 200 - Date.now())));
    const cpuBefore = cpuNow(fleet, run);
    const deadline = dueStart + window + 15 * MINUTE;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (Date.now() < dueStart) continue;
      [published, failed] = await Promise.all([count(fleet, 'published'), count(fleet, 'failed')]);
      if (published + failed >= run.posts) break;
      if (Date.now() - shown > 10_000) {
        console.log(`  … ${published}/${run.posts} published`);
        shown = Date.now();
      }
    }
    const cpuAfter = cpuNow(fleet, run);
    const posts = (await postsWithStatus<PublishedPost>(fleet, 'published')).filter((post) =>
      post.content.startsWith('bench '),
    );
    const failures = failed > 0 ? await failuresByCode(fleet) : {};
    const platform = (
      (await (await fetch(`${fleet.emulatorUrl}/_emulator/media`)).json()) as {
        data: Array<{ caption: string; publishedAtMs: number }>;
      }
    ).data.filter((media) => media.caption.startsWith('bench '));
    const lags = posts
      .map((post) => Date.parse(post.publishedAt) - Date.parse(post.scheduledFor))
      .sort((a, b) => a - b);
    const platformLags = platform
      .map((media) => media.publishedAtMs - dueAt[Number(media.caption.split(' ')[1])]!)
      .sort((a, b) => a - b);
    const containers = (
      (await (await fetch(`${fleet.emulatorUrl}/_emulator/containers`)).json()) as {
        data: Array<{ caption?: string; createdAt: string }>;
      }
    ).data.filter((container) => container.caption?.startsWith('bench '));
    // The emulator shows times to the second: made before the second of the post's time.
    const preparedAhead = new Set(
      containers
        .filter((container) => {
          const due = dueAt[Number(container.caption!.split(' ')[1])]!;
          return Date.parse(container.createdAt) < Math.floor(due / 1000) * 1000;
        })
        .map((container) => container.caption),
    ).size;
    const logged = (
      (await (await fetch(`${fleet.emulatorUrl}/_emulator/requests`)).json()) as {
        data: Array<{ method: string; path: string; at: number }>;
      }
    ).data;
    const callsAfterDue: Record<string, number> = {};
    for (const request of logged.filter((entry) => entry.at >= dueStart)) {
      const kind = request.path.endsWith('/media_publish')
        ? 'publish'
        : request.path.endsWith('/media')
          ? 'create'
          : request.method === 'GET'
            ? 'read'
            : 'other';
      callsAfterDue[kind] = (callsAfterDue[kind] ?? 0) + 1;
    }
    const captions = new Set(platform.map((media) => media.caption));
    const times = platform.map((media) => media.publishedAtMs);
    const first = Math.min(...times);
    const last = Math.max(...times);
    const span = run.scenario === 'spread' ? last - first : last - dueStart;
    return {
      run,
      published: posts.length,
      failed,
      failures,
      perSecond: platform.length / Math.max(0.001, span / 1000),
      lag: { p50: percentile(lags, 0.5), p99: percentile(lags, 0.99), max: lags.at(-1) ?? NaN },
      platformP99: percentile(platformLags, 0.99),
      preparedAhead,
      callsAfterDue,
      twice: platform.length - captions.size,
      cpuPerPost: {
        servers: (cpuAfter.servers - cpuBefore.servers) / platform.length,
        emulator: (cpuAfter.emulator - cpuBefore.emulator) / platform.length,
        postgres: (cpuAfter.postgres - cpuBefore.postgres) / platform.length,
      },
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await fleet.close();
  }
}

function row(result: Result) {
  const { run } = result;
  return {
    scenario:
      run.scenario === 'spread'
        ? 'due within 1 min'
        : run.scenario === 'burst'
          ? 'due at 1 instant'
          : 'due at 1 instant, default limits',
    database: run.dialect,
    instances: run.instances,
    'latency ms': run.latencyMs,
    posts: `${result.published}/${run.posts}${result.failed ? ` (${result.failed} failed)` : ''}`,
    accounts: run.accounts,
    'publishes/s': Math.round(result.perSecond),
    'lag p50 ms': Math.round(result.lag.p50),
    'lag p99 ms': Math.round(result.lag.p99),
    'lag max ms': Math.round(result.lag.max),
    'on Instagram p99 ms': Math.round(result.platformP99),
    'prepared ahead': `${result.preparedAhead}/${run.posts}`,
    'published twice': result.twice,
    'CPU ms/post: servers, emulator, db': [
      result.cpuPerPost.servers,
      result.cpuPerPost.emulator,
      result.cpuPerPost.postgres,
    ]
      .map((ms) => (Number.isNaN(ms) ? '—' : ms.toFixed(2)))
      .join(', '),
    // Publications per CPU-second of the servers: unlike the rate, this holds across
    // machines with different core counts and loads, so runs on two machines compare.
    'publications per server CPU-s': Number.isNaN(result.cpuPerPost.servers)
      ? '—'
      : Math.round(1000 / result.cpuPerPost.servers),
    'run s': Math.round(result.seconds),
  };
}

let runs: PublishingRun[] | 'help';
try {
  runs = publishingRuns(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
if (runs === 'help') {
  console.log(USAGE);
  process.exit(0);
}
const results: Result[] = [];
for (const [index, run] of runs.entries()) {
  console.log(
    `\n[${index + 1}/${runs.length}] ${run.scenario} on ${run.dialect}, ${run.instances} instance(s), ` +
      `${run.posts} posts over ${run.accounts} accounts, ${run.latencyMs} ms platform latency, ` +
      `worker concurrency ${run.concurrency}, containers prepared ${run.prepareMinutes} min ahead` +
      (run.defaultLimits
        ? ', default request limits, the platform fetching every image from the server'
        : ''),
  );
  const result = await measure(run);
  if (!result) continue;
  results.push(result);
  console.table([row(result)]);
  console.log(
    `  platform calls from the due time on: ${JSON.stringify(result.callsAfterDue)}` +
      (run.posts * 2 > 2000 ? ' (the emulator keeps the last 2,000)' : ''),
  );
  if (run.defaultLimits || result.failed > 0) {
    console.log(
      `  published ${result.published}, failed ${result.failed}` +
        (result.failed > 0 ? ` ${JSON.stringify(result.failures)}` : ''),
    );
  }
}
if (results.length > 1) {
  console.log('\npublishing: lag is scheduledFor → publishedAt');
  console.table(results.map(row));
}
