/**
 * Turns the JSON Schemas of the OpenAPI document (the 2020-12 dialect of OpenAPI 3.1, as
 * zod-openapi renders the contract) into TypeScript type expressions. Only the keywords
 * the contract produces are read; anything else widens to `unknown` rather than guessing.
 */

/** A JSON Schema object, as found in the OpenAPI document. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  format?: string;
  description?: string;
  default?: unknown;
  [keyword: string]: unknown;
};

/**
 * Which side of the wire a schema describes. Inputs accept a `Date` wherever a date-time
 * string is expected (serialised by the SDK with `toISOString()`); outputs are plain JSON.
 */
export type SchemaSide = 'input' | 'output';

export interface EmitContext {
  side: SchemaSide;
  /** The TypeScript name of a `#/components/schemas/…` reference. */
  refName(ref: string): string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property key as TypeScript source: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** Text safe inside a `/** … *\/` comment, one ` * ` prefixed line per source line. */
export function docComment(lines: readonly string[], indent = ''): string {
  if (lines.every((line) => line.trim() === '')) return '';
  const text = lines
    .join('\n')
    .replace(/\*\//g, '*\\/')
    .split('\n')
    .map((line) => `${indent} *${line ? ` ${line}` : ''}`);
  return `${indent}/**\n${text.join('\n')}\n${indent} */\n`;
}

function literal(value: unknown): string {
  return value === null ? 'null' : JSON.stringify(value);
}

function union(members: string[]): string {
  const unique = [...new Set(members)];
  if (unique.includes('unknown')) return 'unknown';
  // The contract produces no function or conditional types, which alone would need
  // parentheses inside a union.
  return unique.length === 1 ? unique[0]! : unique.join(' | ');
}

function primitive(type: string, schema: JsonSchema, context: EmitContext): string {
  switch (type) {
    case 'string':
      if (schema.format === 'binary') return 'Blob';
      if (context.side === 'input' && schema.format === 'date-time') return 'string | Date';
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      return arrayType(schema, context);
    case 'object':
      return objectType(schema, context);
    default:
      return 'unknown';
  }
}

function arrayType(schema: JsonSchema, context: EmitContext): string {
  if (!schema.items) return 'unknown[]';
  const item = schemaToTs(schema.items, context);
  return /^[\w.]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
}

function objectType(schema: JsonSchema, context: EmitContext, indent = ''): string {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const extra = schema.additionalProperties;
  const lines: string[] = [];
  for (const [name, property] of properties) {
    const description = typeof property.description === 'string' ? property.description : '';
    if (description) lines.push(docComment(description.split('\n'), `${indent}  `).trimEnd());
    const optional = required.has(name) ? '' : '?';
    lines.push(`${indent}  ${propertyKey(name)}${optional}: ${schemaToTs(property, context)};`);
  }
  if (extra !== undefined && extra !== false) {
    const value = extra === true ? 'unknown' : schemaToTs(extra, context);
    lines.push(
      `${indent}  [key: string]: ${value === 'unknown' ? 'unknown' : `${value} | undefined`};`,
    );
  }
  if (lines.length === 0)
    return properties.length === 0 && extra === false ? '{}' : 'Record<string, unknown>';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * The TypeScript type of a schema.
 *
 * @example
 * ```ts
 * schemaToTs({ type: 'string', enum: ['asc', 'desc'] }, context); // '"asc" | "desc"'
 * ```
 */
export function schemaToTs(schema: JsonSchema | boolean | undefined, context: EmitContext): string {
  if (schema === undefined || schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (schema.$ref) return context.refName(schema.$ref);
  if ('const' in schema) return literal(schema.const);
  if (schema.enum) return union(schema.enum.map(literal));
  if (schema.anyOf) return union(schema.anyOf.map((member) => schemaToTs(member, context)));
  if (schema.oneOf) return union(schema.oneOf.map((member) => schemaToTs(member, context)));
  if (schema.allOf) {
    const members = schema.allOf.map((member) => schemaToTs(member, context));
    return members.length === 1 ? members[0]! : members.join(' & ');
  }
  if (Array.isArray(schema.type)) {
    return union(schema.type.map((type) => primitive(type, schema, context)));
  }
  if (schema.type) return primitive(schema.type, schema, context);
  if (schema.properties) return objectType(schema, context);
  return 'unknown';
}

/**
 * Every `#/components/schemas/…` name a schema refers to, directly or through the
 * components it refers to.
 */
export function collectRefs(
  schema: unknown,
  components: Record<string, JsonSchema>,
  into = new Set<string>(),
): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) collectRefs(item, components, into);
  } else if (schema && typeof schema === 'object') {
    const ref = (schema as JsonSchema).$ref;
    if (typeof ref === 'string') {
      const name = ref.replace('#/components/schemas/', '');
      if (!into.has(name)) {
        into.add(name);
        collectRefs(components[name], components, into);
      }
    }
    for (const value of Object.values(schema)) collectRefs(value, components, into);
  }
  return into;
}
