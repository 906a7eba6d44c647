/**
 * Caption rules (spec §8: up to 2,200 characters; the platform also refuses more than
 * 30 hashtags or 20 @mentions, error 36004/2207010 and 100/2207040). Checking them when a
 * post is accepted turns a failure hours later into an immediate, clear answer.
 */

import {
  CAPTION_ANNOUNCED_HASHTAG_CAP,
  CAPTION_MAX_HASHTAGS,
  CAPTION_MAX_LENGTH,
  CAPTION_MAX_MENTIONS,
} from '../vocabulary/limits';

// A hashtag or mention starts a word: `a#b`, `&#38;` and `me@example.com` are not tags.
const HASHTAG = /(?<![\p{L}\p{N}_&#])#[\p{L}\p{M}\p{N}_]+/gu;
const MENTION = /(?<![\p{L}\p{N}_@.])@[A-Za-z0-9._]{1,30}/gu;

/**
 * The caption length as the platform counts it: Unicode code points, so an emoji made of
 * a surrogate pair counts once.
 *
 * @example
 * ```ts
 * captionLength('olá 👋'); // 5
 * ```
 */
export function captionLength(caption: string): number {
  let count = 0;
  for (const _ of caption) count++;
  return count;
}

/**
 * The hashtags and @mentions a caption carries.
 *
 * @example
 * ```ts
 * captionTags('Novo post #verão com @amiga'); // { hashtags: ['#verão'], mentions: ['@amiga'] }
 * ```
 */
export function captionTags(caption: string): { hashtags: string[]; mentions: string[] } {
  return {
    hashtags: caption.match(HASHTAG) ?? [],
    mentions: caption.match(MENTION) ?? [],
  };
}

/** The first caption limit a caption passes, with its count and the maximum. */
export interface CaptionIssue {
  limit: 'length' | 'hashtags' | 'mentions';
  count: number;
  max: number;
}

/**
 * The first limit a caption passes (length, then hashtags, then mentions), for a client
 * that words it in the person's language; `null` when the caption is acceptable.
 *
 * @example
 * ```ts
 * captionIssue('x'.repeat(2201)); // { limit: 'length', count: 2201, max: 2200 }
 * captionIssue('ok'); // null
 * ```
 */
export function captionIssue(caption: string): CaptionIssue | null {
  const length = captionLength(caption);
  if (length > CAPTION_MAX_LENGTH) {
    return { limit: 'length', count: length, max: CAPTION_MAX_LENGTH };
  }
  const { hashtags, mentions } = captionTags(caption);
  if (hashtags.length > CAPTION_MAX_HASHTAGS) {
    return { limit: 'hashtags', count: hashtags.length, max: CAPTION_MAX_HASHTAGS };
  }
  if (mentions.length > CAPTION_MAX_MENTIONS) {
    return { limit: 'mentions', count: mentions.length, max: CAPTION_MAX_MENTIONS };
  }
  return null;
}

/**
 * Checks a caption against the limits and returns the Portuguese problem, or `null`
 * when the caption is acceptable.
 *
 * @example
 * ```ts
 * checkCaption('x'.repeat(2201)); // 'a legenda tem 2201 caracteres; o máximo é 2200'
 * checkCaption('ok'); // null
 * ```
 */
export function checkCaption(caption: string): string | null {
  const issue = captionIssue(caption);
  if (!issue) return null;
  const { count, max } = issue;
  if (issue.limit === 'length') return `a legenda tem ${count} caracteres; o máximo é ${max}`;
  if (issue.limit === 'hashtags') return `a legenda tem ${count} hashtags; o máximo é ${max}`;
  return `a legenda menciona ${count} contas; o máximo é ${max}`;
}

/**
 * The warning a caption earns without being refused: more hashtags than the cap Instagram
 * announced (5), which the platform may refuse or trim at publication. `null` when there
 * is nothing to say.
 *
 * @example
 * ```ts
 * captionWarning('#a #b #c #d #e #f'); // 'A legenda tem 6 hashtags: …'
 * captionWarning('#a #b'); // null
 * ```
 */
export function captionWarning(caption: string): string | null {
  const count = captionTags(caption).hashtags.length;
  if (count <= CAPTION_ANNOUNCED_HASHTAG_CAP) return null;
  return (
    `A legenda tem ${count} hashtags: o Instagram anunciou em dezembro de 2025 um limite de ` +
    `${CAPTION_ANNOUNCED_HASHTAG_CAP} hashtags por post e pode recusar o post ou cortar as excedentes.`
  );
}
