/**
 * Connection health (spec §2 "Connection health", §4 GET /v1/integrations/{id}/health):
 * the platform is asked at most once per 10 minutes per account unless forced; the
 * answer says whether it was (`checkedLive`).
 */
import { isReelayError, ReelayError } from '@reelay/core';
import { platformFor, readAccessToken, type AccountDeps } from './account-token';
import {
  facebookCredentialsMissing,
  platformCredentialsMissing,
  type FacebookPlatform,
} from '../platform';
import { isoTime } from '../clock';
import {
  findIntegration,
  updateIntegration,
  type IntegrationChanges,
  type IntegrationRecord,
} from '../store/integrations';
import { claimHealthCheck } from '../store/integration-upkeep';

/** What a check needs: the store, time, the platform and reading the stored token. */
export type HealthDeps = AccountDeps;

export const HEALTH_CHECK_INTERVAL_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Codes after which the account must be reconnected. */
const RECONNECT_CODES = new Set(['TOKEN_INVALID']);

function presentHealth(row: IntegrationRecord, now: number, checkedLive: boolean) {
  return {
    integrationId: row.id,
    status: row.status,
    authStatus: row.authStatus,
    healthy: row.status === 'connected' && row.authStatus === 'active',
    tokenExpiresAt: isoTime(row.tokenExpiresAt),
    tokenRefreshedAt: isoTime(row.tokenRefreshedAt),
    daysUntilExpiry:
      row.tokenExpiresAt === null
        ? null
        : Math.max(0, Math.floor((row.tokenExpiresAt - now) / DAY_MS)),
    lastHealthCheckAt: isoTime(row.lastHealthCheckAt),
    healthError: row.healthError,
    scopes: row.scopes,
    checkedLive,
  };
}

export type ConnectionHealth = ReturnType<typeof presentHealth>;

/** The result of asking the platform about a connection. */
async function probe(
  ctx: HealthDeps,
  row: IntegrationRecord,
  now: number,
): Promise<IntegrationChanges> {
  if (row.accessToken === null) {
    return { status: 'revoked', authStatus: 'reconnect_required' };
  }
  if (row.tokenExpiresAt !== null && row.tokenExpiresAt <= now) {
    return {
      status: 'revoked',
      authStatus: 'reconnect_required',
      healthError: 'TOKEN_INVALID: o token expirou.',
    };
  }
  const client = platformFor(ctx, row);
  if (!client) {
    const missing =
      row.loginMode === 'facebook' ? facebookCredentialsMissing() : platformCredentialsMissing();
    return { status: 'degraded', healthError: `${missing.code}: ${missing.message}` };
  }
  let accessToken: string;
  try {
    accessToken = readAccessToken(ctx, row);
  } catch (error) {
    if (!isReelayError(error)) throw error;
    return {
      status: 'revoked',
      authStatus: 'reconnect_required',
      healthError: `${error.code}: ${error.message}`,
    };
  }
  try {
    const account =
      row.loginMode === 'facebook'
        ? await readFacebookAccount(ctx.facebook!, row, accessToken)
        : await ctx.platform!.getMe(accessToken);
    // Publishing is what Reelay needs: the publishing limit answers only to accounts that may publish.
    await client.getPublishingLimit({ accessToken, igUserId: row.platformUserId });
    return {
      status: 'connected',
      authStatus: 'active',
      healthError: null,
      username: account.username ?? row.username,
      name: account.name ?? row.name,
      imageUrl: account.profilePictureUrl ?? row.imageUrl,
    };
  } catch (error) {
    if (!isReelayError(error)) throw error;
    const healthError = `${error.code}: ${error.message}`;
    if (RECONNECT_CODES.has(error.code)) {
      return { status: 'revoked', authStatus: 'reconnect_required', healthError };
    }
    return { status: 'degraded', healthError };
  }
}

/**
 * A Facebook Login account, read through its Page: the Page must still be linked to it
 * (reference §6 "Also check the Page link"), else the stored Page token no longer leads
 * to the account and only connecting again helps. A Page token has no expiry, so an
 * invalidated one shows here as code 190 (`TOKEN_INVALID`).
 */
async function readFacebookAccount(
  facebook: FacebookPlatform,
  row: IntegrationRecord,
  accessToken: string,
) {
  if (row.facebookPageId) {
    const linked = await facebook.getPageInstagramAccount({
      accessToken,
      pageId: row.facebookPageId,
    });
    if (linked !== row.platformUserId) {
      throw new ReelayError('TOKEN_INVALID', {
        message:
          'A Página do Facebook desta conta não está mais vinculada a ela; conecte a conta de novo com o Login do Facebook.',
        details: { reason: 'page_unlinked' },
      });
    }
  }
  return facebook.getInstagramAccount({ accessToken, igUserId: row.platformUserId });
}

/**
 * The health of a connection of the project, from the platform or from the last check.
 *
 * @example
 * ```ts
 * const health = await checkIntegrationHealth(ctx, projectId, id, { force: false });
 * ```
 */
export async function checkIntegrationHealth(
  ctx: HealthDeps,
  projectId: string,
  id: string,
  options: { force: boolean },
): Promise<ConnectionHealth> {
  const row = await findIntegration(ctx.db, projectId, id);
  if (!row)
    throw new ReelayError('NOT_FOUND', {
      message: 'Conta conectada não encontrada neste projeto.',
    });
  const now = ctx.clock.now();
  const recent =
    row.lastHealthCheckAt !== null && now - row.lastHealthCheckAt < HEALTH_CHECK_INTERVAL_MS;
  if (recent && !options.force) return presentHealth(row, now, false);
  // Claim the check, so concurrent requests do not all ask the platform.
  const claimed = await claimHealthCheck(
    ctx.db,
    row.id,
    now,
    options.force ? {} : { lastCheckedBy: now - HEALTH_CHECK_INTERVAL_MS },
  );
  if (!claimed) {
    return presentHealth((await findIntegration(ctx.db, projectId, id))!, now, false);
  }
  const changes = await probe(ctx, row, now);
  await updateIntegration(ctx.db, row.id, {
    ...changes,
    lastHealthCheckAt: now,
    updatedAt: now,
  });
  return presentHealth({ ...row, ...changes, lastHealthCheckAt: now }, now, true);
}
