import { invalidParameter } from '../graph-error';

/** One requested field, with the sub-fields asked of it (`children{id,media_url}`). */
export interface FieldRequest {
  readonly name: string;
  readonly fields: readonly FieldRequest[];
}

/**
 * Parses Graph's `fields` syntax: names separated by commas, with nested selections in
 * braces, e.g. `id,caption,children{id,media_url}`.
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
      list.push({ name, fields });
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
