/**
 * The generated route descriptions keyed by their contract id, so a route can be called by
 * its id (`reelay.request('getPost', …)`). Built from `generated/routes.ts`: a route the
 * generator adds is here with no other edit.
 */
import type { RouteMeta } from './client/route';
import * as generated from './generated/routes';

type Generated = typeof generated;

/** Contract route id → the SDK's description of that route. */
export type RouteTable = {
  readonly [Name in keyof Generated as Generated[Name]['id']]: Generated[Name];
};

/**
 * The id of a contract route the SDK can call, such as `createPost`.
 *
 * @example
 * ```ts
 * const id: SdkRouteId = 'listPosts';
 * ```
 */
export type SdkRouteId = keyof RouteTable;

const routes = Object.values(generated) as readonly RouteMeta[];

/**
 * The route description of an id.
 *
 * @example
 * ```ts
 * ROUTE_TABLE.getPost.path; // '/v1/posts/{id}'
 * ```
 */
export const ROUTE_TABLE = Object.fromEntries(
  routes.map((route) => [route.id, route]),
) as unknown as RouteTable;
