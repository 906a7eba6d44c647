/** The frame Instagram shows a post in. */
import type { PostKind } from '@reelay/sdk';

/** The frames Instagram shows posts in. */
export type PreviewRatio = '4x5' | '1x1' | '191x1' | '9x16';

/**
 * The frame a post shows in: 9:16 for Reels and Stories; for the feed and carousels the
 * first item's shape, taken to the nearest of Instagram's three (portrait 4:5, square,
 * landscape 1.91:1), anything narrower or wider clamped to the ends.
 *
 * @example
 * ```ts
 * previewRatio('feed', 1080, 1350); // '4x5'
 * previewRatio('feed', 1080, 1920); // '4x5' (clamped)
 * previewRatio('reel', 1920, 1080); // '9x16'
 * ```
 */
export function previewRatio(
  kind: PostKind | null,
  width: number | null | undefined,
  height: number | null | undefined,
): PreviewRatio {
  if (kind === 'reel' || kind === 'story') return '9x16';
  if (!width || !height) return '1x1';
  const aspect = width / height;
  // Halfway between neighbours on a log scale: √(0.8 × 1) and √(1 × 1.91).
  if (aspect < Math.sqrt(0.8)) return '4x5';
  if (aspect > Math.sqrt(1.91)) return '191x1';
  return '1x1';
}
