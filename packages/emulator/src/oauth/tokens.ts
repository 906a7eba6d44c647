import type { EmulatorContext } from '../emulator-context';
import type { FacebookPage, FacebookPermission } from '../facebook/facebook-types';
import { GraphError } from '../graph-error';
import { DAY_MS } from '../state/store';
import type { AccessToken, Account, Scope } from '../state/types';
import { SCOPES } from '../state/types';

/** An authorization code is good for one hour and one use (reference §1a). */
export const CODE_TTL_MS = 60 * 60 * 1000;
/**
 * Tokens from the login flow live one hour.
 *
 * @example
 * ```ts
 * clock.advance(SHORT_LIVED_TOKEN_SECONDS * 1000); // the code-exchange token now answers 190/463
 * ```
 */
export const SHORT_LIVED_TOKEN_SECONDS = 3600;
/**
 * Long-lived tokens live about 60 days; this is the `expires_in` the platform answers.
 *
 * @example
 * ```ts
 * expect(exchange.expires_in).toBe(LONG_LIVED_TOKEN_SECONDS); // 5183944
 * ```
 */
export const LONG_LIVED_TOKEN_SECONDS = 5_183_944;
/** A long-lived token can be refreshed once it is a day old (reference §1a "Refresh"). */
export const REFRESH_MIN_AGE_MS = DAY_MS;

/**
 * Who a request acts for: the token's account and the token itself; with Facebook Login,
 * also what the Facebook token grants and the Page that leads to the account.
 */
export interface Caller {
  readonly account: Account;
  readonly token: AccessToken;
  readonly facebook?: FacebookGrant | undefined;
}

/** What a Facebook token brings to a request on an Instagram account (reference §10.1). */
export interface FacebookGrant {
  readonly permissions: readonly FacebookPermission[];
  /** The Page linked to the account, through which the token reaches it. */
  readonly page: FacebookPage | undefined;
  /** True for a Page token, false for a user token. */
  readonly pageToken: boolean;
}

/**
 * Issues a token for an account. `scopes` default to every Instagram Login scope the
 * account grants.
 *
 * @example
 * ```ts
 * const token = issueToken(ctx, account.id, 'long');
 * ```
 */
export function issueToken(
  ctx: EmulatorContext,
  accountId: string,
  kind: 'short' | 'long',
  scopes?: readonly Scope[],
): AccessToken {
  const account = ctx.store.accounts.get(accountId);
  const granted = scopes ?? account?.scopes ?? SCOPES;
  const now = ctx.now();
  const lifetime = kind === 'short' ? SHORT_LIVED_TOKEN_SECONDS : LONG_LIVED_TOKEN_SECONDS;
  const token: AccessToken = {
    token: ctx.ids.token(),
    accountId,
    kind,
    scopes: [...granted],
    issuedAt: now,
    expiresAt: now + lifetime * 1000,
  };
  ctx.store.tokens.set(token.token, token);
  return token;
}

/** Seconds left on a token, as `expires_in` reports them. */
export function secondsLeft(ctx: EmulatorContext, token: AccessToken): number {
  return Math.max(0, Math.floor((token.expiresAt - ctx.now()) / 1000));
}

// 190-family answers carry this header on the platform too.
function invalidTokenHeaders(message: string): Record<string, string> {
  return {
    'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message.replaceAll('"', "'")}"`,
  };
}

function tokenError(message: string, subcode?: number): GraphError {
  return new GraphError({ message, code: 190, subcode, headers: invalidTokenHeaders(message) });
}

/**
 * Checks an access token the way Graph does and says who it acts for: no token is code
 * 104, an unknown one 190, an expired one 190/463, a revoked one 190/458 or 190/460.
 *
 * @example
 * ```ts
 * const { account } = authenticate(ctx, request.token);
 * ```
 */
export function authenticate(ctx: EmulatorContext, text: string | undefined): Caller {
  if (text === undefined || text === '') {
    const message = 'An access token is required to request this resource.';
    throw new GraphError({ message, code: 104, headers: invalidTokenHeaders(message) });
  }
  const token = ctx.store.tokens.get(text);
  const account = token && ctx.store.accounts.get(token.accountId);
  if (!token || !account)
    throw tokenError('Invalid OAuth access token - Cannot parse access token');
  if (token.revokedSubcode === 458) {
    throw tokenError(
      `Error validating access token: The user has not authorized application ${ctx.config.appId}.`,
      458,
    );
  }
  if (token.revokedSubcode === 460) {
    throw tokenError(
      'Error validating access token: The session has been invalidated because the user changed ' +
        'their password or Facebook has changed the session for security reasons.',
      460,
    );
  }
  const now = ctx.now();
  if (now >= token.expiresAt) {
    throw tokenError(
      `Error validating access token: Session has expired on ${platformDate(token.expiresAt)}. ` +
        `The current time is ${platformDate(now)}.`,
      463,
    );
  }
  return { account, token };
}

/**
 * Revokes every token of an account; their next use answers 190 with `subcode` (458:
 * the user removed the app; 460: the password changed).
 */
export function revokeTokens(
  ctx: EmulatorContext,
  accountId: string,
  subcode: 458 | 460 = 458,
): number {
  let revoked = 0;
  for (const token of ctx.store.tokens.values()) {
    if (token.accountId === accountId && token.revokedSubcode === undefined) {
      token.revokedSubcode = subcode;
      revoked++;
    }
  }
  return revoked;
}

const PACIFIC = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  weekday: 'long',
  day: '2-digit',
  month: 'short',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** `Sunday, 09-Aug-20 01:30:58 PDT`: how the platform's expiry messages write dates. */
function platformDate(ms: number): string {
  const parts = Object.fromEntries(PACIFIC.formatToParts(ms).map((p) => [p.type, p.value]));
  return (
    `${parts.weekday}, ${parts.day}-${parts.month}-${parts.year} ` +
    `${parts.hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`
  );
}
