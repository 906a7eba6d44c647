/**
 * Finishing an account connection (spec §3, §4): exchange the code for a long-lived
 * token, refuse personal accounts, then create the connection or update the existing
 * one. An account already connected to another profile of the project is refused with
 * `ACCOUNT_IN_USE` and left unchanged.
 */
import { newId, ReelayError } from '@reelay/core';
import type { ConnectState } from '../security/oauth-state';
import type { ServerContext } from '../server-context';
import {
  findIntegration,
  findIntegrationByPlatformUser,
  insertIntegration,
  updateIntegration,
  type IntegrationChanges,
  type IntegrationRecord,
} from '../store/integrations';
import { findLiveProfile } from '../store/profiles';
import { findProjectById } from '../store/users';
import { requirePlatform } from '../platform';

/**
 * Connects (or reconnects) the account that authorised `code`, for the project and
 * profile of the verified state. Returns the stored connection.
 *
 * @example
 * ```ts
 * const integration = await connectAccount(ctx, states.verify(query.state), code);
 * ```
 */
/** What connecting needs: the store, time, the platform and the token cipher. */
export type ConnectDeps = Pick<ServerContext, 'db' | 'clock' | 'platform' | 'cipher'>;

export async function connectAccount(
  ctx: ConnectDeps,
  state: ConnectState,
  code: string,
): Promise<IntegrationRecord> {
  const platform = requirePlatform(ctx.platform);
  if (!(await findProjectById(ctx.db, state.projectId))) {
    throw new ReelayError('NOT_FOUND', { message: 'O projeto desta conexão não existe mais.' });
  }
  if (state.profileId && !(await findLiveProfile(ctx.db, state.projectId, state.profileId))) {
    throw new ReelayError('NOT_FOUND', { message: 'O perfil desta conexão não existe mais.' });
  }

  const shortLived = await platform.exchangeCode(code);
  const longLived = await platform.exchangeForLongLivedToken(shortLived.accessToken);
  // Refuses personal accounts with ACCOUNT_NOT_BUSINESS.
  const account = await platform.getProfessionalAccount(longLived.accessToken);

  const now = ctx.clock.now();
  const token = {
    access_token: ctx.cipher.encrypt(longLived.accessToken),
    token_issued_at: longLived.issuedAt.getTime(),
    token_expires_at: longLived.expiresAt?.getTime() ?? null,
    token_refreshed_at: null,
    scopes: [...shortLived.scopes],
    auth_status: 'active' as const,
    status: 'connected' as const,
    health_error: null,
    last_health_check_at: now,
    platform_scoped_id: shortLived.userId,
    username: account.username,
    name: account.name,
    image_url: account.profilePictureUrl,
    account_type: account.accountType,
    updated_at: now,
  };

  const existing = await findIntegrationByPlatformUser(
    ctx.db,
    state.projectId,
    'instagram',
    account.userId,
  );
  if (existing) return reconnect(ctx, existing, state, token);
  try {
    const row: IntegrationRecord = {
      id: newId('integration', now),
      project_id: state.projectId,
      profile_id: state.profileId,
      platform: 'instagram',
      platform_user_id: account.userId,
      created_at: now,
      ...token,
    };
    await insertIntegration(ctx.db, row);
    return row;
  } catch (error) {
    // The same account connected by a concurrent callback: update that one instead.
    const raced = await findIntegrationByPlatformUser(
      ctx.db,
      state.projectId,
      'instagram',
      account.userId,
    );
    if (raced) return reconnect(ctx, raced, state, token);
    throw error;
  }
}

async function reconnect(
  ctx: ConnectDeps,
  existing: IntegrationRecord,
  state: ConnectState,
  token: IntegrationChanges,
): Promise<IntegrationRecord> {
  const live = existing.status !== 'revoked';
  const otherProfile =
    state.profileId !== null &&
    existing.profile_id !== null &&
    existing.profile_id !== state.profileId;
  if (live && otherProfile) {
    throw new ReelayError('ACCOUNT_IN_USE', { details: { accountId: existing.id } });
  }
  // Reconnecting without naming a profile keeps the current one; a disconnected account
  // may move to the profile now named.
  const profileId = state.profileId ?? existing.profile_id;
  await updateIntegration(ctx.db, existing.id, { ...token, profile_id: profileId });
  return (await findIntegration(ctx.db, existing.project_id, existing.id))!;
}
