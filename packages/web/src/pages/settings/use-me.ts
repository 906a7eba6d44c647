/**
 * The signed-in person and their organization, for the settings page: what the session
 * already knows shows at once, and is replaced by a fresh read (a name changed elsewhere
 * shows here). A rename's answer is kept over both.
 */
import type { GetMeResponse } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { useLoad } from '../../components/use-load';
import { useSessionClient } from '../../session/session-context';

export type Me = Omit<GetMeResponse, 'success'>;
type Organization = Me['organization'];

/**
 * @example
 * ```ts
 * const { me, loadError, renamed } = useMe();
 * renamed(organization); // after the API answered a rename
 * ```
 */
export function useMe() {
  const session = useSessionClient();
  const known = session.state.status === 'signed-in' ? session.state.me : null;
  const fresh = useLoad(async (signal) => {
    const { success: _, ...me } = await session.api.me.get({ signal });
    return me as Me;
  }, []);
  // Kept apart from the read: a rename may be answered before the fresh read is.
  const [organization, setOrganization] = useState<Organization | null>(null);
  const base = fresh.data ?? known;
  const me = base && organization ? { ...base, organization } : base;
  return { me, loadError: fresh.error, renamed: setOrganization };
}
