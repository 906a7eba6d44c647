/**
 * Reads the contract's zod schemas into plain facts about each route's inputs: which
 * query and body fields it takes, their type, fixed choices, bounds and defaults. The CLI
 * builds its flags from these facts. This module needs zod and the contract, so only the
 * generator (`scripts/generate-route-facts.ts`) and the tests load it; the built `reelay`
 * reads the facts it wrote (`generated/route-facts.ts`), and `reelay --help` stays cheap.
 */
import type { RouteDefinition } from '@reelay/core';
import type { FieldFacts, RouteFacts } from './route-facts';
import { nestedFields, type CommandSpec } from './route-commands';

/** What zod 4 keeps about a schema, read without importing zod. */
interface ZodDef {
  readonly type: string;
  readonly innerType?: unknown;
  readonly in?: unknown;
  readonly out?: unknown;
  readonly options?: readonly unknown[];
  readonly entries?: Record<string, string>;
  readonly shape?: Record<string, unknown>;
  readonly element?: unknown;
  readonly checks?: ReadonlyArray<{ _zod: { def: Record<string, unknown> } }>;
  readonly values?: readonly unknown[];
  readonly format?: string;
}

const defOf = (schema: unknown): ZodDef | undefined =>
  (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

/** Wrappers that do not change what a field is: optional, nullable, default, readonly. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly', 'nonoptional', 'catch']);

/** The object schema at the root of a body or query, through wrappers and pipes. */
function objectShape(schema: unknown): Record<string, unknown> | undefined {
  const def = defOf(schema);
  if (!def) return undefined;
  if (def.type === 'object') return def.shape;
  if (WRAPPERS.has(def.type)) return objectShape(def.innerType);
  if (def.type === 'pipe') return objectShape(def.in) ?? objectShape(def.out);
  return undefined;
}

/** A field's type, choices and bounds, gathered through every wrapper, pipe and union. */
function describe(schema: unknown, facts: Partial<Mutable<FieldFacts>> = {}) {
  const def = defOf(schema);
  if (!def) return facts;
  if (WRAPPERS.has(def.type)) return describe(def.innerType, facts);
  switch (def.type) {
    case 'pipe':
      describe(def.in, facts);
      return describe(def.out, facts);
    case 'union':
      // `queryInteger` accepts a number or digits; the number decides the type.
      for (const option of def.options ?? []) {
        const inner = describe(option, {});
        if (inner.type === 'integer' || inner.type === 'number') Object.assign(facts, inner);
        else facts.type ??= inner.type;
      }
      return facts;
    case 'enum': {
      const choices = Object.values(def.entries ?? {});
      // A query flag written as `true`/`false` is a switch on the command line.
      if (choices.length === 2 && choices.includes('true') && choices.includes('false'))
        facts.type = 'boolean';
      else Object.assign(facts, { type: facts.type ?? 'string', choices });
      return facts;
    }
    case 'array': {
      const element = describe(def.element, {});
      facts.type = 'list';
      if (element.choices) facts.choices = element.choices;
      return facts;
    }
    case 'number':
      // `z.int()` is a number whose own format says so; `.int()` adds it as a check.
      facts.type =
        facts.type === 'integer' || /int/.test(String(def.format)) ? 'integer' : 'number';
      for (const check of def.checks ?? []) readCheck(check._zod.def, facts);
      return facts;
    case 'boolean':
      facts.type = 'boolean';
      return facts;
    case 'string':
      facts.type ??= 'string';
      return facts;
    case 'object':
      facts.type = 'object';
      return facts;
    default:
      return facts;
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function readCheck(check: Record<string, unknown>, facts: Partial<Mutable<FieldFacts>>) {
  const value = check.value as number;
  if (check.check === 'number_format' && String(check.format).includes('int'))
    facts.type = 'integer';
  else if (check.check === 'greater_than')
    facts.min = check.inclusive ? value : Math.floor(value) + 1;
  else if (check.check === 'less_than') facts.max = check.inclusive ? value : Math.ceil(value) - 1;
}

/** What the schema gives a field nobody sent, when that is a plain value. */
function defaultOf(schema: unknown): string | number | boolean | undefined {
  const parse = (schema as { safeParse?: (value: unknown) => { success: boolean; data?: unknown } })
    .safeParse;
  if (!parse) return undefined;
  const result = parse.call(schema, undefined);
  const value = result.success ? result.data : undefined;
  return ['string', 'number', 'boolean'].includes(typeof value)
    ? (value as string | number | boolean)
    : undefined;
}

function isOptional(schema: unknown): boolean {
  const parse = (schema as { safeParse?: (value: unknown) => { success: boolean } }).safeParse;
  return parse?.call(schema, undefined).success ?? true;
}

/** The facts of one field schema. */
function fieldFacts(schema: unknown): FieldFacts {
  const facts = describe(schema);
  const fallback = defaultOf(schema);
  return {
    type: facts.type ?? 'string',
    required: !isOptional(schema),
    ...(facts.choices ? { choices: facts.choices } : {}),
    ...(facts.min !== undefined && facts.min > Number.MIN_SAFE_INTEGER ? { min: facts.min } : {}),
    ...(facts.max !== undefined && facts.max < Number.MAX_SAFE_INTEGER ? { max: facts.max } : {}),
    ...(fallback !== undefined ? { default: fallback } : {}),
  };
}

/** The schema at a path of fields (`platforms[].options.kind`), through arrays. */
function schemaAt(root: unknown, path: string): unknown {
  let current = root;
  for (const step of path.split('.')) {
    const name = step.replace(/\[\]$/, '');
    current = objectShape(current)?.[name];
    if (step.endsWith('[]')) {
      let def = defOf(current);
      while (def && WRAPPERS.has(def.type)) def = defOf(def.innerType);
      current = def?.type === 'array' ? def.element : undefined;
    }
    if (current === undefined) return undefined;
  }
  return current;
}

/**
 * The facts of one route: its path parameters, and its query and JSON (or form) body
 * fields by name, plus the nested fields named in `nested` (`platforms[].options.kind`).
 *
 * @example
 * ```ts
 * projectRoute(routes.listPosts).fields.limit; // { type: 'integer', required: false, min: 1, max: 100, default: 20 }
 * ```
 */
export function projectRoute(route: RouteDefinition, nested: readonly string[] = []): RouteFacts {
  const { params, query, body } = route.request;
  const bodySchema = body?.['application/json'] ?? body?.['multipart/form-data'];
  const fields: Record<string, FieldFacts> = {};
  for (const source of [query, bodySchema]) {
    for (const [name, schema] of Object.entries(objectShape(source) ?? {}))
      fields[name] ??= fieldFacts(schema);
  }
  for (const path of nested) {
    const schema = schemaAt(bodySchema, path) ?? schemaAt(query, path);
    if (schema !== undefined) fields[path] = fieldFacts(schema);
  }
  return {
    method: route.method,
    path: route.path,
    summary: route.summary,
    params: Object.keys(objectShape(params) ?? {}),
    fields,
  };
}

/**
 * The facts of every route of a contract table, by route id.
 *
 * @example
 * ```ts
 * projectRoutes(routes, { createPost: ['platforms[].options.trialParams.graduationStrategy'] });
 * ```
 */
export function projectRoutes(
  table: Readonly<Record<string, RouteDefinition>>,
  nested: Readonly<Record<string, readonly string[]>> = {},
): Record<string, RouteFacts> {
  return Object.fromEntries(
    Object.entries(table).map(([id, route]) => [id, projectRoute(route, nested[id])]),
  );
}

/**
 * The facts file `reelay` reads (`generated/route-facts.json`), before formatting: every
 * route of the table with the nested fields the command table names.
 *
 * @example
 * ```ts
 * writeFileSync(FACTS_FILE, renderRouteFacts(routes, ROUTE_COMMANDS));
 * ```
 */
export function renderRouteFacts(
  table: Readonly<Record<string, RouteDefinition>>,
  commands: Readonly<Record<string, readonly CommandSpec[] | undefined>>,
): string {
  return `${JSON.stringify(projectRoutes(table, nestedFields(commands)), null, 2)}\n`;
}
