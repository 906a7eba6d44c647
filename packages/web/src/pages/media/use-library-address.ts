/**
 * The library page's type filter, order and page as the address holds them: a new
 * history entry for each change, so Back returns to the page before.
 */
import { useLocation } from 'preact-iso';

const PAGE_PATH = '/app/media';

export type Sort = 'asc' | 'desc';

export type MediaType = 'image' | 'video';

/**
 * @example
 * ```ts
 * const { type, sort, page, goTo } = useLibraryAddress();
 * goTo({ page: page + 1 });
 * ```
 */
export function useLibraryAddress() {
  const { query, route } = useLocation();
  const type: MediaType | undefined =
    query.type === 'image' || query.type === 'video' ? query.type : undefined;
  const sort: Sort = query.sort === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Number.parseInt(query.page ?? '', 10) || 1);

  function goTo(changes: { type?: string | undefined; sort?: Sort; page?: number }) {
    const next = new URLSearchParams();
    const merged = { type, sort, page, ...changes };
    if (merged.type) next.set('type', merged.type);
    if (merged.sort === 'asc') next.set('sort', 'asc');
    if (merged.page && merged.page > 1) next.set('page', String(merged.page));
    const search = next.toString();
    route(search ? `${PAGE_PATH}?${search}` : PAGE_PATH);
  }

  return { type, sort, page, goTo };
}
