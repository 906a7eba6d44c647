/**
 * The `reelay` program, loaded by `bin.ts` once the Node version is known to be
 * supported. Waits for stdout and stderr to drain before exiting, so a large `--json`
 * answer is never cut when stdout is a pipe.
 */
import { main } from './cli';

const drained = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) =>
    stream.writableLength === 0 ? resolve() : stream.write('', () => resolve()),
  );

/**
 * Runs one command line and exits with its code.
 *
 * @example
 * ```ts
 * await runReelay(process.argv);
 * ```
 */
export async function runReelay(argv: string[]): Promise<never> {
  const code = await main(argv);
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit(code);
}
