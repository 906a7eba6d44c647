/**
 * How each route offered as a tool is called: through the SDK's method for it, so the
 * request carries the client's credential and retries as the SDK does. Typed by the
 * routes that opt in (`mcp` in the contract), so opting a route in does not compile until
 * it has a call here.
 */
import type { RouteMcpTool, Routes } from '@reelay/core';
import type { Reelay, RequestOptions } from '@reelay/sdk';
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

/** Calls one route with the parts of a tool call. */
export type RouteCall = (
  client: Reelay,
  parts: RequestParts,
  options: RequestOptions,
) => Promise<unknown>;

// The parts were parsed with the route's own schemas before they get here; the casts
// hand them to the SDK's typed methods as written, for the API to parse again.
const id = (parts: RequestParts) => parts.params.id!;

/**
 * Route id → the SDK call behind its tool.
 *
 * @example
 * ```ts
 * await ROUTE_CALLS.getPost(client, { params: { id: postId }, query: {}, body: undefined }, {});
 * ```
 */
export const ROUTE_CALLS: Readonly<Record<McpRouteId, RouteCall>> = {
  healthAuth: async (client, _parts, options) => {
    const check = await client.health.check(options);
    // Which credential this is: a key names only its project; a session names its user.
    if (client.authMode !== 'accessToken') {
      return { ...check, credential: { kind: 'apiKey' }, server: client.baseUrl };
    }
    const { user } = await client.me.get(options);
    return { ...check, credential: { kind: 'user', user }, server: client.baseUrl };
  },
  listProfiles: (client, _parts, options) => client.profiles.list(options),
  createProfile: (client, parts, options) => client.profiles.create(parts.body as never, options),
  listIntegrations: async (client, parts, options) =>
    await client.accounts.list(parts.query as never, options),
  deleteIntegration: (client, parts, options) => client.accounts.disconnect(id(parts), options),
  getIntegrationHealth: (client, parts, options) =>
    client.accounts.health(id(parts), parts.query as never, options),
  getIntegrationInsights: (client, parts, options) =>
    client.accounts.insights(id(parts), parts.query as never, options),
  getIntegrationSlots: (client, parts, options) => client.accounts.slots(id(parts), options),
  replaceIntegrationSlots: (client, parts, options) =>
    client.accounts.replaceSlots(id(parts), parts.body as never, options),
  listIntegrationFreeSlots: (client, parts, options) =>
    client.accounts.freeSlots(id(parts), parts.query as never, options),
  getProfileSlots: (client, parts, options) => client.profiles.slots(id(parts), options),
  replaceProfileSlots: (client, parts, options) =>
    client.profiles.replaceSlots(id(parts), parts.body as never, options),
  listProfileFreeSlots: (client, parts, options) =>
    client.profiles.freeSlots(id(parts), parts.query as never, options),
  createPost: (client, parts, options) => client.posts.create(parts.body as never, options),
  listPosts: async (client, parts, options) =>
    await client.posts.list(parts.query as never, options),
  getPost: (client, parts, options) => client.posts.get(id(parts), options),
  updatePost: (client, parts, options) =>
    client.posts.update(id(parts), parts.body as never, options),
  deletePost: (client, parts, options) => client.posts.cancel(id(parts), options),
  retryPost: (client, parts, options) =>
    client.posts.retry(id(parts), parts.body as never, options),
  getPostInsights: (client, parts, options) =>
    client.posts.insights(id(parts), parts.query as never, options),
  // Always the JSON import: a string here would be read as a path on this machine.
  uploadMedia: (client, parts, options) =>
    client.media.upload({ url: String(parts.body?.url) }, options),
  listMedia: async (client, parts, options) =>
    await client.media.list(parts.query as never, options),
  getMedia: (client, parts, options) => client.media.get(id(parts), options),
  deleteMedia: (client, parts, options) => client.media.delete(id(parts), options),
  listNotifications: async (client, parts, options) =>
    await client.notifications.list(parts.query as never, options),
  createNotification: (client, parts, options) =>
    client.notifications.create(parts.body as never, options),
  deleteNotification: (client, parts, options) => client.notifications.delete(id(parts), options),
  listDeliveries: async (client, parts, options) =>
    await client.notifications.deliveries(id(parts), parts.query as never, options),
  redeliverDelivery: (client, parts, options) =>
    client.notifications.redeliver(id(parts), parts.params.deliveryId!, options),
};
