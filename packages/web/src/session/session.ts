/**
 * The app's one connection to the API: a `Reelay` client in Bearer mode and the signed-in
 * person's session. The access token lives in memory only; the refresh token is kept in
 * localStorage so a reload or a new tab stays signed in. The access token is renewed a
 * minute before it expires, and once more when a call answers 401. Tabs take turns to
 * renew (a Web Lock), because the server revokes a refresh token's whole family when one
 * is used twice.
 */
import {
  isReelayError,
  Reelay,
  type GetAuthOptionsResponse,
  type GetMeResponse,
} from '@reelay/sdk';
import { completeOidcSignIn, refreshOidc, startOidcSignIn, type OidcSettings } from './oidc';

export type Me = Omit<GetMeResponse, 'success'>;
export type AuthOptions = Omit<GetAuthOptionsResponse, 'success'>;

/** Why the sign-in page is shown, when it is not the first visit. */
export type SignedOutReason = 'expired' | 'link-used' | 'oidc-failed' | null;

export type SessionState =
  | { status: 'starting' }
  | { status: 'signed-out'; reason: SignedOutReason; detail?: string }
  | { status: 'signed-in'; me: Me; projectId: string }
  /** The server did not answer at start; `retry()` tries again. */
  | { status: 'unavailable' };

const KEYS = {
  refreshToken: 'reelay.refreshToken',
  oidcRefreshToken: 'reelay.oidcRefreshToken',
  projectId: 'reelay.projectId',
  /** The last sign-in link used here: opening it again must not replay its token. */
  usedLink: 'reelay.usedSessionLink',
} as const;
const LOCK = 'reelay-session-renewal';
/** Renew this long before the access token expires. */
const RENEW_AHEAD_SECONDS = 60;

/** The refresh token was refused or is gone: the person must sign in again. */
class SignedOut extends Error {
  constructor() {
    super('signed out');
  }
}

const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // storage disabled: the session lasts while the page is open
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // nothing stored
    }
  },
};

/** Runs `task` while no other tab of this origin renews the session. */
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  return navigator.locks ? navigator.locks.request(LOCK, task) : task();
}

/**
 * The session and the client. The app makes one and gives it to the pages through
 * `SessionProvider`.
 *
 * @example
 * ```ts
 * const session = new Session(location.origin);
 * await session.signIn('ana@example.com', 'correct horse battery');
 * const { profiles } = await session.api.profiles.list();
 * ```
 */
export class Session {
  /** The API client every page calls; it carries the token and the chosen project. */
  readonly api: Reelay;
  #state: SessionState = { status: 'starting' };
  readonly #listeners = new Set<(state: SessionState) => void>();
  #accessToken: string | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #renewing: Promise<void> | undefined;
  #options: Promise<AuthOptions> | undefined;
  /** Invitation token → the project it joined, in this visit. */
  readonly #joined = new Map<string, string>();

  constructor(baseUrl: string) {
    this.api = new Reelay({
      baseUrl,
      refreshAccessToken: async () => {
        await this.renew();
        return this.#accessToken!;
      },
    });
    // Signed out in another tab: the stored token is gone, so is this tab's session.
    addEventListener('storage', (event) => {
      const ours = event.key === KEYS.refreshToken || event.key === KEYS.oidcRefreshToken;
      if (
        (ours || event.key === null) &&
        event.newValue === null &&
        this.#state.status === 'signed-in'
      ) {
        if (!storage.get(KEYS.refreshToken) && !storage.get(KEYS.oidcRefreshToken))
          this.#forget(null);
      }
    });
  }

  get state(): SessionState {
    return this.#state;
  }

  /** Calls `listener` at every change of state; returns the unsubscribe function. */
  subscribe(listener: (state: SessionState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(state: SessionState): void {
    this.#state = state;
    for (const listener of this.#listeners) listener(state);
  }

  /** Which sign-in methods the server offers (asked once). */
  options(): Promise<AuthOptions> {
    this.#options ??= this.api.auth.options().catch((error: unknown) => {
      this.#options = undefined;
      throw error;
    });
    return this.#options;
  }

  #oidcSettings(options: AuthOptions): OidcSettings {
    if (!options.oidc?.clientId) throw new Error('this server offers no OpenID Connect sign-in');
    return { issuer: options.oidc.issuer, clientId: options.oidc.clientId };
  }

  /**
   * Resumes a session at page load: from a one-time `#session=<refresh token>` link (then
   * removed from the address bar), else from the stored refresh token.
   */
  async start(): Promise<void> {
    const linkToken = new URLSearchParams(location.hash.slice(1)).get('session');
    if (linkToken) history.replaceState(history.state, '', location.pathname + location.search);
    // A used refresh token sent again revokes its whole family (the session it became):
    // the same link opened twice keeps the session instead.
    const fromLink = linkToken !== null && storage.get(KEYS.usedLink) !== linkToken;
    if (fromLink) {
      storage.set(KEYS.usedLink, linkToken);
      storage.remove(KEYS.oidcRefreshToken);
      storage.set(KEYS.refreshToken, linkToken);
    }
    if (!storage.get(KEYS.refreshToken) && !storage.get(KEYS.oidcRefreshToken)) {
      this.#set({ status: 'signed-out', reason: null });
      return;
    }
    try {
      await this.renew();
      await this.#loadAccount();
    } catch (error) {
      if (error instanceof SignedOut) this.#forget(fromLink ? 'link-used' : 'expired');
      else this.#set({ status: 'unavailable' });
    }
  }

  /** Tries the start again after the server did not answer. */
  retry(): Promise<void> {
    this.#set({ status: 'starting' });
    return this.start();
  }

  /** Signs in with e-mail and password; errors are the API's (`UNAUTHORIZED`, …). */
  async signIn(email: string, password: string): Promise<void> {
    const answer = await this.api.auth.login({ email, password }, { maxRetries: 0 });
    await this.#begin(answer.refreshToken, answer.accessToken, answer.expiresIn);
  }

  /**
   * Creates the user and signs in. With an invitation's token, the invited e-mail may
   * sign up even when sign-up is closed, joins the invitation's project in the same step,
   * and the session opens on that project.
   */
  async signUp(
    email: string,
    password: string,
    name?: string,
    invitationToken?: string,
  ): Promise<void> {
    const answer = await this.api.auth.signup(
      {
        email,
        password,
        ...(name ? { name } : {}),
        ...(invitationToken ? { invitationToken } : {}),
      },
      { maxRetries: 0 },
    );
    storage.remove(KEYS.oidcRefreshToken);
    storage.set(KEYS.refreshToken, answer.refreshToken);
    this.#useAccessToken(answer.accessToken, answer.expiresIn);
    const me = await this.#readAccount();
    // A new person's only project from another organization is the one they joined.
    const joined = invitationToken
      ? me.projects.find((project) => project.organizationId !== me.organization.id)
      : undefined;
    if (joined && invitationToken) this.#joined.set(invitationToken, joined.id);
    this.#enter(me, joined?.id);
  }

  async #begin(refreshToken: string, accessToken: string, expiresIn: number): Promise<void> {
    storage.remove(KEYS.oidcRefreshToken);
    storage.set(KEYS.refreshToken, refreshToken);
    this.#useAccessToken(accessToken, expiresIn);
    await this.#loadAccount();
  }

  /**
   * Accepts an invitation for the signed-in person, then opens its project. Errors are the
   * API's (`NOT_FOUND`, `INVITATION_INVALID` with `details.reason`).
   */
  async acceptInvitation(token: string): Promise<void> {
    const { project } = await this.api.invitations.accept({ token });
    this.#joined.set(token, project.id);
    this.#enter(await this.#readAccount(), project.id);
  }

  /** The project joined with an invitation's token during this visit, if any. */
  joinedWith(token: string): string | undefined {
    return this.#joined.get(token);
  }

  /**
   * Reads the person's projects again (after leaving one, say) and stays on the current
   * project while it is still theirs.
   */
  async reloadAccount(): Promise<void> {
    const current = this.#state.status === 'signed-in' ? this.#state.projectId : undefined;
    this.#enter(await this.#readAccount(), current);
  }

  /** Sends the browser to the OpenID Connect issuer; it comes back to the callback route. */
  async startOidc(returnTo: string): Promise<void> {
    await startOidcSignIn(this.#oidcSettings(await this.options()), returnTo);
  }

  /** Finishes an OpenID Connect sign-in; answers where to go next. */
  async completeOidc(query: URLSearchParams): Promise<string> {
    try {
      const settings = this.#oidcSettings(await this.options());
      const { tokens, returnTo } = await completeOidcSignIn(settings, query);
      storage.remove(KEYS.refreshToken);
      if (tokens.refreshToken) storage.set(KEYS.oidcRefreshToken, tokens.refreshToken);
      this.#useAccessToken(tokens.idToken, tokens.expiresIn);
      await this.#loadAccount();
      return returnTo;
    } catch (error) {
      this.#forget('oidc-failed', error instanceof Error ? error.message : String(error));
      return '/app';
    }
  }

  /**
   * Signs out: forgets every token of this browser, in every tab, at once; then asks the
   * server to end the session, so the refresh token stops working everywhere (a copy
   * included). Any token of the session ends all of it, so a renewal in another tab at
   * the same moment changes nothing. Resolves once the server has answered; a server
   * that does not answer leaves the token valid until it expires, and the person signed
   * out here all the same.
   */
  async signOut(): Promise<void> {
    const refreshToken = storage.get(KEYS.refreshToken);
    this.#forget(null);
    if (!refreshToken) return;
    try {
      await this.api.auth.logout({ refreshToken }, { maxRetries: 2 });
    } catch {
      // Signed out in this browser anyway; the server forgets the token when it expires.
    }
  }

  /** Chooses the project the pages act on; remembered for the next visit. */
  selectProject(projectId: string): void {
    if (this.#state.status !== 'signed-in') return;
    storage.set(KEYS.projectId, projectId);
    this.api.setProjectId(projectId);
    this.#set({ ...this.#state, projectId });
  }

  /**
   * Gets a new access token (one renewal at a time in this tab, one at a time across tabs).
   * Throws when the session cannot be renewed.
   */
  renew(): Promise<void> {
    this.#renewing ??= this.#renewOnce().finally(() => {
      this.#renewing = undefined;
    });
    return this.#renewing;
  }

  async #renewOnce(): Promise<void> {
    const oidcToken = storage.get(KEYS.oidcRefreshToken);
    if (oidcToken) {
      try {
        const tokens = await refreshOidc(this.#oidcSettings(await this.options()), oidcToken);
        if (tokens.refreshToken) storage.set(KEYS.oidcRefreshToken, tokens.refreshToken);
        this.#useAccessToken(tokens.idToken, tokens.expiresIn);
        return;
      } catch (error) {
        if (isReelayError(error)) throw error;
        storage.remove(KEYS.oidcRefreshToken);
        this.#forget('expired');
        throw new SignedOut();
      }
    }
    await exclusively(async () => {
      // Read inside the lock: another tab may have just replaced it.
      const refreshToken = storage.get(KEYS.refreshToken);
      if (!refreshToken) throw new SignedOut();
      try {
        const answer = await this.api.auth.refresh({ refreshToken }, { maxRetries: 0 });
        storage.set(KEYS.refreshToken, answer.refreshToken);
        this.#useAccessToken(answer.accessToken, answer.expiresIn);
      } catch (error) {
        if (isReelayError(error, 'UNAUTHORIZED')) {
          storage.remove(KEYS.refreshToken);
          if (this.#state.status === 'signed-in') this.#forget('expired');
          throw new SignedOut();
        }
        throw error;
      }
    });
  }

  #useAccessToken(token: string, expiresIn: number): void {
    this.#accessToken = token;
    this.api.setAccessToken(token);
    clearTimeout(this.#timer);
    const seconds = Math.max(expiresIn - RENEW_AHEAD_SECONDS, expiresIn / 2, 5);
    this.#timer = setTimeout(() => this.#renewInBackground(), seconds * 1000);
  }

  #renewInBackground(): void {
    this.renew().catch((error: unknown) => {
      if (error instanceof SignedOut) return;
      // The server did not answer: try again shortly; a call's 401 also renews.
      this.#timer = setTimeout(() => this.#renewInBackground(), 30_000);
    });
  }

  async #loadAccount(): Promise<void> {
    this.#enter(await this.#readAccount());
  }

  async #readAccount(): Promise<Me> {
    const { success: _, ...me } = await this.api.me.get();
    return me;
  }

  /**
   * Signed in with `me`, on `preferred` when it is one of their projects, else on the one
   * chosen last time, else on the first.
   */
  #enter(me: Me, preferred?: string): void {
    const stored = storage.get(KEYS.projectId);
    const has = (id: string | null | undefined) =>
      me.projects.find((project) => project.id === id)?.id;
    const projectId = has(preferred) ?? has(stored) ?? me.projects[0]!.id;
    if (preferred && projectId === preferred) storage.set(KEYS.projectId, projectId);
    this.api.setProjectId(projectId);
    this.#set({ status: 'signed-in', me, projectId });
  }

  #forget(reason: SignedOutReason, detail?: string): void {
    clearTimeout(this.#timer);
    this.#accessToken = undefined;
    this.api.setAccessToken(undefined);
    storage.remove(KEYS.refreshToken);
    storage.remove(KEYS.oidcRefreshToken);
    this.#set({ status: 'signed-out', reason, ...(detail ? { detail } : {}) });
  }
}
