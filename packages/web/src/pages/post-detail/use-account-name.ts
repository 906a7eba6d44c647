/** The `@username` of a project's account, for the post's outcomes and metrics. */
import { readProjectAccounts } from '../../components/project-accounts';
import { useLoad } from '../../components/use-load';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';

/**
 * Until the accounts are read, and for an account no longer there, the name is unknown.
 *
 * @example
 * ```ts
 * const accountName = useAccountName();
 * accountName(target.integrationId); // '@cafe.aurora'
 * ```
 */
export function useAccountName(): (integrationId: string) => string {
  const api = useApi();
  const t = useT();
  const accounts =
    useLoad((signal) => readProjectAccounts(api, signal), []).data?.integrations ?? [];
  return (integrationId) => {
    const account = accounts.find((item) => item.id === integrationId);
    return account?.displayName ? `@${account.displayName}` : t('calendar.unknownAccount');
  };
}
