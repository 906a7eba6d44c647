/**
 * What the runtime knows of a contract route. The generator writes one constant of this
 * shape per route in `src/generated/routes.ts`; resources hand it to the client.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route (spec §4): `key` takes an API key, or a Bearer token plus
 * `x-project-id`; `bearer` takes a Bearer token only; `public` takes no credential.
 */
export type AuthMode = 'key' | 'bearer' | 'public';

export interface RouteMeta {
  /** The contract's route id, such as `createPost`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** OpenAPI-style path, such as `/v1/posts/{id}`. */
  readonly path: string;
  readonly auth: AuthMode;
  /** Content types the body may have, first preferred; empty when the route takes none. */
  readonly bodyTypes: readonly string[];
  /** The array property of a paginated list answer (`posts`, `integrations`, …). */
  readonly itemsKey?: string;
  /** The JSON body has an `idempotencyKey` the SDK fills when the caller gives none. */
  readonly idempotent?: boolean;
}

/** The parts of one request, before they are encoded. */
export interface RouteInput {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: object;
  readonly body?: unknown;
}
