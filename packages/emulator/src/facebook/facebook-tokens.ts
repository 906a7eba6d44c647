import type { EmulatorContext } from '../emulator-context';
import { GraphError, invalidParameter, unsupportedMethod } from '../graph-error';
import type { Params } from '../http/params';
import { jsonReply, type Reply } from '../http/reply';
import {
  FACEBOOK_CODE_TTL_MS,
  facebookSecondsLeft,
  issueFacebookToken,
  type FacebookCaller,
} from './facebook-auth';
import type { FacebookToken } from './facebook-types';

function checkApp(ctx: EmulatorContext, params: Params): void {
  if (params.require('client_id') !== ctx.config.facebookAppId) {
    throw new GraphError({
      message: 'Error validating application. Invalid application ID.',
      code: 101,
    });
  }
  // A wrong secret is code 1 on Graph, not a transient failure: the flag says so.
  if (params.require('client_secret') !== ctx.config.facebookAppSecret) {
    throw new GraphError({ message: 'Error validating client secret.', code: 1 });
  }
}

function tokenAnswer(ctx: EmulatorContext, token: FacebookToken): Reply {
  const seconds = facebookSecondsLeft(ctx, token);
  return jsonReply({
    access_token: token.token,
    token_type: 'bearer',
    ...(seconds === undefined ? {} : { expires_in: seconds }),
  });
}

/**
 * `GET /facebook/{version}/oauth/access_token`: with `code`, the dialog's code becomes a
 * short-lived user token (reference §1b "Code exchange"); with
 * `grant_type=fb_exchange_token`, a valid short-lived token becomes a 60-day one
 * ("Long-lived user token"). A code is good once, for ten minutes, with the same
 * `redirect_uri` as the dialog.
 */
export function facebookAccessToken(ctx: EmulatorContext, method: string, params: Params): Reply {
  if (method !== 'GET') throw unsupportedMethod(method);
  checkApp(ctx, params);
  if (params.string('grant_type') === 'fb_exchange_token') {
    const short = ctx.store.facebookTokens.get(params.require('fb_exchange_token'));
    if (!short || short.kind === 'page' || short.revokedSubcode !== undefined) {
      throw new GraphError({
        message: 'Invalid OAuth access token - Cannot parse access token',
        code: 190,
      });
    }
    if (short.expiresAt !== null && ctx.now() >= short.expiresAt) {
      throw new GraphError({
        message: 'Error validating access token: Session has expired.',
        code: 190,
        subcode: 463,
      });
    }
    return tokenAnswer(
      ctx,
      issueFacebookToken(ctx, {
        kind: 'user-long',
        userId: short.userId,
        permissions: short.permissions,
        pageIds: short.pageIds,
      }),
    );
  }
  if (params.has('grant_type')) throw invalidParameter('Unsupported grant_type');
  const grant = ctx.store.facebookCodes.get(params.require('code'));
  if (!grant || grant.used) {
    throw new GraphError({
      message: 'This authorization code has been used.',
      code: 100,
      subcode: 36009,
    });
  }
  if (ctx.now() >= grant.createdAt + FACEBOOK_CODE_TTL_MS) {
    throw new GraphError({
      message: 'This authorization code has expired.',
      code: 100,
      subcode: 36007,
    });
  }
  if (params.require('redirect_uri') !== grant.redirectUri) {
    throw new GraphError({
      message:
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      code: 100,
      subcode: 36008,
    });
  }
  grant.used = true;
  return tokenAnswer(
    ctx,
    issueFacebookToken(ctx, {
      kind: 'user-short',
      userId: grant.userId,
      permissions: grant.permissions,
      pageIds: grant.pageIds,
    }),
  );
}

/**
 * `GET /facebook/{version}/debug_token?input_token&access_token=APPID|APPSECRET`
 * (reference §6 "debug_token"): what a token is, whether it is valid, its permissions and
 * expiry, 0 meaning never. An invalid input token answers `is_valid: false` with the
 * reason, not an error.
 */
export function debugToken(
  ctx: EmulatorContext,
  params: Params,
  accessToken: string | undefined,
): Reply {
  if (accessToken !== `${ctx.config.facebookAppId}|${ctx.config.facebookAppSecret}`) {
    throw new GraphError({
      message:
        '(#100) You must provide an app access token, or a user access token that is an owner or developer of the app',
      code: 100,
    });
  }
  const input = ctx.store.facebookTokens.get(params.require('input_token'));
  if (!input) {
    return jsonReply({
      data: {
        is_valid: false,
        error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' },
        scopes: [],
      },
    });
  }
  const expired = input.expiresAt !== null && ctx.now() >= input.expiresAt;
  const valid = !expired && input.revokedSubcode === undefined;
  const page = input.pageId === undefined ? undefined : ctx.store.pages.get(input.pageId);
  return jsonReply({
    data: {
      app_id: ctx.config.facebookAppId,
      type: input.kind === 'page' ? 'PAGE' : 'USER',
      application: 'Reelay (emulator)',
      is_valid: valid,
      issued_at: Math.floor(input.issuedAt / 1000),
      expires_at: input.expiresAt === null ? 0 : Math.floor(input.expiresAt / 1000),
      data_access_expires_at: Math.floor(input.issuedAt / 1000) + 90 * 24 * 60 * 60,
      user_id: input.userId,
      ...(page ? { profile_id: page.id } : {}),
      scopes: input.permissions,
      granular_scopes: input.permissions.map((scope) => ({
        scope,
        ...(scope.startsWith('pages_') || scope.startsWith('instagram_')
          ? { target_ids: targetIds(ctx, input, scope) }
          : {}),
      })),
      ...(valid
        ? {}
        : {
            error: {
              code: 190,
              subcode: input.revokedSubcode ?? 463,
              message: expired
                ? 'Session has expired.'
                : 'The user has not authorized application.',
            },
          }),
    },
  });
}

/** The Pages (or their Instagram accounts) a permission applies to. */
function targetIds(ctx: EmulatorContext, token: FacebookToken, scope: string): string[] {
  const pages = token.pageId === undefined ? token.pageIds : [token.pageId];
  if (scope.startsWith('pages_')) return [...pages];
  return pages
    .map((id) => ctx.store.pages.get(id)?.instagramAccountId)
    .filter((id): id is string => typeof id === 'string');
}

/** The Page tokens `/me/accounts` hands out: forever with a long-lived user token. */
export function pageTokenFor(ctx: EmulatorContext, caller: FacebookCaller, pageId: string): string {
  const forever = caller.token.kind === 'user-long';
  return issueFacebookToken(ctx, {
    kind: 'page',
    userId: caller.user.id,
    pageId,
    permissions: caller.token.permissions,
    pageIds: [pageId],
    expiresAt: forever ? null : caller.token.expiresAt,
  }).token;
}
