/**
 * The inbox's list in groups: the threads of each Reelay post together (the post's
 * picture and caption head them), and one group for the media published outside Reelay,
 * which have no post here. Groups come in the order of their newest thread, as the API
 * orders threads (latest activity first), and the keyboard moves through the threads in
 * the order they are shown.
 */
import type { Comment } from '@reelay/sdk';

/** The key of the group of media outside Reelay posts. */
export const OUTSIDE_GROUP = 'outside';

export interface ThreadGroup {
  /** The post's id, or {@link OUTSIDE_GROUP}. */
  key: string;
  /** The Reelay post, or null for media outside Reelay. */
  postId: string | null;
  threads: Comment[];
}

/**
 * @example
 * ```ts
 * groupThreads(comments).map((group) => group.postId); // ['post_b', 'post_a', null]
 * ```
 */
export function groupThreads(threads: readonly Comment[]): ThreadGroup[] {
  const groups = new Map<string, ThreadGroup>();
  for (const thread of threads) {
    const key = thread.postId ?? OUTSIDE_GROUP;
    let group = groups.get(key);
    if (!group) {
      group = { key, postId: thread.postId, threads: [] };
      groups.set(key, group);
    }
    group.threads.push(thread);
  }
  return [...groups.values()];
}

/** The threads in the order the groups show them: where `j` and `k` go next. */
export function shownOrder(groups: readonly ThreadGroup[]): Comment[] {
  return groups.flatMap((group) => group.threads);
}

/**
 * The thread `step` places from `currentId` in `order`: the first (or the last, going
 * back) when none is chosen or the chosen one is not listed; null past either end.
 *
 * @example
 * ```ts
 * neighbour(order, order[0].id, 1)?.id; // order[1].id
 * ```
 */
export function neighbour(
  order: readonly Comment[],
  currentId: string | undefined,
  step: 1 | -1,
): Comment | null {
  if (order.length === 0) return null;
  const index = currentId ? order.findIndex((thread) => thread.id === currentId) : -1;
  if (index === -1) return step === 1 ? order[0]! : order[order.length - 1]!;
  return order[index + step] ?? null;
}

/** The start of a comment, on one line, for the list. */
export function textExcerpt(text: string, length = 90): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}
