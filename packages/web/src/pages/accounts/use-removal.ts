/**
 * Disconnecting an account or removing a profile, once the person confirms. The list is
 * read again before the outcome is announced, so what the page says and what it shows
 * agree.
 */
import { useState } from 'preact/hooks';
import type { Feedback } from '../../components/page-feedback';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import type { Confirming } from './account-sections';

/**
 * @param refresh - Reads the accounts and profiles again.
 * @example
 * ```ts
 * const removal = useRemoval(refresh, feedback);
 * removal.setConfirming({ kind: 'disconnect', account });
 * ```
 */
export function useRemoval(refresh: () => Promise<unknown>, feedback: Feedback) {
  const api = useApi();
  const t = useT();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(what: Confirming) {
    if (what.kind === 'disconnect') {
      await api.accounts.disconnect(what.account.id);
      await refresh();
      const name = what.account.displayName ?? t('accounts.unnamed');
      feedback.say(t('accounts.disconnected', { name }));
    } else {
      await api.profiles.delete(what.profile.id);
      await refresh();
      feedback.say(t('accounts.profileRemoved', { name: what.profile.name }));
    }
  }

  async function confirm() {
    if (!confirming) return;
    setBusy(true);
    try {
      await remove(confirming);
    } catch (caught) {
      feedback.fail(caught);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  return { confirming, setConfirming, busy, confirm };
}
