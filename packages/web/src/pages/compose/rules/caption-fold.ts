/** Where Instagram folds a long caption under a post, behind "… more". */

/** Instagram shows about this many characters of a caption before "… more". */
export const CAPTION_FOLD_LENGTH = 125;
/** …and no more than this many lines. */
export const CAPTION_FOLD_LINES = 2;

/** A caption as the feed first shows it. */
export interface FoldedCaption {
  /** What shows before "… more" (the whole caption when nothing is hidden). */
  shown: string;
  /** Whether part of the caption is hidden behind "… more". */
  folded: boolean;
}

/**
 * The part of a caption the feed shows before "… more": its first 125 characters
 * (counted as the person sees them, so an emoji is one) and at most its first two lines.
 *
 * @example
 * ```ts
 * foldCaption('Bom dia!'); // { shown: 'Bom dia!', folded: false }
 * foldCaption('um\ndois\ntrês'); // { shown: 'um\ndois', folded: true }
 * ```
 */
export function foldCaption(caption: string): FoldedCaption {
  const lines = caption.split('\n');
  let shown = lines.slice(0, CAPTION_FOLD_LINES).join('\n');
  let folded =
    lines.length > CAPTION_FOLD_LINES && lines.slice(CAPTION_FOLD_LINES).join('').trim() !== '';
  const characters = [...shown];
  if (characters.length > CAPTION_FOLD_LENGTH) {
    shown = characters.slice(0, CAPTION_FOLD_LENGTH).join('');
    folded = true;
  }
  return folded ? { shown: shown.trimEnd(), folded } : { shown: caption, folded };
}
