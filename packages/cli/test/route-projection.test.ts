/**
 * The CLI is a projection of the contract: a route added to a copy of the contract table
 * appears in the program built from it, with flags whose choices, bounds and defaults come
 * from the route's zod schemas, whether the command table names it or not. The facts the
 * built `reelay` reads are those the contract gives today.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createNotificationBodySchema,
  createProfileBodySchema,
  defineRoute,
  listMediaQuerySchema,
  pathIdSchema,
  queryInteger,
  routes,
  SORT_ORDERS,
} from '@reelay/core';
import type { CommandUnknownOpts as Command, Option } from '@commander-js/extra-typings';
import type { OptionValues } from '@commander-js/extra-typings';
import { format, resolveConfig } from 'prettier';
import { afterEach, describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli';
import { setLanguage } from '../src/i18n';
import { nestedFields, ROUTE_COMMANDS, type CommandSpec } from '../src/route-commands';
import { projectRoutes, renderRouteFacts } from '../src/route-projection';
import { ROUTE_FACTS } from '../src/route-facts';

const FACTS_FILE = fileURLToPath(new URL('../src/generated/route-facts.json', import.meta.url));

const widgetBase = {
  auth: 'key',
  rateBucket: 'default',
  tag: 'Widgets',
  description: 'Widgets de teste.',
  responses: routes.listMedia.responses,
  examples: { todos: { summary: 'Todos' } },
  errors: [],
} as const;

/**
 * The contract table plus two routes built from the contract's own schemas: one the
 * command table names, one it does not.
 */
const contract = {
  ...routes,
  listWidgets: defineRoute({
    ...widgetBase,
    id: 'listWidgets',
    method: 'GET',
    path: '/v1/widgets',
    summary: 'Lista os widgets',
    request: {
      query: listMediaQuerySchema.extend({
        size: queryInteger({ min: 2, max: 9, default: 5, description: 'Tamanho.' }),
      }),
    },
  }),
  archiveWidget: defineRoute({
    ...widgetBase,
    id: 'archiveWidget',
    method: 'POST',
    path: '/v1/widgets/{id}/archive',
    summary: 'Arquiva um widget',
    request: {
      params: routes.getMedia.request.params,
      body: {
        'application/json': createProfileBodySchema.extend({
          notify: createNotificationBodySchema.shape.onlyScheduledPosts,
          ownerId: pathIdSchema.optional(),
        }),
      },
    },
  }),
};

/** What a command received, by command name. */
const received = new Map<string, { args: readonly string[]; options: OptionValues }>();
const widgetsList: CommandSpec = {
  name: 'widgets list',
  help: 'help.postsList',
  options: [
    { flags: '--type', value: 'placeholder.kind', help: 'help.onlyKind', field: 'type' },
    { flags: '--size', value: 'n', help: 'help.limit', field: 'size' },
    { flags: '--limit', value: 'n', help: 'help.limit', field: 'limit' },
    { flags: '--offset', value: 'n', help: 'help.offset', field: 'offset' },
  ],
  run: async (args, options) => {
    received.set('widgets list', { args, options });
  },
};
const commands = { ...ROUTE_COMMANDS, listWidgets: [widgetsList] };

function find(program: Command, path: string): Command | undefined {
  return path
    .split(' ')
    .reduce<Command | undefined>(
      (command, word) => command?.commands.find((sub) => sub.name() === word),
      program,
    );
}

const optionOf = (command: Command, long: string) =>
  (command.options as readonly Option[]).find((option) => option.long === long);

async function run(program: Command, args: string[]): Promise<unknown> {
  try {
    await program.parseAsync(['node', 'reelay', ...args]);
    return undefined;
  } catch (error) {
    return error;
  }
}

afterEach(() => received.clear());

describe('the CLI as a projection of the contract', () => {
  setLanguage('en');
  const facts = projectRoutes(contract, nestedFields(commands));

  it('reads choices, bounds and defaults from the schemas', () => {
    expect(facts.listWidgets!.fields).toMatchObject({
      type: { type: 'string', choices: ['image', 'video'], required: false },
      size: { type: 'integer', min: 2, max: 9, default: 5 },
      limit: { type: 'integer', min: 1, max: 100, default: 20 },
      offset: { type: 'integer', min: 0, default: 0 },
    });
    expect(facts.archiveWidget).toMatchObject({
      params: ['id'],
      fields: { name: { type: 'string', required: true }, notify: { type: 'boolean' } },
    });
  });

  it('gives a route the command table names its command and flags', async () => {
    const program = buildProgram({ facts, commands }) as unknown as Command;
    const list = find(program, 'widgets list');
    expect(list).toBeDefined();
    expect(optionOf(list!, '--type')!.argChoices).toEqual(['image', 'video']);

    expect(await run(program, ['widgets', 'list', '--size', '3'])).toBeUndefined();
    // The defaults of the schema reach the command as numbers.
    expect(received.get('widgets list')!.options).toMatchObject({ size: 3, limit: 20, offset: 0 });
    await run(program, ['widgets', 'list']);
    expect(received.get('widgets list')!.options).toMatchObject({ size: 5 });

    const tooBig = await run(buildProgram({ facts, commands }) as unknown as Command, [
      'widgets',
      'list',
      '--size',
      '10',
    ]);
    expect(String(tooBig)).toMatch(/--size.*9/);
    const wrong = await run(buildProgram({ facts, commands }) as unknown as Command, [
      'widgets',
      'list',
      '--type',
      'audio',
    ]);
    expect(String(wrong)).toMatch(/Allowed choices are image, video/);
  });

  it('gives a route nobody named a command after its id, with a flag per field', () => {
    const program = buildProgram({ facts, commands }) as unknown as Command;
    const archive = find(program, 'widget archive');
    expect(archive).toBeDefined();
    expect(archive!.registeredArguments.map((argument) => argument.name())).toEqual(['id']);
    expect(optionOf(archive!, '--name')!.mandatory).toBe(true);
    expect(optionOf(archive!, '--notify')!.required).toBe(false);
    expect(optionOf(archive!, '--owner-id')).toBeDefined();
    expect(archive!.description()).toBe('call POST /v1/widgets/{id}/archive and print its answer');
  });

  it('leaves the contract routes as they were, and offers the two sort orders only', () => {
    const program = buildProgram() as unknown as Command;
    expect(find(program, 'widgets list')).toBeUndefined();
    expect(optionOf(find(program, 'posts list')!, '--sort')!.argChoices).toEqual([...SORT_ORDERS]);
  });

  it('ships the facts the contract gives today (pnpm --filter @reelay/cli generate)', async () => {
    const config = (await resolveConfig(FACTS_FILE)) ?? {};
    const expected = await format(renderRouteFacts(routes, ROUTE_COMMANDS), {
      ...config,
      parser: 'json',
    });
    expect(readFileSync(FACTS_FILE, 'utf8')).toBe(expected);
    expect(ROUTE_FACTS.listPosts!.fields.limit).toMatchObject({ min: 1, max: 100, default: 20 });
  });
});
