/**
 * Facebook user and Page tokens (reference §1b): issuing them, checking them the way Graph
 * does, and what an Instagram account reached through one may do.
 */
import type { EmulatorContext } from '../emulator-context';
import { GraphError } from '../graph-error';
import { DAY_MS } from '../state/store';
import type { AccessToken, Account, Scope } from '../state/types';
import type { Caller } from '../oauth/tokens';
import type {
  FacebookPage,
  FacebookPermission,
  FacebookToken,
  FacebookUser,
} from './facebook-types';

/**
 * A short-lived Facebook user token from the code exchange lives a couple of hours
 * (reference §1b "Code exchange": "valid for hours").
 *
 * @example
 * ```ts
 * emulator.advance(FACEBOOK_SHORT_LIVED_TOKEN_SECONDS * 1000); // the code-exchange token has expired
 * ```
 */
export const FACEBOOK_SHORT_LIVED_TOKEN_SECONDS = 2 * 60 * 60;
/**
 * A long-lived Facebook user token lives about 60 days (reference §1b "Long-lived user token").
 *
 * @example
 * ```ts
 * expect(exchange.expires_in).toBe(FACEBOOK_LONG_LIVED_TOKEN_SECONDS);
 * ```
 */
export const FACEBOOK_LONG_LIVED_TOKEN_SECONDS = 5_183_944;
/** A Facebook authorization code is good for ten minutes and one use. */
export const FACEBOOK_CODE_TTL_MS = 10 * 60 * 1000;

/** Who a request on the Facebook host acts for. */
export interface FacebookCaller {
  readonly user: FacebookUser;
  readonly token: FacebookToken;
  /** The Page of a Page token. */
  readonly page?: FacebookPage | undefined;
}

/**
 * Issues a user token (short or long) or a Page token. A Page token obtained with a
 * long-lived user token never expires; one obtained with a short-lived token ends with it
 * (reference §1b "Page tokens").
 *
 * @example
 * ```ts
 * const long = issueFacebookToken(ctx, { kind: 'user-long', userId, permissions, pageIds });
 * ```
 */
export function issueFacebookToken(
  ctx: EmulatorContext,
  input: Omit<FacebookToken, 'token' | 'issuedAt' | 'expiresAt'> & { expiresAt?: number | null },
): FacebookToken {
  const now = ctx.now();
  const lifetime =
    input.kind === 'user-short'
      ? FACEBOOK_SHORT_LIVED_TOKEN_SECONDS
      : input.kind === 'user-long'
        ? FACEBOOK_LONG_LIVED_TOKEN_SECONDS
        : null;
  const token: FacebookToken = {
    ...input,
    token: ctx.ids.facebookToken(),
    issuedAt: now,
    expiresAt:
      input.expiresAt !== undefined
        ? input.expiresAt
        : lifetime === null
          ? null
          : now + lifetime * 1000,
  };
  ctx.store.facebookTokens.set(token.token, token);
  return token;
}

function tokenError(message: string, subcode?: number): GraphError {
  return new GraphError({
    message,
    code: 190,
    subcode,
    headers: {
      'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message.replaceAll('"', "'")}"`,
    },
  });
}

/**
 * Checks a token on the Facebook host: none is code 104; one it cannot parse (an Instagram
 * Login token included, reference §0) 190; expired 190/463; revoked 190/458 or 190/460.
 *
 * @example
 * ```ts
 * const { user, page } = authenticateFacebook(ctx, request.token);
 * ```
 */
export function authenticateFacebook(
  ctx: EmulatorContext,
  text: string | undefined,
): FacebookCaller {
  if (text === undefined || text === '') {
    throw new GraphError({
      message: 'An access token is required to request this resource.',
      code: 104,
    });
  }
  const token = ctx.store.facebookTokens.get(text);
  const user = token && ctx.store.facebookUsers.get(token.userId);
  if (!token || !user) throw tokenError('Invalid OAuth access token - Cannot parse access token');
  if (token.revokedSubcode === 458) {
    throw tokenError(
      `Error validating access token: The user has not authorized application ${ctx.config.facebookAppId}.`,
      458,
    );
  }
  if (token.revokedSubcode === 460) {
    throw tokenError(
      'Error validating access token: The session has been invalidated because the user changed their password.',
      460,
    );
  }
  if (token.expiresAt !== null && ctx.now() >= token.expiresAt) {
    throw tokenError('Error validating access token: Session has expired.', 463);
  }
  const page = token.pageId === undefined ? undefined : ctx.store.pages.get(token.pageId);
  if (token.kind === 'page' && !page) throw tokenError('Error validating access token.', 492);
  return { user, token, page };
}

/**
 * The Instagram accounts a token reaches: the one linked to its Page (Page token), or
 * those linked to the Pages granted at the dialog (user token); links are read now, so a
 * Page unlinked later stops leading to its account.
 */
export function reachableAccounts(ctx: EmulatorContext, caller: FacebookCaller): Set<string> {
  const pageIds = caller.page ? [caller.page.id] : caller.token.pageIds;
  const reachable = new Set<string>();
  for (const pageId of pageIds) {
    const linked = ctx.store.pages.get(pageId)?.instagramAccountId;
    if (linked) reachable.add(linked);
  }
  return reachable;
}

const INSTAGRAM_SCOPE_OF: Partial<Record<FacebookPermission, Scope>> = {
  instagram_basic: 'instagram_business_basic',
  instagram_manage_comments: 'instagram_business_manage_comments',
  instagram_manage_insights: 'instagram_business_manage_insights',
  instagram_manage_messages: 'instagram_business_manage_messages',
};

/**
 * The caller the shared Instagram nodes check, for an account reached through Facebook
 * Login. Publishing needs `instagram_content_publish` and `pages_read_engagement`
 * (reference §0 table) and a Page task of MANAGE or CREATE_CONTENT (reference §1b "Page
 * tasks"); otherwise the account may only be read.
 */
export function instagramCaller(
  ctx: EmulatorContext,
  caller: FacebookCaller,
  account: Account,
): Caller {
  const permissions = caller.token.permissions;
  const scopes = new Set<Scope>();
  for (const permission of permissions) {
    const scope = INSTAGRAM_SCOPE_OF[permission];
    if (scope) scopes.add(scope);
  }
  const page = [...ctx.store.pages.values()].find(
    (candidate) =>
      candidate.instagramAccountId === account.id &&
      (caller.page ? candidate.id === caller.page.id : caller.token.pageIds.includes(candidate.id)),
  );
  const canCreate = page?.tasks.some((task) => task === 'MANAGE' || task === 'CREATE_CONTENT');
  if (
    permissions.includes('instagram_content_publish') &&
    permissions.includes('pages_read_engagement') &&
    canCreate
  ) {
    scopes.add('instagram_business_content_publish');
  }
  const view: AccessToken = {
    token: caller.token.token,
    accountId: account.id,
    kind: 'long',
    scopes: [...scopes],
    issuedAt: caller.token.issuedAt,
    expiresAt: caller.token.expiresAt ?? ctx.now() + 365 * DAY_MS,
  };
  return {
    account,
    token: view,
    facebook: { permissions, page, pageToken: caller.page !== undefined },
  };
}

/** Revokes every token of a Facebook user, Page tokens included; use then answers 190/`subcode`. */
export function revokeFacebookTokens(
  ctx: EmulatorContext,
  userId: string,
  subcode: 458 | 460 = 458,
): number {
  let revoked = 0;
  for (const token of ctx.store.facebookTokens.values()) {
    if (token.userId === userId && token.revokedSubcode === undefined) {
      token.revokedSubcode = subcode;
      revoked++;
    }
  }
  return revoked;
}

/** Seconds left on a token, or `undefined` for one that never expires. */
export function facebookSecondsLeft(
  ctx: EmulatorContext,
  token: FacebookToken,
): number | undefined {
  if (token.expiresAt === null) return undefined;
  return Math.max(0, Math.floor((token.expiresAt - ctx.now()) / 1000));
}
