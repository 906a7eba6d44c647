/** The accounts a post can go to, grouped by profile as the accounts page shows them. */
import type { ListIntegrationsResponse, ListProfilesResponse } from '@reelay/sdk';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { session } from '../../session/session';

export type Account = ListIntegrationsResponse['integrations'][number];
export type Profile = ListProfilesResponse['profiles'][number];

export interface AccountGroup {
  /** `null` for the accounts without a profile. */
  profile: Profile | null;
  accounts: Account[];
}

/** Whether a post can go to the account now: connected and with a valid authorization. */
export function canPostTo(account: Account): boolean {
  return account.status !== 'revoked' && account.authStatus === 'active';
}

/**
 * Loads profiles and accounts (disconnected ones left out); `reload()` asks again.
 *
 * @example
 * ```ts
 * const { groups, accounts, error } = useComposeAccounts();
 * ```
 */
export function useComposeAccounts() {
  const [groups, setGroups] = useState<AccountGroup[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(async () => {
    try {
      const [{ profiles }, integrations] = await Promise.all([
        session.api.profiles.list(),
        session.api.accounts.list({ limit: 100 }).toArray({ max: 1000 }),
      ]);
      const present = integrations.filter((account) => account.status !== 'revoked');
      const known = new Set(profiles.map((profile) => profile.id));
      const grouped: AccountGroup[] = profiles.map((profile) => ({
        profile,
        accounts: present.filter((account) => account.profileId === profile.id),
      }));
      grouped.push({
        profile: null,
        accounts: present.filter((account) => !account.profileId || !known.has(account.profileId)),
      });
      setGroups(grouped.filter((group) => group.accounts.length > 0));
      setError(null);
    } catch (caught) {
      setError(caught);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const accounts = groups?.flatMap((group) => group.accounts) ?? [];
  return { groups, accounts, error, reload };
}
