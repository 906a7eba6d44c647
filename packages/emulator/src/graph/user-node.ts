import type { EmulatorContext } from '../emulator-context';
import { DAY_MS } from '../state/store';
import type { Account, AccountType } from '../state/types';
import { mediaNode } from './media-node';
import { mentionFields } from './mentions';
import { renderEdge, type NodeType } from './node-type';

const TITLE_CASE: Record<AccountType, string> = {
  BUSINESS: 'Business',
  MEDIA_CREATOR: 'Media_Creator',
  PERSONAL: 'Personal',
};

function ownMedia(ctx: EmulatorContext, account: Account, product: 'feed' | 'story') {
  const list = [];
  // Stories disappear 24 h after publication (reference §2 "Limits").
  const storiesSince = ctx.now() - DAY_MS;
  for (const media of ctx.store.media.group(account.id)) {
    const isStory = media.productType === 'STORY';
    if (product === 'feed' ? !isStory : isStory && media.publishedAt > storiesSince)
      list.push(media);
  }
  // Newest first by publication time: a bulk seed stores media in any order.
  return list.reverse().sort((a, b) => b.publishedAt - a.publishedAt);
}

/**
 * The Instagram User node of `GET /me` and `GET /{ig-user-id}` (reference §1c, §6).
 * `id` and `user_id` are the same account id here; `account_type` follows the configured
 * casing (`BUSINESS` or the docs' `Business`).
 */
export const userNode: NodeType<Account> = {
  name: 'User',
  fields: {
    id: (a) => a.id,
    user_id: (a) => a.id,
    username: (a) => a.username,
    name: (a) => a.name,
    account_type: (a, ctx) =>
      ctx.config.accountTypeCase === 'title' ? TITLE_CASE[a.accountType] : a.accountType,
    profile_picture_url: (a) => a.profilePictureUrl,
    biography: (a) => a.biography,
    followers_count: (a) => a.followersCount,
    follows_count: (a) => a.followsCount,
    media_count: (a, ctx) => ownMedia(ctx, a, 'feed').length,
    media: (a, ctx, sub, { scope }) =>
      renderEdge(mediaNode, ownMedia(ctx, a, 'feed'), ctx, sub, scope),
    stories: (a, ctx, sub, { scope }) =>
      renderEdge(mediaNode, ownMedia(ctx, a, 'story'), ctx, sub, scope),
    ...mentionFields('User'),
  },
};

/** The account's feed media, newest first, for `GET /{ig-user-id}/media`. */
export function feedMedia(ctx: EmulatorContext, account: Account) {
  return ownMedia(ctx, account, 'feed');
}

/** The account's stories, newest first, for `GET /{ig-user-id}/stories`. */
export function stories(ctx: EmulatorContext, account: Account) {
  return ownMedia(ctx, account, 'story');
}
