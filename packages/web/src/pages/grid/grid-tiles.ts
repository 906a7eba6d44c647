/**
 * The tiles of an account's profile grid: its planned posts (drafts, posts awaiting
 * approval, scheduled, on their way) above its published ones, newest first as Instagram
 * shows a profile. Each tile tells the status and time of the post on that account, which
 * in a queued post can differ from the post's own time.
 */
import type { Post, Reelay } from '@reelay/sdk';
import type { PostStatus } from '../../components/post-status';

/** One square of the grid. */
export interface GridTile {
  post: Post;
  kind: 'planned' | 'published';
  /** The post's status on this account. */
  status: PostStatus;
  /** When it goes out (planned) or went out (published); null for a draft without a time. */
  at: string | null;
  /** Its time can be swapped with another's: it is scheduled (or awaits approval) at a time. */
  swappable: boolean;
}

/** Published posts shown at most: the grid is for seeing where new posts land. */
export const MAX_PUBLISHED = 30;
/** Posts read at most, newest created first. */
const MAX_READ = 500;
const PAGE_SIZE = 100;

const PLANNED: ReadonlySet<PostStatus> = new Set([
  'draft',
  'awaiting_approval',
  'scheduled',
  'queued',
  'publishing',
]);
const SWAPPABLE: ReadonlySet<PostStatus> = new Set(['scheduled', 'awaiting_approval']);

/** Later first; a planned post without a time comes before every time, as the next one. */
function newestFirst(a: GridTile, b: GridTile): number {
  if (a.at === b.at) return b.post.createdAt.localeCompare(a.post.createdAt);
  if (a.at === null) return -1;
  if (b.at === null) return 1;
  return Date.parse(b.at) - Date.parse(a.at);
}

/**
 * The grid of one account from its posts: planned ones, then at most `maxPublished`
 * published ones, each newest first. Failed and cancelled posts have no place in it.
 *
 * @example
 * ```ts
 * const tiles = gridTiles(posts, 'int_123');
 * tiles[0]; // { kind: 'planned', status: 'scheduled', at: '2026-12-12T21:00:00.000Z', swappable: true, post }
 * ```
 */
export function gridTiles(
  posts: readonly Post[],
  accountId: string,
  maxPublished = MAX_PUBLISHED,
): GridTile[] {
  const planned: GridTile[] = [];
  const published: GridTile[] = [];
  for (const post of posts) {
    const target = post.platforms.find((item) => item.integrationId === accountId);
    // A draft may have no account yet: it is no account's.
    if (!target) continue;
    const status = target.status as PostStatus;
    if (status === 'published') {
      const at = target.publishedAt ?? post.publishedAt;
      published.push({ post, kind: 'published', status, at, swappable: false });
    } else if (PLANNED.has(status)) {
      const at = target.scheduledFor ?? post.scheduledFor;
      const swappable = SWAPPABLE.has(status) && at !== null;
      planned.push({ post, kind: 'planned', status, at, swappable });
    }
  }
  return [...planned.sort(newestFirst), ...published.sort(newestFirst).slice(0, maxPublished)];
}

/**
 * The account's posts, newest created first, up to {@link MAX_READ}.
 *
 * @example
 * ```ts
 * const posts = await accountPosts(api, 'int_123', signal);
 * ```
 */
export async function accountPosts(
  api: Reelay,
  accountId: string,
  signal?: AbortSignal,
): Promise<Post[]> {
  const options = signal ? { signal } : {};
  const posts: Post[] = [];
  for (let offset = 0; offset < MAX_READ; offset += PAGE_SIZE) {
    const page = await api.posts.list(
      { accountId, sort: 'desc', limit: PAGE_SIZE, offset },
      options,
    );
    posts.push(...page.posts);
    if (offset + PAGE_SIZE >= page.total) break;
  }
  return posts;
}
