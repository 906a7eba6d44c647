/**
 * A route added to the contract table reaches every surface by construction: the OpenAPI
 * document, the generated SDK, the CLI (a command with flags bounded by its schema) and,
 * since it opts in, an MCP tool. The route is added to a copy of the table, and each
 * surface is built from that copy by the code that builds it from the real table, so no
 * other file names the route.
 */
import {
  defineRoute,
  listMediaQuerySchema,
  queryInteger,
  routes,
  ROUTES,
  type RouteDefinition,
} from '@reelay/core';
import { buildOpenApiDocument } from '@reelay/core/openapi';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../packages/cli/src/cli';
import { setLanguage } from '../packages/cli/src/i18n';
import { nestedFields, ROUTE_COMMANDS } from '../packages/cli/src/route-commands';
import { projectRoutes } from '../packages/cli/src/route-projection';
import { routeTools } from '../packages/mcp/src/tools';
import { generateSdkFiles } from '../packages/sdk/scripts/generator/generate-sdk';

/** What the test reads of a commander command (the root does not depend on commander). */
interface Command {
  name(): string;
  readonly commands: readonly Command[];
  readonly options: readonly { long?: string }[];
}

/** A new read-only route built from the contract's own pieces, offered to agents too. */
const listLabels = defineRoute({
  id: 'listLabels',
  method: 'GET',
  path: '/v1/labels',
  auth: 'key',
  rateBucket: 'default',
  tag: 'Etiquetas',
  summary: 'Lista as etiquetas',
  description: 'Lista as etiquetas do projeto.',
  request: {
    query: listMediaQuerySchema.extend({
      depth: queryInteger({ min: 1, max: 4, default: 2, description: 'Profundidade.' }),
    }),
  },
  responses: routes.listMedia.responses,
  examples: { todas: { summary: 'Todas as etiquetas' } },
  errors: [],
  mcp: { tool: 'list_labels', title: 'Listar as etiquetas' },
});

const table: readonly RouteDefinition[] = [...ROUTES, listLabels];

describe('a route added to the contract table', () => {
  it('is an operation of the OpenAPI document, with its bounds', () => {
    const document = buildOpenApiDocument({ routes: table }) as unknown as {
      paths: Record<string, Record<string, { operationId?: string; parameters?: unknown[] }>>;
    };
    const operation = document.paths['/v1/labels']?.get;
    expect(operation).toBeDefined();
    expect(operation!.parameters).toContainEqual(
      expect.objectContaining({
        name: 'depth',
        in: 'query',
        schema: expect.objectContaining({ minimum: 1, maximum: 4, default: 2 }),
      }),
    );
    expect(buildOpenApiDocument().paths?.['/v1/labels']).toBeUndefined();
  });

  it('is a method of the generated SDK, with a typed query', async () => {
    const { files, namedByConvention } = await generateSdkFiles(table);
    expect(namedByConvention).toContain('listLabels → labels.list');
    const resource = files.get('resources/labels.ts');
    expect(resource).toMatch(/export class LabelsResource/);
    expect(resource).toMatch(/\blist\(/);
    expect(files.get('routes.ts')).toMatch(/listLabels/);
    expect(files.get('types.ts')).toMatch(/depth\?: number/);
  });

  it('is a CLI command whose flags carry the schema bounds', async () => {
    setLanguage('en');
    const contract = { ...routes, listLabels };
    const facts = projectRoutes(contract, nestedFields(ROUTE_COMMANDS));
    const program = buildProgram({ facts, commands: ROUTE_COMMANDS }) as unknown as Command;
    const command = program.commands
      .find((sub) => sub.name() === 'labels')
      ?.commands.find((sub) => sub.name() === 'list');
    expect(command).toBeDefined();
    const flags = command!.options.map((option) => option.long);
    expect(flags).toEqual(expect.arrayContaining(['--depth', '--limit', '--offset', '--type']));
    expect(facts.listLabels!.fields.depth).toMatchObject({ min: 1, max: 4, default: 2 });
  });

  it('is an MCP tool, since it opts in, with the route as its input', () => {
    const tool = routeTools(table).find((candidate) => candidate.name === 'list_labels');
    expect(tool).toBeDefined();
    expect(tool!.routeId).toBe('listLabels');
    expect(JSON.stringify(tool!.inputSchema)).toMatch(/"depth"/);
    expect(routeTools().some((candidate) => candidate.name === 'list_labels')).toBe(false);
  });
});
