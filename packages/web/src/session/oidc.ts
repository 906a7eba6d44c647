/**
 * Sign-in through the server's OpenID Connect issuer, in the browser: authorization code
 * with PKCE, as a public client whose id is the audience the server requires. The ID
 * token is the Bearer token sent to Reelay (its audience is that client id); the
 * issuer's refresh token, when it gives one, renews it.
 */

export interface OidcSettings {
  issuer: string;
  clientId: string;
}

export interface OidcTokens {
  idToken: string;
  refreshToken: string | null;
  /** Seconds until the ID token expires. */
  expiresIn: number;
}

interface Metadata {
  authorization_endpoint: string;
  token_endpoint: string;
}

/** Where the issuer sends the browser back; a route of the app. */
export const OIDC_CALLBACK_PATH = '/app/signin/oidc';
const PENDING_KEY = 'reelay.oidcPending';

function base64Url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomText(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

async function discover(issuer: string): Promise<Metadata> {
  const response = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`discovery answered HTTP ${response.status}`);
  const metadata = (await response.json()) as Partial<Metadata>;
  if (!metadata.authorization_endpoint || !metadata.token_endpoint) {
    throw new Error('the issuer publishes no authorization or token endpoint');
  }
  return metadata as Metadata;
}

/** The claims of a JWT, unverified: the server verifies; the app only reads `exp` and `nonce`. */
function claimsOf(token: string): { exp?: number; nonce?: string } {
  const payload = token.split('.')[1] ?? '';
  const padded = payload.replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(atob(padded)) as { exp?: number; nonce?: string };
}

async function requestTokens(
  settings: OidcSettings,
  form: Record<string, string>,
  nonce?: string,
): Promise<OidcTokens> {
  const metadata = await discover(settings.issuer);
  const response = await fetch(metadata.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: settings.clientId, ...form }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    id_token?: string;
    refresh_token?: string;
    error?: string;
    error_description?: string;
  };
  if (!response.ok || !body.id_token) {
    throw new Error(body.error_description ?? body.error ?? `HTTP ${response.status}`);
  }
  const claims = claimsOf(body.id_token);
  if (nonce !== undefined && claims.nonce !== nonce) throw new Error('nonce mismatch');
  const expiresIn = claims.exp ? claims.exp - Math.floor(Date.now() / 1000) : 300;
  return { idToken: body.id_token, refreshToken: body.refresh_token ?? null, expiresIn };
}

/**
 * Sends the browser to the issuer's sign-in page.
 *
 * @example
 * ```ts
 * await startOidcSignIn({ issuer, clientId }, '/app/accounts');
 * ```
 */
export async function startOidcSignIn(settings: OidcSettings, returnTo: string): Promise<void> {
  const metadata = await discover(settings.issuer);
  const verifier = randomText();
  const state = randomText();
  const nonce = randomText();
  const challenge = base64Url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))),
  );
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ verifier, state, nonce, returnTo }));
  const url = new URL(metadata.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: `${location.origin}${OIDC_CALLBACK_PATH}`,
    scope: 'openid email profile offline_access',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  location.assign(url.toString());
}

/**
 * Finishes the sign-in on the callback route: checks the state and trades the code.
 *
 * @example
 * ```ts
 * const { tokens, returnTo } = await completeOidcSignIn(settings, new URLSearchParams(location.search));
 * ```
 */
export async function completeOidcSignIn(
  settings: OidcSettings,
  query: URLSearchParams,
): Promise<{ tokens: OidcTokens; returnTo: string }> {
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as {
    verifier: string;
    state: string;
    nonce: string;
    returnTo: string;
  } | null;
  sessionStorage.removeItem(PENDING_KEY);
  const error = query.get('error');
  if (error) throw new Error(query.get('error_description') ?? error);
  const code = query.get('code');
  if (!pending || !code || query.get('state') !== pending.state) {
    throw new Error('the sign-in answer does not match a sign-in started here');
  }
  const tokens = await requestTokens(
    settings,
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${location.origin}${OIDC_CALLBACK_PATH}`,
      code_verifier: pending.verifier,
    },
    pending.nonce,
  );
  return { tokens, returnTo: pending.returnTo };
}

/**
 * Renews the ID token with the issuer's refresh token.
 *
 * @example
 * ```ts
 * const tokens = await refreshOidc(settings, refreshToken);
 * ```
 */
export function refreshOidc(settings: OidcSettings, refreshToken: string): Promise<OidcTokens> {
  return requestTokens(settings, { grant_type: 'refresh_token', refresh_token: refreshToken });
}
