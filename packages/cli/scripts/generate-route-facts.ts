/**
 * Writes `src/generated/route-facts.json`, the facts the CLI's flags are built from, from
 * the contract's zod schemas.
 *
 * Run: pnpm --filter @reelay/cli generate          (writes the file)
 *      pnpm --filter @reelay/cli generate --check  (fails when it is stale)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routes } from '@reelay/core';
import { format, resolveConfig } from 'prettier';
import { ROUTE_COMMANDS } from '../src/route-commands';
import { renderRouteFacts } from '../src/route-projection';

const FILE = fileURLToPath(new URL('../src/generated/route-facts.json', import.meta.url));
const config = (await resolveConfig(FILE)) ?? {};
const text = await format(renderRouteFacts(routes, ROUTE_COMMANDS), { ...config, parser: 'json' });
const current = (() => {
  try {
    return readFileSync(FILE, 'utf8');
  } catch {
    return '';
  }
})();
if (process.argv.includes('--check')) {
  if (current !== text) {
    console.error(
      'src/generated/route-facts.json is stale\nrun: pnpm --filter @reelay/cli generate',
    );
    process.exit(1);
  }
  console.log('src/generated/route-facts.json is up to date');
} else if (current !== text) {
  writeFileSync(FILE, text);
  console.log('wrote src/generated/route-facts.json');
} else console.log('src/generated/route-facts.json was already up to date');
