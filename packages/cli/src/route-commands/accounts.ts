/**
 * Account commands: connecting, listing, checking, reading insights of and disconnecting
 * Instagram accounts. Part of the command table (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import { allPages, pageOptions, sortOption } from './command-parts';
import type { ArgumentSpec, CommandSpec } from './command-spec';

const accountsModule = () => import('../commands/accounts');

const accountArg: ArgumentSpec = { value: 'placeholder.account', help: 'help.accountArg' };

export const accountCommands = {
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
        (await import('../commands/insights')).accountInsights(account!, o, ctx),
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
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
