/**
 * `@reelay/cli`: the `reelay` command. The package is meant to be run (`reelay --help`);
 * these exports are for embedding it and for the pieces other tools may want.
 *
 * @example
 * ```ts
 * import { main, EXIT_CODES } from '@reelay/cli';
 * const code = await main(['node', 'reelay', 'posts', 'list', '--json']);
 * if (code === EXIT_CODES.auth) console.error('faça login');
 * ```
 */
import type { Command } from '@commander-js/extra-typings';
import { buildProgram as buildProgramFrom } from './cli';

export { main } from './cli';

/**
 * The `reelay` program with every command, ready to parse arguments.
 *
 * @example
 * ```ts
 * await buildProgram().parseAsync(['node', 'reelay', 'posts', 'list', '--json']);
 * ```
 */
export function buildProgram(): Command {
  return buildProgramFrom();
}
export { EXIT_CODES, exitCodeFor, type ExitCode } from './exit-codes';
export { CliError, type CliErrorKind } from './cli-error';
export { parseScheduleTime, zonedTimeToInstant, type WallClock } from './schedule-time';
export { parseCsv, type CsvTable, type CsvRecord } from './csv';
