/**
 * The options of `reelay` itself, and the action of a local command: its module is
 * imported only when it runs.
 */
import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import type { CommandContext } from './command-context';
import { LANGUAGES, t } from './i18n';
import { createOutput } from './output';
import type { GlobalOptions } from './settings';

/** Declares the options of `reelay` itself, which every command accepts. */
export function withProgramOptions(program: Command) {
  return program
    .option('--json', t('help.json'))
    .option(`--context <${t('placeholder.name')}>`, t('help.context'))
    .option('--server <url>', t('help.server'))
    .addOption(
      new Option(`--lang <${t('placeholder.language')}>`, t('language.flag')).choices(LANGUAGES),
    );
}

/** The values of those options, as every command reads them through `optsWithGlobals`. */
export type ProgramOptions = ReturnType<ReturnType<typeof withProgramOptions>['opts']>;

/**
 * Wraps a lazily loaded local command: the module is imported when it runs, then `call`
 * gets it with the command's positional arguments and options, typed from the command's
 * own declarations, and a {@link CommandContext}.
 *
 * @example
 * ```ts
 * config
 *   .command('get')
 *   .argument('[key]')
 *   .action(lazy(() => import('./commands/config'), (m, { args: [key], ctx }) => m.configGet(key, ctx)));
 * ```
 */
export function lazy<M, Args extends unknown[], Opts extends OptionValues>(
  load: () => Promise<M>,
  call: (module: M, input: { args: Args; options: Opts; ctx: CommandContext }) => Promise<void>,
) {
  return async function action(this: Command<Args, Opts, ProgramOptions>): Promise<void> {
    const all = this.optsWithGlobals();
    const global: GlobalOptions = {
      json: all.json === true,
      ...(all.context !== undefined ? { context: all.context } : {}),
      ...(all.server !== undefined ? { server: all.server } : {}),
    };
    const ctx: CommandContext = { global, out: createOutput({ json: global.json === true }) };
    await call(await load(), { args: this.processedArgs, options: this.opts(), ctx });
  };
}
