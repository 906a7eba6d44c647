/**
 * Runs the benchmark scripts of this folder one after another, each in its own process
 * so none warms the JIT or heap for the next. `pnpm bench` runs them all; `pnpm bench
 * <name>…` runs those whose file name contains one of the names. Options from the first
 * one starting with `-` go to the scripts: `pnpm bench publishing --scenario burst`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const firstOption = args.findIndex((arg) => arg.startsWith('-'));
const filters = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const scripts = readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();

if (scripts.length === 0) {
  console.error(`no benchmark matches: ${filters.join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const result = spawnSync(
    process.execPath,
    [...process.execArgv, join(here, script), ...options],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
