/**
 * The app's one way to read data for a page: what was read, whether a read is running,
 * its failure, and two ways to read again. Only the latest read's answer is kept (a slow
 * earlier one must not win), and a read whose page is gone or whose inputs changed is
 * cancelled through its `AbortSignal`.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

/** What {@link useLoad} gives a page. */
export interface Load<T> {
  /** The last answer; null until the first one. Kept while a later read runs or fails. */
  readonly data: T | null;
  /** The last read's failure; null once a read works. */
  readonly error: unknown;
  /** A read is running. */
  readonly loading: boolean;
  /** Reads again after a failure: the failure is cleared at once, the page shows loading. */
  retry(): Promise<boolean>;
  /** Reads again quietly: the data and the failure stay until the answer comes. */
  refresh(): Promise<boolean>;
  /** Changes the data in place, as an action's answer tells (no read). */
  update(change: (current: T) => T): void;
}

/**
 * Reads with `load` when the page opens and again whenever one of `inputs` changes.
 * `retry()` and `refresh()` resolve to whether the read worked.
 *
 * @param load - Reads the data; it should pass `signal` on to the API so a cancelled
 *   read stops.
 * @param inputs - What the read depends on, as for `useEffect`.
 * @example
 * ```ts
 * const api = useApi();
 * const keys = useLoad((signal) => api.apiKeys.list(projectId, { signal }), [projectId]);
 * if (keys.error) return <LoadError error={keys.error} onRetry={keys.retry} />;
 * ```
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  inputs: readonly unknown[],
): Load<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const running = useRef<AbortController | null>(null);
  const latest = useRef(load);
  latest.current = load;

  const read = useCallback(async (): Promise<boolean> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setLoading(true);
    try {
      const answer = await latest.current(controller.signal);
      if (running.current !== controller) return false;
      setData(() => answer);
      setError(null);
      return true;
    } catch (caught) {
      if (running.current === controller) setError(caught);
      return false;
    } finally {
      if (running.current === controller) {
        running.current = null;
        setLoading(false);
      }
    }
  }, []);

  useEffect(() => {
    void read();
    return () => {
      running.current?.abort();
      running.current = null;
    };
  }, inputs);

  const retry = useCallback(() => {
    setError(null);
    return read();
  }, [read]);

  const update = useCallback((change: (current: T) => T) => {
    setData((current) => (current === null ? current : change(current)));
  }, []);

  return { data, error, loading, retry, refresh: read, update };
}
