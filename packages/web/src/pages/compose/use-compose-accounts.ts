/** The accounts a post can go to, grouped by profile as the accounts page shows them. */
import {
  readProjectAccounts,
  type Integration,
  type Profile,
  type ProjectAccounts,
} from '../../components/project-accounts';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';

export type Account = Integration;
export type { Profile } from '../../components/project-accounts';

export interface AccountGroup {
  /** `null` for the accounts without a profile. */
  profile: Profile | null;
  accounts: Account[];
}

/** Whether a post can go to the account now: connected and with a valid authorization. */
export function canPostTo(account: Account): boolean {
  return account.status !== 'revoked' && account.authStatus === 'active';
}

/** The present accounts by profile, those without a (known) profile last; empty groups left out. */
function groupAccounts({ profiles, integrations }: ProjectAccounts): AccountGroup[] {
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
  return grouped.filter((group) => group.accounts.length > 0);
}

/**
 * Loads profiles and accounts (disconnected ones left out).
 *
 * @example
 * ```ts
 * const { groups, accounts, error, retry } = useComposeAccounts();
 * ```
 */
export function useComposeAccounts() {
  const api = useApi();
  const load = useLoad(async (signal) => groupAccounts(await readProjectAccounts(api, signal)), []);
  const groups = load.data;
  const accounts = groups?.flatMap((group) => group.accounts) ?? [];
  return { ...load, groups, accounts };
}
