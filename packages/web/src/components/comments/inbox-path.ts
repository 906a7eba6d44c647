/**
 * The inbox's address for its filters and the thread open (`/app/inbox?status=…&thread=…`),
 * for the inbox itself and for the links that open a thread there (a post's page).
 */

/** The thread states the inbox filters by, and `hidden` for hidden comments. */
export const INBOX_FILTERS = ['unread', 'read', 'replied', 'hidden'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export interface InboxAddress {
  status: InboxFilter | undefined;
  account: string | undefined;
  q: string | undefined;
  thread: string | undefined;
}

/**
 * @example
 * ```ts
 * inboxPath({ thread: 'cmt_…' }); // '/app/inbox?thread=cmt_…'
 * ```
 */
export function inboxPath(address: Partial<InboxAddress>): string {
  const next = new URLSearchParams();
  if (address.status) next.set('status', address.status);
  if (address.account) next.set('account', address.account);
  if (address.q) next.set('q', address.q);
  if (address.thread) next.set('thread', address.thread);
  const search = next.toString();
  return search ? `/app/inbox?${search}` : '/app/inbox';
}
