/**
 * Writing answers: JSON bodies and the spec §7 error envelope.
 */
import type { ServerResponse } from 'node:http';
import { ReelayError, type ErrorEnvelope, type HttpErrorCode } from '@reelay/core';

/**
 * The `details` keys an answer may show: those of spec §7, the validation ones, the
 * names of the settings a server lacks (`PLATFORM_CREDENTIALS_MISSING`), the delivery
 * still pending (`DELIVERY_PENDING`), the posts and series that hold a media (`MEDIA_IN_USE`) and
 * the caller's role beside the one needed (`ROLE_REQUIRED`).
 * Errors from the platform carry more (trace ids, platform codes) for the logs only.
 */
const PUBLIC_DETAILS = [
  'accountId',
  'reason',
  'scope',
  'quotaUsage',
  'quotaTotal',
  'field',
  'issues',
  'variables',
  'deliveryId',
  'postIds',
  'seriesIds',
  'role',
  'required',
] as const;

/**
 * Writes a JSON answer.
 *
 * @example
 * ```ts
 * sendJson(res, 200, { success: true, profiles: [] });
 * ```
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/**
 * The envelope of an error, with only the public details.
 *
 * @example
 * ```ts
 * publicEnvelope(new ReelayError('TOKEN_INVALID', { details: { accountId: 'int_…', fbtraceId: 'A1' } }));
 * // { statusCode: 409, code: 'TOKEN_INVALID', message: '…', details: { accountId: 'int_…' } }
 * ```
 */
export function publicEnvelope(error: ReelayError): ErrorEnvelope {
  const { details, ...envelope } = error.toEnvelope();
  if (!details) return envelope;
  const shown = Object.fromEntries(
    PUBLIC_DETAILS.filter((key) => details[key] !== undefined).map((key) => [key, details[key]]),
  );
  return Object.keys(shown).length > 0 ? { ...envelope, details: shown } : envelope;
}

/**
 * Seconds to wait before asking again (`retry-after`, RFC 9110 §10.2.3) when what failed
 * passes by itself: the platform's application limit (Meta counts it over the last hour,
 * so a minute is the least worth waiting), trouble on its side, usually over within
 * seconds, the server's database restarting or failing over (seconds), or its disk full
 * (until someone makes room: no point in asking every few seconds).
 */
const RETRY_AFTER_SECONDS: Partial<Record<HttpErrorCode, number>> = {
  RATE_LIMIT_APP: 60,
  PLATFORM_UNAVAILABLE: 30,
  PLATFORM_TIMEOUT: 30,
  DATABASE_UNAVAILABLE: 5,
  STORAGE_FULL: 30,
};

/**
 * Writes an error in the envelope. Anything that is not a ReelayError becomes
 * `INTERNAL_ERROR`, revealing nothing. Errors that pass by themselves carry `retry-after`.
 *
 * @example
 * ```ts
 * sendError(res, new ReelayError('NOT_FOUND'));
 * ```
 */
export function sendError(res: ServerResponse, error: unknown): ReelayError {
  const reelayError = ReelayError.from(error);
  if (!res.headersSent) {
    const retryAfter = RETRY_AFTER_SECONDS[reelayError.code];
    sendJson(
      res,
      reelayError.statusCode,
      publicEnvelope(reelayError),
      retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
    );
  } else res.destroy();
  return reelayError;
}
