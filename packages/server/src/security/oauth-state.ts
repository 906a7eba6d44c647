/**
 * The `state` of the account connection flow (spec §4): it carries the project, the
 * profile, the login mode and where to send the browser back, is signed with a key derived from the
 * auth secret, and expires after 10 minutes. Missing, tampered or expired state answers
 * `STATE_INVALID`; so does a used one (its random nonce is claimed in the store by the
 * callback, see store/oauth-state-uses.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ReelayError, type LoginMode } from '@reelay/core';
import type { Clock } from '../clock';
import { deriveKey } from './derive-key';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

export interface ConnectState {
  projectId: string;
  profileId: string | null;
  redirectUrl: string | null;
  /** Which login the flow started, so the shared callback ends the right one. */
  loginMode: LoginMode;
  expiresAt: number;
  /** Random and unique to this state: the callback claims it, so the state serves once. */
  nonce: string;
}

interface WireState {
  p: string;
  f: string | null;
  r: string | null;
  /** The login mode; absent in states signed before there were two. */
  m?: LoginMode;
  e: number;
  n: string;
}

export interface OAuthStateSigner {
  /** Signs a new state; the login mode defaults to Instagram Login. */
  sign(
    state: Omit<ConnectState, 'expiresAt' | 'nonce' | 'loginMode'> & { loginMode?: LoginMode },
  ): { state: string; expiresAt: number };
  verify(state: string | undefined): ConnectState;
  /** Reads a state without trusting it: only to know where to send the browser on errors. */
  peekRedirect(state: string | undefined): string | null;
}

/**
 * Creates the signer for connection states.
 *
 * @example
 * ```ts
 * const states = createOAuthStateSigner(secrets.authSecret, clock);
 * const { state } = states.sign({ projectId, profileId: null, redirectUrl: null, loginMode: 'instagram' });
 * states.verify(state).projectId; // projectId
 * ```
 */
export function createOAuthStateSigner(authSecret: string, clock: Clock): OAuthStateSigner {
  const key = deriveKey(authSecret, 'oauth-state');
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const invalid = (message: string) => new ReelayError('STATE_INVALID', { message });

  /** The payload of a state this server signed (expired or not), or `null`. */
  function decodeSigned(state: string): WireState | null {
    const [payload, signature] = state.split('.');
    if (!payload || !signature) return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as WireState;
      return typeof wire.p === 'string' && typeof wire.e === 'number' && typeof wire.n === 'string'
        ? wire
        : null;
    } catch {
      return null;
    }
  }

  return {
    sign({ projectId, profileId, redirectUrl, loginMode }) {
      const expiresAt = clock.now() + OAUTH_STATE_TTL_MS;
      const wire: WireState = {
        p: projectId,
        f: profileId,
        r: redirectUrl,
        m: loginMode ?? 'instagram',
        e: expiresAt,
        n: randomBytes(8).toString('base64url'),
      };
      const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
      return { state: `${payload}.${mac(payload).toString('base64url')}`, expiresAt };
    },
    verify(state) {
      if (!state) throw invalid('O parâmetro state está ausente.');
      const wire = decodeSigned(state);
      if (!wire)
        throw invalid('O parâmetro state foi alterado ou não foi emitido por este servidor.');
      if (clock.now() > wire.e)
        throw invalid('O parâmetro state expirou (10 minutos); comece a conexão de novo.');
      return {
        projectId: wire.p,
        profileId: wire.f,
        redirectUrl: wire.r,
        loginMode: wire.m === 'facebook' ? 'facebook' : 'instagram',
        expiresAt: wire.e,
        nonce: wire.n,
      };
    },
    // Only a state this server signed may choose where the browser goes: anything else
    // would make the callback an open redirect.
    peekRedirect(state) {
      return state ? (decodeSigned(state)?.r ?? null) : null;
    },
  };
}
