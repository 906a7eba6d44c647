/**
 * What an observer of platform calls is told when one ends: the kind of call, how long it
 * took and how it ended, never its URL (which carries tokens).
 */

/** One finished platform call, as an observer sees it (no secret: the URL is not given). */
export interface PlatformCallRecord {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** The platform's host (`graph.instagram.com`, `graph.facebook.com`, …). */
  readonly host: string;
  /**
   * The call's path with ids and the version left out, so that it names the kind of call:
   * `{id}/media_publish`, `{id}/comments`, `me`, `{id}`.
   */
  readonly operation: string;
  readonly durationMs: number;
  /** The HTTP status, or null when no answer came (timeout, connection error). */
  readonly status: number | null;
  /** The error code the call ended with (`RATE_LIMITED`, …), or null for a success. */
  readonly errorCode: string | null;
}

/**
 * Told of every platform call once it ends: metrics, budgets. Must not throw; it runs
 * on the publishing path.
 */
export type PlatformCallObserver = (call: PlatformCallRecord) => void;

/** An id that is not all digits: long, and with a digit somewhere (no edge name has one). */
const OPAQUE_ID = /^(?=[^/]*\d)[A-Za-z0-9_.:-]{16,}$/;

/**
 * The kind of call a platform path names: the version prefix dropped and every id
 * (digits, or a long opaque token with digits in it, as an upload session's) written
 * `{id}`, so a metric's labels stay few.
 *
 * @example
 * ```ts
 * platformOperation('/v25.0/17841400000/media_publish'); // '{id}/media_publish'
 * platformOperation('/oauth/access_token'); // 'oauth/access_token'
 * ```
 */
export function platformOperation(pathname: string): string {
  const parts = pathname
    .split('/')
    .filter((part) => part !== '' && !/^v\d+\.\d+$/.test(part))
    .map((part) => (/^\d+$/.test(part) || OPAQUE_ID.test(part) ? '{id}' : part));
  return parts.join('/') || '/';
}
