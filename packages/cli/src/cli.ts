/**
 * The `reelay` program: its own options, the commands of the contract's routes (built from
 * the command table and the routes' schemas, `route-program.ts`), and the commands that
 * call no route (configuration, local servers, the webhook receiver, completion). Each
 * action imports its command module only when it runs, so `reelay --help` loads commander,
 * the tables and the catalogues, and nothing else (no SDK, no conf, no server). Errors
 * from any command end in `main`, which prints them once and picks the exit code
 * (`exit-codes.ts`).
 */
import { Command, CommanderError } from '@commander-js/extra-typings';
import packageJson from '../package.json' with { type: 'json' };
import { CliError } from './cli-error';
import { translateCommanderMessage } from './commander-messages';
import { findUnknownCommand } from './command-suggestion';
import { COMMAND_ROUTES } from './command-routes';
import { EXIT_CODES, exitCodeFor } from './exit-codes';
import { emulatorOptionHelp } from './emulator-help';
import { chooseLanguage, langFlag, setLanguage, t, type MessageKey } from './i18n';
import { lazy, withProgramOptions } from './lazy-action';
import { configuredLanguage } from './config-store';
import { reportError } from './report-error';
import { GROUP_HELP, ROUTE_COMMANDS, type CommandSpec } from './route-commands';
import { ROUTE_FACTS, type RouteFacts } from './route-facts';
import { addRouteCommands } from './route-program';

export { translateCommanderMessage };

const collect = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  value,
];

/** Commander's own headings, as they reach `styleTitle`, and their catalogue keys. */
const TITLES: Record<string, MessageKey> = {
  'Usage:': 'helpTitles.usage',
  'Options:': 'helpTitles.options',
  'Commands:': 'helpTitles.commands',
  'Arguments:': 'helpTitles.arguments',
  'Global Options:': 'helpTitles.globalOptions',
};

/** What {@link buildProgram} builds the route commands from; the contract's by default. */
export interface ProgramTables {
  readonly facts?: Readonly<Record<string, RouteFacts>>;
  readonly commands?: Readonly<Record<string, readonly CommandSpec[] | undefined>>;
}

/** Routes some command reaches or that are left out on purpose (`command-routes.ts`). */
const COVERED = new Set(Object.keys(COMMAND_ROUTES));

/** The top-level commands in the order `reelay --help` lists them; others follow. */
const TOP_LEVEL = ['login', 'signup', 'logout', 'whoami', 'status', 'openapi', 'config'];

/**
 * Declares the whole command tree: the route commands from the tables (the contract's
 * unless others are given), then the local ones.
 *
 * @example
 * ```ts
 * await buildProgram().parseAsync(['node', 'reelay', 'posts', 'list', '--json']);
 * ```
 */
export function buildProgram(tables: ProgramTables = {}): Command {
  // One chain, so the subcommands inherit the type of the program's options.
  const program = withProgramOptions(
    new Command('reelay')
      .description(t('help.program'))
      .version(packageJson.version, '-v, --version', t('help.version'))
      .helpOption('-h, --help', t('help.help'))
      .helpCommand(`help [${t('placeholder.command')}]`, t('help.helpCommand')),
  )
    .configureHelp({
      showGlobalOptions: true,
      styleTitle: (title: string) => (TITLES[title] ? t(TITLES[title]) : title),
      // Commander writes these few words itself; the rest of the help is ours.
      styleUsage: (usage: string) =>
        usage
          .replace('[options]', t('helpTitles.optionsWord'))
          .replace('[command]', t('helpTitles.commandWord')),
      styleSubcommandTerm: (term: string) => term.replace('[options]', t('helpTitles.optionsWord')),
      styleOptionDescription: (text: string) => text.replace('(choices: ', t('helpTitles.choices')),
    })
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .addHelpText('after', `\n${t('help.epilog')}`);

  addRouteCommands(program as unknown as Command, {
    facts: tables.facts ?? ROUTE_FACTS,
    commands: tables.commands ?? ROUTE_COMMANDS,
    groups: GROUP_HELP,
    covered: COVERED,
  });

  // ---------------------------------------------------------------- configuration
  const config = program.command('config').description(t('help.config'));
  config
    .command('set')
    .description(t('help.configSet'))
    .argument(`<${t('placeholder.key')}>`, t('help.configKey'))
    .argument(`[${t('placeholder.value')}]`, t('help.configValue'))
    .action(
      lazy(
        () => import('./commands/config'),
        (m, { args: [key, value], ctx }) => m.configSet(key, value, ctx),
      ),
    );
  config
    .command('get')
    .description(t('help.configGet'))
    .argument(`[${t('placeholder.key')}]`, t('help.configKey'))
    .action(
      lazy(
        () => import('./commands/config'),
        (m, { args: [key], ctx }) => m.configGet(key, ctx),
      ),
    );
  config
    .command('list')
    .description(t('help.configList'))
    .action(
      lazy(
        () => import('./commands/config'),
        (m, { ctx }) => m.configList(ctx),
      ),
    );
  config
    .command('use-context')
    .description(t('help.configUseContext'))
    .argument(`<${t('placeholder.name')}>`, t('help.contextName'))
    .action(
      lazy(
        () => import('./commands/config'),
        (m, { args: [name], ctx }) => m.configUseContext(name, ctx),
      ),
    );
  config
    .command('delete-context')
    .description(t('help.configDeleteContext'))
    .argument(`<${t('placeholder.name')}>`, t('help.contextName'))
    .action(
      lazy(
        () => import('./commands/config'),
        (m, { args: [name], ctx }) => m.configDeleteContext(name, ctx),
      ),
    );

  // ---------------------------------------------------------------- webhook tools
  const webhooks = program.commands.find((command) => command.name() === 'webhooks')!;
  webhooks
    .command('verify')
    .description(t('help.webhooksVerify'))
    .option(`--payload <${t('placeholder.file')}>`, t('help.verifyPayload'))
    .option(`--headers <${t('placeholder.file')}>`, t('help.verifyHeaders'))
    .option(`-H, --header <${t('placeholder.header')}>`, t('help.verifyHeader'), collect)
    .option(`--secret-file <${t('placeholder.file')}>`, t('help.secretFile'))
    .option(`--secret <${t('placeholder.secret')}>`, t('help.verifySecret'), collect)
    .option(`--tolerance <${t('placeholder.seconds')}>`, t('help.verifyTolerance'))
    .option('--ignore-timestamp', t('help.verifyIgnoreTimestamp'))
    .action(
      lazy(
        () => import('./commands/webhooks-verify'),
        (m, { options, ctx }) => m.verifyDelivery(options, ctx),
      ),
    );
  webhooks
    .command('listen')
    .description(t('help.webhooksListen'))
    .option('--port <n>', t('help.port', { port: 8787 }))
    .option(`--host <${t('placeholder.address')}>`, t('help.host', { host: '127.0.0.1' }))
    .option(`--path <${t('placeholder.path')}>`, t('help.listenPath'))
    .option(`--secret-file <${t('placeholder.file')}>`, t('help.secretFile'))
    .option(`--secret <${t('placeholder.secret')}>`, t('help.listenSecret'), collect)
    .option('--max-events <n>', t('help.listenMaxEvents'))
    .action(
      lazy(
        () => import('./commands/webhooks-listen'),
        (m, { options, ctx }) => m.listenForWebhooks(options, ctx),
      ),
    );

  // ---------------------------------------------------------------- local servers
  program
    .command('serve')
    .description(t('help.serve'))
    .option('--port <n>', t('help.servePort'))
    .option(`--host <${t('placeholder.address')}>`, t('help.serveHost'))
    .action(
      lazy(
        () => import('./commands/serve'),
        (m, { options, ctx }) => m.serve(options, ctx),
      ),
    );
  program
    .command('backup <dir>')
    .description(t('help.backup'))
    .action(
      lazy(
        () => import('./commands/backup'),
        (m, { args, ctx }) => m.backup(args[0]!, ctx),
      ),
    );
  program
    .command('restore <dir>')
    .description(t('help.restore'))
    .option('--force', t('help.restoreForce'))
    .action(
      lazy(
        () => import('./commands/backup'),
        (m, { args, options, ctx }) => m.restore(args[0]!, options, ctx),
      ),
    );
  program
    .command('mcp')
    .description(t('help.mcp'))
    .action(
      lazy(
        () => import('./commands/mcp'),
        (m, { ctx }) => m.mcp(ctx),
      ),
    );
  const emulator = program.command('emulator').description(t('help.emulator'));
  for (const [flag, [value, help]] of Object.entries(emulatorOptionHelp())) {
    emulator.option(value ? `--${flag} ${value}` : `--${flag}`, help);
  }
  emulator.action(
    lazy(
      () => import('./commands/emulator'),
      (m, { options, ctx }) => m.startEmulatorCommand(options, ctx),
    ),
  );
  // Generated from this very tree, so it needs the program rather than a context.
  program
    .command('completion')
    .description(t('shellCompletion.command'))
    .argument('<shell>', t('shellCompletion.shellArgument'))
    .addHelpText('after', `\n${t('shellCompletion.hint')}`)
    .action(async (shell) =>
      (await import('./commands/completion')).printCompletion(program, shell),
    );

  // Called by the completion scripts on Tab, never typed: hidden from help.
  program
    .command('__complete', { hidden: true })
    .argument('<values>')
    .action(async (values) =>
      (await import('./commands/complete-values')).printCompletionValues(values, program.opts()),
    );

  // Commander lists commands as they were added; the session commands come first.
  const rank = (name: string) => (TOP_LEVEL.includes(name) ? TOP_LEVEL.indexOf(name) : 99);
  (program.commands as Command[]).sort((a, b) => rank(a.name()) - rank(b.name()));
  return program;
}

/**
 * The usage error of an unknown command, with the whole command most likely meant
 * (`reelay posts get` → `reelay posts show`) as the hint, or the group's help.
 */
function unknownCommandError(program: Command, args: string[], error: CommanderError): CliError {
  const unknown = findUnknownCommand(program, args);
  if (!unknown) {
    return new CliError('usage', translateCommanderMessage(error.message), {
      hint: t('commander.seeCommands'),
    });
  }
  return new CliError('usage', t('commander.unknownCommand', { name: unknown.word, rest: '' }), {
    hint: unknown.suggestion
      ? t('commander.didYouMeanGroup', { suggestion: unknown.suggestion, group: unknown.group })
      : t('commander.seeGroupCommands', { group: unknown.group }),
    ...(unknown.suggestion ? { details: { suggestion: unknown.suggestion } } : {}),
  });
}

/**
 * Runs `reelay` with these arguments (`process.argv`) and resolves with the exit code;
 * nothing here calls `process.exit`, so it can run inside a test as well.
 *
 * @example
 * ```ts
 * process.exitCode = await main(process.argv);
 * ```
 */
export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const json = argv.includes('--json');
  setLanguage(chooseLanguage({ flag: langFlag(argv), configured: configuredLanguage(env), env }));
  const program = buildProgram();
  try {
    await program.parseAsync([...argv]);
    return EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version')
        return EXIT_CODES.ok;
      // A group called without a subcommand: commander already printed its help.
      if (error.code === 'commander.help') return EXIT_CODES.usage;
      if (error.code === 'commander.unknownCommand') {
        reportError(unknownCommandError(program, argv.slice(2), error), { json });
        return EXIT_CODES.usage;
      }
      reportError(
        new CliError('usage', translateCommanderMessage(error.message), {
          code: 'USAGE_ERROR',
          hint: t('commander.seeOptions'),
        }),
        { json },
      );
      return EXIT_CODES.usage;
    }
    reportError(error, { json });
    return exitCodeFor(error);
  }
}
