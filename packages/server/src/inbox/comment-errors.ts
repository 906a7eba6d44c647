/**
 * Instagram's answers to comment calls, in the inbox's codes. Meta documents no
 * comment-specific codes (reference §10.3, open point 4), so the known answers are read
 * from the code, subcode and message, and anything else keeps the general mapping
 * (permissions, throttling, outages).
 */
import { ReelayError } from '@reelay/core';
import { InstagramPlatformError } from '@reelay/core/platform';

/** What was being done, for the code an unknown object stands for. */
export type CommentOperation = 'comment' | 'media' | 'private_reply';

/** The platform's answer meant the object is gone (deleted, or never existed). */
export function isGoneAnswer(error: unknown): boolean {
  if (!(error instanceof InstagramPlatformError) || !error.platform) return false;
  const { code, subcode, message = '' } = error.platform;
  return (
    code === 100 &&
    (subcode === 33 || /does not exist|cannot be loaded|unknown object/i.test(message))
  );
}

/** Whether the answer was throttling of the app or the account's call budget. */
export function isThrottled(error: unknown): boolean {
  return error instanceof ReelayError && error.code === 'RATE_LIMIT_APP';
}

/**
 * The error to show for a failed comment call.
 *
 * @example
 * ```ts
 * try { await client.replyToComment(…); } catch (error) { throw commentFailure(error, 'comment'); }
 * ```
 */
export function commentFailure(error: unknown, operation: CommentOperation): unknown {
  if (!(error instanceof InstagramPlatformError) || !error.platform) return error;
  const { code, subcode, message = '' } = error.platform;
  if (/hidden comment/i.test(message)) return new ReelayError('COMMENT_HIDDEN');
  if (/comments are disabled/i.test(message)) return new ReelayError('COMMENTS_DISABLED');
  if (code === 10 && subcode === 2534022) {
    return new ReelayError('PRIVATE_REPLY_UNAVAILABLE', { details: { reason: 'window_closed' } });
  }
  if (operation === 'private_reply' && code === 100 && subcode === 2018001) {
    return new ReelayError('PRIVATE_REPLY_UNAVAILABLE', { details: { reason: 'not_available' } });
  }
  if (isGoneAnswer(error)) {
    return operation === 'media'
      ? new ReelayError('POST_NOT_PUBLISHED', {
          message: 'A mídia deste post não existe mais no Instagram.',
        })
      : new ReelayError('COMMENT_DELETED');
  }
  return error;
}
