/**
 * The CLI cannot drift from the contract: every route a user can reach has a command (or a
 * stated reason for none), every command reaches a route or says what it does locally,
 * every option with a fixed set of values offers exactly what the route's zod enum accepts,
 * and `reelay emulator` takes exactly the emulator's own flags.
 */
import { ROUTES, routes, type RouteId } from '@reelay/core';
import { EMULATOR_CLI_OPTIONS } from '@reelay/emulator';
import type { CommandUnknownOpts as Command, Option } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli';
import { COMMAND_ROUTES, LOCAL_COMMANDS } from '../src/command-routes';
import { ROUTE_COMMANDS } from '../src/route-commands';

function leaves(command: Command, path: string[] = []): Array<[string, Command]> {
  if (command.commands.length === 0) return [[path.join(' '), command]];
  return command.commands.flatMap((sub) => leaves(sub, [...path, sub.name()]));
}
const COMMANDS = new Map(leaves(buildProgram()));

/** The values a zod schema accepts when it is an enum, through optional, default and pipes. */
function enumValues(schema: unknown): string[] | undefined {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
  if (!def) return undefined;
  if (def.type === 'enum') return Object.values(def.entries as Record<string, string>);
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')
    return enumValues(def.innerType);
  if (def.type === 'pipe') return enumValues(def.in);
  return undefined;
}

/** A zod schema without its optional, default, nullable or pipe wrappers. */
function unwrapped(schema: unknown): Record<string, unknown> | undefined {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
  if (!def) return undefined;
  if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable')
    return unwrapped(def.innerType);
  if (def.type === 'pipe') return unwrapped(def.in);
  return def;
}

/**
 * Options whose field is nested in the body, by the path to it (`[]` steps into an
 * array's items).
 */
const NESTED_FIELDS: Record<string, readonly string[]> = {
  trial: ['platforms', '[]', 'options', 'trialParams', 'graduationStrategy'],
};

/** The schema at a path of object fields, through wrappers and arrays. */
function schemaAt(schema: unknown, path: readonly string[]): unknown {
  let current = schema;
  for (const step of path) {
    const def = unwrapped(current);
    if (!def) return undefined;
    if (step === '[]') current = def.type === 'array' ? def.element : undefined;
    else current = def.type === 'object' ? (def.shape as Record<string, unknown>)[step] : undefined;
  }
  return current;
}

/** The schema of a query or JSON body field of a route, by name. */
function fieldSchema(id: RouteId, name: string): unknown {
  const request = routes[id].request as {
    query?: { shape?: Record<string, unknown> };
    body?: Record<string, unknown>;
  };
  const body = request.body?.['application/json'];
  const nested = NESTED_FIELDS[name];
  if (nested) return schemaAt(body, nested);
  return request.query?.shape?.[name] ?? schemaAt(body, [name]);
}

describe('the CLI against the contract', () => {
  it('names a command, or a reason for none, for every contract route and for no other', () => {
    expect(Object.keys(COMMAND_ROUTES).sort()).toEqual(ROUTES.map((route) => route.id).sort());
    for (const [id, coverage] of Object.entries(COMMAND_ROUTES)) {
      if ('excluded' in coverage) expect(coverage.excluded.length, id).toBeGreaterThan(20);
      else expect(coverage.length, id).toBeGreaterThan(0);
    }
  });

  it("leaves out only the token refresh, the invitation preview, a review link's page and the routes the platform itself calls", () => {
    const excluded = Object.entries(COMMAND_ROUTES).filter(
      ([, coverage]) => 'excluded' in coverage,
    );
    expect(excluded.map(([id]) => id).sort()).toEqual([
      'approveByReviewLink',
      'connectCallback',
      'getDataDeletionStatus',
      'lookupInvitation',
      'lookupReviewLink',
      'metaDataDeletion',
      'metaDeauthorize',
      'receiveMetaWebhook',
      'refresh',
      'rejectByReviewLink',
      'verifyMetaWebhook',
    ]);
  });

  it('names only commands that exist', () => {
    const named = Object.values(COMMAND_ROUTES).flatMap((coverage) =>
      'excluded' in coverage ? [] : coverage,
    );
    const missing = [...named, ...Object.keys(LOCAL_COMMANDS)].filter(
      (name) => !COMMANDS.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('has every command either reach a route or say what it does locally, not both', () => {
    const reaching = new Set(
      Object.values(COMMAND_ROUTES).flatMap((coverage) => ('excluded' in coverage ? [] : coverage)),
    );
    const unaccounted = [...COMMANDS.keys()].filter(
      (name) => !reaching.has(name) && !(name in LOCAL_COMMANDS),
    );
    expect(unaccounted).toEqual([]);
    expect(Object.keys(LOCAL_COMMANDS).filter((name) => reaching.has(name))).toEqual([]);
  });

  it('offers in each option with fixed values exactly the values its route accepts', () => {
    const checked: string[] = [];
    for (const [name, command] of COMMANDS) {
      const coverage = Object.entries(COMMAND_ROUTES).filter(
        ([, routesOf]) => !('excluded' in routesOf) && routesOf.includes(name),
      );
      for (const option of command.options as readonly Option[]) {
        if (!option.argChoices) continue;
        const field = option.attributeName();
        const accepted = coverage
          .map(([id]) => enumValues(fieldSchema(id as RouteId, field)))
          .find((values) => values !== undefined);
        expect(accepted, `${name} ${option.long}`).toBeDefined();
        // `sort` also accepts the aliases createdAt and -createdAt; the CLI offers the two orders.
        const aliases = field === 'sort' ? ['createdAt', '-createdAt'] : [];
        expect([...option.argChoices, ...aliases].sort(), `${name} ${option.long}`).toEqual(
          [...accepted!].sort(),
        );
        checked.push(`${name} ${option.long}`);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'posts create --kind',
        'posts list --status',
        'posts list --kind',
        'posts list --sort',
        'accounts list --sort',
        'accounts connect --login',
        'posts create --trial',
        'webhooks deliveries --status',
        'keys create --role',
        'invitations create --role',
        'comments list --status',
      ]),
    );
  });

  it('offers in each argument with fixed values exactly the values its route accepts', () => {
    const checked: string[] = [];
    for (const [id, specs] of Object.entries(ROUTE_COMMANDS)) {
      for (const spec of specs ?? []) {
        const registered = COMMANDS.get(spec.name)!.registeredArguments;
        for (const [index, argument] of (spec.arguments ?? []).entries()) {
          const choices = registered[index]?.argChoices;
          if (!argument.field) {
            expect(choices, `${spec.name} <${argument.value}>`).toBeUndefined();
            continue;
          }
          const accepted = enumValues(fieldSchema(id as RouteId, argument.field));
          expect(accepted, `${spec.name} <${argument.value}>`).toBeDefined();
          expect([...(choices ?? [])].sort(), spec.name).toEqual([...accepted!].sort());
          checked.push(`${spec.name} ${argument.field}`);
        }
      }
    }
    expect(checked).toEqual(['members role role']);
  });

  it('gives reelay emulator exactly the flags of reelay-emulator', () => {
    const flags = (COMMANDS.get('emulator')!.options as readonly Option[]).map((option) =>
      option.long!.slice(2),
    );
    expect(flags.sort()).toEqual(Object.keys(EMULATOR_CLI_OPTIONS).sort());
  });
});
