/**
 * The session state as a hook: the component re-renders when someone signs in or out,
 * or switches project.
 */
import { useEffect, useState } from 'preact/hooks';
import { session, type SessionState } from './session';

/**
 * @example
 * ```tsx
 * const state = useSession();
 * if (state.status === 'signed-in') return <p>{state.me.user.email}</p>;
 * ```
 */
export function useSession(): SessionState {
  const [state, setState] = useState(session.state);
  useEffect(() => {
    setState(session.state);
    return session.subscribe(setState);
  }, []);
  return state;
}
