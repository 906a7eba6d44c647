/**
 * The outcome of a connection, when the server's callback sent the browser back here. It
 * is read once: the address loses it (and Instagram's `#_`), so a reload does not show it
 * again. Once the list is shown, the connected account comes as near into view as it can
 * while the notice stays in view: the notice says what happened, and takes the focus so
 * a screen reader or a keyboard starts there.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import {
  OUTCOME_NOTICE_ID,
  outcomeOf,
  takeStartedLogin,
  type ConnectOutcome,
} from './connect-outcome';

const PAGE_PATH = '/app/accounts';

/**
 * @param list - The accounts shown, null before they are read: the first list shown
 *   brings the notice into view (later ones leave the scroll and focus where they are).
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

  const shown = useRef(false);
  useEffect(() => {
    if (!outcome || !list || shown.current) return;
    shown.current = true;
    if (outcome.kind === 'connected')
      document
        .getElementById(`account-${outcome.integrationId}`)
        ?.scrollIntoView({ block: 'nearest' });
    // Scrolled last, so that when both do not fit, the notice is the one seen.
    const notice = document.getElementById(OUTCOME_NOTICE_ID);
    notice?.scrollIntoView({ block: 'nearest' });
    notice?.focus({ preventScroll: true });
  }, [outcome, list]);

  return { outcome, dismiss: () => setOutcome(null) };
}
