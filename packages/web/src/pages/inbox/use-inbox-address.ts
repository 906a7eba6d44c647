/**
 * The inbox's filters and the thread open, as the address holds them, so a reload or a
 * shared link shows the same inbox: a changed filter is a new history entry (Back
 * returns to the list before); moving from thread to thread replaces the entry instead,
 * so Back does not walk through every thread read.
 */
import { useLocation } from 'preact-iso';
import { INBOX_FILTERS, inboxPath, type InboxAddress } from '../../components/comments/inbox-path';

/**
 * @example
 * ```ts
 * const { status, filter } = useInboxAddress();
 * filter({ status: 'unread' });
 * ```
 */
export function useInboxAddress() {
  const { query, route } = useLocation();
  const current: InboxAddress = {
    status: INBOX_FILTERS.find((filter) => filter === query.status),
    account: query.account || undefined,
    q: query.q?.trim() || undefined,
    thread: query.thread || undefined,
  };

  /** A new filter: the open thread stays open. */
  function filter(changes: Partial<Omit<InboxAddress, 'thread'>>) {
    route(inboxPath({ ...current, ...changes }));
  }

  /** Opens a thread (or closes it, with undefined) in place of the one open. */
  function open(thread: string | undefined) {
    route(inboxPath({ ...current, thread }), true);
  }

  return {
    ...current,
    filter,
    open,
    linkTo: (thread: string) => inboxPath({ ...current, thread }),
  };
}
