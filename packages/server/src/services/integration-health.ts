/**
 * Connection health (spec §2 "Connection health", §4 GET /v1/integrations/{id}/health):
 * the platform is asked at most once per 10 minutes per account unless forced; the
 * answer says whether it was (`checkedLive`).
 */
import { isReelayError, ReelayError } from '@reelay/core';
import { readAccessToken } from './account-token';
import { isoTime } from '../clock';
import type { ServerContext } from '../server-context';
import {
  findIntegration,
  updateIntegration,
  type IntegrationChanges,
  type IntegrationRecord,
} from '../store/integrations';

/** What a check needs: the store, time, the platform and reading the stored token. */
export type HealthDeps = Pick<ServerContext, 'db' | 'clock' | 'platform' | 'cipher' | 'logger'>;

export const HEALTH_CHECK_INTERVAL_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Codes after which the account must be reconnected. */
const RECONNECT_CODES = new Set(['TOKEN_INVALID']);

function presentHealth(row: IntegrationRecord, now: number, checkedLive: boolean) {
  return {
    integrationId: row.id,
    status: row.status,
    authStatus: row.auth_status,
    healthy: row.status === 'connected' && row.auth_status === 'active',
    tokenExpiresAt: isoTime(row.token_expires_at),
    tokenRefreshedAt: isoTime(row.token_refreshed_at),
    daysUntilExpiry:
      row.token_expires_at === null
        ? null
        : Math.max(0, Math.floor((row.token_expires_at - now) / DAY_MS)),
    lastHealthCheckAt: isoTime(row.last_health_check_at),
    healthError: row.health_error,
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
  if (row.access_token === null) {
    return { status: 'revoked', auth_status: 'reconnect_required' };
  }
  if (row.token_expires_at !== null && row.token_expires_at <= now) {
    return {
      status: 'revoked',
      auth_status: 'reconnect_required',
      health_error: 'TOKEN_INVALID: o token expirou.',
    };
  }
  if (!ctx.platform) {
    return {
      status: 'degraded',
      health_error: `PLATFORM_CREDENTIALS_MISSING: ${new ReelayError('PLATFORM_CREDENTIALS_MISSING').message}`,
    };
  }
  let accessToken: string;
  try {
    accessToken = readAccessToken(ctx, row);
  } catch (error) {
    if (!isReelayError(error)) throw error;
    return {
      status: 'revoked',
      auth_status: 'reconnect_required',
      health_error: `${error.code}: ${error.message}`,
    };
  }
  try {
    const account = await ctx.platform.getMe(accessToken);
    // Publishing is what Reelay needs: the publishing limit answers only to accounts that may publish.
    await ctx.platform.getPublishingLimit({ accessToken, igUserId: row.platform_user_id });
    return {
      status: 'connected',
      auth_status: 'active',
      health_error: null,
      username: account.username ?? row.username,
      name: account.name ?? row.name,
      image_url: account.profilePictureUrl ?? row.image_url,
    };
  } catch (error) {
    if (!isReelayError(error)) throw error;
    const healthError = `${error.code}: ${error.message}`;
    if (RECONNECT_CODES.has(error.code)) {
      return { status: 'revoked', auth_status: 'reconnect_required', health_error: healthError };
    }
    return { status: 'degraded', health_error: healthError };
  }
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
    row.last_health_check_at !== null && now - row.last_health_check_at < HEALTH_CHECK_INTERVAL_MS;
  if (recent && !options.force) return presentHealth(row, now, false);
  // Claim the check, so concurrent requests do not all ask the platform.
  let claim = ctx.db
    .updateTable('integrations')
    .set({ last_health_check_at: now })
    .where('id', '=', row.id);
  if (!options.force) {
    claim = claim.where((eb) =>
      eb.or([
        eb('last_health_check_at', 'is', null),
        eb('last_health_check_at', '<=', now - HEALTH_CHECK_INTERVAL_MS),
      ]),
    );
  }
  const claimed = await claim.executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) {
    return presentHealth((await findIntegration(ctx.db, projectId, id))!, now, false);
  }
  const changes = await probe(ctx, row, now);
  await updateIntegration(ctx.db, row.id, {
    ...changes,
    last_health_check_at: now,
    updated_at: now,
  });
  return presentHealth({ ...row, ...changes, last_health_check_at: now }, now, true);
}
