import type { EmulatorContext } from '../emulator-context';
import type { ChildMedia, Comment, Media } from '../state/types';
import { renderEdge, type NodeType } from './node-type';
import { graphTimestamp } from './timestamp';

function username(ctx: EmulatorContext, accountId: string): string | undefined {
  return ctx.store.accounts.get(accountId)?.username;
}

/** The comments on a media, oldest first. */
export function mediaComments(ctx: EmulatorContext, mediaId: string): Comment[] {
  const list: Comment[] = [];
  for (const comment of ctx.store.comments.values())
    if (comment.mediaId === mediaId) list.push(comment);
  return list;
}

/** A comment: `POST /{ig-media-id}/comments` creates them, the `comments` edge lists them. */
export const commentNode: NodeType<Comment> = {
  name: 'IGComment',
  fields: {
    id: (c) => c.id,
    text: (c) => c.text,
    timestamp: (c) => graphTimestamp(c.createdAt),
    username: (c, ctx) => username(ctx, c.accountId),
    from: (c, ctx) => ({ id: c.accountId, username: username(ctx, c.accountId) }),
    media: (c) => ({ id: c.mediaId }),
    like_count: () => 0,
    hidden: () => false,
  },
};

/** One item of a published carousel: no permalink and no caption of its own. */
export const childMediaNode: NodeType<{ child: ChildMedia; parent: Media }> = {
  name: 'IGMedia',
  fields: {
    id: ({ child }) => child.id,
    media_type: ({ child }) => child.mediaType,
    media_url: ({ child }) => child.mediaUrl,
    // Reference §2: carousel items have no permalink; the field exists and stays empty.
    permalink: () => undefined,
    timestamp: ({ parent }) => graphTimestamp(parent.publishedAt),
    username: ({ parent }, ctx) => username(ctx, parent.accountId),
    owner: ({ parent }) => ({ id: parent.accountId }),
    alt_text: ({ child }) => child.altText,
  },
};

/**
 * A published IG Media (reference §2 "Published media fields"): reels and video stories
 * report `media_type` VIDEO and are told apart by `media_product_type`.
 */
export const mediaNode: NodeType<Media> = {
  name: 'IGMedia',
  fields: {
    id: (m) => m.id,
    caption: (m) => m.caption,
    media_type: (m) => m.mediaType,
    media_product_type: (m) => m.productType,
    media_url: (m) => m.mediaUrl,
    thumbnail_url: (m) => (m.mediaType === 'VIDEO' ? m.thumbnailUrl : undefined),
    permalink: (m) => m.permalink,
    shortcode: (m) => m.shortcode,
    timestamp: (m) => graphTimestamp(m.publishedAt),
    username: (m, ctx) => username(ctx, m.accountId),
    owner: (m) => ({ id: m.accountId }),
    is_shared_to_feed: (m) => (m.productType === 'REELS' ? (m.shareToFeed ?? true) : undefined),
    is_comment_enabled: (m) => m.productType !== 'STORY',
    like_count: () => 0,
    comments_count: (m, ctx) => mediaComments(ctx, m.id).length,
    alt_text: (m) => m.altText,
    // Reference §9 (changelog 2026-06-22): the AI label can be read back.
    is_ai_generated: (m) => m.isAiGenerated ?? false,
    legacy_instagram_media_id: (m) => m.id,
    children: (m, ctx, sub) =>
      m.mediaType === 'CAROUSEL_ALBUM'
        ? renderEdge(
            childMediaNode,
            m.children.map((child) => ({ child, parent: m })),
            ctx,
            sub,
          )
        : undefined,
    comments: (m, ctx, sub) => renderEdge(commentNode, mediaComments(ctx, m.id), ctx, sub),
    collaborators: (m, ctx) => ({
      data: (m.collaborators ?? []).map((name) => {
        const account = ctx.store.accountByUsername(name);
        return account ? { id: account.id, username: account.username } : { username: name };
      }),
    }),
  },
};
