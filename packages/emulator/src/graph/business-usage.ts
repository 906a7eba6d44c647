/**
 * Instagram's Business Use Case (BUC) rate limiting (reference §10.6): every call on an
 * account counts against a budget per app and account over a rolling 24 h, and answers
 * report the share used in `X-Business-Use-Case-Usage`. Messaging and the OAuth endpoints
 * are outside it.
 */
import type { EmulatorContext } from '../emulator-context';
import { describeCode, GraphError } from '../graph-error';
import { ownerOf } from './node-owner';

/** The header Instagram reports Business Use Case usage in. */
export const BUSINESS_USAGE_HEADER = 'x-business-use-case-usage';

// Hosts' token and login endpoints: not calls on an account.
const UNMETERED = new Set([
  'oauth',
  'access_token',
  'refresh_access_token',
  'dialog',
  'debug_token',
]);

/**
 * The account a platform request is a call on, for the usage count: the token's account
 * (a Page token's linked account), or with a Facebook user token the owner of the node
 * addressed. `undefined` for OAuth endpoints, messaging (private replies) and requests
 * without a known token.
 */
export function meteredAccount(
  ctx: EmulatorContext,
  segments: readonly string[],
  token: string | undefined,
): string | undefined {
  const [first, second] = segments;
  if (token === undefined || first === undefined || UNMETERED.has(first)) return undefined;
  if (second === 'messages') return undefined;
  const instagram = ctx.store.tokens.get(token);
  if (instagram) return instagram.accountId;
  const facebook = ctx.store.facebookTokens.get(token);
  if (!facebook) return undefined;
  if (facebook.pageId !== undefined) {
    return ctx.store.pages.get(facebook.pageId)?.instagramAccountId ?? undefined;
  }
  return ownerOf(ctx, first);
}

/** Share of the budget used in the last 24 h, in whole percent (100 at most). */
export function usagePercent(ctx: EmulatorContext, accountId: string): number {
  const calls = ctx.store.calls.count(accountId, ctx.now());
  return Math.min(100, Math.floor((calls * 100) / ctx.config.businessUseCaseCallLimit));
}

/**
 * `X-Business-Use-Case-Usage: {"<ig-user-id>":[{type,call_count,total_cputime,total_time,
 * estimated_time_to_regain_access}]}`: percentages, and minutes until calls are taken again.
 * The emulator measures calls only, so the three shares are the same figure.
 */
export function businessUsageHeader(
  ctx: EmulatorContext,
  accountId: string,
  figures: { percent?: number; regainMinutes?: number } = {},
): Record<string, string> {
  const percent = figures.percent ?? usagePercent(ctx, accountId);
  const entry = {
    type: ctx.config.businessUseCaseType,
    call_count: percent,
    total_cputime: percent,
    total_time: percent,
    estimated_time_to_regain_access: Math.max(0, Math.ceil(figures.regainMinutes ?? 0)),
  };
  return { [BUSINESS_USAGE_HEADER]: JSON.stringify({ [accountId]: [entry] }) };
}

/**
 * The throttling error (code `rateLimitCode`, 80002 by default [UNCERTAIN]) with the usage
 * header at 100 % and the minutes until access returns.
 */
export function throttleError(
  ctx: EmulatorContext,
  accountId: string | undefined,
  regainMinutes: number,
): GraphError {
  const code = ctx.config.rateLimitCode;
  const { message } = describeCode(code);
  return new GraphError({
    message,
    code,
    isTransient: true,
    headers:
      accountId === undefined
        ? {}
        : businessUsageHeader(ctx, accountId, { percent: 100, regainMinutes }),
  });
}

/**
 * Counts a call on an account; with `throttleAtCallLimit`, a call beyond the budget is
 * refused instead (and not counted) until the oldest call leaves the 24 h window.
 */
export function meterCall(ctx: EmulatorContext, accountId: string): GraphError | undefined {
  const now = ctx.now();
  const calls = ctx.store.calls;
  if (
    ctx.config.throttleAtCallLimit &&
    calls.count(accountId, now) >= ctx.config.businessUseCaseCallLimit
  ) {
    const oldest = calls.oldest(accountId, now) ?? now;
    return throttleError(ctx, accountId, (oldest + calls.windowMs - now) / 60_000);
  }
  calls.record(accountId, now);
  return undefined;
}
