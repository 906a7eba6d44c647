/**
 * Feed commands: RSS, Atom and JSON Feed whose new items become drafts or queued posts.
 * Part of the command table (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import type { CommandSpec } from './command-spec';

const feedsModule = () => import('../commands/feeds');
const feedId = { value: 'id', help: 'help.feedId' } as const;

export const feedCommands = {
  listFeeds: [
    {
      name: 'feeds list',
      help: 'help.feedsList',
      run: async (_, _o, ctx) => (await feedsModule()).listFeeds(ctx),
    },
  ],
  createFeed: [
    {
      name: 'feeds add',
      help: 'help.feedsAdd',
      arguments: [{ value: 'placeholder.address', help: 'help.feedUrl' }],
      options: [
        {
          flags: '-a, --account',
          value: 'placeholder.account',
          help: 'help.feedAccount',
          repeat: true,
        },
        { flags: '--profile', value: 'id', help: 'help.feedProfile' },
        { flags: '--mode', value: 'placeholder.mode', help: 'help.feedMode', field: 'mode' },
        { flags: '--template', value: 'placeholder.text', help: 'help.feedTemplate' },
      ],
      run: async ([url], o, ctx) => (await feedsModule()).addFeed(url!, o, ctx),
    },
  ],
  getFeed: [
    {
      name: 'feeds show',
      help: 'help.feedsShow',
      arguments: [feedId],
      run: async ([id], _o, ctx) => (await feedsModule()).showFeed(id!, ctx),
    },
  ],
  checkFeed: [
    {
      name: 'feeds check',
      help: 'help.feedsCheck',
      arguments: [feedId],
      run: async ([id], _o, ctx) => (await feedsModule()).checkFeed(id!, ctx),
    },
  ],
  updateFeed: [
    {
      name: 'feeds pause',
      help: 'help.feedsPause',
      arguments: [feedId],
      run: async ([id], _o, ctx) => (await feedsModule()).pauseFeed(id!, true, ctx),
    },
    {
      name: 'feeds resume',
      help: 'help.feedsResume',
      arguments: [feedId],
      run: async ([id], _o, ctx) => (await feedsModule()).pauseFeed(id!, false, ctx),
    },
  ],
  deleteFeed: [
    {
      name: 'feeds remove',
      help: 'help.feedsRemove',
      arguments: [feedId],
      run: async ([id], _o, ctx) => (await feedsModule()).removeFeed(id!, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
