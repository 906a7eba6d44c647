/**
 * `GET /v1/auth/options`: the ways of signing in this server offers, for a sign-in page
 * shown before anyone is signed in (the web app at `/app`), and the logins that connect
 * accounts, so a page offers only the ones that work.
 */
import type { LoginMode } from '@reelay/core';
import type { ReelayConfig } from '../../reelay-config';
import type { RouteHandlers } from '../route-handler';

export interface AuthOptionsDeps {
  config: Pick<ReelayConfig, 'oidc' | 'instagram' | 'facebook'>;
  /** Whether a sign-up would be accepted now (open, or no user exists yet). */
  signupOpen(): Promise<boolean>;
}

/**
 * @example
 * ```ts
 * const handlers = authOptionsHandlers({ config, signupOpen: async () => config.allowSignup });
 * ```
 */
/**
 * The logins whose app credentials are configured, in the order `GET /v1/connect/instagram`
 * prefers them when no `login` is given (Instagram Login first).
 */
function connectLogins(config: AuthOptionsDeps['config']): LoginMode[] {
  const logins: LoginMode[] = [];
  if (config.instagram.appId && config.instagram.appSecret) logins.push('instagram');
  if (config.facebook.appId && config.facebook.appSecret) logins.push('facebook');
  return logins;
}

export function authOptionsHandlers({ config, signupOpen }: AuthOptionsDeps): RouteHandlers {
  return {
    getAuthOptions: async () => ({
      status: 200,
      body: {
        success: true,
        signup: await signupOpen(),
        // An ID token's audience is the client it was issued to, so the audience the server
        // requires is the client id a browser must sign in with.
        oidc: config.oidc ? { issuer: config.oidc.issuer, clientId: config.oidc.audience } : null,
        connectLogins: connectLogins(config),
      },
    }),
  };
}
