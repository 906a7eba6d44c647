/**
 * The library page's filters (type, use, file name), order and page as the address holds
 * them: a new history entry for each change, so Back returns to the page before.
 */
import { useLocation } from 'preact-iso';

const PAGE_PATH = '/app/media';

export type Sort = 'asc' | 'desc';

export type MediaType = 'image' | 'video';

/** Whether media no post uses are shown alone (`unused`), hidden (`used`), or mixed in. */
export type MediaUse = 'unused' | 'used';

/** What the address may change. */
export interface LibraryAddressChanges {
  type?: string | undefined;
  use?: string | undefined;
  q?: string | undefined;
  sort?: Sort;
  page?: number;
}

/**
 * @example
 * ```ts
 * const { type, use, q, sort, page, goTo } = useLibraryAddress();
 * goTo({ page: page + 1 });
 * ```
 */
export function useLibraryAddress() {
  const { query, route } = useLocation();
  const type: MediaType | undefined =
    query.type === 'image' || query.type === 'video' ? query.type : undefined;
  const use: MediaUse | undefined =
    query.use === 'unused' || query.use === 'used' ? query.use : undefined;
  const q = query.q?.trim() || undefined;
  const sort: Sort = query.sort === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Number.parseInt(query.page ?? '', 10) || 1);

  function goTo(changes: LibraryAddressChanges) {
    const next = new URLSearchParams();
    const merged = { type, use, q, sort, page, ...changes };
    if (merged.type) next.set('type', merged.type);
    if (merged.use) next.set('use', merged.use);
    if (merged.q?.trim()) next.set('q', merged.q.trim());
    if (merged.sort === 'asc') next.set('sort', 'asc');
    if (merged.page && merged.page > 1) next.set('page', String(merged.page));
    const search = next.toString();
    route(search ? `${PAGE_PATH}?${search}` : PAGE_PATH);
  }

  return { type, use, q, sort, page, goTo };
}
