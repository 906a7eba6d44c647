/**
 * What the Facebook side of the emulator remembers (reference §1b): Facebook users, their
 * Pages (each maybe linked to an Instagram professional account), the Login dialog's
 * codes, and user and Page tokens.
 */

/**
 * Facebook Login permissions the emulator knows (reference §0 table, §1b "Dialog").
 *
 * @example
 * ```ts
 * FACEBOOK_PERMISSIONS.includes('instagram_content_publish'); // true
 * ```
 */
export const FACEBOOK_PERMISSIONS = [
  'public_profile',
  'email',
  'instagram_basic',
  'instagram_content_publish',
  'instagram_manage_comments',
  'instagram_manage_insights',
  'instagram_manage_messages',
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_metadata',
  'pages_messaging',
  'business_management',
  'ads_management',
  'ads_read',
] as const;

/**
 * One Facebook Login permission.
 *
 * @example
 * ```ts
 * const publish: FacebookPermission = 'instagram_content_publish';
 * ```
 */
export type FacebookPermission = (typeof FACEBOOK_PERMISSIONS)[number];

/**
 * What a Facebook Login for Business configuration (`config_id`) grants in the emulator:
 * a configuration made for publishing on Instagram. Any `config_id` stands for it.
 */
export const CONFIGURATION_PERMISSIONS: readonly FacebookPermission[] = [
  'instagram_basic',
  'instagram_content_publish',
  'instagram_manage_comments',
  'instagram_manage_insights',
  'pages_show_list',
  'pages_read_engagement',
  'business_management',
];

/**
 * Page tasks (reference §1b "Page tasks"); MANAGE or CREATE_CONTENT lets a person publish
 * on the linked Instagram account.
 *
 * @example
 * ```ts
 * emulator.createFacebookUser({ name: 'Ana', pages: [{ name: 'Café', tasks: ['ANALYZE'] }] });
 * ```
 */
export const PAGE_TASKS = ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'] as const;
export type PageTask = (typeof PAGE_TASKS)[number];

export interface FacebookUser {
  /** The app-scoped user id: what `/me` answers and signed requests carry. */
  readonly id: string;
  readonly name: string;
  readonly createdAt: number;
}

export interface FacebookPage {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  readonly tasks: readonly PageTask[];
  /** The linked Instagram professional account; changeable through the control API. */
  instagramAccountId: string | null;
}

export interface FacebookCode {
  readonly code: string;
  readonly userId: string;
  readonly redirectUri: string;
  readonly permissions: readonly FacebookPermission[];
  /** The Pages the person chose in the dialog. */
  readonly pageIds: readonly string[];
  readonly createdAt: number;
  used: boolean;
}

export interface FacebookToken {
  readonly token: string;
  readonly kind: 'user-short' | 'user-long' | 'page';
  readonly userId: string;
  /** Page tokens only: the Page they act for. */
  readonly pageId?: string | undefined;
  readonly permissions: readonly FacebookPermission[];
  /** The Pages granted at the dialog, which `/me/accounts` lists. */
  readonly pageIds: readonly string[];
  readonly issuedAt: number;
  /** `null`: never expires (Page tokens from a long-lived user token, reference §1b). */
  expiresAt: number | null;
  /** Set once revoked; the 190 subcode its use answers. */
  revokedSubcode?: 458 | 460 | undefined;
}
