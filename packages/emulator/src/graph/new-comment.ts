/**
 * Making a comment: stored at the emulator's time, then announced to the webhooks.
 */
import type { EmulatorContext } from '../emulator-context';
import type { Comment } from '../state/types';
import { notifyNewComment } from '../webhooks/comment-events';
import { commenterFor, targetOwnerId, type CommentTarget } from './comment-threads';

/** What a new comment needs; `parentId` names the comment it answers. */
export interface NewComment {
  readonly target: CommentTarget;
  readonly authorAccountId?: string | undefined;
  readonly username: string;
  readonly text: string;
  readonly parentId?: string | undefined;
  readonly likeCount?: number | undefined;
}

/**
 * Stores a comment at the emulator's time and tells the webhooks. A reply to a reply joins
 * the top-level comment's thread: threads are one level deep (reference §10.3).
 */
export function addComment(ctx: EmulatorContext, input: NewComment): Comment {
  const parent = input.parentId === undefined ? undefined : ctx.store.comments.get(input.parentId);
  const comment: Comment = {
    id: ctx.ids.id('comment'),
    mediaId: input.target.media.id,
    mediaOwnerId: targetOwnerId(input.target),
    authorAccountId: input.authorAccountId,
    from: commenterFor(ctx, input.username),
    text: input.text,
    createdAt: ctx.now(),
    parentId: parent === undefined ? undefined : (parent.parentId ?? parent.id),
    likeCount: input.likeCount ?? 0,
    hidden: false,
  };
  ctx.store.comments.set(comment.id, comment);
  notifyNewComment(ctx, comment);
  return comment;
}
