/**
 * The calendar's state as the address holds it (view, a day of the period, the account,
 * profile and status filters), so a reload or a shared link shows the same calendar.
 * Without a view in the address, a phone opens the agenda and a wider screen the month.
 */
import { POST_STATUSES, type Post } from '@reelay/sdk';
import { useCallback } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { isNarrow, type CalendarView } from './calendar-options';

const PAGE_PATH = '/app/calendar';
const VIEWS: readonly CalendarView[] = ['month', 'week', 'day', 'list'];

/**
 * @example
 * ```ts
 * const { view, accountId, goTo } = useCalendarAddress();
 * goTo({ account: 'int_…' });
 * ```
 */
export function useCalendarAddress() {
  const { query, route } = useLocation();
  const view: CalendarView = VIEWS.includes(query.view as CalendarView)
    ? (query.view as CalendarView)
    : isNarrow()
      ? 'list'
      : 'month';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(query.date ?? '') ? query.date! : null;
  const accountId = query.account || undefined;
  const profileId = query.profile || undefined;
  const status = (POST_STATUSES as readonly string[]).includes(query.status ?? '')
    ? (query.status as Post['status'])
    : undefined;

  /** Writes the calendar's state into the address, replacing the current entry. */
  const goTo = useCallback(
    (changes: Record<string, string | undefined>) => {
      const next = new URLSearchParams();
      const merged = {
        view,
        date: date ?? undefined,
        account: accountId,
        profile: profileId,
        status,
      };
      for (const [key, value] of Object.entries({ ...merged, ...changes })) {
        if (value) next.set(key, value);
      }
      const search = next.toString();
      const url = search ? `${PAGE_PATH}?${search}` : PAGE_PATH;
      // Only while the calendar is the page shown: never pull the person back to it.
      if (location.pathname !== PAGE_PATH) return;
      if (url !== `${location.pathname}${location.search}`) route(url, true);
    },
    [view, date, accountId, profileId, status],
  );

  return { view, date, accountId, profileId, status, goTo, route };
}
