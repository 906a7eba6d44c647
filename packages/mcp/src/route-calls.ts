/**
 * How each route offered as a tool is called: through the SDK, by the route's contract
 * id, so the request carries the client's credential and retries as the SDK does. A route
 * that opts in (`mcp` in the contract) is callable with no edit here; only the tools that
 * do more than send their request have a call of their own.
 */
import type { RouteMcpTool, Routes } from '@reelay/core';
import type { Reelay, RequestOptions, SdkRouteId } from '@reelay/sdk';
import type { RequestParts } from './tool-schema';

/**
 * The ids of the contract routes that are MCP tools.
 *
 * @example
 * ```ts
 * const id: McpRouteId = 'createPost';
 * ```
 */
export type McpRouteId = {
  [Id in keyof Routes]: Routes[Id] extends { readonly mcp: RouteMcpTool } ? Id : never;
}[keyof Routes];

// Every route that opts in is one the SDK calls: this stops compiling otherwise (a route
// the SDK excludes, such as Meta's callbacks, cannot be a tool).
const everyToolIsCallable: McpRouteId extends SdkRouteId ? true : never = true;
void everyToolIsCallable;

/** Calls one route with the parts of a tool call. */
export type RouteCall = (
  client: Reelay,
  parts: RequestParts,
  options: RequestOptions,
) => Promise<unknown>;

/**
 * The tools that do more than send their route's request.
 *
 * @example
 * ```ts
 * Object.keys(SPECIAL_ROUTE_CALLS); // ['healthAuth', 'uploadMedia']
 * ```
 */
export const SPECIAL_ROUTE_CALLS: Readonly<Partial<Record<McpRouteId, RouteCall>>> = {
  healthAuth: async (client, _parts, options) => {
    const check = await client.health.check(options);
    // Which credential this is: a key names only its project; a session names its user.
    if (client.authMode !== 'accessToken') {
      return { ...check, credential: { kind: 'apiKey' }, server: client.baseUrl };
    }
    const { user } = await client.me.get(options);
    return { ...check, credential: { kind: 'user', user }, server: client.baseUrl };
  },
  // Always the JSON import: a string here would be read as a path on this machine.
  uploadMedia: (client, parts, options) =>
    client.media.upload({ url: String(parts.body?.url) }, options),
};

/**
 * Calls the route behind a tool with the parts of the call: its own call when it has
 * one, else the SDK's request for that route id.
 *
 * @example
 * ```ts
 * await callRoute(client, 'getPost', { params: { id: postId }, query: {}, body: undefined }, {});
 * ```
 */
export function callRoute(
  client: Reelay,
  routeId: McpRouteId,
  parts: RequestParts,
  options: RequestOptions,
): Promise<unknown> {
  const special = SPECIAL_ROUTE_CALLS[routeId];
  if (special) return special(client, parts, options);
  return client.request(routeId, parts, options);
}
