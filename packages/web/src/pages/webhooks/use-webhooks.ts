/** The webhooks page's data: the project's subscriptions and its profiles (for filters). */
import type { ListNotificationsResponse, ListProfilesResponse } from '@reelay/sdk';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';

export type Subscription = ListNotificationsResponse['notifications'][number];
export type Profile = ListProfilesResponse['profiles'][number];

export interface WebhooksData {
  subscriptions: Subscription[];
  profiles: Profile[];
}

/**
 * Loads both lists; `replace()` updates one subscription in place (after a pause or a
 * rotation, whose answers carry it whole).
 *
 * @example
 * ```ts
 * const { data, error, refresh, replace } = useWebhooks();
 * ```
 */
export function useWebhooks() {
  const api = useApi();
  const load = useLoad(async (signal): Promise<WebhooksData> => {
    const [subscriptions, { profiles }] = await Promise.all([
      api.notifications.list({ limit: 100 }, { signal }).toArray({ max: 1000 }),
      api.profiles.list({ signal }),
    ]);
    return { subscriptions, profiles };
  }, []);
  const replace = (subscription: Subscription) =>
    load.update((current) => ({
      ...current,
      subscriptions: current.subscriptions.map((item) =>
        item.id === subscription.id ? subscription : item,
      ),
    }));
  return { ...load, replace };
}
