/**
 * Options of the client and of each request.
 */

/**
 * The `fetch` the SDK calls: the global one, or any compatible implementation.
 *
 * @example
 * ```ts
 * const traced: FetchLike = (url, init) => { console.time(url); return fetch(url, init).finally(() => console.timeEnd(url)); };
 * const reelay = new Reelay({ apiKey, baseUrl, fetch: traced });
 * ```
 */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Where the SDK writes what it does: each attempt, each retry and why. Whatever it passes
 * here has credentials removed.
 *
 * @example
 * ```ts
 * const reelay = new Reelay({ apiKey, baseUrl, logger: { debug: console.debug, warn: console.warn } });
 * ```
 */
export interface ReelayLogger {
  debug?(message: string, data: Record<string, unknown>): void;
  warn?(message: string, data: Record<string, unknown>): void;
}

/**
 * How automatic retries behave. Which failures are retried is fixed by spec §7; these only
 * tune how long the SDK waits.
 *
 * @example
 * ```ts
 * const reelay = new Reelay({ apiKey, baseUrl, retry: { maxRetries: 4, maxDelayMs: 20_000 } });
 * ```
 */
export interface RetryOptions {
  /** Retries after the first attempt; default 2 (3 attempts in all). `0` turns retries off. */
  maxRetries?: number;
  /** First backoff step; default 500 ms, doubled on each retry. */
  baseDelayMs?: number;
  /** Largest backoff step; default 8 s. */
  maxDelayMs?: number;
  /**
   * Longest wait for `x-ratelimit-reset` after `RATE_LIMIT_KEY`; default 60 s. A longer
   * announced wait is not waited for: the error is thrown.
   */
  maxRateLimitWaitMs?: number;
  /**
   * How to wait between attempts; default a timer. Tests can pass one that moves a fake
   * clock instead of sleeping. Must reject when `signal` aborts.
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

interface CommonOptions {
  /**
   * Where the Reelay server answers, such as `https://reelay.example.com`; a path prefix
   * is kept (`https://example.com/reelay`).
   */
  baseUrl: string;
  /** Replaces the global `fetch`: for proxies, instrumentation or tests. */
  fetch?: FetchLike;
  /** Time allowed for one attempt, answer included; default 30 s (uploads: 5 minutes). */
  timeoutMs?: number;
  retry?: RetryOptions;
  logger?: ReelayLogger;
  /** Extra headers on every request. Browsers only send those the server's CORS allows. */
  headers?: Record<string, string>;
}

/**
 * An integration on a server: the project's API key, sent as `x-access-key`.
 *
 * @example
 * ```ts
 * const reelay = new Reelay({ apiKey: process.env.REELAY_API_KEY!, baseUrl: 'https://reelay.example.com' });
 * ```
 */
export interface ApiKeyOptions extends CommonOptions {
  apiKey: string;
  accessToken?: never;
  projectId?: never;
  refreshAccessToken?: never;
}

/**
 * A dashboard (browser or server) acting for a signed-in user: `Authorization: Bearer`,
 * plus `x-project-id` on the project's resource routes.
 *
 * @example
 * ```ts
 * const reelay = new Reelay({
 *   baseUrl: 'https://reelay.example.com',
 *   accessToken: session.accessToken,
 *   projectId,
 *   refreshAccessToken: async () => (await renewSession()).accessToken,
 * });
 * ```
 */
export interface AccessTokenOptions extends CommonOptions {
  apiKey?: never;
  /** The user's access token; replace it with `reelay.setAccessToken()`. */
  accessToken?: string;
  /** The project resource routes act on; account routes never need it. */
  projectId?: string;
  /**
   * Called once when a Bearer request answers `UNAUTHORIZED` (an expired token): return
   * a fresh access token and the request is sent again with it. Concurrent requests share
   * one call.
   */
  refreshAccessToken?: () => Promise<string>;
}

/**
 * Options of `new Reelay()`: an API key, or an access token, or neither for public routes.
 *
 * @example
 * ```ts
 * const options: ReelayOptions = { baseUrl: 'https://reelay.example.com', apiKey, timeoutMs: 10_000 };
 * ```
 */
export type ReelayOptions = ApiKeyOptions | AccessTokenOptions;

/**
 * Options of one call.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * await reelay.posts.get(postId, { signal: controller.signal, timeoutMs: 5_000, maxRetries: 0 });
 * ```
 */
export interface RequestOptions {
  /** Cancels the call, waits between retries included. */
  signal?: AbortSignal;
  /** Time allowed for one attempt; overrides the client's. */
  timeoutMs?: number;
  /** Retries after the first attempt; overrides the client's. */
  maxRetries?: number;
  /** The project of this call in Bearer mode; overrides the client's `projectId`. */
  projectId?: string;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

/**
 * How much of an upload has gone out: `loaded` of `total` bytes.
 *
 * @example
 * ```ts
 * const onProgress = ({ loaded, total }: UploadProgress) => (bar.value = loaded / total);
 * ```
 */
export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send in all; `loaded` equals it once everything went out. */
  total: number;
}

/**
 * Options of `reelay.media.upload()`.
 *
 * @example
 * ```ts
 * await reelay.media.upload(stream, { filename: 'reel.mp4', contentType: 'video/mp4' });
 * await reelay.media.upload(file, { onProgress: ({ loaded, total }) => (bar.value = loaded / total) });
 * ```
 */
export interface UploadOptions extends RequestOptions {
  /** File name sent with the bytes; default the path's or File's name, else `upload`. */
  filename?: string;
  /** Media type of the bytes; default the Blob's type, else guessed from the file name. */
  contentType?: string;
  /**
   * Called as the bytes go out, with how many were sent of how many. In a browser, with an
   * access token, it is called while sending (the upload goes through `XMLHttpRequest`, as
   * `fetch` cannot report progress); elsewhere, with an API key or a custom `fetch`, it is
   * called at the start and once everything was accepted. Not called for `{ url }`.
   */
  onProgress?: (progress: UploadProgress) => void;
}
