/**
 * The pure parts of Instagram Login (reference §1a): the authorization URL, the callback's
 * query, and the shapes of the token answers.
 */
import * as z from 'zod';
import { ReelayError } from '../errors/reelay-error';
import { INSTAGRAM_SCOPES } from './platform-error-table';

/**
 * The scopes Reelay asks for: reading the account and publishing (reference §0 table).
 *
 * @example
 * ```ts
 * client.authorizationUrl({ state, scopes: [...DEFAULT_INSTAGRAM_SCOPES, INSTAGRAM_SCOPES.manageComments] });
 * ```
 */
export const DEFAULT_INSTAGRAM_SCOPES: readonly string[] = [
  INSTAGRAM_SCOPES.basic,
  INSTAGRAM_SCOPES.contentPublish,
];

/**
 * A short-lived token lives 1 hour when the answer does not say (reference §1a "Dashboard tokens").
 *
 * @example
 * ```ts
 * new Date(issuedAt.getTime() + SHORT_LIVED_TOKEN_SECONDS * 1000); // expiry of a short-lived token
 * ```
 */
export const SHORT_LIVED_TOKEN_SECONDS = 3600;

/**
 * A long-lived token can be refreshed only once it is at least 24 h old (reference §1a "Refresh").
 *
 * @example
 * ```ts
 * const refreshableAt = new Date(issuedAt.getTime() + TOKEN_REFRESH_MIN_AGE_MS);
 * ```
 */
export const TOKEN_REFRESH_MIN_AGE_MS = 24 * 60 * 60 * 1000;

export interface AuthorizationUrlOptions {
  /** Echoed back to the redirect URI; Reelay's CSRF protection (spec §4 "Account connection flow"). */
  readonly state: string;
  readonly scopes?: readonly string[];
  /** Forces an Instagram credential login even when a session exists. */
  readonly forceAuthentication?: boolean;
  /** Lets a user whose Page is linked sign in through Facebook. */
  readonly enableFbLogin?: boolean;
}

export interface AuthorizationUrlConfig {
  readonly authorizeUrl: string;
  readonly appId: string;
  readonly redirectUri: string;
}

/**
 * The URL of the authorization window: `{authorizeUrl}/oauth/authorize` with `client_id`,
 * `redirect_uri`, `response_type=code`, comma-separated `scope` and `state`.
 *
 * @example
 * ```ts
 * buildAuthorizationUrl(
 *   { authorizeUrl: 'https://www.instagram.com', appId: '990', redirectUri: 'https://app.example/cb' },
 *   { state: 'st_1' },
 * );
 * // 'https://www.instagram.com/oauth/authorize?client_id=990&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code&scope=instagram_business_basic%2Cinstagram_business_content_publish&state=st_1'
 * ```
 */
export function buildAuthorizationUrl(
  config: AuthorizationUrlConfig,
  options: AuthorizationUrlOptions,
): string {
  if (typeof options.state !== 'string' || options.state === '') {
    throw new TypeError('state is required: it protects the callback against forgery');
  }
  const url = new URL(`${config.authorizeUrl.replace(/\/+$/, '')}/oauth/authorize`);
  const scopes = options.scopes ?? DEFAULT_INSTAGRAM_SCOPES;
  url.searchParams.set('client_id', config.appId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scopes.join(','));
  url.searchParams.set('state', options.state);
  if (options.forceAuthentication !== undefined) {
    url.searchParams.set('force_authentication', options.forceAuthentication ? '1' : '0');
  }
  if (options.enableFbLogin !== undefined) {
    url.searchParams.set('enable_fb_login', options.enableFbLogin ? '1' : '0');
  }
  return url.toString();
}

/** The query of the redirect back to Reelay, in any of the usual containers. */
export type CallbackQuery =
  URLSearchParams | string | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface AuthorizationCallback {
  /** The one-use code, valid 1 hour, with the trailing `#_` removed. */
  readonly code: string;
  /** The `state` echoed back, or `null`; checking it is the caller's job. */
  readonly state: string | null;
}

function callbackParams(query: CallbackQuery): URLSearchParams {
  if (query instanceof URLSearchParams) return query;
  if (typeof query === 'string') {
    const search = query.includes('?') ? query.slice(query.indexOf('?') + 1) : query;
    return new URLSearchParams(search);
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string') params.append(key, value);
    else if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
  }
  return params;
}

/**
 * Reads the redirect back from the authorization window. A refusal
 * (`error=access_denied&error_reason=user_denied…`, reference §1a "User cancels") or any
 * other `error`, or a missing code, throws `AUTHORIZATION_DENIED` with `details.reason`
 * (the platform's `error_reason`, else its `error`). The code's trailing `#_` is removed.
 *
 * @example
 * ```ts
 * parseAuthorizationCallback('?code=AQBx9#_&state=st_1'); // { code: 'AQBx9', state: 'st_1' }
 * parseAuthorizationCallback({ error: 'access_denied', error_reason: 'user_denied' }); // throws AUTHORIZATION_DENIED
 * ```
 */
export function parseAuthorizationCallback(query: CallbackQuery): AuthorizationCallback {
  // A raw query string may still hold the fragment marker when copied from a browser.
  const params = callbackParams(
    typeof query === 'string' ? query.replace(/#_?(?=&|$)/, '') : query,
  );
  const state = params.get('state');
  const error = params.get('error');
  if (error !== null) {
    const reason = params.get('error_reason') || error;
    throw new ReelayError('AUTHORIZATION_DENIED', {
      details: { reason, ...(state !== null ? { state } : {}) },
    });
  }
  const code = (params.get('code') ?? '').replace(/#_?$/, '').trim();
  if (code === '') {
    throw new ReelayError('AUTHORIZATION_DENIED', {
      details: { reason: 'missing_code', ...(state !== null ? { state } : {}) },
    });
  }
  return { code, state };
}

const idSchema = z
  .union([z.string().regex(/^\d{1,40}$/), z.number().int().nonnegative()])
  .transform(String);
const permissionsSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : (value ?? '').split(','))
      .map((scope) => scope.trim())
      .filter((scope) => scope !== ''),
  );
const expiresInSchema = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
  .optional();

const codeExchangeEntrySchema = z.object({
  access_token: z.string().min(1),
  user_id: idSchema,
  permissions: permissionsSchema,
  expires_in: expiresInSchema,
});

/** What the code exchange gives, in either of the shapes seen (reference §1a, §"Key discrepancies" 2). */
export interface CodeExchangeResult {
  readonly accessToken: string;
  /** The Instagram-scoped user id, as a string so no digit is lost. */
  readonly userId: string;
  readonly scopes: string[];
  /** Seconds, when the answer says; else the documented 1 hour applies. */
  readonly expiresIn: number | null;
}

/**
 * Reads the code exchange answer: the documented `{"data":[{access_token,user_id,permissions}]}`
 * or the flat `{access_token,user_id,permissions}`. Returns `null` when it is neither.
 * Parse the text with `parseJsonKeepingIds` first so a numeric `user_id` keeps its digits.
 *
 * @example
 * ```ts
 * readCodeExchange({ data: [{ access_token: 'IGQ…', user_id: '1784', permissions: 'instagram_business_basic' }] });
 * // { accessToken: 'IGQ…', userId: '1784', scopes: ['instagram_business_basic'], expiresIn: null }
 * ```
 */
export function readCodeExchange(body: unknown): CodeExchangeResult | null {
  const candidate =
    typeof body === 'object' && body !== null && Array.isArray((body as { data?: unknown }).data)
      ? (body as { data: unknown[] }).data[0]
      : body;
  const parsed = codeExchangeEntrySchema.safeParse(candidate);
  if (!parsed.success) return null;
  return {
    accessToken: parsed.data.access_token,
    userId: parsed.data.user_id,
    scopes: parsed.data.permissions,
    expiresIn: parsed.data.expires_in ?? null,
  };
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: expiresInSchema,
});

/** A long-lived token answer (exchange or refresh). */
export interface TokenAnswer {
  readonly accessToken: string;
  readonly tokenType: string;
  /** Seconds of validity (about 60 days), or `null` when the answer omits it. */
  readonly expiresIn: number | null;
}

/**
 * Reads `{"access_token","token_type":"bearer","expires_in":5183944}` (reference §1a
 * "Long-lived exchange", "Refresh"). Returns `null` when the shape does not fit.
 *
 * @example
 * ```ts
 * readTokenAnswer({ access_token: 'IGAA…', token_type: 'bearer', expires_in: 5183944 });
 * // { accessToken: 'IGAA…', tokenType: 'bearer', expiresIn: 5183944 }
 * ```
 */
export function readTokenAnswer(body: unknown): TokenAnswer | null {
  const parsed = tokenSchema.safeParse(body);
  if (!parsed.success) return null;
  return {
    accessToken: parsed.data.access_token,
    tokenType: parsed.data.token_type ?? 'bearer',
    expiresIn: parsed.data.expires_in ?? null,
  };
}

/**
 * Whether a long-lived token issued at `issuedAt` may be refreshed at `now`: it must be at
 * least 24 h old (reference §1a "Refresh").
 *
 * @example
 * ```ts
 * canRefreshToken(new Date('2026-11-20T10:00:00Z'), new Date('2026-11-21T10:00:00Z')); // true
 * ```
 */
export function canRefreshToken(issuedAt: Date, now: Date): boolean {
  return now.getTime() - issuedAt.getTime() >= TOKEN_REFRESH_MIN_AGE_MS;
}

/**
 * The account types allowed to connect: professional accounts only (reference §1c).
 *
 * @example
 * ```ts
 * PROFESSIONAL_ACCOUNT_TYPES.includes('BUSINESS'); // true
 * ```
 */
export const PROFESSIONAL_ACCOUNT_TYPES = ['BUSINESS', 'MEDIA_CREATOR'] as const;
export type ProfessionalAccountType = (typeof PROFESSIONAL_ACCOUNT_TYPES)[number];

/**
 * The `account_type` in upper case (`Business` → `BUSINESS`, `Media_Creator` →
 * `MEDIA_CREATOR`): the docs and the platform disagree on casing (reference §1c), or
 * `null` when absent.
 *
 * @example
 * ```ts
 * normalizeAccountType('Media_Creator'); // 'MEDIA_CREATOR'
 * ```
 */
export function normalizeAccountType(accountType: unknown): string | null {
  if (typeof accountType !== 'string' || accountType.trim() === '') return null;
  return accountType.trim().toUpperCase();
}

/**
 * Whether an `account_type` is professional, compared case-insensitively.
 *
 * @example
 * ```ts
 * isProfessionalAccountType('Business'); // true
 * isProfessionalAccountType('PERSONAL'); // false
 * ```
 */
export function isProfessionalAccountType(accountType: unknown): boolean {
  const normalized = normalizeAccountType(accountType);
  return (PROFESSIONAL_ACCOUNT_TYPES as readonly string[]).includes(normalized ?? '');
}
