/**
 * The posts of the range the calendar shows, for its filters: read when the range or a
 * filter changes, and on `refresh()`. The time of the last answer goes with it, for the
 * page's "updated at".
 */
import type { Post } from '@reelay/sdk';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';
import { postsBetween, type PostFilters } from './calendar-data';
import type { VisibleRange } from './use-full-calendar';

export interface CalendarPosts {
  posts: Post[];
  /** The filters they were read with, which say at which accounts' times each sits. */
  filters: PostFilters;
  loadedAt: Date;
}

/**
 * @param range - What the calendar shows; null until it is drawn (nothing is read).
 * @example
 * ```ts
 * const posts = useCalendarPosts(range, { accountId });
 * posts.data?.posts.length;
 * ```
 */
export function useCalendarPosts(range: VisibleRange | null, filters: PostFilters) {
  const api = useApi();
  return useLoad(
    async (signal): Promise<CalendarPosts | null> => {
      if (!range) return null;
      const posts = await postsBetween(api, range.start, range.end, filters, signal);
      return { posts, filters, loadedAt: new Date() };
    },
    [
      range?.start.getTime(),
      range?.end.getTime(),
      filters.accountId,
      filters.profileId,
      filters.status,
    ],
  );
}
