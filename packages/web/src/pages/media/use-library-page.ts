/** One page of the media library, read again when the query changes or on `reload()`. */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { listLibrary, type LibraryMedia, type LibraryQuery } from '../../components/media-library';

export interface LibraryPage {
  total: number;
  media: LibraryMedia[];
}

/**
 * @example
 * ```ts
 * const { data, error, reload } = useLibraryPage({ limit: 24, offset: 0, sort: 'desc' });
 * ```
 */
export function useLibraryPage(query: LibraryQuery) {
  const [data, setData] = useState<LibraryPage | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(0);
  const key = `${query.type ?? ''}|${query.sort ?? ''}|${query.limit}|${query.offset}`;

  const reload = useCallback(async () => {
    // Only the last request's answer is shown: a slow earlier one must not win.
    const request = ++latest.current;
    try {
      const answer = await listLibrary(query);
      if (request !== latest.current) return;
      setData({ total: answer.total, media: answer.media });
      setError(null);
    } catch (caught) {
      if (request === latest.current) setError(caught);
    }
  }, [key]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, error, reload };
}
