/**
 * The contract as the SDK sees it: every route of `@reelay/core`'s table joined with its
 * operation in the OpenAPI document (the same document the server serves), its SDK
 * method name and the traits that decide the method's shape.
 */
import { ROUTES, routeErrorCodes, type RouteDefinition } from '@reelay/core';
import { buildOpenApiDocument } from '@reelay/core/openapi';
import { SDK_METHODS, type MethodEntry, type SdkMethodEntry } from '../sdk-methods';
import type { JsonSchema } from './json-schema-to-ts';

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

interface OpenApiOperation {
  operationId: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
}

export interface OpenApiDocumentJson {
  paths: Record<string, Record<string, OpenApiOperation>>;
  webhooks: Record<string, { post: OpenApiOperation }>;
  components: { schemas: Record<string, JsonSchema> };
}

/** One route with everything the generator needs. */
export interface RouteModel {
  readonly definition: RouteDefinition;
  readonly id: string;
  /** PascalCase stem of the route's type names: `createPost` gives `CreatePost…`. */
  readonly typeStem: string;
  /** `null` when the route is excluded from the SDK. */
  readonly sdk: ResolvedMethod | null;
  /** Why the route has no SDK method. */
  readonly excludedBecause: string | null;
  readonly pathParams: readonly OpenApiParameter[];
  readonly queryParams: readonly OpenApiParameter[];
  /** Body schema by content type. */
  readonly bodies: Readonly<Record<string, JsonSchema>>;
  readonly bodyOptional: boolean;
  /** Success answers by status; `null` schema for answers without a JSON body. */
  readonly successes: ReadonlyArray<{ status: number; schema: JsonSchema | null }>;
  readonly errorCodes: readonly string[];
  /** The array property holding the items of a paginated list. */
  readonly itemsKey: string | null;
  /** Whether the JSON body has an `idempotencyKey` field. */
  readonly idempotent: boolean;
}

export interface ResolvedMethod extends MethodEntry {
  readonly resource: string;
  readonly name: string;
  /** True when the name came from the convention rather than `sdk-methods.ts`. */
  readonly byConvention: boolean;
}

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const camel = (text: string) =>
  text.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The name a route gets when `sdk-methods.ts` has no entry for it: the first word of its
 * id is the method, the first path segment after `/v1` the resource.
 */
export function conventionalMethod(definition: RouteDefinition): MethodEntry {
  const verb = definition.id.match(/^[a-z]+/)?.[0] ?? definition.id;
  const segments = definition.path.split('/').filter((part) => part && part !== 'v1');
  const resource = camel(segments.find((part) => !part.startsWith('{')) ?? 'api');
  return {
    method: `${resource}.${verb}`,
    example: '',
  };
}

/** The argument name of a path parameter: `{id}` after `/posts` is `postId`. */
function argumentName(definition: RouteDefinition, param: string, entry: MethodEntry): string {
  const named = entry.params?.[param];
  if (named) return named;
  if (param !== 'id') return camel(param);
  const segments = definition.path.split('/');
  const before = segments[segments.indexOf('{id}') - 1] ?? 'resource';
  return `${camel(before).replace(/ies$/, 'y').replace(/s$/, '')}Id`;
}

function resolveRef(schema: JsonSchema | undefined, document: OpenApiDocumentJson): JsonSchema {
  if (!schema?.$ref) return schema ?? {};
  return resolveRef(
    document.components.schemas[schema.$ref.replace('#/components/schemas/', '')],
    document,
  );
}

function paginationKey(
  queryParams: readonly OpenApiParameter[],
  successes: RouteModel['successes'],
  document: OpenApiDocumentJson,
): string | null {
  const names = new Set(queryParams.map((param) => param.name));
  if (!names.has('limit') || !names.has('offset')) return null;
  const ok = successes.find((success) => success.status === 200)?.schema;
  const body = resolveRef(ok ?? undefined, document);
  const properties = body.properties ?? {};
  if (!properties.total) return null;
  const arrays = Object.entries(properties).filter(([, schema]) => schema.type === 'array');
  return arrays.length === 1 ? arrays[0]![0] : null;
}

/**
 * Reads the contract and the OpenAPI document into route models, in contract order.
 * Throws when two routes would get the same method.
 *
 * @param table the route table; the contract's unless a check passes another.
 */
export function loadContract(table: readonly RouteDefinition[] = ROUTES): {
  routes: RouteModel[];
  document: OpenApiDocumentJson;
} {
  const document = buildOpenApiDocument({ routes: table }) as unknown as OpenApiDocumentJson;
  const entries = SDK_METHODS as Partial<Record<string, SdkMethodEntry>>;
  const seen = new Map<string, string>();
  const routes = table.map((definition): RouteModel => {
    const operation = document.paths[definition.path]?.[definition.method.toLowerCase()];
    if (!operation) throw new Error(`${definition.id}: no operation in the OpenAPI document`);
    const entry = entries[definition.id];
    let sdk: ResolvedMethod | null = null;
    if (!entry || 'method' in entry) {
      const chosen = entry ?? conventionalMethod(definition);
      const [resource, name] = chosen.method.split('.') as [string, string];
      if (!resource || !name) throw new Error(`${definition.id}: method must be "resource.name"`);
      const other = seen.get(chosen.method);
      if (other) {
        throw new Error(
          `${definition.id} and ${other} would both be ${chosen.method}: name one of them in packages/sdk/scripts/sdk-methods.ts`,
        );
      }
      seen.set(chosen.method, definition.id);
      sdk = { ...chosen, resource, name, byConvention: !entry };
    }
    const parameters = operation.parameters ?? [];
    const successes = Object.entries(operation.responses)
      .map(([status, response]) => ({
        status: Number(status),
        schema: response.content?.['application/json']?.schema ?? null,
      }))
      .filter((success) => success.status >= 200 && success.status < 300);
    const queryParams = parameters.filter((param) => param.in === 'query');
    const bodies = Object.fromEntries(
      Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => [
        type,
        media.schema,
      ]),
    );
    const jsonBody = resolveRef(bodies['application/json'], document);
    return {
      definition,
      id: definition.id,
      typeStem: pascal(definition.id),
      sdk,
      excludedBecause: entry && 'excluded' in entry ? entry.excluded : null,
      pathParams:
        definition.path
          .match(/\{[^}]+\}/g)
          ?.map((token) => token.slice(1, -1))
          .map((name) => {
            const param = parameters.find(
              (candidate) => candidate.in === 'path' && candidate.name === name,
            );
            if (!param)
              throw new Error(`${definition.id}: path parameter ${name} is not documented`);
            return param;
          }) ?? [],
      queryParams,
      bodies,
      bodyOptional: definition.request.bodyOptional === true,
      successes,
      errorCodes: routeErrorCodes(definition),
      itemsKey: paginationKey(queryParams, successes, document),
      idempotent: Boolean(jsonBody.properties?.idempotencyKey),
    };
  });
  return { routes, document };
}

/** The positional argument names of a route's path parameters (defaults excluded). */
export function positionalParams(route: RouteModel): Array<{ param: string; argument: string }> {
  const sdk = route.sdk!;
  return route.pathParams
    .filter((param) => sdk.paramDefaults?.[param.name] === undefined)
    .map((param) => ({
      param: param.name,
      argument: argumentName(route.definition, param.name, sdk),
    }));
}
