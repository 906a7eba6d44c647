/**
 * How many comment threads of the chosen project are unread, for the count beside the
 * navigation's Inbox link: read when the project or the page changes, every minute while
 * the tab is visible, when the person comes back to the tab, and at once when a page of
 * this tab read, replied to or marked a thread (`inboxChanged()`), or checked Instagram.
 */
import type { Reelay } from '@reelay/sdk';
import { useEffect } from 'preact/hooks';
import { useAutoRefresh } from './use-auto-refresh';
import { useLoad } from './use-load';

const listeners = new Set<() => void>();

/**
 * Tells the count that unread threads may have changed.
 *
 * @example
 * ```ts
 * await api.comments.update(threadId, { status: 'read' });
 * inboxChanged();
 * ```
 */
export function inboxChanged(): void {
  for (const listener of listeners) listener();
}

/**
 * The count, or null while signed out, before the first answer, and when it could not be
 * read (the link then shows no count rather than a wrong one).
 *
 * @param projectId - The chosen project; null while signed out (nothing is read).
 * @param path - The page shown: a new page reads the count again.
 * @example
 * ```ts
 * const unread = useUnreadCount(api, signedIn?.projectId ?? null, path);
 * ```
 */
export function useUnreadCount(api: Reelay, projectId: string | null, path: string) {
  const load = useLoad(
    async (signal) => {
      if (!projectId) return null;
      const page = await api.comments.list({ status: 'unread', limit: 1 }, { signal });
      return page.total;
    },
    [projectId, path],
  );
  useAutoRefresh(() => void load.refresh(), projectId ? 60_000 : null);
  useEffect(() => {
    const changed = () => void load.refresh();
    listeners.add(changed);
    return () => void listeners.delete(changed);
  }, []);
  return load.error ? null : load.data;
}
