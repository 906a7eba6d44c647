/**
 * The client: `new Reelay(options)`, one property per resource (generated from the
 * contract) over one HTTP client.
 */
import { HttpClient } from './client/http-client';
import type { ReelayOptions, RequestOptions } from './client/options';
import type { RouteInput } from './client/route';
import { ROUTE_TABLE, type SdkRouteId } from './route-table';
import { ReelayResources } from './generated/resources';

/**
 * The Reelay API client. With an API key for integrations on a server; with an access
 * token (and a project) for dashboards; with neither for the public login routes.
 *
 * @example
 * ```ts
 * import { Reelay } from '@reelay/sdk';
 *
 * const reelay = new Reelay({ apiKey: process.env.REELAY_API_KEY!, baseUrl: 'https://reelay.example.com' });
 * const { post } = await reelay.posts.create({
 *   content: 'Bom dia! #café',
 *   mediaItems: [{ type: 'image', url: 'https://cdn.example.com/cafe.jpg' }],
 *   platforms: [{ platform: 'instagram', accountId: 'int_01jd8k2m3n4p5q6r7s8t9v0wxy' }],
 *   scheduledFor: new Date(Date.now() + 60 * 60_000),
 * });
 *
 * // A dashboard, in the browser:
 * const dashboard = new Reelay({ accessToken, projectId, baseUrl: 'https://reelay.example.com' });
 * const { projects } = await dashboard.me.get();
 * ```
 */
export class Reelay extends ReelayResources {
  readonly #client: HttpClient;

  constructor(options: ReelayOptions) {
    const client = new HttpClient(options);
    super(client);
    this.#client = client;
  }

  /** The server this client calls, without a trailing slash. */
  get baseUrl(): string {
    return this.#client.baseUrl;
  }

  /** Which credential requests carry: `apiKey`, `accessToken`, or `none`. */
  get authMode(): 'apiKey' | 'accessToken' | 'none' {
    return this.#client.mode;
  }

  /** The project resource routes act on in Bearer mode. */
  get projectId(): string | undefined {
    return this.#client.projectId;
  }

  /**
   * Calls a contract route by its id with the parts of the request, as the resource
   * methods do (same credential, retries, idempotency key and errors), and resolves to the
   * parsed answer. For code driven by the contract's route table, such as a tool server;
   * otherwise prefer the typed methods (`reelay.posts.get(id)`).
   *
   * @param routeId - The contract route, such as `getPost`.
   * @param input - Path parameters, query and body, before encoding.
   * @param options - Signal, timeout, retries and headers of this call.
   * @example
   * ```ts
   * const { post } = await reelay.request<{ post: Post }>('getPost', { params: { id: 'post_01…' } });
   * ```
   */
  request<Result = unknown>(
    routeId: SdkRouteId,
    input: RouteInput = {},
    options?: RequestOptions,
  ): Promise<Result> {
    return this.#client.request<Result>(ROUTE_TABLE[routeId], input, options);
  }

  /**
   * Replaces the access token of a Bearer-mode client, after a login or a refresh.
   * Requests already sent keep the token they were sent with.
   *
   * @example
   * ```ts
   * const session = await reelay.auth.refresh({ refreshToken });
   * reelay.setAccessToken(session.accessToken);
   * ```
   */
  setAccessToken(accessToken: string | undefined): void {
    this.#client.setAccessToken(accessToken);
  }

  /**
   * Chooses the project that resource routes act on in Bearer mode (`x-project-id`).
   *
   * @example
   * ```ts
   * const { projects } = await reelay.me.get();
   * reelay.setProjectId(projects[0]!.id);
   * ```
   */
  setProjectId(projectId: string | undefined): void {
    this.#client.setProjectId(projectId);
  }
}
