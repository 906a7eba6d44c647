/**
 * A caption refused for its hashtags. Instagram announced in December 2025 a cap of 5
 * hashtags per post (reference §9); whether and how the API refuses more is not settled.
 * The documented refusal for captions is 36004 / 2207010 ("caption too long or too many
 * hashtags"), which also covers 2,200 characters and 30 hashtags, limits Reelay checks
 * before accepting a post. So when the platform answers it for a caption within those
 * limits but with more than 5 hashtags, the cap is the reason, and the target's error says
 * so instead of a generic caption message.
 */
import { captionTags, checkCaption } from '../rules/caption';
import { CAPTION_ANNOUNCED_HASHTAG_CAP } from '../vocabulary/limits';
import { InstagramPlatformError } from './instagram-platform-error';

/** Whether the platform's answer is its caption refusal (36004, or subcode 2207010). */
function isCaptionRefusal(error: InstagramPlatformError): boolean {
  return error.platform?.subcode === 2207010 || error.platform?.code === 36004;
}

/**
 * The error for a failed container creation, given the caption it carried: a caption
 * refusal for a caption with more than 5 hashtags, but within the older limits, becomes
 * `VALIDATION_ERROR` on `content` (`details.reason` `hashtag_cap`) with guidance; anything
 * else is returned unchanged.
 *
 * @example
 * ```ts
 * try {
 *   await client.createContainer({ accessToken, igUserId, params });
 * } catch (error) {
 *   throw explainCaptionRefusal(error, params.caption ?? '');
 * }
 * ```
 */
export function explainCaptionRefusal(error: unknown, caption: string): unknown {
  if (!(error instanceof InstagramPlatformError) || !isCaptionRefusal(error)) return error;
  const count = captionTags(caption).hashtags.length;
  if (count <= CAPTION_ANNOUNCED_HASHTAG_CAP || checkCaption(caption) !== null) return error;
  const { transient: _transient, reason: _reason, ...details } = error.details ?? {};
  return new InstagramPlatformError('VALIDATION_ERROR', {
    message:
      `O Instagram recusou a legenda com ${count} hashtags: desde dezembro de 2025 ele aceita ` +
      `no máximo ${CAPTION_ANNOUNCED_HASHTAG_CAP} por post. Publique de novo com até ` +
      `${CAPTION_ANNOUNCED_HASHTAG_CAP} hashtags.`,
    details: {
      ...details,
      field: 'content',
      reason: 'hashtag_cap',
      hashtags: count,
      limit: CAPTION_ANNOUNCED_HASHTAG_CAP,
    },
    transient: false,
    outcome: error.outcome,
    ...(error.platform ? { platform: error.platform } : {}),
    cause: error,
  });
}
