/**
 * A post's metrics per account, read through the API (which asks Instagram at most once
 * an hour per account), and "refresh now", which asks Instagram at once.
 */
import type { PostTargetInsights } from '@reelay/sdk';
import { useCallback, useRef, useState } from 'preact/hooks';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';

export interface PostInsightsState {
  /** One entry per account of the post; null until the first answer. */
  entries: PostTargetInsights[] | null;
  /** The last read's failure, cleared by the next read that works. */
  error: unknown;
  /** What is running: the first read (or a retry) or a forced refresh. */
  busy: 'load' | 'refresh' | null;
  /** Reads again; `force` asks Instagram now instead of the last hour's read. */
  read(force: boolean): Promise<boolean>;
}

/**
 * Reads once at first, and again whenever `key` changes.
 *
 * @param postId - The post, published on at least one account.
 * @param key - Changes when the published accounts change, which calls for a new read.
 * @example
 * ```ts
 * const insights = usePostInsights(post.id, publishedTargetIds.join(','));
 * await insights.read(true);
 * ```
 */
export function usePostInsights(postId: string, key: string): PostInsightsState {
  const api = useApi();
  // "Refresh now" is the same read with `force`: the loader takes the flag from here, so
  // a read started by a changed `key` never asks Instagram early.
  const forceNext = useRef(false);
  const [forcing, setForcing] = useState(false);
  const load = useLoad(
    async (signal) => {
      const force = forceNext.current;
      forceNext.current = false;
      const answer = await api.posts.insights(postId, force ? { force: true } : {}, { signal });
      return answer.platforms;
    },
    [postId, key],
  );

  const { refresh } = load;
  const read = useCallback(
    async (force: boolean) => {
      forceNext.current = force;
      setForcing(force);
      try {
        // Quietly: metrics and a failure already shown stay until the answer comes.
        return await refresh();
      } finally {
        setForcing(false);
      }
    },
    [refresh],
  );

  const busy = load.loading ? (forcing ? 'refresh' : 'load') : null;
  return { entries: load.data, error: load.error, busy, read };
}
