/** One page of the media library, read again when the query changes or on `refresh()`. */
import { listLibrary, type LibraryMedia, type LibraryQuery } from '../../components/media-library';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';

export interface LibraryPage {
  total: number;
  media: LibraryMedia[];
}

/**
 * @example
 * ```ts
 * const { data, error, retry } = useLibraryPage({ limit: 24, offset: 0, sort: 'desc' });
 * ```
 */
export function useLibraryPage(query: LibraryQuery) {
  const api = useApi();
  return useLoad(
    async (signal): Promise<LibraryPage> => {
      const { total, media } = await listLibrary(api, query, signal);
      return { total, media };
    },
    [query.type, query.unused, query.q, query.sort, query.limit, query.offset],
  );
}
