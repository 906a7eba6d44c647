import type { EmulatorContext } from '../emulator-context';
import { GraphError, unsupportedMethod, unsupportedRequest } from '../graph-error';
import { parseFields } from '../http/fields';
import type { Params } from '../http/params';
import { jsonReply, type Reply } from '../http/reply';
import { authorize } from '../oauth/authorize';
import {
  appAccessToken,
  exchangeCode,
  exchangeForLongLived,
  refreshLongLived,
} from '../oauth/token-endpoints';
import { authenticate, type Caller } from '../oauth/tokens';
import { accountSubscribedApps } from '../webhooks/subscribed-apps';
import { commentRequest, listComments, postComment, updateMedia } from './comments';
import { foreignMediaNode } from './comment-node';
import { containerNode } from './container-node';
import { createContainer } from './create-container';
import { accountInsights, mediaInsights } from './insights';
import { childMediaNode, mediaNode } from './media-node';
import { replyToMention, taggedMedia } from './mentions';
import { renderEdge, renderNode, type RenderScope } from './node-type';
import { sendPrivateReply } from './private-reply';
import { publishMedia } from './publish-media';
import { requireScope } from './publishing-access';
import { publishingLimit } from './publishing-limit';
import { listUserMedia } from './user-media';
import { stories, userNode } from './user-node';

/** One platform request, version prefix already removed from `segments`. */
export interface GraphRequest {
  readonly method: string;
  readonly segments: readonly string[];
  readonly params: Params;
  readonly token: string | undefined;
  /**
   * The address the request came to, up to its version (`http://127.0.0.1:8090/v25.0`):
   * where `paging.next` links point, so a client can follow them to the emulator.
   */
  readonly base: string;
  /** Where this host's resumable uploads go, up to the container id (`…/rupload/ig-api-upload/v25.0`). */
  readonly uploadBase?: string | undefined;
}

/**
 * Routes a request for any of the three platform hosts, which the emulator serves from
 * one address: `www.instagram.com/oauth/authorize`, `api.instagram.com/oauth/access_token`
 * and `graph.instagram.com` (tokens, nodes and their edges).
 */
export async function routeGraph(ctx: EmulatorContext, request: GraphRequest): Promise<Reply> {
  const { method, segments, params, token } = request;
  const [first, second, ...rest] = segments;
  if (first === 'oauth') {
    if (second === 'authorize' && rest.length === 0) {
      if (method !== 'GET') throw unsupportedMethod(method);
      return authorize(ctx, stringParams(params));
    }
    if (second === 'access_token' && rest.length === 0) {
      if (method === 'GET' && params.raw.grant_type === 'client_credentials') {
        return appAccessToken(params, ctx);
      }
      return exchangeCode(ctx, method, params);
    }
    throw unknownPath(segments.slice(1));
  }
  if (first === 'access_token' && second === undefined)
    return exchangeForLongLived(ctx, method, params, token);
  if (first === 'refresh_access_token' && second === undefined)
    return refreshLongLived(ctx, method, params, token);
  if (first === undefined)
    throw new GraphError({ message: `Unsupported ${method.toLowerCase()} request.`, code: 100 });
  if (rest.length > 0) throw unknownPath(rest);

  const caller = authenticate(ctx, token);
  requireScope(caller, 'instagram_business_basic');
  return routeNode(ctx, request, caller);
}

/**
 * The nodes and edges of an authenticated caller's account: the account, its containers,
 * media, carousel items, comments and replies, mentions, private replies and webhook
 * subscription. Both hosts serve them with the same paths
 * (reference §0, §2); the Facebook host resolves its caller first (facebook/).
 */
export async function routeNode(
  ctx: EmulatorContext,
  request: GraphRequest,
  caller: Caller,
): Promise<Reply> {
  const { method, segments, params } = request;
  const [first, second, ...rest] = segments;
  if (first === undefined)
    throw new GraphError({ message: `Unsupported ${method.toLowerCase()} request.`, code: 100 });
  if (rest.length > 0) throw unknownPath(rest);
  const id = first === 'me' ? caller.account.id : first;
  const fields = () => parseFields(params.string('fields'));
  const unsupported = () => unsupportedRequest(method, id);
  const scope: RenderScope = { caller, base: request.base, token: request.token };

  const account = ctx.store.accounts.get(id);
  if (account) {
    // A token acts for its own account only; anything else "does not exist" to it.
    if (account.id !== caller.account.id) throw unsupported();
    if (caller.facebook && (second === 'messages' || second === 'subscribed_apps')) {
      // Reference §10.3, §10.5: with Facebook Login these live on the Page, not the IG node.
      throw new GraphError({
        message: '(#3) Application does not have the capability to make this API call.',
        code: 3,
      });
    }
    switch (`${method} ${second ?? ''}`) {
      case 'GET ':
        return jsonReply(renderNode(userNode, account, ctx, fields(), scope));
      case 'GET media':
        return listUserMedia(ctx, account, params, scope);
      case 'POST media':
        return createContainer(ctx, caller, params, request.uploadBase);
      case 'POST media_publish':
        return publishMedia(ctx, caller, params);
      case 'GET content_publishing_limit':
        return publishingLimit(ctx, caller, params);
      case 'GET stories':
        return jsonReply(renderEdge(mediaNode, stories(ctx, account), ctx, fields(), scope));
      case 'GET insights':
        return accountInsights(ctx, caller, account, params);
      case 'GET tags':
        return jsonReply(
          renderEdge(foreignMediaNode, taggedMedia(ctx, caller), ctx, fields(), scope),
        );
      case 'POST mentions':
        return replyToMention(ctx, caller, params);
      case 'POST messages':
        return sendPrivateReply(ctx, caller, params);
      case 'GET subscribed_apps':
      case 'POST subscribed_apps':
      case 'DELETE subscribed_apps':
        return accountSubscribedApps(ctx, caller, method, params);
    }
    throw second === undefined || KNOWN_USER_EDGES.has(second)
      ? unsupported()
      : unknownPath([second]);
  }

  const container = ctx.store.containers.get(id);
  if (container && container.accountId === caller.account.id) {
    if (second !== undefined) throw unknownPath([second]);
    if (method !== 'GET') throw unsupported();
    return jsonReply(renderNode(containerNode, container, ctx, fields()));
  }

  const media = ctx.store.media.get(id);
  if (media && media.accountId === caller.account.id) {
    switch (`${method} ${second ?? ''}`) {
      case 'GET ':
        return jsonReply(renderNode(mediaNode, media, ctx, fields(), scope));
      case 'POST ':
        return updateMedia(ctx, caller, media, params);
      case 'GET children':
        return jsonReply(
          renderEdge(
            childMediaNode,
            media.children.map((child) => ({ child, parent: media })),
            ctx,
            fields(),
            scope,
          ),
        );
      case 'GET comments':
        return listComments(ctx, scope, media, params);
      case 'POST comments':
        return postComment(ctx, caller, media, params);
      case 'GET insights':
        return mediaInsights(ctx, caller, media, params);
    }
    throw second === undefined || KNOWN_MEDIA_EDGES.has(second)
      ? unsupported()
      : unknownPath([second]);
  }

  const child = ctx.store.childMedia.get(id);
  const parent = child && ctx.store.media.get(child.parentId);
  const item = child && parent?.children[child.index];
  if (
    parent &&
    item &&
    parent.accountId === caller.account.id &&
    second === undefined &&
    method === 'GET'
  ) {
    return jsonReply(renderNode(childMediaNode, { child: item, parent }, ctx, fields(), scope));
  }

  // A comment on the account's media, or one it wrote on someone else's (a mention reply).
  const comment = ctx.store.comments.get(id);
  if (
    comment &&
    (comment.mediaOwnerId === caller.account.id || comment.authorAccountId === caller.account.id)
  ) {
    if (second !== undefined && second !== 'replies') throw unknownPath([second]);
    return commentRequest(ctx, scope, request, comment, second);
  }

  if (/^\d+$/.test(id)) throw unsupported();
  throw new GraphError({
    message: `(#803) Some of the aliases you requested do not exist: ${id}`,
    code: 803,
  });
}

const KNOWN_USER_EDGES = new Set([
  'media',
  'media_publish',
  'content_publishing_limit',
  'stories',
  'insights',
  'tags',
  'mentions',
  'messages',
  'subscribed_apps',
]);
const KNOWN_MEDIA_EDGES = new Set(['children', 'comments', 'insights']);

function unknownPath(parts: readonly string[]): GraphError {
  return new GraphError({ message: `Unknown path components: /${parts.join('/')}`, code: 2500 });
}

function stringParams(params: Params): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params.raw)) {
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}
