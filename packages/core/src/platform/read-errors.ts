/**
 * Errors on reads of objects Reelay itself created (a container, a published media). During
 * a platform incident (reference §9, 23 May 2026) such reads answered code 100, subcode 33,
 * "Object with ID … does not exist, cannot be loaded due to missing permissions": the
 * object was there, the platform could not load it. On these reads that answer is worth
 * another try, not a failed post.
 */
import { InstagramPlatformError } from './instagram-platform-error';

/**
 * Whether an error is the platform's 100/33 "cannot be loaded" answer.
 *
 * @example
 * ```ts
 * isObjectUnavailable(mapPlatformError('{"error":{"code":100,"error_subcode":33}}', 400)); // true
 * ```
 */
export function isObjectUnavailable(error: unknown): error is InstagramPlatformError {
  return (
    error instanceof InstagramPlatformError &&
    error.platform?.code === 100 &&
    error.platform.subcode === 33
  );
}

/**
 * The error a read of a container or a published media should throw: a 100/33 answer
 * becomes a transient `INTERNAL_ERROR` (`details.reason` `object_unavailable`), retried
 * like any platform hiccup; anything else is returned unchanged.
 *
 * @example
 * ```ts
 * const status = await client.getContainerStatus(input).catch((error) => {
 *   throw transientOnRead(error);
 * });
 * ```
 */
export function transientOnRead(error: unknown): unknown {
  if (!isObjectUnavailable(error)) return error;
  const { transient: _transient, ...details } = error.details ?? {};
  return new InstagramPlatformError('INTERNAL_ERROR', {
    message: 'O Instagram não conseguiu carregar o contêiner ou a mídia agora; nova tentativa.',
    details: { ...details, reason: 'object_unavailable' },
    transient: true,
    outcome: error.outcome,
    ...(error.platform ? { platform: error.platform } : {}),
    ...(error.transport ? { transport: error.transport } : {}),
    cause: error,
  });
}
