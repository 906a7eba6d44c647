/**
 * Administration commands: API keys, renaming the organization and deleting the logged-in
 * user. Part of the command table (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import type { CommandSpec } from './command-spec';

export const accountAdminCommands = {
  listApiKeys: [
    {
      name: 'keys list',
      help: 'help.keysList',
      run: async (_, _o, ctx) => (await import('../commands/keys')).listKeys(ctx),
    },
  ],
  createApiKey: [
    {
      name: 'keys create',
      help: 'help.keysCreate',
      options: [
        { flags: '--name', value: 'placeholder.name', help: 'help.keyName', field: 'name' },
        { flags: '--role', value: 'placeholder.role', help: 'help.keyRole', field: 'role' },
        { flags: '--save', help: 'help.keySave' },
      ],
      run: async (_, o, ctx) => (await import('../commands/keys')).createKey(o, ctx),
    },
  ],
  revokeApiKey: [
    {
      name: 'keys revoke',
      help: 'help.keysRevoke',
      arguments: [{ value: 'id', help: 'help.keyId' }],
      run: async ([id], _o, ctx) => (await import('../commands/keys')).revokeKey(id!, ctx),
    },
  ],
  updateOrganization: [
    {
      name: 'org rename',
      help: 'help.orgRename',
      arguments: [{ value: 'placeholder.name', help: 'help.orgName' }],
      run: async ([name], _o, ctx) =>
        (await import('../commands/account-admin')).renameOrganization(name!, ctx),
    },
  ],
  deleteMe: [
    {
      name: 'me delete',
      help: 'help.meDelete',
      options: [{ flags: '--confirm', value: 'placeholder.email', help: 'help.meConfirm' }],
      run: async (_, o, ctx) => (await import('../commands/account-admin')).deleteMe(o, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
