/**
 * How long `reelay` takes to start: wall time of whole processes, from spawn to exit, for
 * `--help` and `--version` (commander and the command table only: every command module
 * is loaded lazily), for a command that loads conf (`config list`), and for one that also
 * loads the SDK (`posts list` without credentials, which stops at exit 3 before any
 * request). A bare `node -e ""` is the floor no Node program can go under.
 *
 * Uses the built binary: run `pnpm --filter @reelay/cli build` first.
 *
 * Run: pnpm bench cli-startup   (or: pnpm exec tsx bench/cli-startup.ts [runs])
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url));
const runs = Number(process.argv[2] ?? 30);

if (!existsSync(BIN)) {
  console.error(`${BIN} is missing: run pnpm --filter @reelay/cli build`);
  process.exit(1);
}

const configDir = mkdtempSync(join(tmpdir(), 'reelay-cli-bench-'));
const env = { PATH: process.env.PATH ?? '', HOME: configDir, REELAY_CONFIG_DIR: configDir };

const CASES: Array<{ name: string; args: string[]; expectedCode: number }> = [
  { name: 'node -e "" (floor)', args: ['-e', ''], expectedCode: 0 },
  { name: 'reelay --version', args: [BIN, '--version'], expectedCode: 0 },
  { name: 'reelay --help', args: [BIN, '--help'], expectedCode: 0 },
  {
    name: 'reelay posts schedule --help',
    args: [BIN, 'posts', 'schedule', '--help'],
    expectedCode: 0,
  },
  { name: 'reelay config list (conf)', args: [BIN, 'config', 'list'], expectedCode: 0 },
  { name: 'reelay posts list (conf + SDK, exit 3)', args: [BIN, 'posts', 'list'], expectedCode: 3 },
];

function timeOnce(args: string[], expectedCode: number): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { env, stdio: 'ignore' });
  const elapsed = performance.now() - start;
  if (result.status !== expectedCode) {
    throw new Error(`${args.join(' ')} exited ${result.status}, expected ${expectedCode}`);
  }
  return elapsed;
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;

console.log(`reelay start-up, ${runs} runs each after 3 warm-up runs (node ${process.version})`);
const rows = CASES.map(({ name, args, expectedCode }) => {
  for (let i = 0; i < 3; i++) timeOnce(args, expectedCode);
  const samples = Array.from({ length: runs }, () => timeOnce(args, expectedCode)).sort(
    (a, b) => a - b,
  );
  return {
    command: name,
    'median ms': Number(percentile(samples, 0.5).toFixed(1)),
    'p90 ms': Number(percentile(samples, 0.9).toFixed(1)),
    'min ms': Number(samples[0]!.toFixed(1)),
  };
});
console.table(rows);
rmSync(configDir, { recursive: true, force: true });
