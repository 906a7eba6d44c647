/**
 * Posting schedule commands: showing, setting and clearing an account's or profile's
 * slots, and the next free ones. Part of the command table (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import type { ArgumentSpec, CommandSpec, OptionSpec } from './command-spec';

const slotsModule = () => import('../commands/slots');

const slotOwner: ArgumentSpec = {
  value: 'placeholder.account',
  help: 'help.slotsAccount',
  optional: true,
};
const slotProfile: OptionSpec = { flags: '--profile', value: 'id', help: 'help.slotsProfile' };

export const slotCommands = {
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
        { flags: '--evergreen', help: 'help.slotsEvergreen' },
        { flags: '--no-evergreen', help: 'help.slotsNoEvergreen' },
        {
          flags: '--min-days-between',
          value: 'n',
          help: 'help.slotsMinDays',
          field: 'evergreen.minDaysBetween',
        },
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
  suggestIntegrationSlots: [
    {
      name: 'slots suggest',
      help: 'help.slotsSuggest',
      arguments: [{ value: 'placeholder.account', help: 'help.slotsAccount' }],
      options: [
        {
          flags: '--timezone',
          value: 'placeholder.zone',
          help: 'help.slotsSuggestTimezone',
          field: 'timezone',
        },
        { flags: '--apply', help: 'help.slotsSuggestApply' },
      ],
      run: async ([account], o, ctx) => (await slotsModule()).suggestSlots(account!, o, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
