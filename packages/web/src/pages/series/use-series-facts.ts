/**
 * The rule and size of each series the calendar's posts belong to, read once per series
 * (`GET /v1/series/{id}?upcoming=0`) as posts of a new one appear. A series that cannot
 * be read leaves its posts with the mark alone.
 */
import type { Post } from '@reelay/sdk';
import { useEffect, useState } from 'preact/hooks';
import { useApi } from '../../session/session-context';
import type { SeriesFacts } from './series-mark';

/**
 * @example
 * ```ts
 * const facts = useSeriesFacts(posts); // Map { 'ser_…' => { rrule, total } }
 * ```
 */
export function useSeriesFacts(posts: readonly Post[] | null): ReadonlyMap<string, SeriesFacts> {
  const api = useApi();
  const [facts, setFacts] = useState<ReadonlyMap<string, SeriesFacts>>(new Map());
  const [asked] = useState(() => new Set<string>());
  useEffect(() => {
    const missing = [
      ...new Set((posts ?? []).flatMap((post) => (post.series ? [post.series.id] : []))),
    ].filter((id) => !asked.has(id));
    for (const id of missing) {
      asked.add(id);
      api.series.get(id, { upcoming: 0 }).then(
        ({ series }) =>
          setFacts((current) =>
            new Map(current).set(id, { rrule: series.rrule, total: series.occurrences }),
          ),
        () => asked.delete(id),
      );
    }
  }, [posts]);
  return facts;
}
