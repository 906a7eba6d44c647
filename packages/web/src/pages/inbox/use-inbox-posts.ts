/**
 * The Reelay posts the inbox's groups are about, read once each (their caption and first
 * picture head each group): only posts not read yet are asked for, several at once. A
 * post that cannot be read (cancelled since, or removed) leaves its group with the
 * media's words instead.
 */
import type { Post } from '@reelay/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useApi } from '../../session/session-context';

/** A post as read, or null when it could not be. */
export type KnownPosts = ReadonlyMap<string, Post | null>;

/**
 * @example
 * ```ts
 * const posts = useInboxPosts(groups.map((group) => group.postId));
 * posts.get('post_…')?.content;
 * ```
 */
export function useInboxPosts(postIds: ReadonlyArray<string | null>): KnownPosts {
  const api = useApi();
  const [known, setKnown] = useState<KnownPosts>(new Map());
  const asked = useRef(new Set<string>());
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const wanted = [...new Set(postIds.filter((id): id is string => id !== null))]
    .filter((id) => !asked.current.has(id))
    .sort();

  useEffect(() => {
    if (wanted.length === 0) return;
    for (const id of wanted) asked.current.add(id);
    void Promise.all(
      wanted.map(async (id) => {
        try {
          return [id, (await api.posts.get(id)).post] as const;
        } catch {
          return [id, null] as const;
        }
      }),
    ).then((read) => {
      if (mounted.current) setKnown((current) => new Map([...current, ...read]));
    });
  }, [wanted.join(',')]);

  return known;
}
