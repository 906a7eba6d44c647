/**
 * The commands that call the contract's routes, keyed by route id: each names its words,
 * positional arguments, help keys and options. An option that fills a field of the route
 * (`field`) takes its choices, bounds and default from the route's schema, through the
 * facts generated from the contract (`generated/route-facts.ts`); the others are the
 * CLI's own (`--all`, `--wait`). A route with no entry here and no command in
 * `command-routes.ts` still gets a command, named after its id (`route-program.ts`).
 * Each command imports its module only when it runs, so `reelay --help` loads none.
 */
import type { OptionValues } from '@commander-js/extra-typings';
import type { RouteId } from '@reelay/core';
import { SORT_ORDERS } from '@reelay/core';
import type { CommandContext } from './command-context';
import type { MessageKey } from './i18n';

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

/** The groups of commands (`reelay posts …`) and their help. */
export const GROUP_HELP: Readonly<Record<string, MessageKey>> = {
  accounts: 'help.accounts',
  profiles: 'help.profiles',
  slots: 'help.slots',
  keys: 'help.keys',
  org: 'help.org',
  me: 'help.me',
  posts: 'help.posts',
  media: 'help.mediaGroup',
  webhooks: 'help.webhooks',
};

const postsModule = () => import('./commands/posts');
const accountsModule = () => import('./commands/accounts');
const slotsModule = () => import('./commands/slots');
const webhooksModule = () => import('./commands/webhooks');
const mediaModule = () => import('./commands/media');

const pageOptions: readonly OptionSpec[] = [
  { flags: '--limit', value: 'n', help: 'help.limit', field: 'limit' },
  { flags: '--offset', value: 'n', help: 'help.offset', field: 'offset' },
];
const sortOption: OptionSpec = {
  flags: '--sort',
  value: 'placeholder.order',
  help: 'help.sortCreated',
  field: 'sort',
  only: SORT_ORDERS,
};
const allPages: OptionSpec = { flags: '--all', help: 'help.allPages' };
const postId: ArgumentSpec = { value: 'id', help: 'help.postId' };
const accountArg: ArgumentSpec = { value: 'placeholder.account', help: 'help.accountArg' };
const notificationId: ArgumentSpec = { value: 'id', help: 'help.notificationId' };
const notificationOf: ArgumentSpec = { value: 'id', help: 'help.notificationIdOf' };
const slotOwner: ArgumentSpec = {
  value: 'placeholder.account',
  help: 'help.slotsAccount',
  optional: true,
};
const slotProfile: OptionSpec = { flags: '--profile', value: 'id', help: 'help.slotsProfile' };

/** What `posts create` and `posts schedule` share: the post and its Instagram options. */
function postInput(scheduled: boolean): OptionSpec[] {
  return [
    { flags: '--caption-file', value: 'placeholder.file', help: 'help.captionFile' },
    { flags: '-m, --media', value: 'placeholder.media', help: 'help.media', repeat: true },
    { flags: '-a, --account', value: 'placeholder.account', help: 'help.account', repeat: true },
    {
      flags: '--at',
      value: 'placeholder.when',
      help: scheduled ? 'help.atFormats' : ['help.atNow', 'help.atFormats'],
    },
    { flags: '--timezone', value: 'placeholder.zone', help: 'help.timezone', field: 'timezone' },
    { flags: '--kind', value: 'placeholder.kind', help: 'help.kind', field: 'kind' },
    {
      flags: '--idempotency-key',
      value: 'placeholder.key',
      help: 'help.idempotencyKey',
      field: 'idempotencyKey',
    },
    { flags: '--first-comment', value: 'placeholder.text', help: 'help.firstComment' },
    { flags: '--alt-text', value: 'placeholder.text', help: 'help.altText' },
    {
      flags: '--collaborator',
      value: 'placeholder.user',
      help: 'help.collaborator',
      repeat: true,
    },
    { flags: '--ai-generated', help: 'help.aiGenerated' },
    {
      flags: '--trial',
      value: 'placeholder.graduation',
      help: 'help.trial',
      field: 'platforms[].options.trialParams.graduationStrategy',
    },
    { flags: '--audio-name', value: 'placeholder.name', help: 'help.audioName' },
    { flags: '--product', value: 'id[:x,y]', help: 'help.product', repeat: true },
    { flags: '--wait', help: 'help.wait' },
    { flags: '--timeout', value: 'placeholder.seconds', help: 'help.waitTimeout' },
  ];
}
const caption: ArgumentSpec = {
  value: 'placeholder.caption',
  help: 'help.caption',
  optional: true,
};

/**
 * Route id → the commands built on its schemas, in the order `reelay --help` lists them.
 *
 * @example
 * ```ts
 * ROUTE_COMMANDS.listPosts?.[0]?.name; // 'posts list'
 * ```
 */
export const ROUTE_COMMANDS: Partial<Record<RouteId, readonly CommandSpec[]>> = {
  // ---------------------------------------------------------------- session
  login: [
    {
      name: 'login',
      help: 'help.login',
      options: [
        { flags: '--email', value: 'placeholder.email', help: 'help.emailPrompted' },
        { flags: '--password-stdin', help: 'help.passwordStdin' },
        { flags: '--project', value: 'id', help: 'help.loginProject' },
      ],
      run: async (_, o, ctx) => (await import('./commands/auth')).login(o, ctx),
    },
  ],
  signup: [
    {
      name: 'signup',
      help: 'help.signup',
      options: [
        { flags: '--email', value: 'placeholder.email', help: 'help.emailPrompted' },
        { flags: '--name', value: 'placeholder.name', help: 'help.signupName', field: 'name' },
        { flags: '--password-stdin', help: 'help.passwordStdin' },
      ],
      run: async (_, o, ctx) => (await import('./commands/auth')).signup(o, ctx),
    },
  ],
  logout: [
    {
      name: 'logout',
      help: 'help.logout',
      run: async (_, _o, ctx) => (await import('./commands/auth')).logout(ctx),
    },
  ],
  healthAuth: [
    {
      name: 'whoami',
      help: 'help.whoami',
      run: async (_, _o, ctx) => (await import('./commands/auth')).whoami(ctx),
    },
  ],
  healthz: [
    {
      name: 'status',
      help: 'help.status',
      run: async (_, _o, ctx) => (await import('./commands/status')).status(ctx),
    },
  ],
  getOpenApiDocument: [
    {
      name: 'openapi',
      help: 'help.openapi',
      run: async (_, _o, ctx) => (await import('./commands/status')).openApi(ctx),
    },
  ],

  // ---------------------------------------------------------------- accounts
  connectPlatform: [
    {
      name: 'accounts connect',
      help: 'help.accountsConnect',
      options: [
        { flags: '--profile', value: 'id', help: 'help.connectProfile', field: 'profileId' },
        { flags: '--login', value: 'placeholder.mode', help: 'help.connectLogin', field: 'login' },
        { flags: '--no-open', help: 'help.connectNoOpen' },
        { flags: '--timeout', value: 'placeholder.seconds', help: 'help.connectTimeout' },
        { flags: '--interval', value: 'ms', help: 'help.connectInterval', hidden: true },
      ],
      run: async (_, o, ctx) => (await accountsModule()).connectAccount(o, ctx),
    },
  ],
  listIntegrations: [
    {
      name: 'accounts list',
      help: 'help.accountsList',
      options: [
        { flags: '--profile', value: 'id', help: 'help.accountsListProfile', field: 'profileId' },
        { flags: '--search', value: 'placeholder.text', help: 'help.accountsSearch', field: 'q' },
        ...pageOptions,
        sortOption,
        allPages,
      ],
      run: async (_, o, ctx) => (await accountsModule()).listAccounts(o, ctx),
    },
  ],
  getIntegrationHealth: [
    {
      name: 'accounts health',
      help: 'help.accountsHealth',
      arguments: [accountArg],
      options: [{ flags: '--force', help: 'help.healthForce', field: 'force' }],
      run: async ([account], o, ctx) => (await accountsModule()).accountHealth(account!, o, ctx),
    },
  ],
  getIntegrationInsights: [
    {
      name: 'accounts insights',
      help: 'help.accountsInsights',
      arguments: [accountArg],
      options: [
        { flags: '--since', value: 'placeholder.day', help: 'help.insightsSince', field: 'since' },
        { flags: '--until', value: 'placeholder.day', help: 'help.insightsUntil', field: 'until' },
      ],
      run: async ([account], o, ctx) =>
        (await import('./commands/insights')).accountInsights(account!, o, ctx),
    },
  ],
  deleteIntegration: [
    {
      name: 'accounts disconnect',
      help: 'help.accountsDisconnect',
      arguments: [accountArg],
      run: async ([account], _o, ctx) => (await accountsModule()).disconnectAccount(account!, ctx),
    },
  ],

  // ---------------------------------------------------------------- profiles
  createProfile: [
    {
      name: 'profiles create',
      help: 'help.profilesCreate',
      arguments: [{ value: 'placeholder.name', help: 'help.profileName' }],
      options: [
        {
          flags: '--description',
          value: 'placeholder.text',
          help: 'help.profileDescription',
          field: 'description',
        },
      ],
      run: async ([name], o, ctx) =>
        (await import('./commands/profiles')).createProfile(name!, o, ctx),
    },
  ],
  listProfiles: [
    {
      name: 'profiles list',
      help: 'help.profilesList',
      run: async (_, _o, ctx) => (await import('./commands/profiles')).listProfiles(ctx),
    },
  ],
  deleteProfile: [
    {
      name: 'profiles delete',
      help: 'help.profilesDelete',
      arguments: [{ value: 'id', help: 'help.profileId' }],
      run: async ([id], _o, ctx) => (await import('./commands/profiles')).deleteProfile(id!, ctx),
    },
  ],

  // ---------------------------------------------------------------- posting schedules
  getIntegrationSlots: [
    {
      name: 'slots show',
      help: 'help.slotsShow',
      arguments: [slotOwner],
      options: [slotProfile],
      run: async ([account], o, ctx) => (await slotsModule()).showSlots(account, o, ctx),
    },
  ],
  replaceIntegrationSlots: [
    {
      name: 'slots set',
      help: 'help.slotsSet',
      arguments: [slotOwner],
      options: [
        slotProfile,
        {
          flags: '--timezone',
          value: 'placeholder.zone',
          help: 'help.slotsTimezone',
          field: 'timezone',
        },
        { flags: '--slot', value: 'placeholder.days', help: 'help.slotsSlot', repeat: true },
      ],
      run: async ([account], o, ctx) => (await slotsModule()).setSlots(account, o, ctx),
    },
    {
      name: 'slots clear',
      help: 'help.slotsClear',
      arguments: [slotOwner],
      options: [slotProfile],
      run: async ([account], o, ctx) => (await slotsModule()).clearSlots(account, o, ctx),
    },
  ],
  listIntegrationFreeSlots: [
    {
      name: 'slots next',
      help: 'help.slotsNext',
      arguments: [slotOwner],
      options: [
        slotProfile,
        { flags: '--count', value: 'n', help: 'help.slotsCount', field: 'count' },
      ],
      run: async ([account], o, ctx) => (await slotsModule()).nextSlots(account, o, ctx),
    },
  ],

  // ---------------------------------------------------------------- keys, org, me
  listApiKeys: [
    {
      name: 'keys list',
      help: 'help.keysList',
      run: async (_, _o, ctx) => (await import('./commands/keys')).listKeys(ctx),
    },
  ],
  createApiKey: [
    {
      name: 'keys create',
      help: 'help.keysCreate',
      options: [
        { flags: '--name', value: 'placeholder.name', help: 'help.keyName', field: 'name' },
        { flags: '--save', help: 'help.keySave' },
      ],
      run: async (_, o, ctx) => (await import('./commands/keys')).createKey(o, ctx),
    },
  ],
  revokeApiKey: [
    {
      name: 'keys revoke',
      help: 'help.keysRevoke',
      arguments: [{ value: 'id', help: 'help.keyId' }],
      run: async ([id], _o, ctx) => (await import('./commands/keys')).revokeKey(id!, ctx),
    },
  ],
  updateOrganization: [
    {
      name: 'org rename',
      help: 'help.orgRename',
      arguments: [{ value: 'placeholder.name', help: 'help.orgName' }],
      run: async ([name], _o, ctx) =>
        (await import('./commands/account-admin')).renameOrganization(name!, ctx),
    },
  ],
  deleteMe: [
    {
      name: 'me delete',
      help: 'help.meDelete',
      options: [{ flags: '--confirm', value: 'placeholder.email', help: 'help.meConfirm' }],
      run: async (_, o, ctx) => (await import('./commands/account-admin')).deleteMe(o, ctx),
    },
  ],

  // ---------------------------------------------------------------- posts
  createPost: [
    {
      name: 'posts create',
      help: 'help.postsCreate',
      arguments: [caption],
      options: [...postInput(false), { flags: '--queue', help: 'help.queue', field: 'queue' }],
      run: async ([text], o, ctx) => (await postsModule()).createPost(text, o, ctx),
    },
    {
      name: 'posts schedule',
      help: 'help.postsSchedule',
      arguments: [caption],
      options: postInput(true),
      run: async ([text], o, ctx) => (await postsModule()).schedulePost(text, o, ctx),
    },
    {
      name: 'posts bulk',
      help: 'help.postsBulk',
      arguments: [{ value: 'placeholder.file', help: 'help.bulkFile' }],
      options: [
        { flags: '--dry-run', help: 'help.dryRun' },
        { flags: '--timezone', value: 'placeholder.zone', help: 'help.bulkTimezone' },
      ],
      run: async ([file], o, ctx) =>
        (await import('./commands/posts-bulk')).bulkSchedule(file!, o, ctx),
    },
  ],
  listPosts: [
    {
      name: 'posts list',
      help: 'help.postsList',
      options: [
        { flags: '--status', value: 'status', help: 'help.onlyStatus', field: 'status' },
        { flags: '--kind', value: 'placeholder.kind', help: 'help.onlyKind', field: 'kind' },
        {
          flags: '--account',
          value: 'placeholder.account',
          help: 'help.listAccount',
          field: 'accountId',
        },
        { flags: '--profile', value: 'id', help: 'help.listProfile', field: 'profileId' },
        { flags: '--from', value: 'placeholder.when', help: 'help.listFrom', field: 'from' },
        { flags: '--to', value: 'placeholder.when', help: 'help.listTo', field: 'to' },
        ...pageOptions,
        sortOption,
        allPages,
        { flags: '--utc', help: 'help.listUtc' },
      ],
      run: async (_, o, ctx) => (await postsModule()).listPosts(o, ctx),
    },
  ],
  getPost: [
    {
      name: 'posts show',
      help: 'help.postsShow',
      arguments: [postId],
      run: async ([id], _o, ctx) => (await postsModule()).showPost(id!, ctx),
    },
  ],
  getPostInsights: [
    {
      name: 'posts insights',
      help: 'help.postsInsights',
      arguments: [postId],
      options: [{ flags: '--force', help: 'help.postInsightsForce', field: 'force' }],
      run: async ([id], o, ctx) => (await import('./commands/insights')).postInsights(id!, o, ctx),
    },
  ],
  updatePost: [
    {
      name: 'posts reschedule',
      help: 'help.postsReschedule',
      arguments: [postId],
      options: [
        { flags: '--at', value: 'placeholder.when', help: 'help.rescheduleAt', required: true },
        {
          flags: '--timezone',
          value: 'placeholder.zone',
          help: 'help.zoneOfPost',
          field: 'timezone',
        },
      ],
      run: async ([id], o, ctx) =>
        (await postsModule()).reschedulePost(id!, o as { at: string }, ctx),
    },
  ],
  deletePost: [
    {
      name: 'posts cancel',
      help: 'help.postsCancel',
      arguments: [postId],
      run: async ([id], _o, ctx) => (await postsModule()).cancelPost(id!, ctx),
    },
  ],
  retryPost: [
    {
      name: 'posts retry',
      help: 'help.postsRetry',
      arguments: [postId],
      options: [
        { flags: '--at', value: 'placeholder.when', help: 'help.retryAt' },
        {
          flags: '--timezone',
          value: 'placeholder.zone',
          help: 'help.retryTimezone',
          field: 'timezone',
        },
      ],
      run: async ([id], o, ctx) => (await postsModule()).retryPost(id!, o, ctx),
    },
  ],

  // ---------------------------------------------------------------- media
  uploadMedia: [
    {
      name: 'media upload',
      help: 'help.mediaUpload',
      arguments: [{ value: 'placeholder.media', help: 'help.mediaSource' }],
      run: async ([source], _o, ctx) => (await mediaModule()).uploadMediaCommand(source!, ctx),
    },
  ],
  listMedia: [
    {
      name: 'media list',
      help: 'help.mediaList',
      options: [
        { flags: '--type', value: 'placeholder.kind', help: 'help.mediaType', field: 'type' },
        ...pageOptions,
        sortOption,
        allPages,
      ],
      run: async (_, o, ctx) => (await mediaModule()).listMediaCommand(o, ctx),
    },
  ],
  getMedia: [
    {
      name: 'media show',
      help: 'help.mediaShow',
      arguments: [{ value: 'id', help: 'help.mediaId' }],
      run: async ([id], _o, ctx) => (await mediaModule()).showMediaCommand(id!, ctx),
    },
  ],
  deleteMedia: [
    {
      name: 'media delete',
      help: 'help.mediaDelete',
      arguments: [{ value: 'id', help: 'help.mediaId' }],
      run: async ([id], _o, ctx) => (await mediaModule()).deleteMediaCommand(id!, ctx),
    },
  ],

  // ---------------------------------------------------------------- webhooks
  createNotification: [
    {
      name: 'webhooks create',
      help: 'help.webhooksCreate',
      options: [
        { flags: '--url', value: 'url', help: 'help.webhookUrl' },
        {
          flags: '--events',
          value: 'placeholder.events',
          help: 'help.webhookEvents',
          field: 'eventTypes',
          choicesInHelp: 'events',
          repeat: true,
        },
        { flags: '--profile', value: 'id', help: 'help.webhookProfile', field: 'profileId' },
        { flags: '--only-scheduled', help: 'help.onlyScheduled', field: 'onlyScheduledPosts' },
      ],
      run: async (_, o, ctx) => (await webhooksModule()).createWebhook(o, ctx),
    },
  ],
  listNotifications: [
    {
      name: 'webhooks list',
      help: 'help.webhooksList',
      options: [...pageOptions, allPages],
      run: async (_, o, ctx) => (await webhooksModule()).listWebhooks(o, ctx),
    },
  ],
  getNotification: [
    {
      name: 'webhooks show',
      help: 'help.webhooksShow',
      arguments: [notificationId],
      run: async ([id], _o, ctx) => (await webhooksModule()).showWebhook(id!, ctx),
    },
  ],
  updateNotification: [
    {
      name: 'webhooks update',
      help: 'help.webhooksUpdate',
      arguments: [notificationId],
      options: [
        { flags: '--url', value: 'url', help: 'help.webhookNewUrl' },
        {
          flags: '--events',
          value: 'placeholder.events',
          help: 'help.webhookNewEvents',
          field: 'eventTypes',
          choicesInHelp: 'events',
          repeat: true,
        },
        { flags: '--profile', value: 'id', help: 'help.webhookNewProfile', field: 'profileId' },
        { flags: '--only-scheduled', help: 'help.onlyScheduled', field: 'onlyScheduledPosts' },
        { flags: '--all-posts', help: 'help.webhookAllPosts' },
        { flags: '--pause', help: 'help.webhookPause' },
        { flags: '--resume', help: 'help.webhookResume' },
      ],
      run: async ([id], o, ctx) => (await webhooksModule()).updateWebhook(id!, o, ctx),
    },
  ],
  deleteNotification: [
    {
      name: 'webhooks delete',
      help: 'help.webhooksDelete',
      arguments: [notificationId],
      run: async ([id], _o, ctx) => (await webhooksModule()).deleteWebhook(id!, ctx),
    },
  ],
  rotateNotificationSecret: [
    {
      name: 'webhooks rotate-secret',
      help: 'help.webhooksRotate',
      arguments: [notificationId],
      options: [
        {
          flags: '--overlap',
          value: 'placeholder.seconds',
          help: 'help.webhookOverlap',
          field: 'overlapSeconds',
        },
      ],
      run: async ([id], o, ctx) => (await webhooksModule()).rotateWebhookSecret(id!, o, ctx),
    },
  ],
  testNotification: [
    {
      name: 'webhooks test',
      help: 'help.webhooksTest',
      arguments: [{ ...notificationOf, optional: true }],
      options: [{ flags: '--url', value: 'url', help: 'help.webhookTestUrl' }],
      run: async ([id], o, ctx) => (await webhooksModule()).testWebhook(id, o, ctx),
    },
  ],
  listDeliveries: [
    {
      name: 'webhooks deliveries',
      help: 'help.webhooksDeliveries',
      arguments: [notificationOf],
      options: [
        { flags: '--status', value: 'status', help: 'help.onlyStatus', field: 'status' },
        ...pageOptions,
        allPages,
      ],
      run: async ([id], o, ctx) =>
        (await import('./commands/webhook-deliveries')).listDeliveries(id!, o, ctx),
    },
  ],
  redeliverDelivery: [
    {
      name: 'webhooks redeliver',
      help: 'help.webhooksRedeliver',
      arguments: [notificationOf, { value: 'placeholder.delivery', help: 'help.deliveryId' }],
      run: async ([id, delivery], _o, ctx) =>
        (await import('./commands/webhook-deliveries')).redeliverWebhook(id!, delivery!, ctx),
    },
  ],
};

/**
 * Nested fields the table's options fill, by route: the generator reads their schemas
 * too (`scripts/generate-route-facts.ts`).
 *
 * @example
 * ```ts
 * nestedFields(ROUTE_COMMANDS).createPost; // ['platforms[].options.trialParams.graduationStrategy']
 * ```
 */
export function nestedFields(
  table: Readonly<Record<string, readonly CommandSpec[] | undefined>>,
): Record<string, string[]> {
  const nested: Record<string, string[]> = {};
  for (const [id, commands] of Object.entries(table)) {
    for (const option of (commands ?? []).flatMap((command) => command.options ?? [])) {
      if (option.field?.includes('.')) (nested[option.route ?? id] ??= []).push(option.field);
    }
  }
  return nested;
}
