/**
 * Which options of `platforms[].options` the composer offers on each kind of post, and
 * the limits of those options.
 */
import { FACEBOOK_LOGIN_ONLY_OPTIONS, type LoginMode, type PostKind } from '@reelay/core';
import type { InstagramOptions } from '@reelay/sdk';

/** Accounts a post goes to (spec §8). */
export const ACCOUNTS_MAX = 5;
/*
 * Limits of the options, as the contract's schemas declare them (core's
 * `schemas/posts`). They are not imported: that module builds its zod schemas when it
 * loads, which would bring zod into the page for a few numbers.
 */
export const COLLABORATORS_MAX = 3;
export const USER_TAGS_MAX = 20;
export const ALT_TEXT_MAX_LENGTH = 1000;
export const PRODUCT_TAGS_MAX = 5;
export const AUDIO_NAME_MAX_LENGTH = 255;

/** The options of `platforms[].options` the composer offers. */
export const COMPOSER_OPTIONS = [
  'aiGenerated',
  'shareToFeed',
  'trialParams',
  'coverUrl',
  'thumbOffset',
  'audioName',
  'collaborators',
  'userTags',
  'productTags',
  'locationId',
  'altText',
  'firstComment',
] as const satisfies ReadonlyArray<keyof InstagramOptions>;
export type OptionName = (typeof COMPOSER_OPTIONS)[number];

/**
 * The options each kind of post takes, from core's composition rules (a test checks the
 * table against them): Reels take `shareToFeed`, a cover, a trial, an audio name, tags
 * without positions and no alt text; Stories take user tags and the AI label; carousels
 * no product tags.
 */
export const OPTIONS_BY_KIND: Record<PostKind, readonly OptionName[]> = {
  feed: [
    'aiGenerated',
    'collaborators',
    'userTags',
    'productTags',
    'locationId',
    'altText',
    'firstComment',
  ],
  reel: [
    'aiGenerated',
    'shareToFeed',
    'trialParams',
    'coverUrl',
    'thumbOffset',
    'audioName',
    'collaborators',
    'userTags',
    'productTags',
    'locationId',
    'firstComment',
  ],
  story: ['aiGenerated', 'userTags'],
  carousel: ['aiGenerated', 'collaborators', 'userTags', 'locationId', 'altText', 'firstComment'],
};

/**
 * The options an account may use on a kind: those of the kind, less the ones only Facebook
 * Login allows (core's `FACEBOOK_LOGIN_ONLY_OPTIONS`: product tags) when the account was
 * connected with Instagram Login.
 *
 * @example
 * ```ts
 * optionsFor('feed', 'instagram').includes('productTags'); // false
 * optionsFor('feed', 'facebook').includes('productTags'); // true
 * ```
 */
export function optionsFor(kind: PostKind, loginMode: LoginMode): readonly OptionName[] {
  if (loginMode === 'facebook') return OPTIONS_BY_KIND[kind];
  const facebookOnly: readonly string[] = FACEBOOK_LOGIN_ONLY_OPTIONS;
  return OPTIONS_BY_KIND[kind].filter((option) => !facebookOnly.includes(option));
}

/**
 * Whether the kind takes an option the account's login does not allow: the composer says
 * why it is not offered instead of leaving it out silently.
 */
export function lockedByLogin(kind: PostKind, loginMode: LoginMode, option: OptionName): boolean {
  return OPTIONS_BY_KIND[kind].includes(option) && !optionsFor(kind, loginMode).includes(option);
}
