import type { EmulatorContext } from '../emulator-context';
import {
  GraphError,
  pageTokenRequired,
  permissionError,
  unsupportedMethod,
  unsupportedRequest,
} from '../graph-error';
import { routeNode, type GraphRequest } from '../graph/graph-router';
import { ownerOf } from '../graph/node-owner';
import { renderEdge, renderNode } from '../graph/node-type';
import { sendPrivateReply } from '../graph/private-reply';
import { requireScope } from '../graph/publishing-access';
import { pageSubscribedApps } from '../webhooks/subscribed-apps';
import { parseFields } from '../http/fields';
import { jsonReply, type Reply } from '../http/reply';
import { facebookDialog } from './dialog';
import {
  authenticateFacebook,
  instagramCaller,
  reachableAccounts,
  type FacebookCaller,
} from './facebook-auth';
import { facebookInstagramUserNode, facebookUserNode, pageNode } from './facebook-nodes';
import { debugToken, facebookAccessToken, pageTokenFor } from './facebook-tokens';
import type { FacebookPage } from './facebook-types';

/**
 * The first path segment of every Facebook-host request. The emulator serves
 * `www.facebook.com` and `graph.facebook.com` under it, beside the Instagram hosts at the
 * root, so one address serves both login modes: point the Facebook URLs at
 * `{emulator}/facebook`.
 *
 * @example
 * ```ts
 * loadConfig({ FACEBOOK_DIALOG_URL: `${emulator.url}/${FACEBOOK_PREFIX}`, FACEBOOK_GRAPH_URL: `${emulator.url}/${FACEBOOK_PREFIX}` });
 * ```
 */
export const FACEBOOK_PREFIX = 'facebook';

const PAGE_LIMIT_DEFAULT = 25;
const PAGE_LIMIT_MAX = 100;

/**
 * Routes a request for the Facebook hosts (prefix and version already removed from
 * `segments`): the Login dialog, the token exchanges, `debug_token`, the person and their
 * Pages, and the Instagram accounts linked to those Pages, whose containers, media and
 * publishing are the same nodes as on the Instagram host (reference §0, §1b).
 */
export async function routeFacebook(ctx: EmulatorContext, request: GraphRequest): Promise<Reply> {
  const { method, segments, params, token } = request;
  const [first, second, ...rest] = segments;
  if (first === 'dialog' && second === 'oauth' && rest.length === 0) {
    if (method !== 'GET') throw unsupportedMethod(method);
    return facebookDialog(ctx, params);
  }
  if (first === 'oauth' && second === 'access_token' && rest.length === 0) {
    return facebookAccessToken(ctx, method, params);
  }
  if (first === 'debug_token' && second === undefined) {
    if (method !== 'GET') throw unsupportedMethod(method);
    return debugToken(ctx, params, token);
  }
  if (first === undefined)
    throw new GraphError({ message: `Unsupported ${method.toLowerCase()} request.`, code: 100 });
  if (rest.length > 0) throw unknownPath(rest);

  const caller = authenticateFacebook(ctx, token);
  const fields = () => parseFields(params.string('fields'));
  // With a Page token, `me` is the Page, whose edges are below.
  const pageEdge = second === 'subscribed_apps' || second === 'messages';
  if (first === 'me' && !(caller.page && pageEdge)) {
    return routeMe(ctx, caller, method, second, request);
  }

  const page = first === 'me' ? caller.page : ctx.store.pages.get(first);
  if (page) {
    const allowed = caller.page
      ? caller.page.id === page.id
      : caller.token.pageIds.includes(page.id);
    if (!allowed) throw unsupportedRequest(method, page.id);
    if (second === 'subscribed_apps') {
      return pageSubscribedApps(ctx, caller, page, method, params);
    }
    if (second === 'messages' && method === 'POST')
      return pagePrivateReply(ctx, caller, page, request);
    if (second !== undefined || method !== 'GET') throw unsupportedRequest(method, page.id);
    return jsonReply(renderNode(pageNode(), page, ctx, fields()));
  }

  // An Instagram node: the account that owns it must be linked to a Page of this token.
  const owner = ownerOf(ctx, first);
  const account = owner === undefined ? undefined : ctx.store.accounts.get(owner);
  if (!account || !reachableAccounts(ctx, caller).has(account.id)) {
    if (/^\d+$/.test(first)) throw unsupportedRequest(method, first);
    throw new GraphError({
      message: `(#803) Some of the aliases you requested do not exist: ${first}`,
      code: 803,
    });
  }
  const igCaller = instagramCaller(ctx, caller, account);
  try {
    requireScope(igCaller, 'instagram_business_basic');
    if (first === account.id && second === undefined) {
      if (method !== 'GET') throw unsupportedRequest(method, first);
      const scope = { caller: igCaller, base: request.base, token: request.token };
      return jsonReply(renderNode(facebookInstagramUserNode, account, ctx, fields(), scope));
    }
    return await routeNode(ctx, request, igCaller);
  } catch (error) {
    throw facebookPermissionNames(error);
  }
}

function routeMe(
  ctx: EmulatorContext,
  caller: FacebookCaller,
  method: string,
  edge: string | undefined,
  request: GraphRequest,
): Reply {
  const fields = parseFields(request.params.string('fields'));
  if (method !== 'GET') throw unsupportedRequest(method, 'me');
  if (caller.page) {
    // With a Page token, `me` is the Page.
    if (edge === undefined) return jsonReply(renderNode(pageNode(), caller.page, ctx, fields));
    throw unsupportedRequest(method, caller.page.id);
  }
  if (edge === undefined) return jsonReply(renderNode(facebookUserNode, caller.user, ctx, fields));
  if (edge !== 'accounts') throw unknownPath([edge]);
  if (!caller.token.permissions.includes('pages_show_list')) {
    throw permissionError('Requires pages_show_list permission to manage the object');
  }
  const pages = caller.token.pageIds
    .map((id) => ctx.store.pages.get(id))
    .filter((page): page is FacebookPage => page !== undefined && page.userId === caller.user.id);
  const limit = Math.min(
    Math.max(request.params.integer('limit') ?? PAGE_LIMIT_DEFAULT, 1),
    PAGE_LIMIT_MAX,
  );
  const after = request.params.string('after');
  const start = after === undefined ? 0 : cursorIndex(after) + 1;
  const slice = pages.slice(start, start + limit);
  const edgeView = renderEdge(
    pageNode((page) => pageTokenFor(ctx, caller, page.id)),
    slice,
    ctx,
    fields,
  );
  const last = start + slice.length - 1;
  const more = last + 1 < pages.length;
  return jsonReply({
    ...edgeView,
    ...(slice.length === 0
      ? {}
      : {
          paging: {
            cursors: { before: cursorOf(start), after: cursorOf(last) },
            ...(more
              ? {
                  next: `https://graph.facebook.com/me/accounts?limit=${limit}&after=${cursorOf(last)}`,
                }
              : {}),
          },
        }),
  });
}

function cursorOf(index: number): string {
  return Buffer.from(`page:${index}`).toString('base64url');
}

function cursorIndex(cursor: string): number {
  const match = /^page:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new GraphError({ message: '(#100) Invalid cursor', code: 100 });
  return Number(match[1]);
}

/**
 * `POST /{page-id}/messages` with a Page token: a private reply to a comment on the linked
 * account's media (reference §10.3: with Facebook Login the send goes to the Page).
 */
function pagePrivateReply(
  ctx: EmulatorContext,
  caller: FacebookCaller,
  page: FacebookPage,
  request: GraphRequest,
): Reply {
  if (!caller.page) throw pageTokenRequired();
  const account =
    page.instagramAccountId === null ? undefined : ctx.store.accounts.get(page.instagramAccountId);
  if (!account) {
    throw new GraphError({ message: '(#100) No matching user found', code: 100, subcode: 2018001 });
  }
  try {
    return sendPrivateReply(ctx, instagramCaller(ctx, caller, account), request.params);
  } catch (error) {
    throw facebookPermissionNames(error);
  }
}

/** Permission errors of the shared nodes name Instagram Login scopes; here, Facebook's. */
function facebookPermissionNames(error: unknown): unknown {
  if (!(error instanceof GraphError) || error.code !== 10) return error;
  return new GraphError({
    message: error.message.replaceAll('instagram_business_', 'instagram_'),
    code: error.code,
    subcode: error.subcode,
    type: error.type,
    status: error.status,
    headers: error.headers,
  });
}

function unknownPath(parts: readonly string[]): GraphError {
  return new GraphError({ message: `Unknown path components: /${parts.join('/')}`, code: 2500 });
}
