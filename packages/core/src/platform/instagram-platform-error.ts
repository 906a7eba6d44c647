/**
 * The error every platform call throws: a `ReelayError` (so the boundary writes the spec §7
 * envelope as usual) with the typed fields the publishing pipeline decides on.
 */
import { ReelayError, type ReelayErrorOptions } from '../errors/reelay-error';
import type { HttpErrorCode } from '../errors/catalogue';

/**
 * What is known of the call's effect:
 * - `refused`: the platform answered and did not do it;
 * - `unknown`: the request may have been processed (timeout after sending, connection
 *   lost, a gateway error page, an unreadable success); re-read state before repeating
 *   (reference §2: if `media_publish` times out, re-read the container);
 * - `not_sent`: the request never reached the platform (connection refused, DNS, connect
 *   timeout, or refused by this client before sending).
 */
export type PlatformOutcome = 'refused' | 'unknown' | 'not_sent';

/** How the exchange itself failed, when it did. */
export type TransportFailure = 'timeout' | 'connection' | 'response_too_large';

/** What the platform said, as read from its error body, with secrets removed. */
export interface PlatformErrorFacts {
  /** Which body shape was read: the Graph envelope, the legacy OAuth shape, or none. */
  readonly shape: 'graph' | 'legacy-oauth' | 'none';
  readonly httpStatus?: number;
  readonly code?: number;
  readonly subcode?: number;
  readonly type?: string;
  /** The platform's message (English), redacted; for logs, never shown to people as is. */
  readonly message?: string;
  /** The platform's own retry hint (`is_transient`). */
  readonly isTransient?: boolean;
  readonly userTitle?: string;
  readonly userMessage?: string;
  /** The platform's trace id, to quote when reporting a problem to Meta. */
  readonly fbtraceId?: string;
}

export interface InstagramPlatformErrorOptions extends ReelayErrorOptions {
  /** Whether repeating the call may succeed; also written to `details.transient`. */
  readonly transient: boolean;
  readonly outcome: PlatformOutcome;
  readonly platform?: PlatformErrorFacts;
  readonly transport?: TransportFailure;
}

/**
 * A failed platform call: the Reelay `code` (spec §7) plus whether repeating the same call
 * may succeed (`transient`), what is known of its effect (`outcome`), the platform's own
 * facts (`platform`) and, for exchange failures, how it failed (`transport`).
 *
 * @example
 * ```ts
 * try {
 *   await client.publishContainer({ accessToken, igUserId, creationId });
 * } catch (error) {
 *   if (error instanceof InstagramPlatformError && error.outcome === 'unknown') {
 *     // re-read the container before publishing again
 *   }
 * }
 * ```
 */
export class InstagramPlatformError extends ReelayError {
  readonly transient: boolean;
  readonly outcome: PlatformOutcome;
  readonly platform: PlatformErrorFacts | undefined;
  readonly transport: TransportFailure | undefined;

  constructor(code: HttpErrorCode, options: InstagramPlatformErrorOptions) {
    // `details.transient` tells API callers and logs what `transient` tells the pipeline;
    // set here once so no call site can forget it or disagree with the flag.
    super(code, { ...options, details: { ...options.details, transient: options.transient } });
    this.transient = options.transient;
    this.outcome = options.outcome;
    this.platform = options.platform;
    this.transport = options.transport;
  }
}

/**
 * Whether repeating the same platform call may succeed: a transient platform error or a
 * transport failure. Anything else (including non-platform errors) is `false`.
 *
 * @example
 * ```ts
 * if (isTransientPlatformError(error)) await retryLater();
 * ```
 */
export function isTransientPlatformError(error: unknown): boolean {
  return error instanceof InstagramPlatformError && error.transient;
}
