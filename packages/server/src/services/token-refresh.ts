/**
 * Keeps long-lived tokens alive: a token not refreshed within its 60 days cannot be
 * refreshed any more (reference §1a), so tokens are refreshed once they are at least
 * 24 h old and within 10 days of expiring. A token the platform refuses marks the
 * account `reconnect_required`.
 */
import { isReelayError } from '@reelay/core';
import type { ServerContext } from '../server-context';
import { findTokensToRefresh } from '../store/integrations';
import { readAccessToken } from './account-token';

/** Refresh tokens expiring within this window. */
export const TOKEN_REFRESH_WINDOW_MS = 10 * 24 * 60 * 60_000;
const BATCH = 100;

export interface TokenRefreshReport {
  refreshed: number;
  reconnectRequired: number;
  failed: number;
}

/**
 * Refreshes every token due for it. Safe with several instances: each account is
 * claimed by a conditional update before its token is refreshed.
 *
 * @example
 * ```ts
 * const report = await refreshExpiringTokens(ctx); // { refreshed: 3, reconnectRequired: 0, failed: 0 }
 * ```
 */
export async function refreshExpiringTokens(ctx: ServerContext): Promise<TokenRefreshReport> {
  const report: TokenRefreshReport = { refreshed: 0, reconnectRequired: 0, failed: 0 };
  const platform = ctx.platform;
  if (!platform) return report;
  const now = ctx.clock.now();
  const due = await findTokensToRefresh(ctx.db, now, now + TOKEN_REFRESH_WINDOW_MS, BATCH);
  for (const row of due) {
    // Optimistic claim: only the instance that moves updated_at refreshes this token.
    const claim = await ctx.db
      .updateTable('integrations')
      .set({ updated_at: now })
      .where('id', '=', row.id)
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0 || row.access_token === null) continue;
    try {
      const token = await platform.refreshLongLivedToken({
        accessToken: readAccessToken(ctx, row),
        issuedAt: new Date(row.token_issued_at ?? now),
        expiresAt: row.token_expires_at === null ? null : new Date(row.token_expires_at),
      });
      await ctx.db
        .updateTable('integrations')
        .set({
          access_token: ctx.cipher.encrypt(token.accessToken),
          token_issued_at: token.issuedAt.getTime(),
          token_expires_at: token.expiresAt?.getTime() ?? row.token_expires_at,
          token_refreshed_at: now,
          updated_at: now,
        })
        .where('id', '=', row.id)
        .execute();
      report.refreshed++;
    } catch (error) {
      if (isReelayError(error) && error.code === 'TOKEN_INVALID') {
        await ctx.db
          .updateTable('integrations')
          .set({
            auth_status: 'reconnect_required',
            status: 'revoked',
            health_error: `TOKEN_INVALID: ${error.message}`,
            updated_at: now,
          })
          .where('id', '=', row.id)
          .execute();
        report.reconnectRequired++;
      } else {
        ctx.logger.warn('renovação de token falhou; nova tentativa na próxima rodada', {
          integrationId: row.id,
          error,
        });
        report.failed++;
      }
    }
  }
  return report;
}
