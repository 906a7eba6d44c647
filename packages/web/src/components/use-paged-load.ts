/**
 * A list read a page at a time, built on {@link useLoad}: the first page is the load (read
 * when the list opens, when `inputs` change, and on `refresh()`; a stale answer never
 * wins), and `more()` appends the next page to what is shown. Reading the first page
 * again starts the list over.
 */
import { useState } from 'preact/hooks';
import { useLoad } from './use-load';

/** One page as the caller reads it. */
export interface ReadPage<T> {
  /** What to show of the page (a caller may leave some out). */
  items: T[];
  /** How many the list has in all, as the API counts them. */
  total: number;
  /** How many the API gave for this page, shown or not: where the next page starts. */
  read: number;
}

/** What {@link usePagedLoad} gives a page. */
export interface PagedLoad<T> {
  /** What is shown; null until the first page is read. */
  items: T[] | null;
  total: number;
  /** How many were read so far, shown or not. */
  read: number;
  /** The failure of the last read, first page or more. */
  error: unknown;
  /** A read is running (the first page or more). */
  busy: boolean;
  refresh(): Promise<boolean>;
  retry(): Promise<boolean>;
  more(): Promise<void>;
  /** Changes what is shown in place, as an action's answer tells (no read). */
  update(change: (items: T[]) => T[]): void;
}

/**
 * @param readPage - Reads the page starting at `offset`; pass `signal` on to the API.
 * @param inputs - What the list depends on, as for `useEffect`.
 * @example
 * ```ts
 * const list = usePagedLoad(async (offset, signal) => {
 *   const page = await api.notifications.deliveries(id, { limit: 10, offset }, { signal });
 *   return { items: page.deliveries, total: page.total, read: page.deliveries.length };
 * }, [id]);
 * ```
 */
export function usePagedLoad<T>(
  readPage: (offset: number, signal?: AbortSignal) => Promise<ReadPage<T>>,
  inputs: readonly unknown[],
): PagedLoad<T> {
  const [moreBusy, setMoreBusy] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const first = useLoad((signal) => {
    // The list starts over: a failure to read further than before no longer applies.
    setMoreError(null);
    return readPage(0, signal);
  }, inputs);

  async function more() {
    const offset = first.data?.read ?? 0;
    setMoreBusy(true);
    try {
      const page = await readPage(offset);
      first.update((current) => ({
        items: [...current.items, ...page.items],
        total: page.total,
        read: current.read + page.read,
      }));
      setMoreError(null);
    } catch (caught) {
      setMoreError(caught);
    } finally {
      setMoreBusy(false);
    }
  }

  return {
    items: first.data?.items ?? null,
    total: first.data?.total ?? 0,
    read: first.data?.read ?? 0,
    error: first.error ?? moreError,
    busy: first.loading || moreBusy,
    refresh: first.refresh,
    retry: first.retry,
    more,
    update: (change) => first.update((current) => ({ ...current, items: change(current.items) })),
  };
}
