/**
 * Finishing an account connection (spec §3, §4), by the login the flow started: with
 * Instagram Login, exchange the code for a long-lived token, refuse personal accounts,
 * then create the connection or update the existing one; Facebook Login is in
 * `connect-facebook.ts`. An account already connected to another profile of the project
 * is refused with `ACCOUNT_IN_USE` and left unchanged.
 */
import type { ConnectState } from '../security/oauth-state';
import { requirePlatform } from '../platform';
import { connectFacebookAccounts } from './connect-facebook';
import {
  checkConnectionTarget,
  saveConnection,
  type ConnectDeps,
  type ConnectOutcome,
} from './save-connection';

export type { ConnectDeps, ConnectOutcome } from './save-connection';

/**
 * Connects (or reconnects) the accounts that authorised `code`, for the project and
 * profile of the verified state: one with Instagram Login, one per Page with a linked
 * account with Facebook Login.
 *
 * @example
 * ```ts
 * const { integrations } = await connectAccount(ctx, states.verify(query.state), code);
 * ```
 */
export async function connectAccount(
  ctx: ConnectDeps,
  state: ConnectState,
  code: string,
): Promise<ConnectOutcome> {
  if (state.loginMode === 'facebook') return connectFacebookAccounts(ctx, state, code);
  const platform = requirePlatform(ctx.platform);
  await checkConnectionTarget(ctx, state);

  const shortLived = await platform.exchangeCode(code);
  const longLived = await platform.exchangeForLongLivedToken(shortLived.accessToken);
  // Refuses personal accounts with ACCOUNT_NOT_BUSINESS.
  const account = await platform.getProfessionalAccount(longLived.accessToken);

  const now = ctx.clock.now();
  const integration = await saveConnection(ctx, state, account.userId, {
    accessToken: ctx.cipher.encrypt(longLived.accessToken),
    tokenIssuedAt: longLived.issuedAt.getTime(),
    tokenExpiresAt: longLived.expiresAt?.getTime() ?? null,
    tokenRefreshedAt: null,
    scopes: [...shortLived.scopes],
    authStatus: 'active',
    status: 'connected',
    healthError: null,
    lastHealthCheckAt: now,
    platformScopedId: shortLived.userId,
    username: account.username,
    name: account.name,
    imageUrl: account.profilePictureUrl,
    accountType: account.accountType,
    // An account reached before through Facebook Login now goes through Instagram Login.
    loginMode: 'instagram',
    facebookPageId: null,
    updatedAt: now,
  });
  return { integrations: [integration], refused: [] };
}
