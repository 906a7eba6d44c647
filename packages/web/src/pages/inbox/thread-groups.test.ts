/** The inbox's groups, and where the keys go in them. */
import type { Comment } from '@reelay/sdk';
import { describe, expect, it } from 'vitest';
import { groupThreads, neighbour, OUTSIDE_GROUP, shownOrder, textExcerpt } from './thread-groups';

const thread = (id: string, postId: string | null) => ({ id, postId }) as Comment;

describe('the inbox groups', () => {
  // Newest activity first, as the API lists them.
  const threads = [
    thread('c1', 'post_b'),
    thread('c2', null),
    thread('c3', 'post_a'),
    thread('c4', 'post_b'),
    thread('c5', null),
  ];

  it('put the threads of a post together, and media outside Reelay in one group, by newest thread', () => {
    const groups = groupThreads(threads);
    expect(groups.map((group) => [group.key, group.threads.map((item) => item.id)])).toEqual([
      ['post_b', ['c1', 'c4']],
      [OUTSIDE_GROUP, ['c2', 'c5']],
      ['post_a', ['c3']],
    ]);
    expect(groups[1]!.postId).toBeNull();
  });

  it('move through the threads in the order shown', () => {
    const order = shownOrder(groupThreads(threads));
    expect(order.map((item) => item.id)).toEqual(['c1', 'c4', 'c2', 'c5', 'c3']);
    expect(neighbour(order, undefined, 1)?.id).toBe('c1');
    expect(neighbour(order, undefined, -1)?.id).toBe('c3');
    expect(neighbour(order, 'c4', 1)?.id).toBe('c2');
    expect(neighbour(order, 'c4', -1)?.id).toBe('c1');
    expect(neighbour(order, 'c3', 1)).toBeNull();
    expect(neighbour(order, 'c1', -1)).toBeNull();
    expect(neighbour(order, 'gone', 1)?.id).toBe('c1');
    expect(neighbour([], 'c1', 1)).toBeNull();
  });

  it('show a comment on one line, cut when long', () => {
    expect(textExcerpt('Quanto\n  custa?')).toBe('Quanto custa?');
    expect(textExcerpt('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
