/**
 * The shape of one entry of the contract table. A route is declared once, here in core;
 * the server mounts a handler by its id, the OpenAPI document and the SDK are generated
 * from it.
 */
import type * as z from 'zod';
import type { HttpErrorCode } from '../errors/catalogue';
import type { ProjectRole } from '../vocabulary/roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route (spec §4 legend): `key` is K (an `x-access-key`, or Bearer plus
 * `x-project-id`), `bearer` is B (Bearer only), `public` is P (no credential).
 */
export type AuthMode = 'key' | 'bearer' | 'public';

/** Rate buckets of spec §8. */
export const RATE_BUCKETS = {
  default: { limit: 300, windowSeconds: 60, per: 'credential' },
  upload: { limit: 60, windowSeconds: 60, per: 'credential' },
  account: { limit: 60, windowSeconds: 60, per: 'credential' },
  createKey: { limit: 10, windowSeconds: 60, per: 'credential' },
  public: { limit: 60, windowSeconds: 60, per: 'ip' },
  /** Meta's webhook deliveries: one address sends every account's comments. */
  metaWebhook: { limit: 3000, windowSeconds: 60, per: 'ip' },
} as const;
export type RateBucket = keyof typeof RATE_BUCKETS;

export type BodyContentType =
  'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';

export interface RouteRequest {
  /** Path parameters, named as in `path` (`{id}`). */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** One schema per accepted content type. */
  readonly body?: Partial<Record<BodyContentType, z.ZodType>>;
  /** Whether the body may be absent altogether. */
  readonly bodyOptional?: boolean;
}

export interface RouteResponse {
  readonly description: string;
  /** JSON body; absent for 204 and redirects. */
  readonly schema?: z.ZodType;
  /** Another content type than JSON, such as `text/html`. */
  readonly contentType?: string;
}

export interface RouteDefinition {
  /** Stable identifier: the SDK method and the server handler are named after it. */
  readonly id: string;
  readonly method: HttpMethod;
  /** OpenAPI-style path: `/v1/posts/{id}`. */
  readonly path: string;
  readonly auth: AuthMode;
  readonly rateBucket: RateBucket;
  /** OpenAPI tag: the resource group. */
  readonly tag: string;
  /** Portuguese one-line summary. */
  readonly summary: string;
  /** Portuguese description. */
  readonly description: string;
  readonly request: RouteRequest;
  /** Success answers by status (2xx, or 3xx for redirects). */
  readonly responses: Readonly<Record<number, RouteResponse>>;
  /** Codes this route answers on purpose, beyond those its auth mode and inputs imply. */
  readonly errors: readonly HttpErrorCode[];
  /**
   * Requests that show how to call the route, by name; at least one. The OpenAPI document
   * carries them as `examples`, so a reference viewer's "try it" sends a valid request, and
   * a test sends each one to a real server. Ids and addresses come from `EXAMPLE_VALUES`.
   */
  readonly examples: Readonly<Record<string, RouteExample>>;
  /**
   * Offers the route as a tool of the MCP server (`@reelay/mcp`); routes without it have
   * no tool. The tool's input schema and description come from the route itself.
   */
  readonly mcp?: RouteMcpTool;
  /**
   * The least role (`vocabulary/roles.ts`) a member or an API key needs in the project the
   * request acts in: the credential's project for `key` routes, the `{id}` of
   * `/v1/projects/{id}/…` for `bearer` ones. Checked on every request from stored state;
   * a lesser role is answered `ROLE_REQUIRED`. Absent on routes that act in no project.
   */
  readonly role?: ProjectRole;
}

/**
 * One example request of a route: what a reference viewer fills in, and what the
 * contract's example test sends to a real server (with its own ids in place of
 * `EXAMPLE_VALUES`).
 *
 * @example
 * ```ts
 * examples: {
 *   legenda: {
 *     summary: 'Troca a legenda',
 *     params: { id: EXAMPLE_VALUES.postId },
 *     body: { content: 'Nova legenda #café' },
 *   },
 * }
 * ```
 */
export interface RouteExample {
  /** Portuguese one-line title, shown next to the example. */
  readonly summary: string;
  /** Path parameters, by name. */
  readonly params?: Readonly<Record<string, string>>;
  /** Query parameters, by name. */
  readonly query?: Readonly<Record<string, string | number | boolean>>;
  /** The body; for `multipart/form-data`, the form's fields. */
  readonly body?: unknown;
  /** The body's content type, when the route accepts more than one; JSON otherwise. */
  readonly contentType?: BodyContentType;
  /**
   * The documented error this request gets even when everything it names exists, such as
   * a retry of a post that did not fail; absent when it succeeds.
   */
  readonly answers?: HttpErrorCode;
}

/**
 * How a route appears as an MCP tool. Annotations follow from the method (`GET` reads;
 * `PUT`, `PATCH` and `DELETE` are idempotent; `DELETE` is destructive) unless set here.
 *
 * @example
 * ```ts
 * mcp: { tool: 'cancel_post', title: 'Cancelar um post agendado' }
 * ```
 */
export interface RouteMcpTool {
  /** Tool name: lower-case snake_case, unique among tools. */
  readonly tool: string;
  /** Portuguese title shown to people. */
  readonly title: string;
  /** Portuguese guidance for a model, appended to the route's description. */
  readonly guidance?: string;
  /** Portuguese descriptions of path parameters, which the contract leaves bare. */
  readonly params?: Readonly<Record<string, string>>;
  /** The tool may delete or overwrite something a person cares about. */
  readonly destructive?: boolean;
  /** Calling again with the same arguments changes nothing more. */
  readonly idempotent?: boolean;
  /** The tool reaches beyond Reelay: Instagram, or a URL it fetches. */
  readonly openWorld?: boolean;
}

/**
 * Declares a route and keeps its literal types, so the SDK can type every method from
 * the table.
 *
 * @example
 * ```ts
 * export const getPost = defineRoute({
 *   id: 'getPost', method: 'GET', path: '/v1/posts/{id}', auth: 'key', rateBucket: 'default',
 *   tag: 'Posts', summary: 'Lê um post', description: '…',
 *   request: { params: z.object({ id: pathIdSchema }) },
 *   responses: { 200: { description: 'O post.', schema: postResponseSchema } },
 *   errors: ['NOT_FOUND'],
 * });
 * ```
 */
export function defineRoute<const Route extends RouteDefinition>(route: Route): Route {
  return route;
}

const AUTH_ERRORS: Record<AuthMode, readonly HttpErrorCode[]> = {
  key: ['UNAUTHORIZED', 'FORBIDDEN', 'PROJECT_REQUIRED', 'RATE_LIMIT_KEY'],
  bearer: ['UNAUTHORIZED', 'RATE_LIMIT_KEY'],
  public: ['RATE_LIMIT_KEY'],
};

const JSON_BODY_ERRORS: readonly HttpErrorCode[] = [
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_BODY_TOO_LARGE',
];

/**
 * What any route may meet on the server's side: its database away or out of room (503,
 * passing by itself), or an unexpected error.
 */
const SERVER_ERRORS: readonly HttpErrorCode[] = [
  'DATABASE_UNAVAILABLE',
  'STORAGE_FULL',
  'INTERNAL_ERROR',
];

/**
 * Every code a route can answer: its own, those its auth mode implies, validation and
 * body-parsing codes when it takes input, and the server's own faults.
 *
 * @example
 * ```ts
 * routeErrorCodes(routes.getMe);
 * // ['UNAUTHORIZED', 'RATE_LIMIT_KEY', 'DATABASE_UNAVAILABLE', 'STORAGE_FULL', 'INTERNAL_ERROR']
 * ```
 */
export function routeErrorCodes(route: RouteDefinition): HttpErrorCode[] {
  const codes = new Set<HttpErrorCode>(AUTH_ERRORS[route.auth]);
  if (route.role !== undefined) codes.add('FORBIDDEN').add('ROLE_REQUIRED');
  const { params, query, body } = route.request;
  if (params || query || body) codes.add('VALIDATION_ERROR');
  if (body) for (const code of JSON_BODY_ERRORS) codes.add(code);
  for (const code of route.errors) codes.add(code);
  for (const code of SERVER_ERRORS) codes.add(code);
  return [...codes];
}

/**
 * Converts an OpenAPI path to the `:param` form routers use.
 *
 * @example
 * ```ts
 * toRouterPath('/v1/projects/{id}/api-keys/{keyId}'); // '/v1/projects/:id/api-keys/:keyId'
 * ```
 */
export function toRouterPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}
