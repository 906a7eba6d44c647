/** Caption counts and the usernames typed in a text. */
import {
  captionLength,
  captionTags,
  CAPTION_ANNOUNCED_HASHTAG_CAP,
  CAPTION_MAX_HASHTAGS,
} from '@reelay/sdk';

/**
 * Caption counts against the platform's limits (core's caption rules).
 *
 * @example
 * ```ts
 * captionCounts('Oi #café @ana'); // { length: 13, hashtags: 1, mentions: 1 }
 * ```
 */
export function captionCounts(caption: string) {
  const { hashtags, mentions } = captionTags(caption);
  return { length: captionLength(caption), hashtags: hashtags.length, mentions: mentions.length };
}

/**
 * Whether a caption passes the hashtag cap Instagram announced (core's
 * `CAPTION_ANNOUNCED_HASHTAG_CAP`, 5) while staying within what is accepted (30): the post
 * is accepted, with a warning, and the composer says so as the caption is typed.
 *
 * @example
 * ```ts
 * overAnnouncedHashtagCap('#a #b #c #d #e #f'); // true
 * overAnnouncedHashtagCap('#a #b'); // false
 * ```
 */
export function overAnnouncedHashtagCap(caption: string): boolean {
  const { hashtags } = captionCounts(caption);
  return hashtags > CAPTION_ANNOUNCED_HASHTAG_CAP && hashtags <= CAPTION_MAX_HASHTAGS;
}

/** Usernames typed with commas or spaces, without `@`. */
export function splitUsernames(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((name) => name.replace(/^@/, ''))
    .filter(Boolean);
}
