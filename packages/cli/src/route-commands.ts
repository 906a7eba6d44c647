/**
 * The commands that call the contract's routes, keyed by route id: each names its words,
 * positional arguments, help keys and options. An option that fills a field of the route
 * (`field`) takes its choices, bounds and default from the route's schema, through the
 * facts generated from the contract (`generated/route-facts.ts`); the others are the
 * CLI's own (`--all`, `--wait`). A route with no entry here and no command in
 * `command-routes.ts` still gets a command, named after its id (`route-program.ts`).
 * Each command imports its module only when it runs, so `reelay --help` loads none.
 */
import type { RouteId } from '@reelay/core';
import { accountAdminCommands } from './route-commands/account-admin';
import { accountCommands } from './route-commands/accounts';
import { approvalCommands } from './route-commands/approval';
import { commentCommands } from './route-commands/comments';
import { snippetCommands } from './route-commands/snippets';
import { seriesCommands } from './route-commands/series';
import { feedCommands } from './route-commands/feeds';
import type { CommandSpec } from './route-commands/command-spec';
import { mediaCommands } from './route-commands/media';
import { postCommands } from './route-commands/posts';
import { profileCommands } from './route-commands/profiles';
import { reviewLinkCommands } from './route-commands/review-links';
import { sessionCommands } from './route-commands/session';
import { slotCommands } from './route-commands/slots';
import { teamCommands } from './route-commands/team';
import { webhookCommands } from './route-commands/webhooks';
import type { MessageKey } from './i18n';

export type {
  ArgumentSpec,
  CommandRun,
  CommandSpec,
  OptionSpec,
  Placeholder,
} from './route-commands/command-spec';

/** The groups of commands (`reelay posts …`) and their help. */
export const GROUP_HELP: Readonly<Record<string, MessageKey>> = {
  accounts: 'help.accounts',
  profiles: 'help.profiles',
  slots: 'help.slots',
  keys: 'help.keys',
  members: 'help.members',
  invitations: 'help.invitations',
  org: 'help.org',
  me: 'help.me',
  posts: 'help.posts',
  approval: 'help.approval',
  'review-links': 'help.reviewLinks',
  comments: 'help.comments',
  mentions: 'help.mentions',
  'saved-replies': 'help.savedReplies',
  media: 'help.mediaGroup',
  feeds: 'help.feeds',
  webhooks: 'help.webhooks',
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
  ...sessionCommands,
  ...accountCommands,
  ...profileCommands,
  ...slotCommands,
  ...accountAdminCommands,
  ...teamCommands,
  ...postCommands,
  ...approvalCommands,
  ...reviewLinkCommands,
  ...commentCommands,
  ...mediaCommands,
  ...seriesCommands,
  ...feedCommands,
  ...snippetCommands,
  ...webhookCommands,
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
