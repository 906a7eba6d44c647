/**
 * Which Instagram options (`platforms[].options`) each kind of post takes, as one table:
 * core's composition rules refuse an option the table does not give the kind, and clients
 * (the web composer, the CLI) offer only what it gives. Platform facts behind it
 * (reference §2, §9): `shareToFeed`, `coverUrl`, `thumbOffset`, `trialParams` and
 * `audioName` are Reel options; Stories take no caption, collaborators, location or
 * comments; alt text is for feed and carousel images; product tags go on feed images and
 * Reels, never on Stories or carousels.
 */
import type { LoginMode, PostKind } from './enums';

/**
 * Every option of `platforms[].options`, in the order the rules report them.
 *
 * @example
 * ```ts
 * POST_OPTION_NAMES.includes('firstComment'); // true
 * ```
 */
export const POST_OPTION_NAMES = [
  'shareToFeed',
  'coverUrl',
  'thumbOffset',
  'trialParams',
  'audioName',
  'collaborators',
  'locationId',
  'firstComment',
  'altText',
  'userTags',
  'productTags',
  'aiGenerated',
] as const;
export type PostOptionName = (typeof POST_OPTION_NAMES)[number];

/**
 * The options each kind of post takes. Reels take `shareToFeed`, a cover, a trial, an
 * audio name, tags without positions and no alt text; Stories take user tags and the AI
 * label; carousels take no product tags.
 *
 * @example
 * ```ts
 * POST_OPTIONS_BY_KIND.story; // ['userTags', 'aiGenerated']
 * POST_OPTIONS_BY_KIND.carousel.includes('productTags'); // false
 * ```
 */
export const POST_OPTIONS_BY_KIND = {
  feed: [
    'collaborators',
    'locationId',
    'firstComment',
    'altText',
    'userTags',
    'productTags',
    'aiGenerated',
  ],
  reel: [
    'shareToFeed',
    'coverUrl',
    'thumbOffset',
    'trialParams',
    'audioName',
    'collaborators',
    'locationId',
    'firstComment',
    'userTags',
    'productTags',
    'aiGenerated',
  ],
  story: ['userTags', 'aiGenerated'],
  carousel: ['collaborators', 'locationId', 'firstComment', 'altText', 'userTags', 'aiGenerated'],
} as const satisfies Record<PostKind, readonly PostOptionName[]>;

/**
 * The options only accounts connected with Facebook Login may use: product tags need a
 * Page, a catalog and the shopping permissions (reference §0, §2).
 *
 * @example
 * ```ts
 * FACEBOOK_LOGIN_ONLY_OPTIONS.includes('productTags'); // true
 * ```
 */
export const FACEBOOK_LOGIN_ONLY_OPTIONS = [
  'productTags',
] as const satisfies readonly PostOptionName[];

/**
 * Whether a kind of post takes an option, whatever the account's login.
 *
 * @example
 * ```ts
 * kindTakesOption('reel', 'shareToFeed'); // true
 * kindTakesOption('story', 'firstComment'); // false
 * ```
 */
export function kindTakesOption(kind: PostKind, option: PostOptionName): boolean {
  return (POST_OPTIONS_BY_KIND[kind] as readonly PostOptionName[]).includes(option);
}

/**
 * The options an account may use on a kind of post: those of the kind, less the ones only
 * Facebook Login allows when the account was connected with Instagram Login. In the order
 * of {@link POST_OPTION_NAMES}.
 *
 * @example
 * ```ts
 * postOptionsFor('feed', 'instagram').includes('productTags'); // false
 * postOptionsFor('feed', 'facebook').includes('productTags'); // true
 * ```
 */
export function postOptionsFor(kind: PostKind, loginMode: LoginMode): readonly PostOptionName[] {
  const options: readonly PostOptionName[] = POST_OPTIONS_BY_KIND[kind];
  if (loginMode === 'facebook') return options;
  const facebookOnly: readonly PostOptionName[] = FACEBOOK_LOGIN_ONLY_OPTIONS;
  return options.filter((option) => !facebookOnly.includes(option));
}
