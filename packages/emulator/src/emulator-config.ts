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
});

type Check = (value: unknown) => boolean;
const nonNegative: Check = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const positiveInt: Check = (v) => typeof v === 'number' && Number.isInteger(v) && v > 0;
const nonEmpty: Check = (v) => typeof v === 'string' && v.length > 0;
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
