#!/usr/bin/env node
/**
 * The `reelay` executable. Waits for stdout and stderr to drain before exiting, so a
 * large `--json` answer is never cut when stdout is a pipe.
 */
import { main } from './cli';

const code = await main(process.argv);
const drained = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) =>
    stream.writableLength === 0 ? resolve() : stream.write('', () => resolve()),
  );
await Promise.all([drained(process.stdout), drained(process.stderr)]);
process.exit(code);
