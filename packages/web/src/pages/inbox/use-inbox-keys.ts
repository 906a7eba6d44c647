/**
 * The inbox's keys, for people who triage from the keyboard: `j` or `↓` opens the next
 * thread and `k` or `↑` the previous one (the arrows only while a thread of the list has
 * focus, so they still scroll the page elsewhere), `r` goes to the reply box, `/` to the
 * search, and `Escape` goes back to the thread in the list. Keys typed in a field are
 * left alone (but `Escape`, which leaves the field for the list), as are keys with a
 * modifier and keys while a dialog is open.
 */
import { useEffect, useRef } from 'preact/hooks';

export interface InboxKeyHandlers {
  /** Opens the next (1) or previous (-1) thread and focuses it in the list. */
  move(step: 1 | -1): void;
  /** Focuses the reply box of the open thread; false when there is none. */
  reply(): boolean;
  search(): void;
  /** Focuses the open thread in the list. */
  back(): void;
}

function inField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * @example
 * ```ts
 * useInboxKeys({ move, reply, search, back });
 * ```
 */
export function useInboxKeys(handlers: InboxKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      const keys = latest.current;
      if (inField(event.target)) {
        if (event.key === 'Escape' && (event.target as HTMLElement).closest('.inbox-page')) {
          keys.back();
          event.preventDefault();
        }
        return;
      }
      const onThreadLink =
        event.target instanceof HTMLElement && event.target.matches('.inbox-thread-link');
      let handled = true;
      if (event.key === 'j' || (event.key === 'ArrowDown' && onThreadLink)) keys.move(1);
      else if (event.key === 'k' || (event.key === 'ArrowUp' && onThreadLink)) keys.move(-1);
      else if (event.key === 'r') handled = keys.reply();
      else if (event.key === '/') keys.search();
      else if (event.key === 'Escape') keys.back();
      else handled = false;
      if (handled) event.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
