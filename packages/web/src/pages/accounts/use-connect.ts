/**
 * Connecting an account: the server gives the address of Instagram's or Facebook's
 * authorization, and the browser leaves for it; it comes back to the accounts page.
 */
import { useState } from 'preact/hooks';
import { useSessionClient } from '../../session/session-context';
import type { LoginMode } from './connect-button';
import { rememberLogin } from './connect-outcome';
import type { Integration } from './use-accounts-data';

/** Where the server's callback sends the browser back with the outcome. */
const RETURN_PATH = '/app/accounts';

/**
 * @param logins - The logins the server offers (the first is its default); null before it says.
 * @param fail - Shows an error that kept the browser here.
 * @example
 * ```ts
 * const { connecting, connect } = useConnect(logins, fail);
 * void connect(profileId, 'facebook');
 * ```
 */
export function useConnect(logins: readonly LoginMode[] | null, fail: (caught: unknown) => void) {
  const session = useSessionClient();
  const [connecting, setConnecting] = useState(false);

  /** Sends the browser to authorize an account; a Facebook Login account reconnects the same way. */
  async function connect(profileId: string | null, login?: Integration['loginMode']) {
    setConnecting(true);
    try {
      const { url } = await session.api.accounts.connect({
        ...(profileId ? { profileId } : {}),
        ...(login === 'facebook' ? { login } : {}),
        redirectUrl: `${location.origin}${RETURN_PATH}`,
      });
      // Without `login` the server starts the first login it has.
      rememberLogin(login === 'facebook' ? login : (logins?.[0] ?? 'instagram'));
      location.assign(url);
    } catch (caught) {
      setConnecting(false);
      fail(caught);
    }
  }

  return { connecting, connect };
}
