/**
 * The `reelay-emulator` program, loaded by `cli.ts` once the Node version is known to be
 * supported: starts the emulator and prints its URL; stops on Ctrl-C or SIGTERM.
 * Exit codes: 0 after a clean stop or `--help`, 2 for bad arguments, 1 when it cannot start.
 */
import { CLI_USAGE, parseCliArgs, type CliRequest } from './cli-options';
import { startEmulator } from './start-emulator';

async function main(): Promise<number> {
  let request: CliRequest;
  try {
    request = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`reelay-emulator: ${(error as Error).message}\n\n${CLI_USAGE}`);
    return 2;
  }
  if (request.help) {
    process.stdout.write(CLI_USAGE);
    return 0;
  }
  const emulator = await startEmulator(request.options);
  process.stdout.write(`Reelay Instagram emulator listening on ${emulator.url}\n`);
  process.stdout.write(
    `Control API: ${emulator.url}/_emulator (app id ${emulator.config.appId})\n`,
  );
  process.stdout.write(
    `Facebook Login: ${emulator.url}/facebook (app id ${emulator.config.facebookAppId})\n`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await emulator.close();
  return 0;
}

/**
 * Runs the emulator command line and exits with its code.
 *
 * @example
 * ```ts
 * const { runCli } = await import('./run-cli');
 * runCli();
 * ```
 */
export function runCli(): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`reelay-emulator: ${(error as Error).message}\n`);
      process.exit(1);
    },
  );
}
