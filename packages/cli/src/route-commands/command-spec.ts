/**
 * The shape of the command table (`route-commands.ts`): a command's words, arguments,
 * options and action.
 */
import type { OptionValues } from '@commander-js/extra-typings';
import type { RouteId } from '@reelay/core';
import type { CommandContext } from '../command-context';
import type { MessageKey } from '../i18n';

/**
 * A value placeholder: a catalogue key under `placeholder.` (`placeholder.when` →
 * `<when>` in English, `<quando>` in Portuguese), or a literal (`n`, `id`, `url`).
 */
export type Placeholder = string;

/** One positional argument. */
export interface ArgumentSpec {
  readonly value: Placeholder;
  readonly help: MessageKey;
  readonly optional?: boolean;
  /** The route field it fills: the field's choices are the only values accepted. */
  readonly field?: string;
}

/** One option of a command. */
export interface OptionSpec {
  /** `--limit`, `-m, --media`, `--no-open`. */
  readonly flags: string;
  /** The value it takes; a switch takes none. */
  readonly value?: Placeholder;
  /** Catalogue keys, joined: `['help.atNow', 'help.atFormats']`. */
  readonly help: MessageKey | readonly MessageKey[];
  /**
   * The route field it fills: its schema gives the choices offered and the bounds and
   * default of a number. Nested fields by path (`platforms[].options.kind`).
   */
  readonly field?: string;
  /** The route whose field it is, when not the command's own (`slots next --count`). */
  readonly route?: RouteId;
  /** Offers only these of the field's choices (`--sort`: not the aliases). */
  readonly only?: readonly string[];
  /** Names the field's choices in the help text under this name, instead of checking them. */
  readonly choicesInHelp?: string;
  /** May be given more than once; the values are collected in order. */
  readonly repeat?: boolean;
  readonly required?: boolean;
  readonly hidden?: boolean;
}

/** Calls the command's function, importing its module when it runs. */
export type CommandRun = (
  args: readonly string[],
  options: OptionValues,
  ctx: CommandContext,
) => Promise<void>;

/** One command: its words under `reelay`, help, arguments, options and action. */
export interface CommandSpec {
  /** `posts list`; a group's description comes from `GROUP_HELP`. */
  readonly name: string;
  readonly help: MessageKey;
  readonly arguments?: readonly ArgumentSpec[];
  readonly options?: readonly OptionSpec[];
  readonly run: CommandRun;
}
