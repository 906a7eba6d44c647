/**
 * Every `reelay` command, declared in one place with commander. Each action imports its
 * command module only when it runs, so `reelay --help` loads commander and this file and
 * nothing else (no SDK, no conf, no server). Errors from any command end in `main`, which
 * prints them once and picks the exit code (`exit-codes.ts`).
 */
import {
  DELIVERY_STATUSES,
  EVENT_TYPES,
  LOGIN_MODES,
  POST_KINDS,
  POST_STATUSES,
  SORT_ORDERS,
  TRIAL_GRADUATION_STRATEGIES,
} from '@reelay/core';
import type { EmulatorCliFlag } from '@reelay/emulator';
import { Command, CommanderError, Option, type OptionValues } from '@commander-js/extra-typings';
import packageJson from '../package.json' with { type: 'json' };
import { CliError } from './cli-error';
import { findUnknownCommand } from './command-suggestion';
import type { CommandContext } from './command-context';
import { EXIT_CODES, exitCodeFor } from './exit-codes';
import { createOutput } from './output';
import { LANGUAGES, chooseLanguage, langFlag, setLanguage, t, type MessageKey } from './i18n';
import { configuredLanguage } from './config-store';
import { reportError } from './report-error';
import type { GlobalOptions } from './settings';

const collect = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  value,
];

/** Declares the options of `reelay` itself, which every command accepts. */
function withProgramOptions(program: Command) {
  return program
    .option('--json', t('help.json'))
    .option(`--context <${t('placeholder.name')}>`, t('help.context'))
    .option('--server <url>', t('help.server'))
    .addOption(
      new Option(`--lang <${t('placeholder.language')}>`, t('language.flag')).choices(LANGUAGES),
    );
}

/** The values of those options, as every command reads them through `optsWithGlobals`. */
type ProgramOptions = ReturnType<ReturnType<typeof withProgramOptions>['opts']>;

/**
 * Wraps a lazily loaded command: commander calls the returned action with the command as
 * `this`; the module is imported, then `call` gets it with the command's positional
 * arguments and options, typed from the command's own declarations (`Args` and `Opts` are
 * inferred from the `.action` it is given to), and a {@link CommandContext}.
 *
 * @example
 * ```ts
 * posts
 *   .command('retry')
 *   .argument('<id>', t('help.postId'))
 *   .option(`--at <${t('placeholder.when')}>`, t('help.retryAt'))
 *   .action(
 *     lazy(
 *       () => import('./commands/posts'),
 *       (m, { args: [postId], options, ctx }) => m.retryPost(postId, options, ctx),
 *     ),
 *   );
 * ```
 */
function lazy<M, Args extends unknown[], Opts extends OptionValues>(
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

/** Commander's own headings, as they reach `styleTitle`, and their catalogue keys. */
const TITLES: Record<string, MessageKey> = {
  'Usage:': 'helpTitles.usage',
  'Options:': 'helpTitles.options',
  'Commands:': 'helpTitles.commands',
  'Arguments:': 'helpTitles.arguments',
  'Global Options:': 'helpTitles.globalOptions',
};

/**
 * Commander's English messages, in the user's language like the rest of the CLI.
 *
 * @example
 * ```ts
 * setLanguage('pt-BR');
 * translateCommanderMessage("error: unknown command 'pots'"); // "comando desconhecido: 'pots'"
 * ```
 */
export function translateCommanderMessage(message: string): string {
  const text = message.replace(/^error:\s*/i, '').trim();
  const rules: Array<[RegExp, (...groups: string[]) => string]> = [
    [
      /^unknown command '(.+?)'(.*)$/s,
      (name, rest) => t('commander.unknownCommand', { name, rest }),
    ],
    [/^unknown option '(.+?)'(.*)$/s, (name, rest) => t('commander.unknownOption', { name, rest })],
    [/^missing required argument '(.+?)'$/, (name) => t('commander.missingArgument', { name })],
    [/^option '(.+?)' argument missing$/, (name) => t('commander.missingOptionValue', { name })],
    [
      /^required option '(.+?)' not specified$/,
      (name) => t('commander.missingRequiredOption', { name }),
    ],
    [
      // Commander names the extra words after the count: "… but got 1: extra."
      /^too many arguments(?: for '(.+?)')?\. Expected (\d+) arguments? but got (\d+)(?:: (.+))?\.$/s,
      (name, expected, got, extra) =>
        t('commander.tooManyArguments', {
          where: name ? t('commander.tooManyArgumentsFor', { name }) : '',
          expected: expected!,
          got: got!,
          extra: extra ? ` (${extra})` : '',
        }),
    ],
    [
      /^option '(.+?)' argument '(.+?)' is invalid\. Allowed choices are (.+)\.$/,
      (name, value, choices) => t('commander.invalidChoice', { name, value, choices }),
    ],
  ];
  const didYouMean = (translated: string) =>
    translated.replace(/\(Did you mean (.+?)\?\)/, (_, suggestion: string) =>
      t('commander.didYouMean', { suggestion }),
    );
  for (const [pattern, render] of rules) {
    const match = pattern.exec(text);
    if (match) return didYouMean(render(...match.slice(1).map((group) => group ?? '')));
  }
  return didYouMean(text);
}

/**
 * The help of `reelay emulator`'s options, in the user's language: the flags themselves
 * are those of `reelay-emulator` (typed by them, so a new emulator flag does not compile
 * without its help here), and the emulator's own parser reads their values. A function,
 * so the texts are read after the language is chosen.
 */
function emulatorOptionHelp(): Record<
  EmulatorCliFlag,
  readonly [value: string | null, help: string]
> {
  return {
    port: ['<n>', t('help.port', { port: 8090 })],
    host: [`<${t('placeholder.address')}>`, t('help.host', { host: '127.0.0.1' })],
    seed: [`<${t('placeholder.text')}>`, t('help.emulatorSeed')],
    'latency-ms': ['<n>', t('help.emulatorLatency')],
    'container-processing-ms': ['<n>', t('help.emulatorContainer')],
    'video-processing-ms': ['<n>', t('help.emulatorVideo')],
    'quota-total': ['<n>', t('help.emulatorQuota')],
    'app-id': ['<id>', t('help.emulatorAppId')],
    'app-secret': [`<${t('placeholder.secret')}>`, t('help.emulatorAppSecret')],
    'facebook-app-id': ['<id>', t('help.emulatorFacebookAppId')],
    'facebook-app-secret': [`<${t('placeholder.secret')}>`, t('help.emulatorFacebookAppSecret')],
    'no-fetch-media': [null, t('help.emulatorNoFetch')],
  };
}

/**
 * Declares the whole command tree.
 *
 * @example
 * ```ts
 * await buildProgram().parseAsync(['node', 'reelay', 'posts', 'list', '--json']);
 * ```
 */
export function buildProgram(): Command {
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

  // ---------------------------------------------------------------- session and config
  program
    .command('login')
    .description(t('help.login'))
    .option(`--email <${t('placeholder.email')}>`, t('help.emailPrompted'))
    .option('--password-stdin', t('help.passwordStdin'))
    .option('--project <id>', t('help.loginProject'))
    .action(
      lazy(
        () => import('./commands/auth'),
        (m, { options, ctx }) => m.login(options, ctx),
      ),
    );
  program
    .command('signup')
    .description(t('help.signup'))
    .option(`--email <${t('placeholder.email')}>`, t('help.emailPrompted'))
    .option(`--name <${t('placeholder.name')}>`, t('help.signupName'))
    .option('--password-stdin', t('help.passwordStdin'))
    .action(
      lazy(
        () => import('./commands/auth'),
        (m, { options, ctx }) => m.signup(options, ctx),
      ),
    );
  program
    .command('logout')
    .description(t('help.logout'))
    .action(
      lazy(
        () => import('./commands/auth'),
        (m, { ctx }) => m.logout(ctx),
      ),
    );
  program
    .command('whoami')
    .description(t('help.whoami'))
    .action(
      lazy(
        () => import('./commands/auth'),
        (m, { ctx }) => m.whoami(ctx),
      ),
    );
  program
    .command('status')
    .description(t('help.status'))
    .action(
      lazy(
        () => import('./commands/status'),
        (m, { ctx }) => m.status(ctx),
      ),
    );
  program
    .command('openapi')
    .description(t('help.openapi'))
    .action(
      lazy(
        () => import('./commands/status'),
        (m, { ctx }) => m.openApi(ctx),
      ),
    );

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

  // ---------------------------------------------------------------- accounts
  const accounts = program.command('accounts').description(t('help.accounts'));
  accounts
    .command('connect')
    .description(t('help.accountsConnect'))
    .option('--profile <id>', t('help.connectProfile'))
    .addOption(
      new Option(`--login <${t('placeholder.mode')}>`, t('help.connectLogin')).choices(LOGIN_MODES),
    )
    .option('--no-open', t('help.connectNoOpen'))
    .option(`--timeout <${t('placeholder.seconds')}>`, t('help.connectTimeout'))
    .addOption(new Option('--interval <ms>', t('help.connectInterval')).hideHelp())
    .action(
      lazy(
        () => import('./commands/accounts'),
        (m, { options, ctx }) => m.connectAccount(options, ctx),
      ),
    );
  accounts
    .command('list')
    .description(t('help.accountsList'))
    .option('--profile <id>', t('help.accountsListProfile'))
    .option(`--search <${t('placeholder.text')}>`, t('help.accountsSearch'))
    .option('--limit <n>', t('help.limit'))
    .option('--offset <n>', t('help.offset'))
    .addOption(
      new Option(`--sort <${t('placeholder.order')}>`, t('help.sortCreated')).choices(SORT_ORDERS),
    )
    .option('--all', t('help.allPages'))
    .action(
      lazy(
        () => import('./commands/accounts'),
        (m, { options, ctx }) => m.listAccounts(options, ctx),
      ),
    );
  accounts
    .command('health')
    .description(t('help.accountsHealth'))
    .argument(`<${t('placeholder.account')}>`, t('help.accountArg'))
    .option('--force', t('help.healthForce'))
    .action(
      lazy(
        () => import('./commands/accounts'),
        (m, { args: [account], options, ctx }) => m.accountHealth(account, options, ctx),
      ),
    );
  accounts
    .command('insights')
    .description(t('help.accountsInsights'))
    .argument(`<${t('placeholder.account')}>`, t('help.accountArg'))
    .option(`--since <${t('placeholder.day')}>`, t('help.insightsSince'))
    .option(`--until <${t('placeholder.day')}>`, t('help.insightsUntil'))
    .action(
      lazy(
        () => import('./commands/insights'),
        (m, { args: [account], options, ctx }) => m.accountInsights(account, options, ctx),
      ),
    );
  accounts
    .command('disconnect')
    .description(t('help.accountsDisconnect'))
    .argument(`<${t('placeholder.account')}>`, t('help.accountArg'))
    .action(
      lazy(
        () => import('./commands/accounts'),
        (m, { args: [account], ctx }) => m.disconnectAccount(account, ctx),
      ),
    );

  // ---------------------------------------------------------------- profiles, keys, org
  const profiles = program.command('profiles').description(t('help.profiles'));
  profiles
    .command('create')
    .description(t('help.profilesCreate'))
    .argument(`<${t('placeholder.name')}>`, t('help.profileName'))
    .option(`--description <${t('placeholder.text')}>`, t('help.profileDescription'))
    .action(
      lazy(
        () => import('./commands/profiles'),
        (m, { args: [name], options, ctx }) => m.createProfile(name, options, ctx),
      ),
    );
  profiles
    .command('list')
    .description(t('help.profilesList'))
    .action(
      lazy(
        () => import('./commands/profiles'),
        (m, { ctx }) => m.listProfiles(ctx),
      ),
    );
  profiles
    .command('delete')
    .description(t('help.profilesDelete'))
    .argument('<id>', t('help.profileId'))
    .action(
      lazy(
        () => import('./commands/profiles'),
        (m, { args: [profileId], ctx }) => m.deleteProfile(profileId, ctx),
      ),
    );

  // ---------------------------------------------------------------- posting schedules
  const slots = program.command('slots').description(t('help.slots'));
  const slotOwner = <Globals extends OptionValues>(command: Command<[], {}, Globals>) =>
    command
      .argument(`[${t('placeholder.account')}]`, t('help.slotsAccount'))
      .option('--profile <id>', t('help.slotsProfile'));
  slotOwner(slots.command('show').description(t('help.slotsShow'))).action(
    lazy(
      () => import('./commands/slots'),
      (m, { args: [account], options, ctx }) => m.showSlots(account, options, ctx),
    ),
  );
  slotOwner(slots.command('set').description(t('help.slotsSet')))
    .option(`--timezone <${t('placeholder.zone')}>`, t('help.slotsTimezone'))
    .option(`--slot <${t('placeholder.days')}>`, t('help.slotsSlot'), collect)
    .action(
      lazy(
        () => import('./commands/slots'),
        (m, { args: [account], options, ctx }) => m.setSlots(account, options, ctx),
      ),
    );
  slotOwner(slots.command('clear').description(t('help.slotsClear'))).action(
    lazy(
      () => import('./commands/slots'),
      (m, { args: [account], options, ctx }) => m.clearSlots(account, options, ctx),
    ),
  );
  slotOwner(slots.command('next').description(t('help.slotsNext')))
    .option('--count <n>', t('help.slotsCount'))
    .action(
      lazy(
        () => import('./commands/slots'),
        (m, { args: [account], options, ctx }) => m.nextSlots(account, options, ctx),
      ),
    );

  const keys = program.command('keys').description(t('help.keys'));
  keys
    .command('list')
    .description(t('help.keysList'))
    .action(
      lazy(
        () => import('./commands/keys'),
        (m, { ctx }) => m.listKeys(ctx),
      ),
    );
  keys
    .command('create')
    .description(t('help.keysCreate'))
    .option(`--name <${t('placeholder.name')}>`, t('help.keyName'))
    .option('--save', t('help.keySave'))
    .action(
      lazy(
        () => import('./commands/keys'),
        (m, { options, ctx }) => m.createKey(options, ctx),
      ),
    );
  keys
    .command('revoke')
    .description(t('help.keysRevoke'))
    .argument('<id>', t('help.keyId'))
    .action(
      lazy(
        () => import('./commands/keys'),
        (m, { args: [keyId], ctx }) => m.revokeKey(keyId, ctx),
      ),
    );

  program
    .command('org')
    .description(t('help.org'))
    .command('rename')
    .description(t('help.orgRename'))
    .argument(`<${t('placeholder.name')}>`, t('help.orgName'))
    .action(
      lazy(
        () => import('./commands/account-admin'),
        (m, { args: [name], ctx }) => m.renameOrganization(name, ctx),
      ),
    );
  program
    .command('me')
    .description(t('help.me'))
    .command('delete')
    .description(t('help.meDelete'))
    .option(`--confirm <${t('placeholder.email')}>`, t('help.meConfirm'))
    .action(
      lazy(
        () => import('./commands/account-admin'),
        (m, { options, ctx }) => m.deleteMe(options, ctx),
      ),
    );

  // ---------------------------------------------------------------- posts and media
  const posts = program.command('posts').description(t('help.posts'));
  // Generic over the inherited options, so the commands it extends keep the global ones.
  const postInput = <Globals extends OptionValues>(
    command: Command<[], {}, Globals>,
    scheduled: boolean,
  ) =>
    command
      .argument(`[${t('placeholder.caption')}]`, t('help.caption'))
      .option(`--caption-file <${t('placeholder.file')}>`, t('help.captionFile'))
      .option(`-m, --media <${t('placeholder.media')}>`, t('help.media'), collect)
      .option(`-a, --account <${t('placeholder.account')}>`, t('help.account'), collect)
      .option(
        `--at <${t('placeholder.when')}>`,
        `${scheduled ? '' : t('help.atNow')}${t('help.atFormats')}`,
      )
      .option(`--timezone <${t('placeholder.zone')}>`, t('help.timezone'))
      .addOption(
        new Option(`--kind <${t('placeholder.kind')}>`, t('help.kind')).choices(POST_KINDS),
      )
      .option(`--idempotency-key <${t('placeholder.key')}>`, t('help.idempotencyKey'))
      .option(`--first-comment <${t('placeholder.text')}>`, t('help.firstComment'))
      .option(`--alt-text <${t('placeholder.text')}>`, t('help.altText'))
      .option(`--collaborator <${t('placeholder.user')}>`, t('help.collaborator'), collect)
      .option('--ai-generated', t('help.aiGenerated'))
      .addOption(
        new Option(`--trial <${t('placeholder.graduation')}>`, t('help.trial')).choices(
          TRIAL_GRADUATION_STRATEGIES,
        ),
      )
      .option(`--audio-name <${t('placeholder.name')}>`, t('help.audioName'))
      .option('--product <id[:x,y]>', t('help.product'), collect)
      .option('--wait', t('help.wait'))
      .option(`--timeout <${t('placeholder.seconds')}>`, t('help.waitTimeout'));
  postInput(posts.command('create').description(t('help.postsCreate')), false)
    .option('--queue', t('help.queue'))
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { args: [caption], options, ctx }) => m.createPost(caption, options, ctx),
      ),
    );
  postInput(posts.command('schedule').description(t('help.postsSchedule')), true).action(
    lazy(
      () => import('./commands/posts'),
      (m, { args: [caption], options, ctx }) => m.schedulePost(caption, options, ctx),
    ),
  );
  posts
    .command('bulk')
    .description(t('help.postsBulk'))
    .argument(`<${t('placeholder.file')}>`, t('help.bulkFile'))
    .option('--dry-run', t('help.dryRun'))
    .option(`--timezone <${t('placeholder.zone')}>`, t('help.bulkTimezone'))
    .action(
      lazy(
        () => import('./commands/posts-bulk'),
        (m, { args: [file], options, ctx }) => m.bulkSchedule(file, options, ctx),
      ),
    );
  posts
    .command('list')
    .description(t('help.postsList'))
    .addOption(new Option('--status <status>', t('help.onlyStatus')).choices(POST_STATUSES))
    .addOption(
      new Option(`--kind <${t('placeholder.kind')}>`, t('help.onlyKind')).choices(POST_KINDS),
    )
    .option(`--account <${t('placeholder.account')}>`, t('help.listAccount'))
    .option('--profile <id>', t('help.listProfile'))
    .option(`--from <${t('placeholder.when')}>`, t('help.listFrom'))
    .option(`--to <${t('placeholder.when')}>`, t('help.listTo'))
    .option('--limit <n>', t('help.limit'))
    .option('--offset <n>', t('help.offset'))
    .addOption(
      new Option(`--sort <${t('placeholder.order')}>`, t('help.sortCreated')).choices(SORT_ORDERS),
    )
    .option('--all', t('help.allPages'))
    .option('--utc', t('help.listUtc'))
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { options, ctx }) => m.listPosts(options, ctx),
      ),
    );
  posts
    .command('show')
    .description(t('help.postsShow'))
    .argument('<id>', t('help.postId'))
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { args: [postId], ctx }) => m.showPost(postId, ctx),
      ),
    );
  posts
    .command('insights')
    .description(t('help.postsInsights'))
    .argument('<id>', t('help.postId'))
    .option('--force', t('help.postInsightsForce'))
    .action(
      lazy(
        () => import('./commands/insights'),
        (m, { args: [postId], options, ctx }) => m.postInsights(postId, options, ctx),
      ),
    );
  posts
    .command('reschedule')
    .description(t('help.postsReschedule'))
    .argument('<id>', t('help.postId'))
    .requiredOption(`--at <${t('placeholder.when')}>`, t('help.rescheduleAt'))
    .option(`--timezone <${t('placeholder.zone')}>`, t('help.zoneOfPost'))
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { args: [postId], options, ctx }) => m.reschedulePost(postId, options, ctx),
      ),
    );
  posts
    .command('cancel')
    .description(t('help.postsCancel'))
    .argument('<id>', t('help.postId'))
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { args: [postId], ctx }) => m.cancelPost(postId, ctx),
      ),
    );
  posts
    .command('retry')
    .description(t('help.postsRetry'))
    .argument('<id>', t('help.postId'))
    .option(`--at <${t('placeholder.when')}>`, t('help.retryAt'))
    .option(`--timezone <${t('placeholder.zone')}>`, t('help.retryTimezone'))
    .action(
      lazy(
        () => import('./commands/posts'),
        (m, { args: [postId], options, ctx }) => m.retryPost(postId, options, ctx),
      ),
    );

  const media = program.command('media').description(t('help.mediaGroup'));
  media
    .command('upload')
    .description(t('help.mediaUpload'))
    .argument(`<${t('placeholder.media')}>`, t('help.mediaSource'))
    .action(
      lazy(
        () => import('./commands/media'),
        (m, { args: [source], ctx }) => m.uploadMediaCommand(source, ctx),
      ),
    );
  media
    .command('list')
    .description(t('help.mediaList'))
    .addOption(
      new Option(`--type <${t('placeholder.kind')}>`, t('help.mediaType')).choices([
        'image',
        'video',
      ] as const),
    )
    .option('--limit <n>', t('help.limit'))
    .option('--offset <n>', t('help.offset'))
    .addOption(
      new Option(`--sort <${t('placeholder.order')}>`, t('help.sortCreated')).choices(SORT_ORDERS),
    )
    .option('--all', t('help.allPages'))
    .action(
      lazy(
        () => import('./commands/media'),
        (m, { options, ctx }) => m.listMediaCommand(options, ctx),
      ),
    );
  media
    .command('show')
    .description(t('help.mediaShow'))
    .argument('<id>', t('help.mediaId'))
    .action(
      lazy(
        () => import('./commands/media'),
        (m, { args: [mediaId], ctx }) => m.showMediaCommand(mediaId, ctx),
      ),
    );
  media
    .command('delete')
    .description(t('help.mediaDelete'))
    .argument('<id>', t('help.mediaId'))
    .action(
      lazy(
        () => import('./commands/media'),
        (m, { args: [mediaId], ctx }) => m.deleteMediaCommand(mediaId, ctx),
      ),
    );

  // ---------------------------------------------------------------- webhooks
  const webhooks = program.command('webhooks').description(t('help.webhooks'));
  webhooks
    .command('create')
    .description(t('help.webhooksCreate'))
    .option('--url <url>', t('help.webhookUrl'))
    .option(
      `--events <${t('placeholder.events')}>`,
      t('help.webhookEvents', { events: EVENT_TYPES.join(', ') }),
      collect,
    )
    .option('--profile <id>', t('help.webhookProfile'))
    .option('--only-scheduled', t('help.onlyScheduled'))
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { options, ctx }) => m.createWebhook(options, ctx),
      ),
    );
  webhooks
    .command('list')
    .description(t('help.webhooksList'))
    .option('--limit <n>', t('help.limit'))
    .option('--offset <n>', t('help.offset'))
    .option('--all', t('help.allPages'))
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { options, ctx }) => m.listWebhooks(options, ctx),
      ),
    );
  webhooks
    .command('show')
    .description(t('help.webhooksShow'))
    .argument('<id>', t('help.notificationId'))
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], ctx }) => m.showWebhook(notificationId, ctx),
      ),
    );
  webhooks
    .command('update')
    .description(t('help.webhooksUpdate'))
    .argument('<id>', t('help.notificationId'))
    .option('--url <url>', t('help.webhookNewUrl'))
    .option(`--events <${t('placeholder.events')}>`, t('help.webhookNewEvents'), collect)
    .option('--profile <id>', t('help.webhookNewProfile'))
    .option('--only-scheduled', t('help.onlyScheduled'))
    .option('--all-posts', t('help.webhookAllPosts'))
    .option('--pause', t('help.webhookPause'))
    .option('--resume', t('help.webhookResume'))
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], options, ctx }) =>
          m.updateWebhook(notificationId, options, ctx),
      ),
    );
  webhooks
    .command('delete')
    .description(t('help.webhooksDelete'))
    .argument('<id>', t('help.notificationId'))
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], ctx }) => m.deleteWebhook(notificationId, ctx),
      ),
    );
  webhooks
    .command('rotate-secret')
    .description(t('help.webhooksRotate'))
    .argument('<id>', t('help.notificationId'))
    .option(`--overlap <${t('placeholder.seconds')}>`, t('help.webhookOverlap'))
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], options, ctx }) =>
          m.rotateWebhookSecret(notificationId, options, ctx),
      ),
    );
  webhooks
    .command('test')
    .description(t('help.webhooksTest'))
    .argument('[id]', t('help.notificationIdOf'))
    .option('--url <url>', t('help.webhookTestUrl'))
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], options, ctx }) =>
          m.testWebhook(notificationId, options, ctx),
      ),
    );
  webhooks
    .command('deliveries')
    .description(t('help.webhooksDeliveries'))
    .argument('<id>', t('help.notificationIdOf'))
    .addOption(new Option('--status <status>', t('help.onlyStatus')).choices(DELIVERY_STATUSES))
    .option('--limit <n>', t('help.limit'))
    .option('--offset <n>', t('help.offset'))
    .option('--all', t('help.allPages'))
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId], options, ctx }) =>
          m.listDeliveries(notificationId, options, ctx),
      ),
    );
  webhooks
    .command('redeliver')
    .description(t('help.webhooksRedeliver'))
    .argument('<id>', t('help.notificationIdOf'))
    .argument(`<${t('placeholder.delivery')}>`, t('help.deliveryId'))
    .action(
      lazy(
        () => import('./commands/webhooks'),
        (m, { args: [notificationId, deliveryId], ctx }) =>
          m.redeliverWebhook(notificationId, deliveryId, ctx),
      ),
    );
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
