/**
 * The runs `pnpm bench publishing` makes, from its command line: which scenarios, on
 * which databases, with how much platform latency, at which sizes.
 */
import { parseArgs } from 'node:util';

/**
 * `limits` is a burst with the servers' default request limits and the platform fetching
 * every image from them: what counts is that every post publishes, not the lag.
 */
export type Scenario = 'spread' | 'burst' | 'limits';
export type Dialect = 'sqlite' | 'postgres';

/** One run: a fresh database, emulator and server instances, measured end to end. */
export interface PublishingRun {
  scenario: Scenario;
  dialect: Dialect;
  /** Added to every platform call by the emulator. */
  latencyMs: number;
  instances: number;
  posts: number;
  /** Connected accounts the posts are spread over, round robin. */
  accounts: number;
  /** Worker concurrency of each instance. */
  concurrency: number;
  /** Seconds from the start of post creation to the first due time; `null`: computed. */
  leadSeconds: number | null;
  /** Minutes before their time scheduled posts prepare their containers (0: not ahead). */
  prepareMinutes: number;
  /** The servers' default request limits, and the platform fetching every image. */
  defaultLimits: boolean;
}

/** Posts and accounts per run: scaled down by default, the reference sizes with `--full`. */
const SIZES: Record<
  Scenario,
  Record<Dialect, { scaled: [number, number]; full: [number, number] }>
> = {
  // Due at random moments of one minute.
  spread: {
    sqlite: { scaled: [1_000, 10], full: [10_000, 100] },
    postgres: { scaled: [1_000, 10], full: [10_000, 100] },
  },
  // Due at one instant: 900 posts over 10 accounts on one SQLite instance; 10,000 over
  // 100 accounts on three instances sharing PostgreSQL.
  burst: {
    sqlite: { scaled: [900, 10], full: [900, 10] },
    postgres: { scaled: [2_000, 20], full: [10_000, 100] },
  },
  // A burst at one instant with the default request limits: 900 posts over 10 accounts.
  limits: {
    sqlite: { scaled: [900, 10], full: [900, 10] },
    postgres: { scaled: [900, 10], full: [900, 10] },
  },
};

export const USAGE = `pnpm bench publishing [options]

  --scenario spread|burst|limits
                            posts due within one minute, or all at one instant, or all at
                            one instant with the servers' default request limits and the
                            platform fetching every image from them (default: all three;
                            limits runs at the first --latency only)
  --dialect sqlite|postgres database (default: both; PostgreSQL is skipped when unreachable)
  --latency <ms>            added to every platform call (default: 0,100)
  --instances <n>           server instances (default: 1 on SQLite, 3 on PostgreSQL)
  --posts <n>               posts per run (default: scaled down, see --full)
  --accounts <n>            connected accounts the posts are spread over
  --full                    reference sizes: spread 10,000 posts over 100 accounts; burst
                            900 over 10 on SQLite, 10,000 over 100 on PostgreSQL; limits
                            900 over 10
  --concurrency <n>         worker concurrency of each instance (default: 256)
  --lead <s>                seconds from the start of post creation to the first due time
                            (default: 60 s, the shortest schedule, plus the creation time)
  --prepare <min>           minutes before their time posts prepare their containers, as
                            REELAY_PREPARE_AHEAD_MINUTES (default: 10; 0 prepares nothing)

Lists take commas: --latency 0,100. Environment: BENCH_POSTGRES_URL (default
postgres://postgres@127.0.0.1:5432/test).`;

function list<T extends string>(
  values: string[] | undefined,
  allowed: readonly T[],
  flag: string,
): T[] {
  const items = (values ?? []).flatMap((value) => value.split(',')).filter(Boolean);
  for (const item of items) {
    if (!allowed.includes(item as T))
      throw new Error(`--${flag}: ${item} is not one of ${allowed.join(', ')}`);
  }
  return items.length > 0 ? [...new Set(items as T[])] : [...allowed];
}

/** A whole-number option at least `min`, or `undefined` when absent; a bad one throws. */
export function whole(value: string | undefined, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min)
    throw new Error(`--${flag}: use a whole number ≥ ${min}`);
  return Number(value);
}

/**
 * The runs a command line asks for, in order: dialect, then scenario, then latency.
 *
 * @example
 * ```ts
 * publishingRuns(['--scenario', 'burst', '--dialect', 'sqlite', '--latency', '0']);
 * // [{ scenario: 'burst', dialect: 'sqlite', latencyMs: 0, instances: 1, posts: 900, accounts: 10, … }]
 * ```
 */
export function publishingRuns(args: string[]): PublishingRun[] | 'help' {
  const { values } = parseArgs({
    args,
    options: {
      scenario: { type: 'string', multiple: true },
      dialect: { type: 'string', multiple: true },
      latency: { type: 'string', multiple: true },
      instances: { type: 'string' },
      posts: { type: 'string' },
      accounts: { type: 'string' },
      full: { type: 'boolean', default: false },
      concurrency: { type: 'string' },
      lead: { type: 'string' },
      prepare: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return 'help';
  const scenarios = list(values.scenario, ['spread', 'burst', 'limits'] as const, 'scenario');
  const dialects = list(values.dialect, ['sqlite', 'postgres'] as const, 'dialect');
  const latencies = (values.latency ?? ['0,100'])
    .flatMap((value) => value.split(','))
    .map((value) => whole(value, 'latency', 0)!);
  const instances = whole(values.instances, 'instances', 1);
  if (instances !== undefined && instances > 1 && dialects.includes('sqlite')) {
    throw new Error('--instances: SQLite serves one instance; add --dialect postgres');
  }
  const posts = whole(values.posts, 'posts', 1);
  const accounts = whole(values.accounts, 'accounts', 1);
  const concurrency = whole(values.concurrency, 'concurrency', 1) ?? 256;
  const leadSeconds = whole(values.lead, 'lead', 61) ?? null;
  const prepareMinutes = whole(values.prepare, 'prepare', 0) ?? 10;
  const runs: PublishingRun[] = [];
  for (const dialect of dialects) {
    for (const scenario of scenarios) {
      const [scaledPosts, scaledAccounts] =
        SIZES[scenario][dialect][values.full ? 'full' : 'scaled'];
      // Refusals do not depend on the platform's latency: one run is enough.
      for (const latencyMs of scenario === 'limits' ? latencies.slice(0, 1) : latencies) {
        runs.push({
          scenario,
          dialect,
          latencyMs,
          instances: instances ?? (dialect === 'postgres' ? 3 : 1),
          posts: posts ?? scaledPosts,
          accounts: Math.min(accounts ?? scaledAccounts, posts ?? scaledPosts),
          concurrency,
          leadSeconds,
          prepareMinutes,
          defaultLimits: scenario === 'limits',
        });
      }
    }
  }
  return runs;
}
