/**
 * The post the page shows, read again every 10 seconds while it is about to publish or
 * publishing (so a retry's outcome shows by itself), every minute otherwise, and when the
 * person comes back to the tab. An action's answer replaces it at once.
 */
import type { Post } from '@reelay/sdk';
import { useAutoRefresh } from '../../components/use-auto-refresh';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';

const SOON_MS = 5 * 60_000;

function changingSoon(post: Post): boolean {
  if (post.status === 'queued' || post.status === 'publishing') return true;
  if (post.platforms.some((target) => target.status === 'queued' || target.status === 'publishing'))
    return true;
  return (
    post.status === 'scheduled' &&
    post.scheduledFor !== null &&
    Date.parse(post.scheduledFor) - Date.now() < SOON_MS
  );
}

/**
 * @example
 * ```ts
 * const { load, setPost } = usePost(postId);
 * if (!load.data) return <PostNotLoaded error={load.error} onRetry={load.retry} />;
 * ```
 */
export function usePost(postId: string) {
  const api = useApi();
  const load = useLoad(async (signal) => (await api.posts.get(postId, { signal })).post, [postId]);
  const post = load.data;
  useAutoRefresh(() => void load.refresh(), post && changingSoon(post) ? 10_000 : 60_000);
  return { load, setPost: (next: Post) => load.update(() => next) };
}
