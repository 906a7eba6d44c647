import { HTTP_ERRORS, type HttpErrorCode, type RetryClass } from './catalogue';

/**
 * Optional context of an error (spec §7 `details`). The named fields are the ones the
 * spec promises; `field` and `issues` name what failed validation. Other keys may
 * appear in later versions, so readers must ignore what they do not know.
 */
export interface ErrorDetails {
  /** The connected account (`int_…`) the error is about. */
  accountId?: string;
  /** Machine-readable cause, e.g. the `MEDIA_INVALID` reason (`too_large`, `fps`, …). */
  reason?: string;
  /** The platform permission that is missing (`PERMISSION_REQUIRED`). */
  scope?: string;
  /** Posts the account has used in the platform's 24 h window (`RATE_LIMIT_ACCOUNT`). */
  quotaUsage?: number;
  /** The account's quota for the window (`RATE_LIMIT_ACCOUNT`). */
  quotaTotal?: number;
  /** Dotted path of the first invalid field (`VALIDATION_ERROR`). */
  field?: string;
  /** Every validation problem found, with its field path and Portuguese message. */
  issues?: Array<{ field: string; message: string }>;
  /** The delivery (`dlv_…`) of the event still pending (`DELIVERY_PENDING`). */
  deliveryId?: string;
  /** The posts that still have to publish a media (`MEDIA_IN_USE`). */
  postIds?: string[];
  /** The active series whose occurrences to come will publish a media (`MEDIA_IN_USE`). */
  seriesIds?: string[];
  /** The caller's role in the project (`ROLE_REQUIRED`). */
  role?: string;
  /** The least role the action needs (`ROLE_REQUIRED`). */
  required?: string;
  [key: string]: unknown;
}

/** The error envelope of spec §7, exactly as written on the wire. */
export interface ErrorEnvelope {
  statusCode: number;
  code: string;
  message: string;
  details?: ErrorDetails;
}

export interface ReelayErrorOptions {
  /** Replaces the catalogue's generic message with a more precise Portuguese one. */
  message?: string;
  details?: ErrorDetails;
  /** The underlying failure, for logs; never written to the envelope. */
  cause?: unknown;
}

/**
 * The one error class of Reelay: a catalogued `code`, its HTTP `statusCode`, a
 * Portuguese `message` and optional `details`.
 *
 * @example
 * ```ts
 * throw new ReelayError('RATE_LIMIT_ACCOUNT', {
 *   details: { accountId: 'int_01jd…', quotaUsage: 100, quotaTotal: 100 },
 * });
 * ```
 */
export class ReelayError extends Error {
  override readonly name = 'ReelayError';
  readonly code: HttpErrorCode;
  readonly statusCode: number;
  readonly details: ErrorDetails | undefined;

  constructor(code: HttpErrorCode, options: ReelayErrorOptions = {}) {
    const definition = HTTP_ERRORS[code];
    super(options.message ?? definition.message, { cause: options.cause });
    this.code = code;
    this.statusCode = definition.status;
    this.details = options.details;
  }

  /** What a client should do about this error (spec §7 "Retry guidance"). */
  get retry(): RetryClass {
    return HTTP_ERRORS[this.code].retry;
  }

  /**
   * The spec §7 envelope for this error.
   *
   * @example
   * ```ts
   * new ReelayError('NOT_FOUND').toEnvelope();
   * // { statusCode: 404, code: 'NOT_FOUND', message: 'Recurso não encontrado.' }
   * ```
   */
  toEnvelope(): ErrorEnvelope {
    const envelope: ErrorEnvelope = {
      statusCode: this.statusCode,
      code: this.code,
      message: this.message,
    };
    if (this.details && Object.keys(this.details).length > 0) envelope.details = this.details;
    return envelope;
  }

  /**
   * Normalises anything thrown into a ReelayError, once, at the boundary. A ReelayError
   * passes through; anything else becomes `INTERNAL_ERROR` whose message reveals nothing
   * of the original, which is kept as `cause` for the logs.
   *
   * @example
   * ```ts
   * const error = ReelayError.from(new TypeError('x is undefined'));
   * error.code; // 'INTERNAL_ERROR'
   * ```
   */
  static from(thrown: unknown): ReelayError {
    if (thrown instanceof ReelayError) return thrown;
    return new ReelayError('INTERNAL_ERROR', { cause: thrown });
  }
}

/**
 * Whether a value is a ReelayError (also across copies of this package, by shape).
 *
 * @example
 * ```ts
 * try { await run(); } catch (error) { if (isReelayError(error)) console.log(error.code); }
 * ```
 */
export function isReelayError(value: unknown): value is ReelayError {
  if (value instanceof ReelayError) return true;
  return (
    value instanceof Error &&
    value.name === 'ReelayError' &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { statusCode?: unknown }).statusCode === 'number'
  );
}
