/**
 * Comments as the emulator keeps them (reference §10.2, §10.3): top-level comments and
 * one level of replies on a media, who wrote each, whether it is hidden or deleted, and
 * the private reply it got.
 */
import type { EmulatorContext } from '../emulator-context';
import { GraphError, invalidParameter, unsupportedRequest } from '../graph-error';
import type { Comment, Commenter, ForeignMedia, Media, MediaProductType } from '../state/types';

/** What a comment sits on: an account's published media, or the post of someone outside. */
export type CommentTarget =
  | { readonly kind: 'own'; readonly media: Media }
  | { readonly kind: 'foreign'; readonly media: ForeignMedia };

/** The media a comment can sit on, by id; carousel items and containers take none. */
export function commentTarget(ctx: EmulatorContext, mediaId: string): CommentTarget | undefined {
  const media = ctx.store.media.get(mediaId);
  if (media) return { kind: 'own', media };
  const foreign = ctx.store.foreignMedia.get(mediaId);
  return foreign ? { kind: 'foreign', media: foreign } : undefined;
}

/** `media_product_type` of what a comment sits on; posts of people outside are feed posts. */
export function targetProductType(target: CommentTarget): MediaProductType {
  return target.kind === 'own' ? target.media.productType : 'FEED';
}

/** The account that owns a comment target, if one of the emulator's does. */
export function targetOwnerId(target: CommentTarget): string | undefined {
  return target.kind === 'own' ? target.media.accountId : undefined;
}

/**
 * The person behind a username as apps see them: one Instagram-scoped id (IGSID) per
 * username, made on first sight. An emulator account has one too, apart from its account
 * id: it is the `self_ig_scoped_id` of its own comments (reference §10.5).
 */
export function commenterFor(ctx: EmulatorContext, username: string): Commenter {
  const key = username.toLowerCase();
  let commenter = ctx.store.commenters.get(key);
  if (!commenter) {
    commenter = { id: ctx.ids.id('commenter'), username };
    ctx.store.commenters.set(key, commenter);
  }
  return commenter;
}

/**
 * True when `viewer` (by default the media's owner) wrote the comment: the app's own
 * comment, whose `from.id` is the account id and which webhooks mark with
 * `self_ig_scoped_id`.
 */
export function isOwnComment(comment: Comment, viewer = comment.mediaOwnerId): boolean {
  return comment.authorAccountId !== undefined && comment.authorAccountId === viewer;
}

/** Who wrote a comment as `viewer` sees it: itself by account id, anyone else by IGSID. */
export function authorAsSeenBy(comment: Comment, viewer = comment.mediaOwnerId): Commenter {
  return isOwnComment(comment, viewer)
    ? { id: comment.authorAccountId as string, username: comment.from.username }
    : comment.from;
}

/** Every top-level comment of a media, deleted ones included, newest first (reference §10.2). */
export function topLevelComments(ctx: EmulatorContext, mediaId: string): Comment[] {
  const list: Comment[] = [];
  for (const comment of ctx.store.comments.group(mediaId)) {
    if (comment.parentId === undefined) list.push(comment);
  }
  return list.reverse();
}

/** Every reply of a comment, deleted ones included, oldest first: the thread's order. */
export function repliesOf(ctx: EmulatorContext, commentId: string): Comment[] {
  const parent = ctx.store.comments.get(commentId);
  if (parent === undefined) return [];
  return ctx.store.comments.group(parent.mediaId).filter((c) => c.parentId === commentId);
}

/** Every comment of a media, replies included, oldest first; for the control API. */
export function allComments(ctx: EmulatorContext, mediaId: string): Comment[] {
  return [...ctx.store.comments.group(mediaId)];
}

/** `comments_count`: comments and their replies, not deleted ones (reference §10.2). */
export function commentsCount(ctx: EmulatorContext, mediaId: string): number {
  let count = 0;
  for (const comment of ctx.store.comments.group(mediaId)) {
    if (comment.deletedAt === undefined) count++;
  }
  return count;
}

/**
 * Whether a comment appears on the `/comments` and `/replies` edges: never once deleted;
 * hidden ones per `hiddenComments` (whether the edge lists them is not documented,
 * reference §10.2 [UNCERTAIN]).
 */
export function shownOnEdge(ctx: EmulatorContext, comment: Comment): boolean {
  if (comment.deletedAt !== undefined) return false;
  return !comment.hidden || ctx.config.hiddenComments === 'include';
}

/** Marks a comment deleted, with its replies: gone from every edge and count. */
export function markDeleted(ctx: EmulatorContext, comment: Comment): void {
  const at = ctx.now();
  comment.deletedAt = at;
  for (const reply of repliesOf(ctx, comment.id)) reply.deletedAt ??= at;
}

/**
 * The answer about a deleted comment: Graph's usual answer for an object that no longer
 * exists, 100/33, or with `deletedCommentError: 'no-subcode'` the same without the subcode
 * (reference §10.3 "Error codes" [UNCERTAIN]).
 */
export function deletedCommentError(ctx: EmulatorContext, method: string, id: string): GraphError {
  const error = unsupportedRequest(method, id);
  if (ctx.config.deletedCommentError === 'subcode-33') return error;
  return new GraphError({ message: error.message, code: error.code, type: error.type });
}

/** A reply to a hidden comment: "You cannot reply to hidden comments" (reference §10.3). */
export function hiddenCommentError(): GraphError {
  return invalidParameter('You cannot reply to a hidden comment');
}

/** A comment on a media whose comments are turned off (`comment_enabled=false`). */
export function commentsDisabledError(): GraphError {
  return invalidParameter('Comments are disabled for this media');
}

/** Checks the text of a comment or reply against `commentMaxChars` (0: any length). */
export function checkCommentText(ctx: EmulatorContext, text: string): void {
  const max = ctx.config.commentMaxChars;
  if (max > 0 && [...text].length > max) {
    throw invalidParameter(`The parameter message must be at most ${max} characters`);
  }
}

// Instagram usernames: letters, digits, periods and underscores.
const MENTION = /@([A-Za-z0-9._]{1,30})/g;

/** The accounts a text @mentions, by username (a trailing period ends the sentence). */
export function mentionedAccountIds(ctx: EmulatorContext, text: string): string[] {
  const ids: string[] = [];
  for (const [, name] of text.matchAll(MENTION)) {
    const account =
      ctx.store.accountByUsername(name as string) ??
      ctx.store.accountByUsername((name as string).replace(/\.+$/, ''));
    if (account && !ids.includes(account.id)) ids.push(account.id);
  }
  return ids;
}
