/**
 * Checking an account's health now (the server asks Instagram at once): the account is
 * updated in place and the days left on its token remembered.
 */
import { useState } from 'preact/hooks';
import { useBusyIds } from '../../components/use-busy-ids';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import type { Integration } from './use-accounts-data';

export interface HealthCheckOptions {
  /** Puts the account's new state in the list. */
  replace(account: Integration): void;
  say(text: string): void;
  fail(caught: unknown): void;
}

/**
 * @example
 * ```ts
 * const health = useHealthCheck({ replace, say, fail });
 * void health.check(account);
 * ```
 */
export function useHealthCheck({ replace, say, fail }: HealthCheckOptions) {
  const session = useSessionClient();
  const t = useT();
  const checking = useBusyIds();
  const [days, setDays] = useState<Record<string, number | null>>({});

  async function check(account: Integration) {
    checking.add(account.id);
    try {
      const { health } = await session.api.accounts.health(account.id, { force: true });
      replace({
        ...account,
        status: health.status,
        authStatus: health.authStatus,
        tokenExpiresAt: health.tokenExpiresAt,
        lastHealthCheckAt: health.lastHealthCheckAt,
        healthError: health.healthError,
      });
      setDays((current) => ({ ...current, [account.id]: health.daysUntilExpiry }));
      say(
        t('accounts.checked', {
          name: account.displayName ?? t('accounts.unnamed'),
          status: t(`accounts.statusValue.${health.status}`),
        }),
      );
    } catch (caught) {
      fail(caught);
    } finally {
      checking.remove(account.id);
    }
  }

  return { checking, days, check };
}
