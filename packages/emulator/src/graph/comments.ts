/**
 * The comment endpoints of both hosts (reference §10.2, §10.3): listing a media's comments
 * and a comment's replies, commenting on one's own media, replying, hiding, deleting, and
 * turning a media's comments off.
 */
import type { EmulatorContext } from '../emulator-context';
import { GraphError, invalidParameter, unsupportedRequest } from '../graph-error';
import { parseFields } from '../http/fields';
import type { Params } from '../http/params';
import { jsonReply, type Reply } from '../http/reply';
import type { Caller } from '../oauth/tokens';
import type { Comment, Media } from '../state/types';
import { countCommentWrite, requireCommentAccess } from './comment-access';
import { addComment } from './new-comment';
import { commentFields, commentNode, commentsEdge, repliesEdge } from './comment-node';
import {
  checkCommentText,
  commentsDisabledError,
  commentTarget,
  deletedCommentError,
  hiddenCommentError,
  isOwnComment,
  markDeleted,
} from './comment-threads';
import { renderNode, type RenderScope } from './node-type';

function storyError(): GraphError {
  return invalidParameter('Comments are not supported on stories');
}

function windowOf(params: Params) {
  return {
    limit: params.string('limit'),
    after: params.string('after'),
    before: params.string('before'),
  };
}

/**
 * `GET /{ig-media-id}/comments`: top-level comments, newest first, 50 a page with
 * `paging.cursors` and `next` (reference §10.2). A story answers an empty list, or with
 * `storyComments: 'unsupported'` Graph's 100/33 [UNCERTAIN].
 */
export function listComments(
  ctx: EmulatorContext,
  scope: RenderScope,
  media: Media,
  params: Params,
): Reply {
  requireCommentAccess(scope.caller);
  if (media.productType === 'STORY') {
    if (ctx.config.storyComments === 'unsupported') throw unsupportedRequest('GET', media.id);
    return jsonReply({ data: [] });
  }
  const fields = parseFields(params.string('fields'));
  return jsonReply(commentsEdge(ctx, media.id, fields, windowOf(params), scope));
}

/**
 * `POST /{ig-media-id}/comments` with `message`: a comment by the media's owner, which is
 * how a "first comment" is posted; answers `{"id"}`. With `fields`, the comment is made
 * and then the call fails with 20/1772107, as on Instagram (reference §10.3), so a blind
 * retry posts it twice.
 */
export function postComment(
  ctx: EmulatorContext,
  caller: Caller,
  media: Media,
  params: Params,
): Reply {
  requireCommentAccess(caller);
  const message = params.require('message');
  checkCommentText(ctx, message);
  if (media.productType === 'STORY') throw storyError();
  if (media.commentsDisabled) throw commentsDisabledError();
  countCommentWrite(ctx, caller);
  const comment = addComment(ctx, {
    target: { kind: 'own', media },
    authorAccountId: caller.account.id,
    username: caller.account.username,
    text: message,
  });
  if (params.has('fields')) {
    throw new GraphError({
      message: '(#20) This endpoint does not support the requested response format',
      code: 20,
      subcode: 1772107,
    });
  }
  return jsonReply({ id: comment.id });
}

/**
 * `POST /{ig-media-id}?comment_enabled=true|false` (reference §10.3): turns a media's
 * comments on or off, with the permissions of reading them.
 */
export function updateMedia(
  ctx: EmulatorContext,
  caller: Caller,
  media: Media,
  params: Params,
): Reply {
  requireCommentAccess(caller);
  const enabled = params.boolean('comment_enabled');
  if (enabled === undefined) throw invalidParameter('The parameter comment_enabled is required');
  if (media.productType === 'STORY') throw storyError();
  media.commentsDisabled = !enabled;
  return jsonReply({ success: true });
}

/**
 * The requests on a comment: `GET /{ig-comment-id}` and `/replies`, and for the owner of
 * the media `POST /replies`, `POST ?hide=` and `DELETE`. A comment the account wrote on
 * someone else's media can be read, not moderated: only the media's owner may delete it
 * (reference §10.3). A deleted comment answers `deletedCommentError`.
 */
export function commentRequest(
  ctx: EmulatorContext,
  scope: RenderScope,
  request: { method: string; params: Params },
  comment: Comment,
  edge: string | undefined,
): Reply {
  const { method, params } = request;
  const { caller } = scope;
  requireCommentAccess(caller);
  if (comment.deletedAt !== undefined) throw deletedCommentError(ctx, method, comment.id);
  const ownsMedia = comment.mediaOwnerId === caller.account.id;
  const fields = () => parseFields(params.string('fields'));
  switch (`${method} ${edge ?? ''}`) {
    case 'GET ':
      return jsonReply(renderNode(commentNode, comment, ctx, commentFields(fields()), scope));
    case 'GET replies':
      return jsonReply(repliesEdge(ctx, comment, fields(), windowOf(params), scope));
    case 'POST replies':
      if (ownsMedia) return reply(ctx, caller, comment, params);
      break;
    case 'POST ':
      if (ownsMedia) return hide(ctx, caller, comment, params);
      break;
    case 'DELETE ':
      if (ownsMedia) {
        countCommentWrite(ctx, caller);
        markDeleted(ctx, comment);
        return jsonReply({ success: true });
      }
      break;
  }
  throw unsupportedRequest(method, comment.id);
}

/**
 * `POST /{ig-comment-id}/replies` with `message` (reference §10.3): a reply to a reply
 * joins the top-level comment; a hidden comment takes none.
 */
function reply(ctx: EmulatorContext, caller: Caller, comment: Comment, params: Params): Reply {
  const message = params.require('message');
  checkCommentText(ctx, message);
  const top = comment.parentId === undefined ? comment : ctx.store.comments.get(comment.parentId);
  if (!top || top.deletedAt !== undefined) throw deletedCommentError(ctx, 'POST', comment.id);
  if (comment.hidden || top.hidden) throw hiddenCommentError();
  const target = commentTarget(ctx, comment.mediaId);
  if (!target) throw unsupportedRequest('POST', comment.id);
  if (target.kind === 'own' && target.media.commentsDisabled) throw commentsDisabledError();
  countCommentWrite(ctx, caller);
  const created = addComment(ctx, {
    target,
    authorAccountId: caller.account.id,
    username: caller.account.username,
    text: message,
    parentId: top.id,
  });
  return jsonReply({ id: created.id });
}

/**
 * `POST /{ig-comment-id}?hide=true|false` (reference §10.3). The media owner's own
 * comments always stay visible: the call succeeds and they stay shown.
 */
function hide(ctx: EmulatorContext, caller: Caller, comment: Comment, params: Params): Reply {
  const hidden = params.boolean('hide');
  if (hidden === undefined) throw invalidParameter('The parameter hide is required');
  countCommentWrite(ctx, caller);
  if (!isOwnComment(comment)) comment.hidden = hidden;
  return jsonReply({ success: true });
}
