/**
 * A route's input as one flat tool argument object: path parameters, query parameters and
 * the JSON body side by side (`{ id, scheduledFor, timezone }` for a reschedule), the way
 * a model writes a function call. The JSON Schema a client sees is rendered from the
 * route's own zod schemas; the arguments a model sends are split back into the three
 * parts and parsed with those same schemas, so a tool refuses exactly what the API does,
 * with the same `VALIDATION_ERROR`.
 */
import * as z from 'zod';
import { parseInput, type InputLocation, type RouteDefinition } from '@reelay/core';

/** The parts of one request, as the model wrote them (before any zod transform). */
export interface RequestParts {
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** The JSON body, or `undefined` for a route without one. */
  body: Record<string, unknown> | undefined;
}

/** Where each argument of a tool goes in the request. */
export interface ArgumentLayout {
  readonly params: readonly string[];
  readonly query: readonly string[];
  readonly body: readonly string[];
  /** Whether the route takes a JSON body at all. */
  readonly hasBody: boolean;
}

/** A JSON Schema document, as plain data. */
export type JsonSchema = Record<string, unknown>;

/** The object schema inside wrappers (`optional`, `pipe`, `default`), or `undefined`. */
function objectOf(schema: z.ZodType | undefined): z.ZodObject | undefined {
  let current: unknown = schema;
  for (let depth = 0; depth < 8 && current; depth++) {
    if (current instanceof z.ZodObject) return current;
    const def = (current as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return undefined;
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') {
      current = def.innerType;
    } else if (def.type === 'pipe') {
      current = def.in;
    } else {
      return undefined;
    }
  }
  return undefined;
}

function jsonBodyOf(route: RouteDefinition): z.ZodType | undefined {
  return route.request.body?.['application/json'];
}

/**
 * Where the arguments of a route's tool go. Throws when two parts name the same field,
 * which a flat argument object could not tell apart.
 *
 * @example
 * ```ts
 * argumentLayout(routes.updatePost); // { params: ['id'], query: [], body: ['content', …], hasBody: true }
 * ```
 */
export function argumentLayout(route: RouteDefinition): ArgumentLayout {
  const keys = (schema: z.ZodType | undefined) => Object.keys(objectOf(schema)?.shape ?? {});
  const body = jsonBodyOf(route);
  const layout = {
    params: keys(route.request.params),
    query: keys(route.request.query),
    body: keys(body),
    hasBody: body !== undefined,
  };
  const all = [...layout.params, ...layout.query, ...layout.body];
  const repeated = all.filter((key, index) => all.indexOf(key) !== index);
  if (repeated.length > 0) {
    throw new Error(`${route.id}: ${repeated.join(', ')} appear in more than one request part`);
  }
  return layout;
}

/**
 * Applies a schema's `override` metadata, as the OpenAPI builder (zod-openapi) does: an
 * object is merged into the rendered node, a function rewrites it. The contract uses it
 * where parsing would leak into the document (query strings read as numbers).
 */
function applyOverride(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const meta = z.globalRegistry.get(ctx.zodSchema as z.ZodType) as
    { override?: unknown } | undefined;
  const override = meta?.override;
  if (typeof override === 'function') override({ jsonSchema: ctx.jsonSchema });
  else if (override && typeof override === 'object') Object.assign(ctx.jsonSchema, override);
  delete ctx.jsonSchema.override;
}

/** OpenAPI's `example` as JSON Schema's `examples`, at every level. */
function examplesAsJsonSchema(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) examplesAsJsonSchema(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  delete schema.override;
  if ('example' in schema) {
    schema.examples = [schema.example];
    delete schema.example;
  }
  for (const value of Object.values(schema)) examplesAsJsonSchema(value);
}

/**
 * The JSON Schema (draft 7, as MCP clients read it) of an object with these fields,
 * rendered from their zod schemas as the client will send them (the input side).
 *
 * @example
 * ```ts
 * shapeJsonSchema({ timezone: timezoneSchema.optional() }).properties; // { timezone: { type: 'string', … } }
 * ```
 */
export function shapeJsonSchema(
  shape: z.ZodRawShape,
  descriptions: Readonly<Record<string, string>> = {},
): JsonSchema {
  const rendered = z.toJSONSchema(z.strictObject(shape), {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
    override: applyOverride,
  }) as JsonSchema;
  delete rendered.$schema;
  examplesAsJsonSchema(rendered);
  const properties = (rendered.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, description] of Object.entries(descriptions)) {
    if (properties[name]) properties[name] = { ...properties[name], description };
  }
  return { ...rendered, properties };
}

/**
 * The JSON Schema of a route's flat tool arguments: path, query and body fields.
 *
 * @example
 * ```ts
 * const schema = toolInputJsonSchema(routes.getPost, { id: 'O post (`post_…`).' });
 * schema.required; // ['id']
 * ```
 */
export function toolInputJsonSchema(
  route: RouteDefinition,
  descriptions: Readonly<Record<string, string>> = {},
): JsonSchema {
  return shapeJsonSchema(
    {
      ...objectOf(route.request.params)?.shape,
      ...objectOf(route.request.query)?.shape,
      ...objectOf(jsonBodyOf(route))?.shape,
    },
    descriptions,
  );
}

/**
 * Splits flat tool arguments into the request's parts and parses each with the route's
 * own schema: a refusal is the API's `VALIDATION_ERROR`, naming the field. The parts
 * returned are the arguments as written, for the API to parse once more.
 *
 * @example
 * ```ts
 * const parts = splitArguments(routes.getPost, argumentLayout(routes.getPost), { id: 'post_…' });
 * parts.params; // { id: 'post_…' }
 * ```
 */
export function splitArguments(
  route: RouteDefinition,
  layout: ArgumentLayout,
  args: Record<string, unknown>,
): RequestParts {
  const params: Record<string, unknown> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (layout.params.includes(key)) params[key] = value;
    else if (layout.query.includes(key)) query[key] = value;
    else if (layout.hasBody) body[key] = value;
    else unknown.push(key);
  }
  const check = (schema: z.ZodType | undefined, value: unknown, location: InputLocation) => {
    if (schema) parseInput(schema, value, location);
  };
  if (unknown.length > 0) {
    // The same words the API uses for a field a strict schema does not know.
    check(z.strictObject({}), Object.fromEntries(unknown.map((key) => [key, args[key]])), 'query');
  }
  check(route.request.params, params, 'path');
  check(route.request.query, query, 'query');
  check(jsonBodyOf(route), body, 'body');
  return {
    params: params as Record<string, string>,
    query,
    body: layout.hasBody ? body : undefined,
  };
}
