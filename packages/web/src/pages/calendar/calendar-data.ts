/**
 * The calendar's data: the posts whose date (scheduled, or created for an immediate post,
 * as the list route's `from`/`to` read it) falls in the visible range, read page after
 * page; and the drafts the grid cannot place (no time, or no account to date them by),
 * listed beside it.
 */
import { PAGE_LIMIT_MAX, type Post, type Reelay } from '@reelay/sdk';

export type { Integration, Profile } from '../../components/project-accounts';

/**
 * What the calendar shows: one account, one profile (`null` = without profile), or all;
 * posts of one status, or of any.
 */
export interface PostFilters {
  accountId?: string | undefined;
  profileId?: string | undefined;
  status?: Post['status'] | undefined;
}

/** The largest page the list route gives. */
const PAGE_SIZE = PAGE_LIMIT_MAX;
/** Pages read at the same time after the first, which says how many there are. */
const PARALLEL_PAGES = 4;

/**
 * Every post dated in `[start, end)`, oldest creation first. The first page tells the
 * total; the others are read a few at a time. Creation order keeps offsets stable while
 * new posts are created meanwhile (they come last); a post seen twice is kept once.
 *
 * @example
 * ```ts
 * const posts = await postsBetween(api, new Date('2026-12-01'), new Date('2027-01-01'), {});
 * ```
 */
export async function postsBetween(
  api: Reelay,
  start: Date,
  end: Date,
  filters: PostFilters,
  signal?: AbortSignal,
): Promise<Post[]> {
  const options = signal ? { signal } : {};
  const query = {
    from: start,
    // `to` is inclusive; the range's end is not.
    to: new Date(end.getTime() - 1),
    sort: 'asc' as const,
    limit: PAGE_SIZE,
    ...(filters.accountId ? { accountId: filters.accountId } : {}),
    ...(filters.profileId ? { profileId: filters.profileId } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
  const first = await api.posts.list({ ...query, offset: 0 }, options);
  const offsets: number[] = [];
  for (let offset = PAGE_SIZE; offset < first.total; offset += PAGE_SIZE) offsets.push(offset);
  const pages: Post[][] = [first.posts];
  for (let index = 0; index < offsets.length; index += PARALLEL_PAGES) {
    const batch = offsets.slice(index, index + PARALLEL_PAGES);
    const answers = await Promise.all(
      batch.map((offset) => api.posts.list({ ...query, offset }, options)),
    );
    for (const answer of answers) pages.push(answer.posts);
  }
  const byId = new Map<string, Post>();
  for (const page of pages) for (const post of page) byId.set(post.id, post);
  return [...byId.values()];
}

/**
 * Whether a draft has no place in the grid: without a time it has no date (its creation
 * would be a false one), and without an account the list route's dates leave it out.
 *
 * @example
 * ```ts
 * isUnplacedDraft({ ...draft, scheduledFor: null }); // true
 * ```
 */
export function isUnplacedDraft(post: Post): boolean {
  return post.status === 'draft' && (post.scheduledFor === null || post.platforms.length === 0);
}

/** The most drafts listed beside the calendar: the newest ones. */
export const UNPLACED_DRAFTS_MAX = PAGE_LIMIT_MAX;

/**
 * The project's drafts the grid cannot place, newest first, for the account and profile
 * filters (a draft without an account matches neither), with how many drafts there are.
 *
 * @example
 * ```ts
 * const { drafts } = await unplacedDrafts(api, { accountId: 'int_…' });
 * ```
 */
export async function unplacedDrafts(
  api: Reelay,
  filters: PostFilters,
  signal?: AbortSignal,
): Promise<{ drafts: Post[]; more: boolean }> {
  const page = await api.posts.list(
    {
      status: 'draft',
      sort: 'desc',
      limit: UNPLACED_DRAFTS_MAX,
      ...(filters.accountId ? { accountId: filters.accountId } : {}),
      ...(filters.profileId ? { profileId: filters.profileId } : {}),
    },
    signal ? { signal } : {},
  );
  return { drafts: page.posts.filter(isUnplacedDraft), more: page.total > page.posts.length };
}

/**
 * The date a post sits on in the calendar: its time, or its creation if immediate.
 *
 * @example
 * ```ts
 * postDate(post); // '2026-12-01T13:00:00.000Z'
 * ```
 */
export function postDate(post: Post): string {
  return post.scheduledFor ?? post.createdAt;
}

/** One time a post goes out at, and the accounts it goes out on then. */
export interface PostTime {
  readonly at: string;
  readonly targets: readonly Post['platforms'][number][];
}

/**
 * The times a post sits on in the calendar, earliest first: each account's own time (a
 * queued post's accounts take different slots), or the post's date when it went out at
 * once. Only the targets the filters keep count, so a post filtered by one account sits
 * at that account's time.
 *
 * @example
 * ```ts
 * postTimes(queuedPost, { accountId: 'int_cafe' }); // [{ at: '2026-11-30T12:00:00.000Z', targets: [cafe] }]
 * ```
 */
export function postTimes(post: Post, filters: PostFilters): PostTime[] {
  // `null` is how the list route's filter writes "without profile".
  const profile = filters.profileId === 'null' ? null : filters.profileId;
  const kept = post.platforms.filter(
    (target) =>
      (!filters.accountId || target.integrationId === filters.accountId) &&
      (profile === undefined || target.profileId === profile),
  );
  const byTime = new Map<string, Post['platforms'][number][]>();
  for (const target of kept.length > 0 ? kept : post.platforms) {
    const at = target.scheduledFor ?? postDate(post);
    byTime.set(at, [...(byTime.get(at) ?? []), target]);
  }
  return [...byTime]
    .map(([at, targets]) => ({ at, targets }))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * Whether dragging may move the post: only a scheduled post whose every target still
 * waits (the same rule the server applies to a reschedule).
 *
 * @example
 * ```ts
 * isReschedulable(post); // true while scheduled
 * ```
 */
export function isReschedulable(post: Post): boolean {
  return (
    post.status === 'scheduled' && post.platforms.every((target) => target.status === 'scheduled')
  );
}

/**
 * The caption's first line, shortened to fit an event in the grid.
 *
 * @example
 * ```ts
 * captionExcerpt('Bom dia!\nHoje tem pão.'); // 'Bom dia!'
 * ```
 */
export function captionExcerpt(content: string, length = 60): string {
  const line = content.split('\n', 1)[0]!.trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}
