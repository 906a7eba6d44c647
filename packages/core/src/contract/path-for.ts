/**
 * Paths of contract routes built from the table, so no caller writes `/v1/…` by hand and
 * a path changed in the contract changes every link, redirect and status URL with it.
 */
import { routes, type RouteId, type Routes } from './routes';

/** The `{name}` placeholders of an OpenAPI-style path, as a union of names. */
type PlaceholderNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholderNames<Rest>
  : never;

/**
 * The path parameters a route takes, by name (`{ id: string }` for `/v1/posts/{id}`).
 *
 * @example
 * ```ts
 * const params: RoutePathParams<'revokeApiKey'> = { id: 'prj_1', keyId: 'key_1' };
 * ```
 */
export type RoutePathParams<Id extends RouteId> = {
  readonly [Name in PlaceholderNames<Routes[Id]['path']>]: string;
};

/** Routes without placeholders take no second argument; the others require every one. */
type PathForArguments<Id extends RouteId> = [PlaceholderNames<Routes[Id]['path']>] extends [never]
  ? []
  : [params: RoutePathParams<Id>];

/**
 * The path of a contract route with its parameters filled in, each one URL-encoded.
 * Prefix it with the server's public URL for an absolute link.
 *
 * @example
 * ```ts
 * pathFor('getPost', { id: 'post_01jd8k2m' }); // '/v1/posts/post_01jd8k2m'
 * pathFor('connectCallback'); // '/v1/connect/instagram/callback'
 * `${publicUrl}${pathFor('getDataDeletionStatus', { code: 'del_1' })}`;
 * ```
 */
export function pathFor<Id extends RouteId>(id: Id, ...[params]: PathForArguments<Id>): string {
  const values = (params ?? {}) as Readonly<Record<string, string>>;
  return routes[id].path.replace(/\{([^}]+)\}/g, (_placeholder, name: string) => {
    const value = values[name];
    if (typeof value !== 'string' || value === '') {
      throw new TypeError(`pathFor('${id}'): missing path parameter '${name}'`);
    }
    return encodeURIComponent(value);
  });
}
