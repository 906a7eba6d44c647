/**
 * Snippet commands: the captions and hashtag groups a project keeps for composing. Part of
 * the command table (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import type { CommandSpec } from './command-spec';

const snippetsModule = () => import('../commands/snippets');

export const snippetCommands = {
  listSnippets: [
    {
      name: 'snippets list',
      help: 'help.snippetsList',
      options: [{ flags: '--kind', value: 'placeholder.kind', help: 'help.snippetsKind' }],
      run: async (_, o, ctx) => (await snippetsModule()).listSnippets(o, ctx),
    },
  ],
  createSnippet: [
    {
      name: 'snippets create',
      help: 'help.snippetsCreate',
      arguments: [
        { value: 'placeholder.kind', help: 'help.snippetsKind' },
        { value: 'placeholder.title', help: 'help.snippetsTitle' },
        { value: 'placeholder.text', help: 'help.snippetsText' },
      ],
      run: async ([kind, title, text], _o, ctx) =>
        (await snippetsModule()).createSnippet(kind!, title!, text!, ctx),
    },
  ],
  updateSnippet: [
    {
      name: 'snippets edit',
      help: 'help.snippetsEdit',
      arguments: [{ value: 'id', help: 'help.snippetId' }],
      options: [
        { flags: '--title', value: 'placeholder.title', help: 'help.snippetsTitle' },
        { flags: '--text', value: 'placeholder.text', help: 'help.snippetsText' },
      ],
      run: async ([id], o, ctx) => (await snippetsModule()).editSnippet(id!, o, ctx),
    },
  ],
  deleteSnippet: [
    {
      name: 'snippets delete',
      help: 'help.snippetsDelete',
      arguments: [{ value: 'id', help: 'help.snippetId' }],
      run: async ([id], _o, ctx) => (await snippetsModule()).deleteSnippet(id!, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
