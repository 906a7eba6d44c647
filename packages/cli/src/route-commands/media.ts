/**
 * Media library commands: uploading, listing, reading, keeping and deleting media. Part of the
 * command table (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import { allPages, pageOptions, sortOption } from './command-parts';
import type { CommandSpec } from './command-spec';

const mediaModule = () => import('../commands/media');

export const mediaCommands = {
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
        { flags: '--unused', help: 'help.mediaUnused' },
        { flags: '--search', value: 'placeholder.text', help: 'help.mediaSearch', field: 'q' },
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
  updateMedia: [
    {
      name: 'media keep',
      help: 'help.mediaKeep',
      arguments: [{ value: 'id', help: 'help.mediaId' }],
      run: async ([id], _o, ctx) => (await mediaModule()).keepMediaCommand(id!, true, ctx),
    },
    {
      name: 'media unkeep',
      help: 'help.mediaUnkeep',
      arguments: [{ value: 'id', help: 'help.mediaId' }],
      run: async ([id], _o, ctx) => (await mediaModule()).keepMediaCommand(id!, false, ctx),
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
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
