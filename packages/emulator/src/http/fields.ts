import { invalidParameter } from '../graph-error';

/**
 * One requested field, with the sub-fields asked of it (`children{id,media_url}`) and its
 * modifiers (`replies.limit(10)`, `mentioned_comment.comment_id(1796…)`).
 */
export interface FieldRequest {
  readonly name: string;
  readonly fields: readonly FieldRequest[];
  readonly args?: Readonly<Record<string, string>>;
}

// `name` or `name.modifier(value)…`: Graph's field modifiers.
const FIELD_NAME = /^([A-Za-z0-9_]+)((?:\.[A-Za-z_]+\([^()]*\))*)$/;
const MODIFIER = /\.([A-Za-z_]+)\(([^()]*)\)/g;

function fieldRequest(name: string, fields: FieldRequest[]): FieldRequest {
  const match = FIELD_NAME.exec(name);
  if (!match || match[2] === '') return { name, fields };
  const args: Record<string, string> = {};
  for (const [, key, value] of (match[2] as string).matchAll(MODIFIER))
    args[key as string] = (value as string).trim();
  return { name: match[1] as string, fields, args };
}

/**
 * Writes fields back in Graph's syntax, for the `paging.next` links of nested edges.
 *
 * @example
 * ```ts
 * formatFields(parseFields('id,replies.limit(5){text}')); // 'id,replies.limit(5){text}'
 * ```
 */
export function formatFields(fields: readonly FieldRequest[]): string {
  return fields
    .map((field) => {
      const modifiers = Object.entries(field.args ?? {})
        .map(([key, value]) => `.${key}(${value})`)
        .join('');
      const sub = field.fields.length > 0 ? `{${formatFields(field.fields)}}` : '';
      return `${field.name}${modifiers}${sub}`;
    })
    .join(',');
}

/**
 * Parses Graph's `fields` syntax: names separated by commas, with nested selections in
 * braces and modifiers after a dot, e.g. `id,caption,children{id,media_url}` or
 * `comments.limit(10){text}`.
 *
 * @example
 * ```ts
 * parseFields('id,children{media_url}');
 * // [{ name: 'id', fields: [] }, { name: 'children', fields: [{ name: 'media_url', fields: [] }] }]
 * ```
 */
export function parseFields(text: string | undefined): FieldRequest[] {
  if (text === undefined || text.trim() === '') return [];
  let at = 0;
  const parseList = (depth: number): FieldRequest[] => {
    const list: FieldRequest[] = [];
    for (;;) {
      let name = '';
      while (at < text.length && !',{}'.includes(text[at] as string)) name += text[at++];
      name = name.trim();
      let fields: FieldRequest[] = [];
      if (text[at] === '{') {
        at++;
        fields = parseList(depth + 1);
        if (text[at] !== '}') throw invalidParameter(`Syntax error in fields: "${text}"`);
        at++;
      }
      if (name === '') throw invalidParameter(`Syntax error in fields: "${text}"`);
      list.push(fieldRequest(name, fields));
      if (text[at] === ',') {
        at++;
        continue;
      }
      if (text[at] === '}' && depth > 0) return list;
      if (at >= text.length && depth === 0) return list;
      throw invalidParameter(`Syntax error in fields: "${text}"`);
    }
  };
  return parseList(0);
}
