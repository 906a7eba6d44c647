/**
 * The session reaches the pages through a context: the app's root provides the one it
 * was given, so a page asks for it instead of importing a module-wide instance, and a
 * test or a second app can hand in its own.
 */
import type { ProjectRole, Reelay } from '@reelay/sdk';
import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { Session, SessionState } from './session';

const SessionContext = createContext<Session | null>(null);

/**
 * Gives `session` to every component below it.
 *
 * @example
 * ```tsx
 * <SessionProvider session={new Session(location.origin)}><App /></SessionProvider>
 * ```
 */
export function SessionProvider({
  session,
  children,
}: {
  session: Session;
  children: ComponentChildren;
}) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/**
 * The session given by the nearest {@link SessionProvider}.
 *
 * @example
 * ```ts
 * const session = useSessionClient();
 * await session.signOut();
 * ```
 */
export function useSessionClient(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSessionClient needs a SessionProvider above it');
  return session;
}

/**
 * The API client of the session, carrying its token and project.
 *
 * @example
 * ```ts
 * const api = useApi();
 * const { profiles } = await api.profiles.list();
 * ```
 */
export function useApi(): Reelay {
  return useSessionClient().api;
}

/**
 * The session state: the component re-renders when someone signs in or out, or switches
 * project.
 *
 * @example
 * ```tsx
 * const state = useSession();
 * if (state.status === 'signed-in') return <p>{state.me.user.email}</p>;
 * ```
 */
export function useSession(): SessionState {
  const session = useSessionClient();
  const [state, setState] = useState(session.state);
  useEffect(() => {
    setState(session.state);
    return session.subscribe(setState);
  }, [session]);
  return state;
}

/**
 * The signed-in person's role in the project chosen in the header, as `/v1/me` told it;
 * null while signed out. The server checks every call anyway: this only decides which
 * controls a page offers.
 *
 * @example
 * ```ts
 * const role = useProjectRole();
 * const canInvite = role !== null && roleMeets(role, 'admin');
 * ```
 */
export function useProjectRole(): ProjectRole | null {
  const state = useSession();
  if (state.status !== 'signed-in') return null;
  return state.me.projects.find((project) => project.id === state.projectId)?.role ?? null;
}
