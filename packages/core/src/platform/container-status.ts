/**
 * A container's processing state (reference §2 "Container status"): `status_code` says
 * where it is; when it failed, the subcode is only in the free `status` text, e.g.
 * `"Error: Media upload has failed with error code 2207026"`.
 */
import { InstagramPlatformError } from './instagram-platform-error';
import { platformErrorFromFacts } from './map-platform-error';

/**
 * The values of `status_code` (reference §2): processing, ready, failed, too old, done.
 *
 * @example
 * ```ts
 * CONTAINER_STATUS_CODES.includes('FINISHED'); // true
 * ```
 */
export const CONTAINER_STATUS_CODES = [
  'IN_PROGRESS',
  'FINISHED',
  'ERROR',
  'EXPIRED',
  'PUBLISHED',
] as const;
export type ContainerStatusCode = (typeof CONTAINER_STATUS_CODES)[number];

/**
 * The error subcode named in a container's `status` text, or `null`. Looks for "error code
 * N" first, then for any 2207xxx-style seven-digit number.
 *
 * @example
 * ```ts
 * parseStatusSubcode('Error: Media upload has failed with error code 2207026'); // 2207026
 * parseStatusSubcode('Finished: Media has been uploaded and it is ready to be published.'); // null
 * ```
 */
export function parseStatusSubcode(status: string | null | undefined): number | null {
  if (typeof status !== 'string') return null;
  const named =
    status.match(/error\s*(?:sub)?code\s*:?\s*(\d{1,10})/i) ?? status.match(/\b(\d{7})\b/);
  return named?.[1] ? Number(named[1]) : null;
}

/**
 * The error a finished-badly container stands for: `CONTAINER_EXPIRED` for `EXPIRED`
 * (not published within 24 h), the table's mapping of the subcode for `ERROR`, or
 * `INTERNAL_ERROR` (reason `container_error`) when the subcode is unknown. `null` for the
 * other states.
 *
 * @example
 * ```ts
 * containerStatusError('ERROR', 'Error: Media upload has failed with error code 2207026')?.code;
 * // 'MEDIA_INVALID'
 * ```
 */
export function containerStatusError(
  statusCode: ContainerStatusCode,
  status: string | null,
): InstagramPlatformError | null {
  if (statusCode === 'EXPIRED') {
    return new InstagramPlatformError('CONTAINER_EXPIRED', {
      details: { reason: 'container_expired' },
      transient: false,
      outcome: 'refused',
      cause: new Error(`Instagram container EXPIRED: ${status ?? ''}`),
    });
  }
  if (statusCode !== 'ERROR') return null;
  const subcode = parseStatusSubcode(status);
  const error = platformErrorFromFacts(
    {
      shape: 'graph',
      ...(subcode !== null ? { subcode } : {}),
      ...(status ? { message: status } : {}),
    },
    {},
    'refused',
  );
  if (error.code !== 'INTERNAL_ERROR' || error.details?.reason !== 'unknown_platform_error') {
    return error;
  }
  return new InstagramPlatformError('INTERNAL_ERROR', {
    message: 'O Instagram não conseguiu processar a mídia.',
    details: {
      reason: 'container_error',
      ...(subcode !== null ? { platformSubcode: subcode } : {}),
    },
    transient: false,
    outcome: 'refused',
    ...(error.platform ? { platform: error.platform } : {}),
    cause: error.cause,
  });
}
