/** The Feeds page's data: the feeds the project follows, and its accounts and profiles. */
import type { ListFeedsResponse } from '@reelay/sdk';
import { readProjectAccounts, type ProjectAccounts } from '../../components/project-accounts';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';

export type Feed = ListFeedsResponse['feeds'][number];

export interface FeedsData extends ProjectAccounts {
  feeds: Feed[];
}

/**
 * Loads the three lists; `replace()` puts a feed an action answered in place of its old
 * self, `remove()` takes one out.
 *
 * @example
 * ```ts
 * const { data, error, refresh, replace, remove } = useFeeds();
 * ```
 */
export function useFeeds() {
  const api = useApi();
  const load = useLoad(async (signal): Promise<FeedsData> => {
    const [{ feeds }, accounts] = await Promise.all([
      api.feeds.list({ signal }),
      readProjectAccounts(api, signal),
    ]);
    return { feeds, ...accounts };
  }, []);
  const replace = (feed: Feed) =>
    load.update((current) => ({
      ...current,
      feeds: current.feeds.map((item) => (item.id === feed.id ? feed : item)),
    }));
  const remove = (id: string) =>
    load.update((current) => ({
      ...current,
      feeds: current.feeds.filter((item) => item.id !== id),
    }));
  return { ...load, replace, remove };
}
