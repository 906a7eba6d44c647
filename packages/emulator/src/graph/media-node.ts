import type { EmulatorContext } from '../emulator-context';
import type { ChildMedia, Media } from '../state/types';
import { commentsEdge } from './comment-node';
import { commentsCount } from './comment-threads';
import { renderEdge, type NodeType } from './node-type';
import { graphTimestamp } from './timestamp';

function username(ctx: EmulatorContext, accountId: string): string | undefined {
  return ctx.store.accounts.get(accountId)?.username;
}

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
    is_comment_enabled: (m) => m.productType !== 'STORY' && !m.commentsDisabled,
    like_count: () => 0,
    comments_count: (m, ctx) => commentsCount(ctx, m.id),
    alt_text: (m) => m.altText,
    // Reference §9 (changelog 2026-06-22): the AI label can be read back.
    is_ai_generated: (m) => m.isAiGenerated ?? false,
    legacy_instagram_media_id: (m) => m.id,
    children: (m, ctx, sub, { scope }) =>
      m.mediaType === 'CAROUSEL_ALBUM'
        ? renderEdge(
            childMediaNode,
            m.children.map((child) => ({ child, parent: m })),
            ctx,
            sub,
            scope,
          )
        : undefined,
    comments: (m, ctx, sub, { args, scope }) =>
      m.productType === 'STORY' ? { data: [] } : commentsEdge(ctx, m.id, sub, args, scope),
    collaborators: (m, ctx) => ({
      data: (m.collaborators ?? []).map((name) => {
        const account = ctx.store.accountByUsername(name);
        return account ? { id: account.id, username: account.username } : { username: name };
      }),
    }),
  },
};
