/**
 * Which options of `platforms[].options` the composer offers on each kind of post, and
 * the limits of those options.
 */
import {
  ACCOUNTS_PER_POST_MAX,
  ALT_TEXT_MAX_LENGTH,
  AUDIO_NAME_MAX_LENGTH,
  COLLABORATORS_MAX,
  POST_OPTIONS_BY_KIND,
  postOptionsFor,
  PRODUCT_TAGS_MAX,
  USER_TAGS_MAX,
  type InstagramOptions,
  type LoginMode,
  type PostKind,
  type PostOptionName,
} from '@reelay/sdk';

/** Accounts a post goes to (spec §8). */
export const ACCOUNTS_MAX = ACCOUNTS_PER_POST_MAX;
export {
  ALT_TEXT_MAX_LENGTH,
  AUDIO_NAME_MAX_LENGTH,
  COLLABORATORS_MAX,
  PRODUCT_TAGS_MAX,
  USER_TAGS_MAX,
};

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
/** An option the composer offers: every option of the contract. */
export type OptionName = PostOptionName;

/** The options each kind of post takes, as the contract declares them. */
export const OPTIONS_BY_KIND: Readonly<Record<PostKind, readonly OptionName[]>> =
  POST_OPTIONS_BY_KIND;

/**
 * The options an account may use on a kind: those of the kind, less the ones only Facebook
 * Login allows (product tags) when the account was connected with Instagram Login.
 *
 * @example
 * ```ts
 * optionsFor('feed', 'instagram').includes('productTags'); // false
 * optionsFor('feed', 'facebook').includes('productTags'); // true
 * ```
 */
export function optionsFor(kind: PostKind, loginMode: LoginMode): readonly OptionName[] {
  return postOptionsFor(kind, loginMode);
}

/**
 * Whether the kind takes an option the account's login does not allow: the composer says
 * why it is not offered instead of leaving it out silently.
 */
export function lockedByLogin(kind: PostKind, loginMode: LoginMode, option: OptionName): boolean {
  return OPTIONS_BY_KIND[kind].includes(option) && !optionsFor(kind, loginMode).includes(option);
}
