import type { EmulatorContext } from '../emulator-context';
import { invalidParameter } from '../graph-error';
import type { FieldRequest } from '../http/fields';
import type { Comment, Commenter, ForeignMedia } from '../state/types';
import { requireCommentAccess } from './comment-access';
import {
  authorAsSeenBy,
  commentTarget,
  commentsCount,
  isOwnComment,
  repliesOf,
  shownOnEdge,
  targetProductType,
  topLevelComments,
  type CommentTarget,
} from './comment-threads';
import { renderNode, type NodeType, type RenderScope } from './node-type';
import { paginate, pagingOf } from './paging';
import { graphTimestamp } from './timestamp';

const field = (name: string): FieldRequest => ({ name, fields: [] });

/** What a comment answers without `fields`: "timestamp, text and id" (reference §10.2). */
export const DEFAULT_COMMENT_FIELDS: readonly FieldRequest[] = [
  field('timestamp'),
  field('text'),
  field('id'),
];

/** The fields asked, or a comment's defaults when none were. */
export function commentFields(requested: readonly FieldRequest[]): readonly FieldRequest[] {
  return requested.length === 0 ? DEFAULT_COMMENT_FIELDS : requested;
}

/** A person in `from{id,username}` and `user{id}`. */
const personNode: NodeType<Commenter> = {
  name: 'User',
  fields: { id: (p) => p.id, username: (p) => p.username },
};

/**
 * A post of someone outside the emulator, as `mentioned_media`, `tags` and a comment's
 * `media` show it.
 */
export const foreignMediaNode: NodeType<ForeignMedia> = {
  name: 'IGMedia',
  fields: {
    id: (m) => m.id,
    caption: (m) => m.caption,
    media_type: () => 'IMAGE',
    media_product_type: () => 'FEED',
    media_url: (m) => `https://scontent.cdninstagram.com/v/t51.2885-15/${m.id}_n.jpg`,
    permalink: (m) => m.permalink,
    shortcode: (m) => m.shortcode,
    timestamp: (m) => graphTimestamp(m.createdAt),
    username: (m) => m.owner.username,
    like_count: () => 0,
    comments_count: (m, ctx) => commentsCount(ctx, m.id),
    comments: (m, ctx, sub, { args, scope }) => commentsEdge(ctx, m.id, sub, args, scope),
  },
};

/** What a comment sits on, as its `media{id,media_product_type}` (reference §10.2). */
const commentMediaNode: NodeType<CommentTarget> = {
  name: 'IGMedia',
  fields: {
    id: (target) => target.media.id,
    media_product_type: (target) => targetProductType(target),
  },
};

/** The account a comment is seen from: the caller, or without one the media's owner. */
function viewerOf(comment: Comment, scope: RenderScope | undefined): string | undefined {
  return scope?.caller.account.id ?? comment.mediaOwnerId;
}

/**
 * An IG Comment (reference §10.2 "IG Comment fields"). `from.id` is the commenter's IGSID,
 * or the account id on the account's own comments, which alone carry `user`; `parent_id`
 * is on replies only; `replies` is one level deep.
 */
export const commentNode: NodeType<Comment> = {
  name: 'IGComment',
  fields: {
    id: (c) => c.id,
    text: (c) => c.text,
    timestamp: (c) => graphTimestamp(c.createdAt),
    username: (c) => c.from.username,
    from: (c, ctx, sub, { scope }) =>
      renderNode(
        personNode,
        authorAsSeenBy(c, viewerOf(c, scope)),
        ctx,
        sub.length > 0 ? sub : [field('id'), field('username')],
      ),
    user: (c, ctx, sub, { scope }) =>
      isOwnComment(c, viewerOf(c, scope))
        ? renderNode(personNode, authorAsSeenBy(c, viewerOf(c, scope)), ctx, sub)
        : undefined,
    hidden: (c) => c.hidden,
    like_count: (c) => c.likeCount,
    parent_id: (c) => c.parentId,
    legacy_instagram_comment_id: (c) => c.id,
    media: (c, ctx, sub) => {
      const target = commentTarget(ctx, c.mediaId);
      return target && renderNode(commentMediaNode, target, ctx, sub);
    },
    replies: (c, ctx, sub, { args, scope }) =>
      c.parentId === undefined ? repliesEdge(ctx, c, sub, args, scope) : { data: [] },
  },
};

/** `limit`, `after` and `before`, from a request's parameters or a field's modifiers. */
export interface EdgeWindow {
  readonly limit?: string | number | undefined;
  readonly after?: string | undefined;
  readonly before?: string | undefined;
}

/**
 * The page size: `limit` up to `commentPageMax` (50, reference §10.2: "a maximum of 50
 * comments per query"; more is honoured only when configured [UNCERTAIN]); 50 when absent.
 */
function pageLimit(ctx: EmulatorContext, limit: string | number | undefined): number {
  const max = ctx.config.commentPageMax;
  if (limit === undefined || limit === '') return Math.min(50, max);
  const n = typeof limit === 'number' ? limit : /^\d+$/.test(limit) ? Number(limit) : NaN;
  if (!Number.isInteger(n) || n < 1)
    throw invalidParameter('Param limit must be a positive integer');
  return Math.min(n, max);
}

function pagedEdge(
  ctx: EmulatorContext,
  all: readonly Comment[],
  path: string,
  requested: readonly FieldRequest[],
  window: EdgeWindow,
  scope: RenderScope | undefined,
): Record<string, unknown> {
  const limit = pageLimit(ctx, window.limit);
  const page = paginate(
    all,
    (c) => c.id,
    (c) => shownOnEdge(ctx, c),
    {
      limit,
      after: window.after,
      before: window.before,
    },
  );
  const fields = commentFields(requested);
  const data = page.items.map((c) => renderNode(commentNode, c, ctx, fields, scope));
  const paging = pagingOf(page, (c) => c.id, { scope, path, fields: requested, limit });
  return paging === undefined ? { data } : { data, paging };
}

/** A page of a media's top-level comments, newest first, with Graph's cursors. */
export function commentsEdge(
  ctx: EmulatorContext,
  mediaId: string,
  requested: readonly FieldRequest[],
  window: EdgeWindow,
  scope: RenderScope | undefined,
): Record<string, unknown> {
  if (scope) requireCommentAccess(scope.caller);
  return pagedEdge(
    ctx,
    topLevelComments(ctx, mediaId),
    `${mediaId}/comments`,
    requested,
    window,
    scope,
  );
}

/** A page of a comment's replies, oldest first. */
export function repliesEdge(
  ctx: EmulatorContext,
  comment: Comment,
  requested: readonly FieldRequest[],
  window: EdgeWindow,
  scope: RenderScope | undefined,
): Record<string, unknown> {
  return pagedEdge(
    ctx,
    repliesOf(ctx, comment.id),
    `${comment.id}/replies`,
    requested,
    window,
    scope,
  );
}
