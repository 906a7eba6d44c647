/**
 * Profile commands: creating, listing and deleting profiles, and whether editors' posts
 * for a profile's accounts wait for approval. Part of the command table
 * (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import type { CommandSpec } from './command-spec';

export const profileCommands = {
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
        (await import('../commands/profiles')).createProfile(name!, o, ctx),
    },
  ],
  listProfiles: [
    {
      name: 'profiles list',
      help: 'help.profilesList',
      run: async (_, _o, ctx) => (await import('../commands/profiles')).listProfiles(ctx),
    },
  ],
  updateProfile: [
    {
      name: 'profiles approval',
      help: 'help.profilesApproval',
      arguments: [
        { value: 'id', help: 'help.profileId' },
        { value: 'on|off|project', help: 'help.profileApprovalSetting' },
      ],
      run: async ([id, setting], _o, ctx) =>
        (await import('../commands/profiles')).setProfileApproval(id!, setting!, ctx),
    },
  ],
  deleteProfile: [
    {
      name: 'profiles delete',
      help: 'help.profilesDelete',
      arguments: [{ value: 'id', help: 'help.profileId' }],
      run: async ([id], _o, ctx) => (await import('../commands/profiles')).deleteProfile(id!, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
