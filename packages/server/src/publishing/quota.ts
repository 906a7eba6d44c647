/**
 * The publishing quota of an account (spec §8: checked before accepting): the platform's
 * live count for its rolling 24 h window, plus what Reelay has queued for the account in
 * the 24 h around the new post's time. The total is read from the platform, never
 * hard-coded (reference: 25, 50 and 100 have all been documented).
 */
import { isReelayError, ReelayError } from '@reelay/core';
import type { ServerContext } from '../server-context';
import { countActiveTargetsInWindow } from '../store/posts';
import type { IntegrationsTable } from '../store/schema';

const WINDOW_MS = 24 * 60 * 60_000;
/** Used only when the platform's answer has no total. */
export const FALLBACK_QUOTA_TOTAL = 100;

/**
 * Throws `RATE_LIMIT_ACCOUNT` with `quotaUsage`/`quotaTotal` when one more post at `at`
 * would exceed the account's quota; `TOKEN_INVALID` when the platform refuses the token.
 * A platform that cannot answer right now does not block the post: publication time
 * checks again.
 *
 * @example
 * ```ts
 * await assertQuota(ctx, integration, accessToken, scheduledFor ?? now);
 * ```
 */
export async function assertQuota(
  ctx: ServerContext,
  integration: IntegrationsTable,
  accessToken: string,
  at: number,
  /** A post being moved: its own targets are not counted twice. */
  excludePostId?: string,
): Promise<void> {
  const now = ctx.clock.now();
  const queued = await countActiveTargetsInWindow(
    ctx.db,
    integration.id,
    at - WINDOW_MS,
    at + WINDOW_MS,
    excludePostId,
  );
  let usage = 0;
  let total = FALLBACK_QUOTA_TOTAL;
  if (ctx.platform) {
    try {
      const limit = await ctx.platform.getPublishingLimit({
        accessToken,
        igUserId: integration.platform_user_id,
      });
      total = limit.quotaTotal ?? FALLBACK_QUOTA_TOTAL;
      // The platform counts the last 24 h; that matters only for a post inside that window.
      if (at - now < WINDOW_MS) usage = limit.quotaUsage;
    } catch (error) {
      if (
        isReelayError(error) &&
        (error.code === 'TOKEN_INVALID' || error.code === 'ACCOUNT_RESTRICTED')
      ) {
        throw new ReelayError(error.code, { details: { accountId: integration.id } });
      }
      ctx.logger.warn('cota não verificada no Instagram; aceitando', {
        integrationId: integration.id,
        error,
      });
    }
  }
  if (usage + queued + 1 > total) {
    throw new ReelayError('RATE_LIMIT_ACCOUNT', {
      message: `A conta ${integration.username ?? integration.id} atingiu a cota de ${total} publicações em 24 horas.`,
      details: { accountId: integration.id, quotaUsage: usage + queued, quotaTotal: total },
    });
  }
}
