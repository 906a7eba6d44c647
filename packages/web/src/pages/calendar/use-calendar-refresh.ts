/**
 * When the calendar reads again. The posts: every minute while the tab is visible, every
 * 10 seconds while one of them is about to publish or publishing, and when the person
 * comes back to the tab, so a post published meanwhile shows as such without a reload.
 * Free slots change only when posts are scheduled or moved: read at most every minute by
 * the timer (one request per account), at once when asked or after a move.
 */
import type { Post } from '@reelay/sdk';
import { useRef } from 'preact/hooks';
import { useAutoRefresh } from '../../components/use-auto-refresh';
import { postDate } from './calendar-data';

const SOON_MS = 5 * 60_000;
const FAST_REFRESH_MS = 10_000;
const SLOW_REFRESH_MS = 60_000;
/** Free slots are read again by the timer at most this often (a timer tick may come early). */
const SLOTS_REFRESH_MS = SLOW_REFRESH_MS - 5_000;

/** Whether a post will change soon by itself: publishing, or due within minutes. */
function changingSoon(post: Post, now: number): boolean {
  if (post.status === 'queued' || post.status === 'publishing') return true;
  return post.status === 'scheduled' && Date.parse(postDate(post)) - now < SOON_MS;
}

/**
 * @param posts - The posts shown, which set the pace.
 * @param read - Reads the posts, and the free slots, again (quietly).
 * @returns `refresh()` reads both at once; `refreshSlots()` the free slots only.
 * @example
 * ```ts
 * const { refresh } = useCalendarRefresh(posts, { posts: load.refresh, slots: slots.refresh });
 * ```
 */
export function useCalendarRefresh(
  posts: readonly Post[] | null,
  read: { posts(): Promise<unknown>; slots(): Promise<unknown> },
) {
  const slotsReadAt = useRef(Date.now());
  const refreshSlots = () => {
    slotsReadAt.current = Date.now();
    void read.slots();
  };
  const refresh = () => {
    void read.posts();
    refreshSlots();
  };
  const soon = posts?.some((post) => changingSoon(post, Date.now())) ?? false;
  useAutoRefresh(
    () => {
      void read.posts();
      if (Date.now() - slotsReadAt.current >= SLOTS_REFRESH_MS) refreshSlots();
    },
    soon ? FAST_REFRESH_MS : SLOW_REFRESH_MS,
  );
  return { refresh, refreshSlots };
}
