/**
 * Mentions and tags (reference §10.4): reading the comment or media an @mention is in
 * (`mentioned_comment`, `mentioned_media` on the IG User), answering it
 * (`POST /{ig-user-id}/mentions`), and the media the account is tagged on
 * (`GET /{ig-user-id}/tags`). There is no list of mentions: their ids come by webhook.
 */
import type { EmulatorContext } from '../emulator-context';
import { invalidParameter, unsupportedRequest } from '../graph-error';
import type { Params } from '../http/params';
import { jsonReply, type Reply } from '../http/reply';
import type { Caller } from '../oauth/tokens';
import type { Account, ForeignMedia } from '../state/types';
import { countCommentWrite, requireCommentAccess } from './comment-access';
import { addComment } from './new-comment';
import { commentFields, commentNode, foreignMediaNode } from './comment-node';
import {
  checkCommentText,
  commentsDisabledError,
  commentTarget,
  deletedCommentError,
  hiddenCommentError,
  mentionedAccountIds,
  type CommentTarget,
} from './comment-threads';
import { mediaNode } from './media-node';
import { nonexistingField, renderNode, type FieldReader } from './node-type';

function mentions(ctx: EmulatorContext, text: string | undefined, account: Account): boolean {
  return text !== undefined && mentionedAccountIds(ctx, text).includes(account.id);
}

function captionOf(target: CommentTarget): string | undefined {
  return target.media.caption;
}

/**
 * `mentioned_comment.comment_id(<id>){fields}` and `mentioned_media.media_id(<id>){fields}`
 * for a node type. Meta documents them for Facebook Login only; with an Instagram Login
 * token they exist only with `mentionFieldsOnInstagramLogin` [UNCERTAIN].
 */
export function mentionFields(typeName: string): Record<string, FieldReader<Account>> {
  const gate = (ctx: EmulatorContext, caller: Caller | undefined, name: string) => {
    if (caller && !caller.facebook && !ctx.config.mentionFieldsOnInstagramLogin) {
      throw nonexistingField(typeName, name);
    }
    if (caller) requireCommentAccess(caller);
  };
  return {
    mentioned_comment: (account, ctx, sub, { args, scope }) => {
      gate(ctx, scope?.caller, 'mentioned_comment');
      const id = args.comment_id;
      if (id === undefined || id === '') {
        throw invalidParameter('mentioned_comment requires comment_id');
      }
      const comment = ctx.store.comments.get(id);
      if (!comment || !mentions(ctx, comment.text, account)) throw unsupportedRequest('GET', id);
      if (comment.deletedAt !== undefined) throw deletedCommentError(ctx, 'GET', id);
      const target = commentTarget(ctx, comment.mediaId);
      // Reference §10.4: "returns an error if comments are disabled on that media".
      if (target?.kind === 'own' && target.media.commentsDisabled) throw commentsDisabledError();
      return renderNode(commentNode, comment, ctx, sub.length > 0 ? sub : commentFields([]), scope);
    },
    mentioned_media: (account, ctx, sub, { args, scope }) => {
      gate(ctx, scope?.caller, 'mentioned_media');
      const id = args.media_id;
      if (id === undefined || id === '')
        throw invalidParameter('mentioned_media requires media_id');
      const target = commentTarget(ctx, id);
      if (!target || !mentions(ctx, captionOf(target), account))
        throw unsupportedRequest('GET', id);
      const wanted = sub.length > 0 ? sub : [{ name: 'id', fields: [] }];
      return target.kind === 'foreign'
        ? renderNode(foreignMediaNode, target.media, ctx, wanted, scope)
        : renderNode(mediaNode, target.media, ctx, wanted, scope);
    },
  };
}

/**
 * `POST /{ig-user-id}/mentions` with `media_id`, `message` and, for a comment mention,
 * `comment_id` (reference §10.4): the answer is a reply in the thread of the comment that
 * mentions the account, or a comment on the media whose caption does.
 */
export function replyToMention(ctx: EmulatorContext, caller: Caller, params: Params): Reply {
  requireCommentAccess(caller);
  const mediaId = params.require('media_id');
  const message = params.require('message');
  checkCommentText(ctx, message);
  const commentId = params.string('comment_id');
  const target = commentTarget(ctx, mediaId);
  if (!target) throw invalidParameter('The parameter media_id is not a media that mentions you');
  let parentId: string | undefined;
  if (commentId !== undefined) {
    const comment = ctx.store.comments.get(commentId);
    if (!comment || comment.mediaId !== mediaId || !mentions(ctx, comment.text, caller.account)) {
      throw invalidParameter('The parameter comment_id is not a comment that mentions you');
    }
    if (comment.deletedAt !== undefined) throw deletedCommentError(ctx, 'POST', commentId);
    const top = comment.parentId === undefined ? comment : ctx.store.comments.get(comment.parentId);
    if (comment.hidden || top?.hidden) throw hiddenCommentError();
    parentId = comment.id;
  } else if (!mentions(ctx, captionOf(target), caller.account)) {
    throw invalidParameter('The parameter media_id is not a media that mentions you');
  }
  if (target.kind === 'own' && target.media.commentsDisabled) throw commentsDisabledError();
  countCommentWrite(ctx, caller);
  const created = addComment(ctx, {
    target,
    authorAccountId: caller.account.id,
    username: caller.account.username,
    text: message,
    parentId,
  });
  return jsonReply({ id: created.id });
}

/** `GET /{ig-user-id}/tags`: media of others the account is tagged on, newest first. */
export function taggedMedia(ctx: EmulatorContext, caller: Caller): ForeignMedia[] {
  requireCommentAccess(caller);
  const list: ForeignMedia[] = [];
  for (const media of ctx.store.foreignMedia.values()) {
    if (media.taggedAccountIds.includes(caller.account.id)) list.push(media);
  }
  return list.reverse();
}
