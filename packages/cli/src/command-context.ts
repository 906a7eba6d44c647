/**
 * What every command function receives besides its own arguments and options: the
 * global options (`--json`, `--context`, `--server`) and where to print.
 */
import type { Output } from './output';
import type { GlobalOptions } from './settings';

export interface CommandContext {
  readonly global: GlobalOptions;
  readonly out: Output;
}
