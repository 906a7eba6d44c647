/**
 * A stored comment as the API and the `comment.received` event show it.
 */
import { isoTime } from '../clock';
import type { CommentRecord, CommentThread } from '../store/comments';

export type { CommentRecord, CommentThread };

/**
 * A comment without its thread (a reply, or the subject of an event).
 *
 * @example
 * ```ts
 * presentCommentReply(reply).parentId; // 'cmt_…'
 * ```
 */
export function presentCommentReply(comment: CommentRecord) {
  return {
    id: comment.id,
    platformCommentId: comment.platformCommentId,
    integrationId: comment.integrationId,
    postId: comment.postId,
    platformMediaId: comment.platformMediaId,
    parentId: comment.parentId,
    username: comment.username,
    text: comment.text,
    createdAt: isoTime(comment.createdAt),
    hidden: comment.hidden,
    deleted: comment.deletedAt !== null,
    status: comment.status,
    fromSelf: comment.fromSelf,
    assigneeId: comment.assigneeId,
    privateReplySentAt: isoTime(comment.privateReplyAt),
  };
}

/**
 * A thread: its top-level comment with its replies.
 *
 * @example
 * ```ts
 * presentCommentThread(thread).replies.length;
 * ```
 */
export function presentCommentThread(thread: CommentThread) {
  return { ...presentCommentReply(thread), replies: thread.replies.map(presentCommentReply) };
}
