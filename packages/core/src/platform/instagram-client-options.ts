/**
 * Configuration of the Instagram client: where the platform lives, the app's credentials,
 * timeouts, and the injected dispatcher and clock (STYLE: what the outside world provides
 * is injected).
 */
import type { Dispatcher } from 'undici';
import { ReelayError } from '../errors/reelay-error';
import type { PlatformCallObserver } from './platform-call';

/**
 * The platform's hosts for Instagram Login (reference §1a "Endpoints").
 *
 * @example
 * ```ts
 * createInstagramClient({ ...credentials, graphUrl: DEFAULT_INSTAGRAM_URLS.graphUrl });
 * ```
 */
export const DEFAULT_INSTAGRAM_URLS = {
  /** The authorization window. */
  authorizeUrl: 'https://www.instagram.com',
  /** The code exchange (`POST /oauth/access_token`). */
  apiUrl: 'https://api.instagram.com',
  /** Everything else: token exchange and refresh, `/me`, publishing. */
  graphUrl: 'https://graph.instagram.com',
} as const;

/**
 * The upload host of production (reference §0: `rupload.facebook.com`).
 *
 * @example
 * ```ts
 * createFacebookLoginClient({ ...credentials, uploadUrl: DEFAULT_UPLOAD_URL });
 * ```
 */
export const DEFAULT_UPLOAD_URL = 'https://rupload.facebook.com';

/**
 * The Graph API version put before versioned paths. Versions live about two years; the
 * reference read v21 to v26 in the docs (reference header).
 *
 * @example
 * ```ts
 * createInstagramClient({ ...credentials, graphApiVersion: DEFAULT_GRAPH_API_VERSION });
 * ```
 */
export const DEFAULT_GRAPH_API_VERSION = 'v25.0';

/** Time limits of every call, in milliseconds. */
export interface InstagramTimeouts {
  /** Establishing the connection (used when the client creates its own dispatcher). */
  readonly connectMs: number;
  /** From sending the request to receiving the answer's headers. */
  readonly headersMs: number;
  /** Between two chunks of the answer's body. */
  readonly bodyMs: number;
  /** The whole call, end to end, whatever the dispatcher. */
  readonly totalMs: number;
  /**
   * A whole insights read, every call it makes included. Someone waits for its answer, so
   * it ends within this bound even when each call stays within its own limits.
   */
  readonly insightsMs: number;
}

/**
 * The default time limits: 10 s to connect and to the headers, 30 s between body chunks,
 * 45 s in all; an insights read, 12 s for all its calls.
 *
 * @example
 * ```ts
 * createInstagramClient({ ...credentials, timeouts: { ...DEFAULT_INSTAGRAM_TIMEOUTS, headersMs: 20_000 } });
 * ```
 */
export const DEFAULT_INSTAGRAM_TIMEOUTS: InstagramTimeouts = {
  connectMs: 10_000,
  headersMs: 10_000,
  bodyMs: 30_000,
  totalMs: 45_000,
  insightsMs: 12_000,
};

/** The permission names the comment calls report in `PERMISSION_REQUIRED`, per login mode. */
export interface CommentScopes {
  readonly comments: string;
  readonly messages: string;
}

/**
 * Largest answer read from the platform; its answers are small JSON documents.
 *
 * @example
 * ```ts
 * createInstagramClient({ ...credentials, maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES });
 * ```
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

export interface InstagramClientOptions {
  /** The Instagram App ID (reference §0: not the Meta App ID). */
  readonly appId: string;
  /** The Instagram App Secret. Sent only in server-side exchanges; never logged. */
  readonly appSecret: string;
  /** The redirect URI registered under Business login settings, used at authorize and exchange. */
  readonly redirectUri: string;
  readonly authorizeUrl?: string;
  readonly apiUrl?: string;
  readonly graphUrl?: string;
  /**
   * Base of the resumable upload host (reference §2 "Resumable video upload"); default
   * `https://rupload.facebook.com`.
   */
  readonly uploadUrl?: string;
  /**
   * Path prefix of versioned Graph calls, e.g. `v25.0`; `null` or `''` sends them
   * unversioned (the platform and the emulator serve both).
   */
  readonly graphApiVersion?: string | null;
  readonly timeouts?: Partial<InstagramTimeouts>;
  /** The undici dispatcher for every call; by default the client creates an `Agent`. */
  readonly dispatcher?: Dispatcher;
  /**
   * The permission names the comment calls report in `PERMISSION_REQUIRED`; Instagram
   * Login's by default (the Facebook Login client passes its own).
   */
  readonly commentScopes?: CommentScopes;
  /** The current time; defaults to the system clock. */
  readonly clock?: () => Date;
  readonly maxResponseBytes?: number;
  /** Told of every call once it ends (the server's metrics); must not throw. */
  readonly onCall?: PlatformCallObserver;
}

/** Options with every default applied and every value checked. */
export interface ResolvedInstagramClientOptions {
  readonly appId: string;
  readonly appSecret: string;
  readonly redirectUri: string;
  readonly authorizeUrl: string;
  readonly apiUrl: string;
  readonly graphUrl: string;
  readonly uploadUrl: string;
  readonly graphApiVersion: string | null;
  readonly timeouts: InstagramTimeouts;
  readonly clock: () => Date;
  readonly maxResponseBytes: number;
}

function baseUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${name} is not a valid URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`${name} must be an http(s) URL`);
  }
  if (url.search || url.hash) throw new TypeError(`${name} must not carry a query or fragment`);
  return url.toString().replace(/\/+$/, '');
}

function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0)
    throw new TypeError(`${name} must be a positive number`);
  return value;
}

/**
 * Applies defaults and checks the options. Missing app credentials throw
 * `PLATFORM_CREDENTIALS_MISSING` (spec §7); malformed URLs, versions or timeouts throw
 * `TypeError` (a programming error, not a user's).
 *
 * @example
 * ```ts
 * const resolved = resolveInstagramClientOptions({ appId: '1', appSecret: 's', redirectUri: 'https://app/cb' });
 * resolved.graphUrl; // 'https://graph.instagram.com'
 * ```
 */
export function resolveInstagramClientOptions(
  options: InstagramClientOptions,
): ResolvedInstagramClientOptions {
  const missing = (['appId', 'appSecret', 'redirectUri'] as const).filter(
    (key) => typeof options[key] !== 'string' || options[key].trim() === '',
  );
  if (missing.length > 0) {
    throw new ReelayError('PLATFORM_CREDENTIALS_MISSING', { details: { missing } });
  }
  const version =
    options.graphApiVersion === undefined ? DEFAULT_GRAPH_API_VERSION : options.graphApiVersion;
  if (version !== null && version !== '' && !/^v\d+\.\d+$/.test(version)) {
    throw new TypeError('graphApiVersion must look like v25.0');
  }
  const timeouts = { ...DEFAULT_INSTAGRAM_TIMEOUTS, ...options.timeouts };
  for (const [key, value] of Object.entries(timeouts)) positive(value, `timeouts.${key}`);
  return {
    appId: options.appId,
    appSecret: options.appSecret,
    redirectUri: options.redirectUri,
    authorizeUrl: baseUrl(
      options.authorizeUrl ?? DEFAULT_INSTAGRAM_URLS.authorizeUrl,
      'authorizeUrl',
    ),
    apiUrl: baseUrl(options.apiUrl ?? DEFAULT_INSTAGRAM_URLS.apiUrl, 'apiUrl'),
    graphUrl: baseUrl(options.graphUrl ?? DEFAULT_INSTAGRAM_URLS.graphUrl, 'graphUrl'),
    uploadUrl: baseUrl(options.uploadUrl ?? DEFAULT_UPLOAD_URL, 'uploadUrl'),
    graphApiVersion: version === '' ? null : version,
    timeouts,
    clock: options.clock ?? (() => new Date()),
    maxResponseBytes: positive(
      options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      'maxResponseBytes',
    ),
  };
}
