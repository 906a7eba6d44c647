import type { EmulatorContext } from '../emulator-context';
import {
  GraphError,
  invalidParameter,
  LegacyOAuthError,
  permissionError,
  unsupportedMethod,
} from '../graph-error';
import type { Params } from '../http/params';
import { jsonReply, rawJsonReply, type Reply } from '../http/reply';
import { REQUIRED_SCOPE } from './scopes';
import {
  authenticate,
  CODE_TTL_MS,
  issueToken,
  LONG_LIVED_TOKEN_SECONDS,
  REFRESH_MIN_AGE_MS,
  secondsLeft,
} from './tokens';

/**
 * `POST /oauth/access_token` on `api.instagram.com`: trades an authorization code for a
 * short-lived token (reference §1a step 2). Errors use the legacy
 * `{error_type,code,error_message}` shape of that host.
 *
 * The answer is `{"data":[{access_token,user_id,permissions}]}`, or flat when configured;
 * `user_id` is a JSON string, or a bare number beyond JS precision when configured, so
 * clients can be tried against what the platform has been seen to send.
 */
export function exchangeCode(ctx: EmulatorContext, method: string, params: Params): Reply {
  if (method !== 'POST')
    throw new LegacyOAuthError(`Unsupported request - method type: ${method.toLowerCase()}`);
  const field = (name: string): string => {
    const value = params.raw[name];
    if (typeof value !== 'string' || value === '') {
      throw new LegacyOAuthError(`Missing required field ${name}`);
    }
    return value;
  };
  if (field('client_id') !== ctx.config.appId) throw new LegacyOAuthError('Invalid platform app');
  if (field('client_secret') !== ctx.config.appSecret)
    throw new LegacyOAuthError('Invalid client secret');
  if (field('grant_type') !== 'authorization_code')
    throw new LegacyOAuthError('Invalid grant_type');
  const redirectUri = field('redirect_uri');
  const grant = ctx.store.codes.get(field('code'));
  if (!grant || grant.used || ctx.now() >= grant.createdAt + CODE_TTL_MS) {
    throw new LegacyOAuthError('Matching code was not found or was already used');
  }
  if (grant.redirectUri !== redirectUri) {
    throw new LegacyOAuthError(
      'Error validating verification code. Please make sure your redirect_uri is identical to ' +
        'the one you used in the OAuth dialog request',
    );
  }
  grant.used = true;
  const token = issueToken(ctx, grant.accountId, 'short', grant.scopes);
  // Written by hand: a bare 17-digit user_id cannot go through JSON.stringify intact.
  const userId = ctx.config.userIdAsNumber ? grant.accountId : JSON.stringify(grant.accountId);
  const entry =
    `{"access_token":${JSON.stringify(token.token)},"user_id":${userId},` +
    `"permissions":${JSON.stringify(grant.scopes.join(','))}}`;
  return rawJsonReply(ctx.config.tokenExchangeShape === 'data' ? `{"data":[${entry}]}` : entry);
}

/**
 * `GET /access_token?grant_type=ig_exchange_token&client_secret&access_token`: a valid
 * short-lived token becomes a 60-day one (reference §1a "Long-lived exchange").
 */
export function exchangeForLongLived(
  ctx: EmulatorContext,
  method: string,
  params: Params,
  tokenText: string | undefined,
): Reply {
  requireGet(method);
  if (params.require('grant_type') !== 'ig_exchange_token') {
    throw invalidParameter('Unsupported grant_type; use ig_exchange_token');
  }
  checkClientSecret(ctx, params.require('client_secret'));
  const { token } = authenticate(ctx, tokenText);
  if (token.kind !== 'short') {
    throw invalidParameter('The access token is not a short-lived Instagram User access token');
  }
  const long = issueToken(ctx, token.accountId, 'long', token.scopes);
  return jsonReply({
    access_token: long.token,
    token_type: 'bearer',
    expires_in: secondsLeft(ctx, long),
  });
}

/**
 * `GET /refresh_access_token?grant_type=ig_refresh_token&access_token`: a long-lived token
 * at least 24 h old and not expired gets another 60 days (reference §1a "Refresh"). The
 * token string stays the same, as on the platform; only its expiry moves.
 */
export function refreshLongLived(
  ctx: EmulatorContext,
  method: string,
  params: Params,
  tokenText: string | undefined,
): Reply {
  requireGet(method);
  if (params.require('grant_type') !== 'ig_refresh_token') {
    throw invalidParameter('Unsupported grant_type; use ig_refresh_token');
  }
  const { token } = authenticate(ctx, tokenText);
  if (token.kind !== 'long') {
    throw invalidParameter('Only long-lived Instagram User access tokens can be refreshed');
  }
  if (!token.scopes.includes(REQUIRED_SCOPE))
    throw permissionError(`${REQUIRED_SCOPE} permission required`);
  const now = ctx.now();
  if (now - token.issuedAt < REFRESH_MIN_AGE_MS) {
    throw invalidParameter('The access token must be at least 24 hours old to be refreshed');
  }
  token.issuedAt = now;
  token.expiresAt = now + LONG_LIVED_TOKEN_SECONDS * 1000;
  return jsonReply({
    access_token: token.token,
    token_type: 'bearer',
    expires_in: secondsLeft(ctx, token),
  });
}

function requireGet(method: string): void {
  if (method !== 'GET') throw unsupportedMethod(method);
}

/**
 * `GET /oauth/access_token?client_id&client_secret&grant_type=client_credentials`: an app
 * access token (`{app id}|{app secret}` on the platform), the cheapest way a server can
 * learn whether its app id and secret are accepted.
 */
export function appAccessToken(params: Params, ctx: EmulatorContext): Reply {
  if (params.require('client_id') !== ctx.config.appId) {
    throw invalidParameter('Error validating application. Invalid application ID.');
  }
  checkClientSecret(ctx, params.require('client_secret'));
  return jsonReply({ access_token: `${ctx.config.appId}|app`, token_type: 'bearer' });
}

function checkClientSecret(ctx: EmulatorContext, secret: string): void {
  // Graph answers a wrong app secret with code 1, which clients must not take for a
  // transient failure: the flag says so.
  if (secret !== ctx.config.appSecret) {
    throw new GraphError({
      message: 'Error validating client secret.',
      code: 1,
      isTransient: false,
    });
  }
}
