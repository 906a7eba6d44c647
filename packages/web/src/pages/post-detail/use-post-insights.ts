/**
 * A post's metrics per account, read through the API (which asks Instagram at most once
 * an hour per account), and "refresh now", which asks Instagram at once.
 */
import type { PostTargetInsights } from '@reelay/sdk';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { useSessionClient } from '../../session/session-context';

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
  const session = useSessionClient();
  const [entries, setEntries] = useState<PostTargetInsights[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<PostInsightsState['busy']>(null);
  // Answers can arrive out of order: only the latest request's answer is kept.
  const latest = useRef(0);

  const read = useCallback(
    async (force: boolean) => {
      const request = ++latest.current;
      setBusy(force ? 'refresh' : 'load');
      try {
        const answer = await session.api.posts.insights(postId, force ? { force: true } : {});
        if (request !== latest.current) return false;
        setEntries(answer.platforms);
        setError(null);
        return true;
      } catch (caught) {
        if (request === latest.current) setError(caught);
        return false;
      } finally {
        if (request === latest.current) setBusy(null);
      }
    },
    [postId],
  );

  useEffect(() => {
    void read(false);
  }, [key, read]);

  return { entries, error, busy, read };
}
