/**
 * The outcome of a connection, when the server's callback sent the browser back here. It
 * is read once: the address loses it (and Instagram's `#_`), so a reload does not show it
 * again. A connected account is scrolled into view once the list shows it.
 */
import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { outcomeOf, takeStartedLogin, type ConnectOutcome } from './connect-outcome';

const PAGE_PATH = '/app/accounts';

/**
 * @param list - The accounts shown, null before they are read: each new list scrolls to
 *   the account connected again.
 * @example
 * ```ts
 * const { outcome, dismiss } = useConnectOutcome(data);
 * ```
 */
export function useConnectOutcome(list: object | null) {
  const { query, route } = useLocation();
  const [outcome, setOutcome] = useState<ConnectOutcome | null>(() =>
    outcomeOf(query, takeStartedLogin()),
  );

  useEffect(() => {
    if (outcomeOf(query) || location.hash) route(PAGE_PATH, true);
  }, []);

  useEffect(() => {
    if (outcome?.kind !== 'connected' || !list) return;
    document
      .getElementById(`account-${outcome.integrationId}`)
      ?.scrollIntoView({ block: 'center' });
  }, [outcome, list]);

  return { outcome, dismiss: () => setOutcome(null) };
}
