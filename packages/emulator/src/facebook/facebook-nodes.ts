import { mentionFields } from '../graph/mentions';
import type { NodeType } from '../graph/node-type';
import { feedMedia } from '../graph/user-node';
import type { Account } from '../state/types';
import type { FacebookPage, FacebookUser } from './facebook-types';

/** The Facebook user of `GET /me` with a user token. */
export const facebookUserNode: NodeType<FacebookUser> = {
  name: 'User',
  fields: {
    id: (user) => user.id,
    name: (user) => user.name,
  },
};

/**
 * A Page (reference §1b "Page → IG account"): `instagram_business_account` is left out
 * when no account is linked, as Graph leaves out absent values. `access_token` is given
 * only where the caller may act for the Page (`/me/accounts`).
 */
export function pageNode(tokenFor?: (page: FacebookPage) => string): NodeType<FacebookPage> {
  return {
    name: 'Page',
    fields: {
      id: (page) => page.id,
      name: (page) => page.name,
      tasks: (page) => [...page.tasks],
      instagram_business_account: (page) =>
        page.instagramAccountId === null ? undefined : { id: page.instagramAccountId },
      ...(tokenFor ? { access_token: (page: FacebookPage) => tokenFor(page) } : {}),
    },
  };
}

/**
 * The Instagram User node as the Facebook host describes it (reference §6 "Facebook
 * Login"): no `account_type` or `user_id` there; `ig_id` is the legacy id.
 */
export const facebookInstagramUserNode: NodeType<Account> = {
  name: 'IGUser',
  fields: {
    id: (a) => a.id,
    ig_id: (a) => Number(a.id.slice(-10)),
    username: (a) => a.username,
    name: (a) => a.name,
    profile_picture_url: (a) => a.profilePictureUrl,
    biography: (a) => a.biography,
    website: () => undefined,
    followers_count: (a) => a.followersCount,
    follows_count: (a) => a.followsCount,
    media_count: (a, ctx) => feedMedia(ctx, a).length,
    // Reference §10.4: documented for Facebook Login.
    ...mentionFields('IGUser'),
  },
};
