/** The webhooks page's data: the project's subscriptions and its profiles (for filters). */
import type { ListNotificationsResponse, ListProfilesResponse } from '@reelay/sdk';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { session } from '../../session/session';

export type Subscription = ListNotificationsResponse['notifications'][number];
export type Profile = ListProfilesResponse['profiles'][number];

export interface WebhooksData {
  subscriptions: Subscription[];
  profiles: Profile[];
}

/**
 * Loads both lists; `reload()` loads them again, `replace()` updates one subscription in
 * place (after a pause or a rotation, whose answers carry it whole).
 *
 * @example
 * ```ts
 * const { data, error, reload, replace } = useWebhooks();
 * ```
 */
export function useWebhooks() {
  const [data, setData] = useState<WebhooksData | null>(null);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(async () => {
    try {
      const [subscriptions, { profiles }] = await Promise.all([
        session.api.notifications.list({ limit: 100 }).toArray({ max: 1000 }),
        session.api.profiles.list(),
      ]);
      setData({ subscriptions, profiles });
      setError(null);
    } catch (caught) {
      setError(caught);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((subscription: Subscription) => {
    setData(
      (current) =>
        current && {
          ...current,
          subscriptions: current.subscriptions.map((item) =>
            item.id === subscription.id ? subscription : item,
          ),
        },
    );
  }, []);

  return { data, error, reload, replace };
}
