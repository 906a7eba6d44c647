/**
 * `src/generated/types.ts`: the TypeScript types of every schema of the contract, as the
 * OpenAPI document renders them, and the input and output types of each SDK method.
 */
import type { OpenApiDocumentJson, OpenApiParameter, RouteModel } from './contract-model';
import {
  collectRefs,
  docComment,
  propertyKey,
  schemaToTs,
  type EmitContext,
  type JsonSchema,
  type SchemaSide,
} from './json-schema-to-ts';
import { GENERATED_HEADER } from './header';

/** Names that would shadow a global the generated code or its users need. */
const RENAMED: Readonly<Record<string, string>> = { Error: 'ErrorEnvelope' };

const REF_PREFIX = '#/components/schemas/';

export interface TypeNames {
  /** Name of a route's type: `createPost` + `Body` gives `CreatePostBody`. */
  route(route: RouteModel, part: 'Params' | 'Query' | 'Body' | 'Form' | 'Response'): string;
}

/** Route type names; the body of a route is named after the component it references. */
export const typeNames: TypeNames = {
  route: (route, part) => `${route.typeStem}${part}`,
};

/** The event interface name of a webhook type: `post.published` gives `PostPublishedEvent`. */
export function eventTypeName(type: string): string {
  return `${type
    .split(/[._-]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}Event`;
}

function isObjectSchema(schema: JsonSchema): boolean {
  return schema.type === 'object' && !schema.anyOf && !schema.oneOf && !schema.allOf;
}

function declaration(name: string, schema: JsonSchema, context: EmitContext, doc: string[]) {
  const comment = docComment(doc);
  const type = schemaToTs(schema, context);
  return isObjectSchema(schema) && type.startsWith('{')
    ? `${comment}export interface ${name} ${type}\n`
    : `${comment}export type ${name} = ${type};\n`;
}

/**
 * Query parameters as one object type. A `'true' | 'false'` parameter also takes a
 * boolean: the SDK writes it back as text.
 */
function queryObject(params: readonly OpenApiParameter[], context: EmitContext): string {
  const lines = params.map((param) => {
    const description = param.description ?? param.schema.description;
    const comment = typeof description === 'string' ? docComment([description], '  ') : '';
    let type = schemaToTs(param.schema, context);
    if (type === '"true" | "false"') type = 'boolean | "true" | "false"';
    return `${comment}  ${propertyKey(param.name)}${param.required ? '' : '?'}: ${type};`;
  });
  return `{\n${lines.join('\n')}\n}`;
}

/**
 * Renders the types file.
 *
 * @example
 * ```ts
 * const source = renderTypes(routes, document);
 * ```
 */
export function renderTypes(routes: readonly RouteModel[], document: OpenApiDocumentJson): string {
  const components = document.components.schemas;
  const included = routes.filter((route) => route.sdk);
  const inputs = new Set<string>();
  const outputs = new Set<string>();
  for (const route of included) {
    collectRefs(route.bodies, components, inputs);
    collectRefs([...route.pathParams, ...route.queryParams], components, inputs);
    collectRefs(route.successes, components, outputs);
  }
  collectRefs(document.webhooks, components, outputs);
  collectRefs(components.Error, components, outputs).add('Error');

  const nameOf = (name: string, side: SchemaSide) => {
    const base = RENAMED[name] ?? name;
    return side === 'input' && outputs.has(name) && inputs.has(name) ? `${base}Input` : base;
  };
  const contextFor = (side: SchemaSide): EmitContext => ({
    side,
    refName: (ref) => nameOf(ref.replace(REF_PREFIX, ''), side),
  });
  const input = contextFor('input');
  const output = contextFor('output');

  const out: string[] = [
    GENERATED_HEADER,
    '// ---------------------------------------------------------------- schemas\n',
  ];
  for (const [name, schema] of Object.entries(components)) {
    const doc = typeof schema.description === 'string' ? [schema.description] : [];
    if (outputs.has(name)) out.push(declaration(nameOf(name, 'output'), schema, output, doc));
    if (inputs.has(name)) {
      const inputDoc = outputs.has(name) ? [...doc, '', `As sent in a request.`] : doc;
      out.push(declaration(nameOf(name, 'input'), schema, input, inputDoc));
    }
  }
  out.push(
    '/** Optional context of an error (spec §7); read what you know and ignore the rest. */\n',
    'export type ErrorDetails = NonNullable<ErrorEnvelope["details"]>;\n',
  );

  out.push('// ---------------------------------------------------------------- routes\n');
  for (const route of included) {
    const where = `\`${route.definition.method} ${route.definition.path}\` (\`${route.id}\`)`;
    if (route.pathParams.length > 0) {
      out.push(
        `${docComment([`Path parameters of ${where}.`])}export interface ${typeNames.route(route, 'Params')} ${queryObject(
          route.pathParams.map((param) => ({ ...param, required: true })),
          input,
        )}\n`,
      );
    }
    if (route.queryParams.length > 0) {
      out.push(
        `${docComment([`Query of ${where}.`])}export interface ${typeNames.route(route, 'Query')} ${queryObject(route.queryParams, input)}\n`,
      );
    }
    for (const [contentType, schema] of Object.entries(route.bodies)) {
      const part = contentType === 'application/json' ? 'Body' : 'Form';
      if (contentType === 'application/x-www-form-urlencoded') continue;
      const name = typeNames.route(route, part);
      if (schema.$ref && input.refName(schema.$ref) === name) continue;
      out.push(declaration(name, schema, input, [`\`${contentType}\` body of ${where}.`]));
    }
    const answers = route.successes.map((success) =>
      success.schema ? schemaToTs(success.schema, output) : 'void',
    );
    const response = [...new Set(answers)].join(' | ') || 'void';
    const statuses = route.successes.map((success) => success.status).join(', ');
    const comment = docComment([`Answer of ${where}: ${statuses}.`]);
    const schemas = [...new Set(route.successes.map((success) => JSON.stringify(success.schema)))];
    const single = schemas.length === 1 ? route.successes[0]!.schema : null;
    out.push(
      single && isObjectSchema(single) && response.startsWith('{')
        ? `${comment}export interface ${typeNames.route(route, 'Response')} ${response}\n`
        : `${comment}export type ${typeNames.route(route, 'Response')} = ${response};\n`,
    );
  }

  out.push('// ---------------------------------------------------------------- webhooks\n');
  const eventNames: string[] = [];
  for (const [type, item] of Object.entries(document.webhooks)) {
    const schema = item.post.requestBody?.content['application/json']?.schema;
    if (!schema) continue;
    const name = eventTypeName(type);
    eventNames.push(name);
    out.push(declaration(name, schema, output, [`Body of a \`${type}\` delivery.`]));
  }
  out.push(
    `${docComment(['Any webhook delivery; narrow on `type`.'])}export type WebhookEvent = ${eventNames.join(' | ')};\n`,
    `${docComment(['The events a subscription can receive (spec §6).'])}export type WebhookEventType = WebhookEvent["type"];\n`,
  );
  return out.join('\n');
}
