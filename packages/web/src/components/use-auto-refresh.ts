/**
 * Keeps a page's data fresh without a reload: it is read again every `intervalMs` while
 * the tab is visible, and at once when the person comes back to the tab or the window
 * (at most every few seconds), since that is when stale data would be noticed.
 */
import { useEffect, useRef } from 'preact/hooks';

/** Coming back to the tab twice in a row reads the data once. */
const MIN_GAP_MS = 5_000;

/**
 * @param refresh - Reads the data again; its errors are the caller's to show.
 * @param intervalMs - Time between two reads while visible; null stops the timer.
 * @example
 * ```ts
 * useAutoRefresh(() => calendar.refetchEvents(), soon ? 10_000 : 60_000);
 * ```
 */
export function useAutoRefresh(refresh: () => void, intervalMs: number | null): void {
  const latest = useRef(refresh);
  latest.current = refresh;
  const last = useRef(Date.now());

  useEffect(() => {
    const run = () => {
      last.current = Date.now();
      latest.current();
    };
    const back = () => {
      if (document.visibilityState === 'visible' && Date.now() - last.current >= MIN_GAP_MS) {
        run();
      }
    };
    addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    const timer =
      intervalMs === null
        ? undefined
        : setInterval(() => {
            if (document.visibilityState === 'visible') run();
          }, intervalMs);
    return () => {
      removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
      clearInterval(timer);
    };
  }, [intervalMs]);
}
