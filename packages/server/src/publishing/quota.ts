/**
 * The publishing quota of an account (spec §8: checked before accepting): the platform's
 * live count for its rolling 24 h window, plus what Reelay has queued for the account in
 * the 24 h around the new post's time. The total is read from the platform, never
 * hard-coded (reference: 25, 50 and 100 have all been documented).
 *
 * The decision has two steps so that concurrent requests cannot both take the last slot
 * without holding a database lock across an HTTP call: {@link readPlatformQuota} asks the
 * platform first, outside any transaction; {@link reserveQuota} then runs inside the
 * transaction that writes the post, locks the accounts, counts what is queued and refuses
 * or lets the write go on. Counting and writing are therefore one decision per account.
 */
import { isReelayError, ReelayError } from '@reelay/core';
import { lockIntegrationsForQuota, type IntegrationRecord } from '../store/integrations';
import { countActiveTargetsInWindow } from '../store/post-targets';
import type { StoreCapabilities } from '../store/database';
import type { Db } from '../store/schema';
import type { PublishingDeps } from './publishing-deps';
import { platformFor } from '../services/account-token';

/** The platform's rolling window: a post counts against the posts within 24 h of it. */
export const QUOTA_WINDOW_MS = 24 * 60 * 60_000;
/** Used only when the platform's answer has no total. */
export const FALLBACK_QUOTA_TOTAL = 100;

/** What the platform said about one account for a post at `at`. */
export interface PlatformQuota {
  integration: IntegrationRecord;
  /** Time of the post; the quota counts what Reelay has queued in the 24 h around it. */
  at: number;
  /** The platform's own count of its last 24 h, or 0 when that window does not reach `at`. */
  usage: number;
  total: number;
}

/**
 * Asks the platform for the account's quota. Throws `TOKEN_INVALID` or
 * `ACCOUNT_RESTRICTED` when the platform refuses the account; a platform that cannot
 * answer right now does not block the post (publication time checks again).
 *
 * @example
 * ```ts
 * const quota = await readPlatformQuota(ctx, integration, accessToken, scheduledFor ?? now);
 * ```
 */
export async function readPlatformQuota(
  ctx: Pick<PublishingDeps, 'platform' | 'facebook' | 'clock' | 'logger'>,
  integration: IntegrationRecord,
  accessToken: string,
  at: number,
): Promise<PlatformQuota> {
  const quota: PlatformQuota = { integration, at, usage: 0, total: FALLBACK_QUOTA_TOTAL };
  // Asked on the host of the account's login mode, with its token.
  const platform = platformFor(ctx, integration);
  if (!platform) return quota;
  try {
    const limit = await platform.getPublishingLimit({
      accessToken,
      igUserId: integration.platformUserId,
    });
    quota.total = limit.quotaTotal ?? FALLBACK_QUOTA_TOTAL;
    // The platform counts the last 24 h; that matters only for a post inside that window.
    if (at - ctx.clock.now() < QUOTA_WINDOW_MS) quota.usage = limit.quotaUsage;
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
  return quota;
}

/**
 * The same quota for a post at another time, chosen after the platform was asked (a
 * queued post's slot): the platform's count applies only inside its 24 h window. The
 * quota must have been read for `now`, so that it holds the platform's count.
 *
 * @example
 * ```ts
 * const read = await readPlatformQuota(ctx, integration, accessToken, now);
 * await reserveQuota(trx, capabilities, [quotaAt(read, slot, now)]);
 * ```
 */
export function quotaAt(quota: PlatformQuota, at: number, now: number): PlatformQuota {
  return { ...quota, at, usage: at - now < QUOTA_WINDOW_MS ? quota.usage : 0 };
}

/**
 * Whether one more post at `at` fits the quota, counted as {@link reserveQuota} counts
 * it: the platform's count (inside its window) plus what Reelay has queued for the
 * account within 24 h of `at`, both ends included. `queued` are those times, sorted; the
 * quota was read for `now`.
 *
 * @example
 * ```ts
 * fitsQuota(read, slot, now, [slot - DAY]); // false when read.total is 1
 * ```
 */
export function fitsQuota(
  quota: PlatformQuota,
  at: number,
  now: number,
  queued: readonly number[],
): boolean {
  const inWindow =
    firstAbove(queued, at + QUOTA_WINDOW_MS) - firstAtOrAbove(queued, at - QUOTA_WINDOW_MS);
  return quotaAt(quota, at, now).usage + inWindow + 1 <= quota.total;
}

/** Index of the first element `>= value` of a sorted list. */
function firstAtOrAbove(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index of the first element `> value` of a sorted list. */
function firstAbove(sorted: readonly number[], value: number): number {
  return firstAtOrAbove(sorted, value + 1);
}

/**
 * Inside the transaction that writes the post, before anything else in it: locks the
 * accounts until the transaction ends, counts what Reelay has queued for each, and throws
 * `RATE_LIMIT_ACCOUNT` (with `quotaUsage`/`quotaTotal`) when one more post would exceed
 * a quota. A concurrent request for the same account waits for this transaction and then
 * counts the post it wrote.
 *
 * @example
 * ```ts
 * await ctx.db.transaction().execute(async (trx) => {
 *   await reserveQuota(trx, ctx.capabilities, quotas);
 *   await insertPost(trx, post);
 * });
 * ```
 */
export async function reserveQuota(
  trx: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
  quotas: readonly PlatformQuota[],
  /** A post being moved or retried: its own targets are not counted twice. */
  excludePostId?: string,
): Promise<void> {
  if (quotas.length === 0) return;
  await lockIntegrationsForQuota(
    trx,
    capabilities,
    quotas.map((quota) => quota.integration.id),
  );
  for (const { integration, at, usage, total } of quotas) {
    const queued = await countActiveTargetsInWindow(
      trx,
      integration.id,
      at - QUOTA_WINDOW_MS,
      at + QUOTA_WINDOW_MS,
      excludePostId,
    );
    if (usage + queued + 1 > total) {
      throw new ReelayError('RATE_LIMIT_ACCOUNT', {
        message: `A conta ${integration.username ?? integration.id} atingiu a cota de ${total} publicações em 24 horas.`,
        details: { accountId: integration.id, quotaUsage: usage + queued, quotaTotal: total },
      });
    }
  }
}
