import { invalidParameter } from '../graph-error';
import { formatFields, type FieldRequest } from '../http/fields';
import type { RenderScope } from './node-type';

/** Where a page starts: Graph's `limit`, `after` and `before` (reference §10.2 "Pagination"). */
export interface PageRequest {
  readonly limit: number;
  readonly after?: string | undefined;
  readonly before?: string | undefined;
}

/** One page of an ordered list, and whether items lie on either side of it. */
export interface Page<T> {
  readonly items: T[];
  readonly more: boolean;
  readonly earlier: boolean;
}

/**
 * The cursor of an item: opaque to clients, naming the item itself so that a page stays
 * put when items are added before it.
 */
export function cursorOf(key: string): string {
  return Buffer.from(`cursor:${key}`).toString('base64url');
}

function keyOf(cursor: string, which: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith('cursor:')) throw invalidParameter(`The ${which} cursor is invalid`);
  return text.slice('cursor:'.length);
}

/**
 * Cuts a page out of `all` (every item in order, those not shown included, so that a
 * cursor on a deleted or hidden item still finds its place); `shown` says which items
 * appear.
 *
 * @example
 * ```ts
 * paginate(comments, (c) => c.id, (c) => !c.deletedAt, { limit: 50, after });
 * ```
 */
export function paginate<T>(
  all: readonly T[],
  key: (item: T) => string,
  shown: (item: T) => boolean,
  request: PageRequest,
): Page<T> {
  const position = (cursor: string, which: string): number => {
    const wanted = keyOf(cursor, which);
    const index = all.findIndex((item) => key(item) === wanted);
    if (index === -1) throw invalidParameter(`The ${which} cursor is invalid`);
    return index;
  };
  const anyShown = (from: number, to: number): boolean => {
    for (let i = from; i < to; i++) if (shown(all[i] as T)) return true;
    return false;
  };
  if (request.before !== undefined && request.after === undefined) {
    const end = position(request.before, 'before');
    const items: T[] = [];
    let i = end - 1;
    for (; i >= 0 && items.length < request.limit; i--) {
      if (shown(all[i] as T)) items.unshift(all[i] as T);
    }
    return { items, earlier: anyShown(0, i + 1), more: anyShown(end, all.length) };
  }
  const start = request.after === undefined ? 0 : position(request.after, 'after') + 1;
  const items: T[] = [];
  let i = start;
  for (; i < all.length && items.length < request.limit; i++) {
    if (shown(all[i] as T)) items.push(all[i] as T);
  }
  return { items, earlier: anyShown(0, start), more: anyShown(i, all.length) };
}

/**
 * The `paging` object of an edge page: `cursors.before`/`after` naming its first and last
 * items, `next` and `previous` links while items lie beyond it. The links repeat the
 * request (token, fields, limit) at the address it came to, so a client can follow them
 * to the emulator. An empty page has no `paging`, as on Graph.
 */
export function pagingOf<T>(
  page: Page<T>,
  key: (item: T) => string,
  link: {
    scope: RenderScope | undefined;
    path: string;
    fields: readonly FieldRequest[];
    limit: number;
  },
): Record<string, unknown> | undefined {
  const first = page.items[0];
  const last = page.items.at(-1);
  if (first === undefined || last === undefined) return undefined;
  const before = cursorOf(key(first));
  const after = cursorOf(key(last));
  const url = (cursor: [string, string]): string | undefined => {
    if (!link.scope) return undefined;
    const query = new URLSearchParams();
    if (link.scope.token !== undefined) query.set('access_token', link.scope.token);
    if (link.fields.length > 0) query.set('fields', formatFields(link.fields));
    query.set('limit', String(link.limit));
    query.set(cursor[0], cursor[1]);
    return `${link.scope.base}/${link.path}?${query.toString()}`;
  };
  const next = page.more ? url(['after', after]) : undefined;
  const previous = page.earlier ? url(['before', before]) : undefined;
  return {
    cursors: { before, after },
    ...(next === undefined ? {} : { next }),
    ...(previous === undefined ? {} : { previous }),
  };
}
