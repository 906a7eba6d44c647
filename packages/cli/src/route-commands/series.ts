/**
 * Series commands: recurring posts, started by `reelay posts create --repeat`. Part of
 * the command table (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import type { CommandSpec } from './command-spec';

const seriesModule = () => import('../commands/series');
const seriesId = { value: 'id', help: 'help.seriesId' } as const;

export const seriesCommands = {
  listSeries: [
    {
      name: 'series list',
      help: 'help.seriesList',
      options: [{ flags: '--status', value: 'placeholder.status', help: 'help.seriesStatus' }],
      run: async (_, o, ctx) => (await seriesModule()).listSeries(o, ctx),
    },
  ],
  getSeries: [
    {
      name: 'series show',
      help: 'help.seriesShow',
      arguments: [seriesId],
      run: async ([id], _o, ctx) => (await seriesModule()).showSeries(id!, ctx),
    },
  ],
  updateSeries: [
    {
      name: 'series edit',
      help: 'help.seriesEdit',
      arguments: [seriesId],
      options: [
        { flags: '--caption', value: 'placeholder.caption', help: 'help.seriesCaption' },
        { flags: '--repeat', value: 'placeholder.rule', help: 'help.repeat' },
        { flags: '--from', value: 'placeholder.post', help: 'help.seriesFrom' },
      ],
      run: async ([id], o, ctx) => (await seriesModule()).editSeries(id!, o, ctx),
    },
  ],
  stopSeries: [
    {
      name: 'series stop',
      help: 'help.seriesStop',
      arguments: [seriesId],
      run: async ([id], _o, ctx) => (await seriesModule()).stopSeries(id!, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
