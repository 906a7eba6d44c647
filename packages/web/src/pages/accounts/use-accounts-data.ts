/** The accounts page's data: the project's profiles and connected accounts. */
import type { ListIntegrationsResponse, ListProfilesResponse } from '@reelay/sdk';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { session } from '../../session/session';

export type Integration = ListIntegrationsResponse['integrations'][number];
export type Profile = ListProfilesResponse['profiles'][number];

export interface AccountsData {
  profiles: Profile[];
  integrations: Integration[];
}

/**
 * Loads both lists; `reload()` loads them again, `replace()` updates one account in place.
 *
 * @example
 * ```ts
 * const { data, error, reload } = useAccountsData();
 * ```
 */
export function useAccountsData() {
  const [data, setData] = useState<AccountsData | null>(null);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(async () => {
    try {
      const [{ profiles }, integrations] = await Promise.all([
        session.api.profiles.list(),
        session.api.accounts.list({ limit: 100 }).toArray({ max: 1000 }),
      ]);
      setData({ profiles, integrations });
      setError(null);
    } catch (caught) {
      setError(caught);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((integration: Integration) => {
    setData(
      (current) =>
        current && {
          ...current,
          integrations: current.integrations.map((item) =>
            item.id === integration.id ? integration : item,
          ),
        },
    );
  }, []);

  return { data, error, reload, replace };
}
