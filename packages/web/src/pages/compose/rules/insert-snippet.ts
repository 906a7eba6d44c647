/** Where a saved caption or hashtag group goes in the caption being written. */

/** A range of the caption, in UTF-16 positions as a textarea gives them. */
export interface TextRange {
  start: number;
  end: number;
}

/** The caption with a snippet in it, and where the cursor goes: right after the snippet. */
export interface Inserted {
  value: string;
  cursor: number;
}

/**
 * Puts a snippet's text in a caption: in place of the selection, or at the cursor, with a
 * space either side when it would otherwise touch a word; with no cursor (the caption was
 * never focused), after the caption, a blank line apart.
 *
 * @example
 * ```ts
 * insertSnippet('Bom dia!', '#café', null); // { value: 'Bom dia!\n\n#café', cursor: 15 }
 * insertSnippet('Bom dia!', '#café', { start: 3, end: 3 }); // { value: 'Bom #café dia!', cursor: 9 }
 * ```
 */
export function insertSnippet(caption: string, text: string, at: TextRange | null): Inserted {
  if (!at) {
    const value = caption.trim() === '' ? text : `${caption.trimEnd()}\n\n${text}`;
    return { value, cursor: value.length };
  }
  const start = Math.min(Math.max(at.start, 0), caption.length);
  const end = Math.min(Math.max(at.end, start), caption.length);
  const before = caption.slice(0, start);
  const after = caption.slice(end);
  const lead = before !== '' && !/\s$/.test(before) ? ' ' : '';
  // Punctuation right after stays attached, as typed.
  const trail = /^[\p{L}\p{N}#@]/u.test(after) ? ' ' : '';
  const placed = `${before}${lead}${text}`;
  return { value: `${placed}${trail}${after}`, cursor: placed.length };
}

/**
 * Whether a text is only hashtags (what a hashtag group is), so saving it offers that kind.
 *
 * @example
 * ```ts
 * onlyHashtags('#café #barista'); // true
 * onlyHashtags('Bom dia #café'); // false
 * ```
 */
export function onlyHashtags(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((word) => /^#[^#\s]+$/u.test(word));
}
