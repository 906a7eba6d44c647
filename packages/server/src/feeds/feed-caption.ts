/**
 * A post's caption from a feed's template: `{title}`, `{summary}` (the item's HTML
 * stripped, cut so the caption fits the limit) and `{link}`.
 */
import { CAPTION_MAX_LENGTH } from '@reelay/core';
import type { FeedItem } from './feed-document';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Text of an HTML fragment: tags out, entities read, blank runs made one space. */
export function plainText(html: string): string {
  return (
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      // Blocks end a line; inline tags (`<b>`, `<a>`) leave their text as it was.
      .replace(
        /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|blockquote|section|article|figure)\b[^>]*>/gi,
        '\n',
      )
      .replace(/<[^>]*>/g, '')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
        if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff
          ? String.fromCodePoint(code)
          : whole;
      })
      .replace(/[ \t\f\v\r]+/g, ' ')
      .replace(/ *\n[\n ]*/g, '\n')
      .trim()
  );
}

/** Cuts a text to `room` characters (code points), ending with an ellipsis when cut. */
function cut(text: string, room: number): string {
  const chars = Array.from(text);
  if (chars.length <= room) return text;
  if (room <= 1) return '';
  return `${chars
    .slice(0, room - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * The caption of an item: the summary takes what room the rest of the template leaves.
 *
 * @example
 * ```ts
 * renderCaption('{title}\n\n{link}', item); // 'Olá\n\nhttps://blog.example.com/ola'
 * ```
 */
export function renderCaption(template: string, item: FeedItem): string {
  const title = plainText(item.title);
  const link = item.link ?? '';
  const fill = (summary: string) =>
    template.replace(/\{(title|summary|link)\}/g, (_, name: string) =>
      name === 'title' ? title : name === 'link' ? link : summary,
    );
  const summary = plainText(item.summary);
  const uses = (template.match(/\{summary\}/g) ?? []).length;
  const rest = Array.from(fill('')).length;
  const room = uses === 0 ? 0 : Math.floor((CAPTION_MAX_LENGTH - rest) / uses);
  return cut(fill(cut(summary, Math.max(0, room))).trim(), CAPTION_MAX_LENGTH);
}
