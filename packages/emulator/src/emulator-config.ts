/**
 * The emulator's settings. Everything here can be given to `startEmulator`, and all but
 * the app credentials can be changed on a running emulator through `POST /_emulator/config`.
 */

/**
 * Default Instagram App ID the emulator expects as `client_id`.
 *
 * @example
 * ```ts
 * const authorizeUrl = `${emulator.url}/oauth/authorize?client_id=${DEFAULT_APP_ID}&…`;
 * ```
 */
export const DEFAULT_APP_ID = 'emulator-app-id';
/**
 * Default Instagram App Secret; checks `client_secret` and signs `signed_request`s.
 *
 * @example
 * ```ts
 * createSignedRequest(payload, DEFAULT_APP_SECRET);
 * ```
 */
export const DEFAULT_APP_SECRET = 'emulator-app-secret';
/**
 * Default Meta App ID of the Facebook Login app (reference §0: a second app, distinct from
 * the Instagram Login one), expected as `client_id` by the Login dialog.
 *
 * @example
 * ```ts
 * loadConfig({ FACEBOOK_APP_ID: DEFAULT_FACEBOOK_APP_ID, FACEBOOK_APP_SECRET: DEFAULT_FACEBOOK_APP_SECRET });
 * ```
 */
export const DEFAULT_FACEBOOK_APP_ID = 'emulator-facebook-app-id';
/**
 * Default Meta App Secret of the Facebook Login app; checks `client_secret` on the Facebook
 * host and signs its `signed_request`s.
 *
 * @example
 * ```ts
 * createSignedRequest(payload, DEFAULT_FACEBOOK_APP_SECRET);
 * ```
 */
export const DEFAULT_FACEBOOK_APP_SECRET = 'emulator-facebook-app-secret';
/** Processing time of image and carousel containers: images are ready at once on Instagram. */
export const DEFAULT_CONTAINER_PROCESSING_MS = 0;
/** Processing time of video containers (reels, video stories, carousel videos). */
export const DEFAULT_VIDEO_PROCESSING_MS = 3000;
/**
 * Posts per rolling 24 h. Reference §2 "Limits" cites 100 (guide), 50 (references) and 25
 * (history); the guide's current figure is the default and clients must read it anyway.
 */
export const DEFAULT_QUOTA_TOTAL = 100;
/** Containers an account may create per rolling 24 h (reference §2 "Limits"). */
export const DEFAULT_CONTAINER_LIMIT = 400;
/** How long the emulator waits for a media URL before the container fails with 2207003. */
export const DEFAULT_MEDIA_FETCH_TIMEOUT_MS = 10_000;
/**
 * Hashtags a caption may carry: 30, the API reference's figure. Instagram announced a cap
 * of 5 in December 2025 (reference §9); set `hashtagLimit: 5` to answer as if it applied.
 */
export const DEFAULT_HASHTAG_LIMIT = 30;
/**
 * The most comments one page of `/comments` or `/replies` holds: "a maximum of 50 comments
 * per query" (reference §10.2). Whether a larger `limit` is honoured is not known
 * [UNCERTAIN]; set `commentPageMax: 100` to honour the `limit=100` some code sends.
 */
export const DEFAULT_COMMENT_PAGE_MAX = 50;
/**
 * Longest comment or reply, in characters. No limit is documented for comments (reference
 * §10.3) [UNCERTAIN]; 2200 is the caption's. `commentMaxChars: 0` takes any length.
 */
export const DEFAULT_COMMENT_MAX_CHARS = 2200;
/**
 * Calls per account and rolling 24 h that make 100 % of the Business Use Case budget in
 * `X-Business-Use-Case-Usage` (reference §10.6: 4800 × impressions; one impression here).
 */
export const DEFAULT_BUSINESS_USE_CASE_CALL_LIMIT = 4800;
/**
 * Graph code of a throttled call. 80002 is the figure often cited for Instagram's Business
 * Use Case limit, not confirmed (reference §10.6) [UNCERTAIN].
 */
export const DEFAULT_RATE_LIMIT_CODE = 80002;

/**
 * Settings that can change while the emulator runs.
 *
 * @example
 * ```ts
 * const patch: Partial<EmulatorConfig> = { quotaTotal: 50, tokenExchangeShape: 'flat' };
 * emulator.configure(patch);
 * ```
 */
export interface EmulatorConfig {
  /** Instagram App ID, checked against `client_id`. */
  appId: string;
  /** Instagram App Secret, checked against `client_secret`; signs `signed_request`s. */
  appSecret: string;
  /** Meta App ID of the Facebook Login app, checked against `client_id` on the Facebook host. */
  facebookAppId: string;
  /** Meta App Secret of the Facebook Login app; signs its `signed_request`s. */
  facebookAppSecret: string;
  /** Registered redirect URIs (of both apps); empty accepts any `http(s)` URI. */
  redirectUris: string[];
  /** Delay added to every platform request (not to the control API). */
  latencyMs: number;
  /** Processing time of image and carousel containers. */
  containerProcessingMs: number;
  /** Processing time of video containers. */
  videoProcessingMs: number;
  /** `quota_total` of `content_publishing_limit`: posts per rolling 24 h. */
  quotaTotal: number;
  /** Containers per account per rolling 24 h. */
  containerLimit: number;
  /** Code-exchange answer: documented `{"data":[…]}` or the flat shape some clients see. */
  tokenExchangeShape: 'data' | 'flat';
  /** Writes the code exchange's `user_id` as a bare JSON number, beyond JS precision. */
  userIdAsNumber: boolean;
  /** `account_type` as `BUSINESS`/`MEDIA_CREATOR` or as the docs' `Business`/`Media_Creator`. */
  accountTypeCase: 'upper' | 'title';
  /** Fetch media URLs for real and check their bytes; off, any http(s) URL is accepted. */
  fetchMedia: boolean;
  /** Time allowed to fetch one media URL. */
  mediaFetchTimeoutMs: number;
  /**
   * Where an image that cannot be fetched or is not JPEG shows: in the container's
   * `status` (`'status'`), or as the error of the container-creation call (`'response'`),
   * which is how Instagram usually reports bad images.
   */
  imageFetchErrors: 'status' | 'response';
  /**
   * Hashtags a caption may carry, 1 to 30; more answers 36004/2207010. 5 imitates the cap
   * Instagram announced in December 2025.
   */
  hashtagLimit: number;
  /** Most comments per page of `/comments` and `/replies`, whatever `limit` asks; 50 documented. */
  commentPageMax: number;
  /** Hidden comments on the `/comments` and `/replies` edges: listed with `hidden: true`, or left out. */
  hiddenComments: 'include' | 'omit';
  /**
   * The answer about a deleted comment: Graph's `100/33` "does not exist" error, or the same
   * code 100 without a subcode.
   */
  deletedCommentError: 'subcode-33' | 'no-subcode';
  /** `GET /{story-id}/comments`: an empty list, or Graph's `100/33` unsupported request. */
  storyComments: 'empty' | 'unsupported';
  /** Longest comment, reply or mention reply in characters; 0 takes any length. */
  commentMaxChars: number;
  /** Comment writes (comments, replies, hides, deletes) per account per rolling hour; 0: no limit. */
  commentWritesPerHour: number;
  /**
   * What a private reply needs beyond the comment permissions: `'messaging'` asks for
   * `instagram_business_manage_messages` (Instagram Login) or `pages_messaging` (Facebook
   * Login) too; `'comments'` takes the comment permissions alone.
   */
  privateReplyPermission: 'messaging' | 'comments';
  /** Whether `mentioned_comment` and `mentioned_media` answer with an Instagram Login token. */
  mentionFieldsOnInstagramLogin: boolean;
  /**
   * `online_followers` (reference §10.7, uncertain on v25+): `'answer'` gives followers online
   * per hour (empty days under 100 followers, as Meta documents), `'empty'` empty days for
   * every account, `'removed'` refuses the metric as unknown.
   */
  onlineFollowers: 'answer' | 'empty' | 'removed';
  /** How an Instagram Login app hears of an @mention in a comment: a `comments` change or a `mentions` one. */
  instagramMentionWebhook: 'comments' | 'mentions';
  /** Which secret signs the Instagram Login app's webhooks: `appSecret` or `facebookAppSecret`. */
  instagramWebhookSecret: 'instagram' | 'facebook';
  /**
   * The `subscribed_fields` a Page takes for Facebook Login: the Instagram names
   * (`comments`, `mentions`…) or only a Page's own fields (`feed`, `mention`…).
   */
  pageSubscribedFields: 'instagram' | 'page';
  /** Keep webhook changes until `POST /_emulator/webhooks/flush`, then send them batched. */
  webhookBatching: boolean;
  /** `type` of the `X-Business-Use-Case-Usage` entries. */
  businessUseCaseType: string;
  /** Calls per account per rolling 24 h that count as 100 % in `X-Business-Use-Case-Usage`. */
  businessUseCaseCallLimit: number;
  /** Refuse calls with the throttling error once `businessUseCaseCallLimit` is reached. */
  throttleAtCallLimit: boolean;
  /** Graph code of the throttling error (the `rate-limit` fault and `throttleAtCallLimit`). */
  rateLimitCode: number;
  /**
   * `upload_type=resumable` with an Instagram Login token. The guide lists the upload host
   * for Facebook Login only and nothing confirms it works with Instagram Login (reference
   * §2) [UNCERTAIN]: `'refuse'` answers the creation with `(#100)`, `'accept'` serves it as
   * for Facebook Login.
   */
  resumableOnInstagramLogin: 'refuse' | 'accept';
}

/**
 * The settings an emulator starts with when none are given.
 *
 * @example
 * ```ts
 * DEFAULT_CONFIG.quotaTotal; // 100
 * ```
 */
export const DEFAULT_CONFIG: Readonly<EmulatorConfig> = Object.freeze({
  appId: DEFAULT_APP_ID,
  appSecret: DEFAULT_APP_SECRET,
  facebookAppId: DEFAULT_FACEBOOK_APP_ID,
  facebookAppSecret: DEFAULT_FACEBOOK_APP_SECRET,
  redirectUris: [],
  latencyMs: 0,
  containerProcessingMs: DEFAULT_CONTAINER_PROCESSING_MS,
  videoProcessingMs: DEFAULT_VIDEO_PROCESSING_MS,
  quotaTotal: DEFAULT_QUOTA_TOTAL,
  containerLimit: DEFAULT_CONTAINER_LIMIT,
  tokenExchangeShape: 'data',
  userIdAsNumber: false,
  accountTypeCase: 'upper',
  fetchMedia: true,
  mediaFetchTimeoutMs: DEFAULT_MEDIA_FETCH_TIMEOUT_MS,
  imageFetchErrors: 'status',
  hashtagLimit: DEFAULT_HASHTAG_LIMIT,
  commentPageMax: DEFAULT_COMMENT_PAGE_MAX,
  hiddenComments: 'include',
  deletedCommentError: 'subcode-33',
  storyComments: 'empty',
  commentMaxChars: DEFAULT_COMMENT_MAX_CHARS,
  commentWritesPerHour: 0,
  privateReplyPermission: 'messaging',
  mentionFieldsOnInstagramLogin: false,
  onlineFollowers: 'answer',
  instagramMentionWebhook: 'comments',
  instagramWebhookSecret: 'instagram',
  pageSubscribedFields: 'instagram',
  webhookBatching: false,
  businessUseCaseType: 'instagram',
  businessUseCaseCallLimit: DEFAULT_BUSINESS_USE_CASE_CALL_LIMIT,
  throttleAtCallLimit: false,
  rateLimitCode: DEFAULT_RATE_LIMIT_CODE,
  resumableOnInstagramLogin: 'refuse',
});

type Check = (value: unknown) => boolean;
const nonNegative: Check = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const positiveInt: Check = (v) => typeof v === 'number' && Number.isInteger(v) && v > 0;
const nonEmpty: Check = (v) => typeof v === 'string' && v.length > 0;
const nonNegativeInt: Check = (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const bool: Check = (v) => typeof v === 'boolean';
const oneOf =
  (...allowed: string[]): Check =>
  (v) =>
    typeof v === 'string' && allowed.includes(v);

const CHECKS: Record<keyof EmulatorConfig, [Check, string]> = {
  appId: [nonEmpty, 'a non-empty string'],
  appSecret: [nonEmpty, 'a non-empty string'],
  facebookAppId: [nonEmpty, 'a non-empty string'],
  facebookAppSecret: [nonEmpty, 'a non-empty string'],
  redirectUris: [
    (v) => Array.isArray(v) && v.every((u) => typeof u === 'string'),
    'an array of strings',
  ],
  latencyMs: [nonNegative, 'a number >= 0'],
  containerProcessingMs: [nonNegative, 'a number >= 0'],
  videoProcessingMs: [nonNegative, 'a number >= 0'],
  quotaTotal: [positiveInt, 'an integer > 0'],
  containerLimit: [positiveInt, 'an integer > 0'],
  tokenExchangeShape: [oneOf('data', 'flat'), "'data' or 'flat'"],
  userIdAsNumber: [bool, 'a boolean'],
  accountTypeCase: [oneOf('upper', 'title'), "'upper' or 'title'"],
  fetchMedia: [bool, 'a boolean'],
  mediaFetchTimeoutMs: [positiveInt, 'an integer > 0'],
  imageFetchErrors: [oneOf('status', 'response'), "'status' or 'response'"],
  hashtagLimit: [
    (v) => positiveInt(v) && (v as number) <= DEFAULT_HASHTAG_LIMIT,
    `an integer from 1 to ${DEFAULT_HASHTAG_LIMIT}`,
  ],
  commentPageMax: [positiveInt, 'an integer > 0'],
  hiddenComments: [oneOf('include', 'omit'), "'include' or 'omit'"],
  deletedCommentError: [oneOf('subcode-33', 'no-subcode'), "'subcode-33' or 'no-subcode'"],
  storyComments: [oneOf('empty', 'unsupported'), "'empty' or 'unsupported'"],
  commentMaxChars: [nonNegativeInt, 'an integer >= 0'],
  commentWritesPerHour: [nonNegativeInt, 'an integer >= 0'],
  privateReplyPermission: [oneOf('messaging', 'comments'), "'messaging' or 'comments'"],
  mentionFieldsOnInstagramLogin: [bool, 'a boolean'],
  onlineFollowers: [oneOf('answer', 'empty', 'removed'), "'answer', 'empty' or 'removed'"],
  instagramMentionWebhook: [oneOf('comments', 'mentions'), "'comments' or 'mentions'"],
  instagramWebhookSecret: [oneOf('instagram', 'facebook'), "'instagram' or 'facebook'"],
  pageSubscribedFields: [oneOf('instagram', 'page'), "'instagram' or 'page'"],
  webhookBatching: [bool, 'a boolean'],
  businessUseCaseType: [nonEmpty, 'a non-empty string'],
  businessUseCaseCallLimit: [positiveInt, 'an integer > 0'],
  throttleAtCallLimit: [bool, 'a boolean'],
  rateLimitCode: [positiveInt, 'an integer > 0'],
  resumableOnInstagramLogin: [oneOf('refuse', 'accept'), "'refuse' or 'accept'"],
};

/** The names of every setting. */
export const CONFIG_KEYS: ReadonlySet<string> = new Set(Object.keys(CHECKS));

/**
 * Checks a partial configuration: unknown keys and ill-typed values are refused with a
 * message naming them, so a typo in a test does not silently do nothing.
 *
 * @example
 * ```ts
 * const patch = parseConfigPatch({ quotaTotal: 50 }); // { quotaTotal: 50 }
 * parseConfigPatch({ quota: 50 }); // throws: unknown setting "quota"
 * ```
 */
export function parseConfigPatch(input: unknown): Partial<EmulatorConfig> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new TypeError('the configuration must be a JSON object');
  }
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const check = CHECKS[key as keyof EmulatorConfig] as [Check, string] | undefined;
    if (!check) throw new TypeError(`unknown setting "${key}"`);
    if (!check[0](value)) throw new TypeError(`setting "${key}" must be ${check[1]}`);
    patch[key] = Array.isArray(value) ? [...value] : value;
  }
  return patch as Partial<EmulatorConfig>;
}
