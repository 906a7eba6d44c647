/**
 * Errors the SDK throws. Every failure is a {@link ReelayError} with the spec §7 envelope
 * (`code`, `statusCode`, `message`, `details`) plus the `x-request-id` of the answer.
 * Codes callers commonly branch on get a subclass; any code, including ones this version
 * has never seen, works with `error.code` and {@link isReelayError}.
 */
import {
  RETRY_CLASSES,
  TARGET_ONLY_RETRY_CLASSES,
  type HttpErrorCode,
  type RetryClass,
  type TargetErrorCode,
} from './generated/errors';
import type { ErrorDetails } from './generated/types';

/**
 * Codes the SDK produces itself, when no envelope came back: the connection failed
 * (`CONNECTION_ERROR`), the attempt ran out of time (`TIMEOUT`), or something other than
 * Reelay answered (`UNEXPECTED_RESPONSE`, e.g. a proxy's error page or a redirect).
 *
 * @example
 * ```ts
 * if (isReelayError(error, 'CONNECTION_ERROR', 'TIMEOUT')) scheduleLater();
 * ```
 */
export type SdkErrorCode = 'CONNECTION_ERROR' | 'TIMEOUT' | 'UNEXPECTED_RESPONSE';

/**
 * Every code the SDK knows; a newer server may send others, so `code` is any string.
 *
 * @example
 * ```ts
 * const handled: KnownErrorCode[] = ['NOT_FOUND', 'POST_NOT_CANCELLABLE'];
 * ```
 */
export type KnownErrorCode = HttpErrorCode | SdkErrorCode;

export interface ReelayErrorInit {
  code: string;
  statusCode: number;
  message: string;
  details?: ErrorDetails | undefined;
  requestId?: string | undefined;
  method?: string | undefined;
  path?: string | undefined;
  idempotencyKey?: string | undefined;
  /** Seconds until the rate-limit window resets (`x-ratelimit-reset`). */
  rateLimitReset?: number | undefined;
  cause?: unknown;
}

const BRAND = Symbol.for('@reelay/sdk/error');

/**
 * A failed call: the server's error envelope, or a connection failure.
 *
 * @example
 * ```ts
 * try {
 *   await reelay.posts.cancel(postId);
 * } catch (error) {
 *   if (error instanceof ReelayError && error.code === 'POST_NOT_CANCELLABLE') return;
 *   throw error;
 * }
 * ```
 */
export class ReelayError extends Error {
  override name = 'ReelayError';
  /** Stable code to decide on; may be one this SDK version does not know. */
  readonly code: KnownErrorCode | (string & {});
  /** HTTP status; 0 when no answer came back. */
  readonly statusCode: number;
  /** Optional context (spec §7): `accountId`, `reason`, `scope`, `field`, `issues`, …. */
  readonly details: ErrorDetails | undefined;
  /** The answer's `x-request-id`, to quote to whoever runs the server. */
  readonly requestId: string | undefined;
  /** The request's method and path (no query, no credentials). */
  readonly method: string | undefined;
  readonly path: string | undefined;
  /**
   * The `idempotencyKey` the request carried: send the same request again with it and no
   * second post is made.
   */
  readonly idempotencyKey: string | undefined;

  constructor(init: ReelayErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.statusCode = init.statusCode;
    this.details = init.details;
    this.requestId = init.requestId;
    this.method = init.method;
    this.path = init.path;
    this.idempotencyKey = init.idempotencyKey;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * What to do about it (spec §7): `safe` to retry later unchanged, `do-not-retry` before
   * fixing the request, or `needs-user-action`. `undefined` for codes this SDK does not know.
   */
  get retry(): RetryClass | undefined {
    if (this.code === 'CONNECTION_ERROR' || this.code === 'TIMEOUT') return 'safe';
    return Object.hasOwn(RETRY_CLASSES, this.code)
      ? RETRY_CLASSES[this.code as HttpErrorCode]
      : undefined;
  }

  /** A plain object for logs and JSON, without the stack. */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      statusCode: this.statusCode,
      message: this.message,
      details: this.details,
      requestId: this.requestId,
      method: this.method,
      path: this.path,
      idempotencyKey: this.idempotencyKey,
    };
  }
}

/**
 * The credential was refused (`UNAUTHORIZED`): missing, invalid, revoked or expired, or a
 * key and a Bearer token sent together.
 *
 * @example
 * ```ts
 * if (error instanceof AuthenticationError) redirectToLogin();
 * ```
 */
export class AuthenticationError extends ReelayError {
  override name = 'AuthenticationError';
}

/**
 * The project or organization is not the signed-in user's (`FORBIDDEN`).
 *
 * @example
 * ```ts
 * if (error instanceof PermissionError) showProjectPicker();
 * ```
 */
export class PermissionError extends ReelayError {
  override name = 'PermissionError';
}

/**
 * The resource does not exist in this project (`NOT_FOUND`).
 *
 * @example
 * ```ts
 * const post = await reelay.posts.get(id).catch((error) => (error instanceof NotFoundError ? null : Promise.reject(error)));
 * ```
 */
export class NotFoundError extends ReelayError {
  override name = 'NotFoundError';
}

/**
 * The request was refused as invalid (`VALIDATION_ERROR`); `field` names the first
 * offending field and `issues` lists every problem.
 *
 * @example
 * ```ts
 * if (error instanceof ValidationError) form.setError(error.field, error.message);
 * ```
 */
export class ValidationError extends ReelayError {
  override name = 'ValidationError';

  /** Dotted path of the first invalid field, such as `platforms[1].options.shareToFeed`. */
  get field(): string | undefined {
    return this.details?.field;
  }

  /** Every problem found, each with its field and Portuguese message. */
  get issues(): Array<{ field: string; message: string }> {
    return this.details?.issues ?? [];
  }
}

/**
 * The credential's request limit was hit (`RATE_LIMIT_KEY`). The SDK already waited and
 * retried when it could; `resetSeconds` says how long until the window resets.
 *
 * @example
 * ```ts
 * if (error instanceof RateLimitError) setTimeout(run, (error.resetSeconds ?? 60) * 1000);
 * ```
 */
export class RateLimitError extends ReelayError {
  override name = 'RateLimitError';
  /** Seconds until the window resets (`x-ratelimit-reset`). */
  readonly resetSeconds: number | undefined;

  constructor(init: ReelayErrorInit) {
    super(init);
    this.resetSeconds = init.rateLimitReset;
  }
}

/**
 * A connected account needs attention: reconnect it (`TOKEN_INVALID`,
 * `PERMISSION_REQUIRED`), resolve a restriction (`ACCOUNT_RESTRICTED`), disconnect it from
 * another profile (`ACCOUNT_IN_USE`), make it professional (`ACCOUNT_NOT_BUSINESS`) or wait
 * for its quota (`RATE_LIMIT_ACCOUNT`). `accountId` names it when known.
 *
 * @example
 * ```ts
 * if (error instanceof AccountError && error.code === 'TOKEN_INVALID') askToReconnect(error.accountId);
 * ```
 */
export class AccountError extends ReelayError {
  override name = 'AccountError';

  /** The connected account (`int_…`) concerned. */
  get accountId(): string | undefined {
    return this.details?.accountId;
  }
}

/**
 * The media was refused (`MEDIA_INVALID`, `MEDIA_FETCH_FAILED`, `MEDIA_UNREACHABLE`);
 * `reason` says why for `MEDIA_INVALID` (`too_large`, `aspect`, `codec`, …).
 *
 * @example
 * ```ts
 * if (error instanceof MediaError && error.reason === 'aspect') suggestCrop();
 * ```
 */
export class MediaError extends ReelayError {
  override name = 'MediaError';

  get reason(): string | undefined {
    return this.details?.reason;
  }
}

/**
 * No answer: the connection failed or was lost (`CONNECTION_ERROR`). The SDK retried when
 * that was safe.
 *
 * @example
 * ```ts
 * if (error instanceof ConnectionError) showOfflineBanner();
 * ```
 */
export class ConnectionError extends ReelayError {
  override name = 'ConnectionError';
}

/**
 * An attempt took longer than `timeoutMs` (`TIMEOUT`).
 *
 * @example
 * ```ts
 * await reelay.media.upload(path, { timeoutMs: 10 * 60_000 });
 * ```
 */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
}

const CLASS_BY_CODE: Readonly<Record<string, new (init: ReelayErrorInit) => ReelayError>> = {
  UNAUTHORIZED: AuthenticationError,
  FORBIDDEN: PermissionError,
  NOT_FOUND: NotFoundError,
  VALIDATION_ERROR: ValidationError,
  RATE_LIMIT_KEY: RateLimitError,
  TOKEN_INVALID: AccountError,
  PERMISSION_REQUIRED: AccountError,
  ACCOUNT_RESTRICTED: AccountError,
  ACCOUNT_IN_USE: AccountError,
  ACCOUNT_NOT_BUSINESS: AccountError,
  RATE_LIMIT_ACCOUNT: AccountError,
  MEDIA_INVALID: MediaError,
  MEDIA_FETCH_FAILED: MediaError,
  MEDIA_UNREACHABLE: MediaError,
  CONNECTION_ERROR: ConnectionError,
  TIMEOUT: TimeoutError,
};

/**
 * The error for a code: its subclass when it has one, else a plain {@link ReelayError}.
 *
 * @example
 * ```ts
 * createReelayError({ code: 'NOT_FOUND', statusCode: 404, message: 'Recurso não encontrado.' }) instanceof NotFoundError; // true
 * ```
 */
export function createReelayError(init: ReelayErrorInit): ReelayError {
  const ErrorClass = Object.hasOwn(CLASS_BY_CODE, init.code)
    ? CLASS_BY_CODE[init.code]!
    : ReelayError;
  return new ErrorClass(init);
}

/**
 * The retry class (spec §7) of any code an answer or a target's `errorCode` holds:
 * `undefined` for a code this SDK does not know.
 *
 * @example
 * ```ts
 * retryClassOf('PLATFORM_UNAVAILABLE'); // 'safe'
 * retryClassOf('PUBLISH_UNCONFIRMED'); // 'needs-user-action'
 * retryClassOf('SOMETHING_NEW'); // undefined
 * ```
 */
export function retryClassOf(code: string): RetryClass | undefined {
  if (Object.hasOwn(RETRY_CLASSES, code)) return RETRY_CLASSES[code as HttpErrorCode];
  if (Object.hasOwn(TARGET_ONLY_RETRY_CLASSES, code)) {
    return TARGET_ONLY_RETRY_CLASSES[code as Exclude<TargetErrorCode, HttpErrorCode>];
  }
  return undefined;
}

/**
 * Whether a value is a {@link ReelayError}, optionally with one of the given codes; the
 * code narrows in TypeScript. Codes are checked at compile time against
 * {@link KnownErrorCode} (editors complete them; a typo does not compile). To test for a
 * code newer than this SDK, compare `error.code` yourself. Works across copies of the SDK
 * (ESM and CJS side by side).
 *
 * @example
 * ```ts
 * if (isReelayError(error, 'POST_NOT_CANCELLABLE', 'NOT_FOUND')) return; // already gone
 * if (isReelayError(error) && error.retry === 'needs-user-action') notifyOwner(error);
 * isReelayError(error, 'NOT_FOUDN'); // compile error: not a known code
 * ```
 */
export function isReelayError(value: unknown): value is ReelayError;
export function isReelayError<const Code extends KnownErrorCode>(
  value: unknown,
  ...codes: [Code, ...Code[]]
): value is ReelayError & { code: Code };
export function isReelayError(value: unknown, ...codes: string[]): boolean {
  const branded =
    value instanceof ReelayError ||
    (typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[BRAND] === true);
  return branded && (codes.length === 0 || codes.includes((value as ReelayError).code));
}
