/**
 * Preloaded with `node --import` (through `NODE_OPTIONS`): records every module URL the
 * process resolves and writes them, as a JSON array, to the file named by
 * `RECORD_MODULES_TO` when the process exits. Lets a test see what a command really loads.
 */
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const target = process.env.RECORD_MODULES_TO;
if (target) {
  const resolved = new Set<string>();
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const result = nextResolve(specifier, context);
      resolved.add(result.url);
      return result;
    },
  });
  process.on('exit', () => writeFileSync(target, JSON.stringify([...resolved])));
}
