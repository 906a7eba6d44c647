/**
 * Keeps long-lived tokens alive: a token not refreshed within its 60 days cannot be
 * refreshed any more (reference §1a), so tokens are refreshed once they are at least
 * 24 h old and within 10 days of expiring. A token the platform refuses marks the
 * account `reconnect_required`. This concerns Instagram Login tokens: Facebook Login
 * accounts keep a Page token without expiry, and health checks notice when it stops
 * working.
 */
import { isReelayError } from '@reelay/core';
import {
  claimTokenRefresh,
  findTokensToRefresh,
  markReconnectRequired,
  recordTokenRefresh,
} from '../store/integration-upkeep';
import type { IntegrationRecord } from '../store/integration-records';
import { readAccessToken, type AccountDeps } from './account-token';

/** Refresh tokens expiring within this window. */
export const TOKEN_REFRESH_WINDOW_MS = 10 * 24 * 60 * 60_000;
/** Accounts read per statement. */
const PAGE = 100;
/**
 * Refreshes in flight at once: each waits on the platform (a few hundred ms), so a run
 * that meets thousands of accounts connected on the same day ends within the hour.
 */
const IN_FLIGHT = 8;

export interface TokenRefreshReport {
  refreshed: number;
  reconnectRequired: number;
  failed: number;
}

/**
 * Refreshes every token due for it, page after page until none is left: an hourly run
 * that took only a page would fall behind as soon as more accounts come due in a day
 * than it can take (100,000 accounts connected together all come due in the same ten
 * days). Safe with several instances: each account is claimed by a conditional update
 * before its token is refreshed.
 *
 * @example
 * ```ts
 * const report = await refreshExpiringTokens(ctx); // { refreshed: 3, reconnectRequired: 0, failed: 0 }
 * ```
 */
export async function refreshExpiringTokens(ctx: AccountDeps): Promise<TokenRefreshReport> {
  const report: TokenRefreshReport = { refreshed: 0, reconnectRequired: 0, failed: 0 };
  if (!ctx.platform) return report;
  const now = ctx.clock.now();
  let after: { expiresAt: number; id: string } | null = null;
  for (;;) {
    const page = await findTokensToRefresh(ctx.db, now, now + TOKEN_REFRESH_WINDOW_MS, PAGE, after);
    for (let start = 0; start < page.length; start += IN_FLIGHT) {
      await Promise.all(
        page
          .slice(start, start + IN_FLIGHT)
          .map((account) => refreshOne(ctx, account, now, report)),
      );
    }
    if (page.length < PAGE) return report;
    const last = page[page.length - 1]!;
    after = { expiresAt: last.tokenExpiresAt!, id: last.id };
  }
}

/** Refreshes one account's token, counting the outcome in `report`; never throws for it. */
async function refreshOne(
  ctx: AccountDeps,
  account: IntegrationRecord,
  now: number,
  report: TokenRefreshReport,
): Promise<void> {
  const platform = ctx.platform!;
  // Facebook Login accounts hold Page tokens, which do not expire (connect-facebook.ts):
  // none is stored with an expiry, and Instagram's refresh would not take one anyway.
  if (account.loginMode === 'facebook') return;
  // Optimistic claim: only the instance that moves updatedAt refreshes this token.
  if (!(await claimTokenRefresh(ctx.db, account, now)) || account.accessToken === null) return;
  try {
    const token = await platform.refreshLongLivedToken({
      accessToken: readAccessToken(ctx, account),
      issuedAt: new Date(account.tokenIssuedAt ?? now),
      expiresAt: account.tokenExpiresAt === null ? null : new Date(account.tokenExpiresAt),
    });
    await recordTokenRefresh(
      ctx.db,
      account.id,
      {
        accessToken: ctx.cipher.encrypt(token.accessToken),
        issuedAt: token.issuedAt.getTime(),
        expiresAt: token.expiresAt?.getTime() ?? account.tokenExpiresAt,
      },
      now,
    );
    report.refreshed++;
  } catch (error) {
    if (isReelayError(error) && error.code === 'TOKEN_INVALID') {
      await markReconnectRequired(ctx.db, account.id, `TOKEN_INVALID: ${error.message}`, now);
      report.reconnectRequired++;
    } else {
      ctx.logger.warn('renovação de token falhou; nova tentativa na próxima rodada', {
        integrationId: account.id,
        error,
      });
      report.failed++;
    }
  }
}
