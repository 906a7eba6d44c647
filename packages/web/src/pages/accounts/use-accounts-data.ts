/** The accounts page's data: the project's profiles and connected accounts. */
import {
  readProjectAccounts,
  type Integration,
  type ProjectAccounts,
} from '../../components/project-accounts';
import { useLoad } from '../../components/use-load';
import { useApi } from '../../session/session-context';

export type { Integration, Profile } from '../../components/project-accounts';
export type AccountsData = ProjectAccounts;

/**
 * Loads both lists; `replace()` updates one account in place.
 *
 * @example
 * ```ts
 * const { data, error, refresh, replace } = useAccountsData();
 * ```
 */
export function useAccountsData() {
  const api = useApi();
  const load = useLoad((signal) => readProjectAccounts(api, signal), []);
  const replace = (integration: Integration) =>
    load.update((current) => ({
      ...current,
      integrations: current.integrations.map((item) =>
        item.id === integration.id ? integration : item,
      ),
    }));
  return { ...load, replace };
}
