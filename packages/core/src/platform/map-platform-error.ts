/**
 * Turns what the platform answered on failure into a Reelay error (spec §7), by the Graph
 * `code` and `error_subcode` of its body (reference §4), never by HTTP status alone.
 */
import type { ErrorDetails } from '../errors/reelay-error';
import {
  InstagramPlatformError,
  type PlatformErrorFacts,
  type PlatformOutcome,
} from './instagram-platform-error';
import { parseJsonKeepingIds } from './json-with-ids';
import { findPlatformErrorRule, type PlatformErrorRule } from './platform-error-table';
import { redactSecrets } from './redact';

/** What the caller knows about the failed call, to complete the error. */
export interface PlatformErrorContext {
  /** The permission the call needs, reported as `details.scope` on `PERMISSION_REQUIRED`. */
  readonly scope?: string;
  /** Literal secrets of the call (token, app secret, code) to remove from kept text. */
  readonly secrets?: ReadonlyArray<string | undefined>;
}

const UNEXPECTED_MESSAGE = 'O Instagram respondeu com um erro inesperado.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A Graph integer that may arrive as a number or a numeric string. */
function readInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}

function readText(value: unknown, secrets: PlatformErrorContext['secrets']): string | undefined {
  return typeof value === 'string' && value !== '' ? redactSecrets(value, secrets) : undefined;
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) return body;
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return parseJsonKeepingIds(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads the platform's facts from an error body: the Graph envelope
 * `{"error":{message,type,code,error_subcode,is_transient,error_user_title,error_user_msg,fbtrace_id}}`
 * or the legacy OAuth shape `{error_type,code,error_message}` of `api.instagram.com`
 * (reference §1a, §4). Text fields are redacted.
 *
 * @example
 * ```ts
 * readPlatformErrorFacts('{"error":{"code":190,"fbtrace_id":"A1"}}', 400);
 * // { shape: 'graph', httpStatus: 400, code: 190, fbtraceId: 'A1' }
 * ```
 */
export function readPlatformErrorFacts(
  body: unknown,
  httpStatus?: number,
  secrets?: PlatformErrorContext['secrets'],
): PlatformErrorFacts {
  const parsed = parseBody(body);
  const base = httpStatus === undefined ? {} : { httpStatus };
  if (isRecord(parsed) && isRecord(parsed.error)) {
    const error = parsed.error;
    return dropUndefined({
      shape: 'graph',
      ...base,
      code: readInteger(error.code),
      subcode: readInteger(error.error_subcode),
      type: readText(error.type, secrets),
      message: readText(error.message, secrets),
      isTransient: typeof error.is_transient === 'boolean' ? error.is_transient : undefined,
      userTitle: readText(error.error_user_title, secrets),
      userMessage: readText(error.error_user_msg, secrets),
      fbtraceId: readText(error.fbtrace_id, secrets),
    });
  }
  if (isRecord(parsed) && ('error_type' in parsed || 'error_message' in parsed)) {
    return dropUndefined({
      shape: 'legacy-oauth',
      ...base,
      code: readInteger(parsed.code),
      type: readText(parsed.error_type, secrets),
      message: readText(parsed.error_message, secrets),
    });
  }
  return { shape: 'none', ...base };
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** The first `instagram_*` permission a platform message names, e.g. "(#10) … instagram_business_content_publish". */
function scopeNamedIn(message: string | undefined): string | undefined {
  return message?.match(/\b(instagram_[a-z_]+)\b/)?.[1];
}

/**
 * The legacy OAuth shape carries an HTTP-like `code` (400), not a Graph code. A code that
 * was not found or was already used means the connection must start again (reference §1a).
 */
function legacyRule(facts: PlatformErrorFacts): PlatformErrorRule | undefined {
  if (facts.shape !== 'legacy-oauth') return undefined;
  if (facts.message && /\bcode\b/i.test(facts.message)) {
    return {
      reelay: 'TOKEN_INVALID',
      reason: 'authorization_code_invalid',
      transient: false,
      message:
        'O código de autorização do Instagram expirou ou já foi usado; conecte a conta de novo.',
      meaning: 'authorization code not found, expired or already used',
    };
  }
  return undefined;
}

/**
 * Builds the Reelay error for a platform's facts: the table's rule for its code and
 * subcode, else `INTERNAL_ERROR` keeping the trace id. `outcome` says what is known of the
 * call's effect; an answer in a recognised error shape is a refusal.
 *
 * @example
 * ```ts
 * const error = platformErrorFromFacts({ shape: 'graph', code: 9, subcode: 2207042 });
 * error.code; // 'RATE_LIMIT_ACCOUNT'
 * ```
 */
export function platformErrorFromFacts(
  facts: PlatformErrorFacts,
  context: PlatformErrorContext = {},
  outcome?: PlatformOutcome,
): InstagramPlatformError {
  const known = facts.shape !== 'none';
  const rule =
    (facts.shape === 'legacy-oauth' ? legacyRule(facts) : undefined) ??
    (known ? findPlatformErrorRule(facts.code, facts.subcode) : undefined);
  const serverSide = facts.httpStatus !== undefined && facts.httpStatus >= 500;
  const details: ErrorDetails = {};
  if (rule?.reason) details.reason = rule.reason;
  if (!rule) details.reason = known ? 'unknown_platform_error' : 'unexpected_response';
  if (rule?.reelay === 'PERMISSION_REQUIRED') {
    const scope = scopeNamedIn(facts.message) ?? scopeNamedIn(facts.userMessage) ?? context.scope;
    if (scope) details.scope = scope;
  }
  if (facts.code !== undefined) details.platformCode = facts.code;
  if (facts.subcode !== undefined) details.platformSubcode = facts.subcode;
  if (facts.fbtraceId !== undefined) details.fbtraceId = facts.fbtraceId;
  if (facts.httpStatus !== undefined) details.platformStatus = facts.httpStatus;
  // Without a rule, the platform's own hint decides; a bare 5xx/429 page is worth a retry.
  const transient =
    rule?.transient ?? (facts.isTransient === true || serverSide || facts.httpStatus === 429);
  return new InstagramPlatformError(rule?.reelay ?? 'INTERNAL_ERROR', {
    ...(rule?.message ? { message: rule.message } : rule ? {} : { message: UNEXPECTED_MESSAGE }),
    details,
    transient,
    outcome: outcome ?? outcomeOf(facts),
    platform: facts,
    cause: new Error(describeFacts(facts)),
  });
}

/**
 * An answer in a recognised error shape is a refusal. A gateway page, an empty answer or an
 * unreadable success proves nothing about what happened behind it; a plain 4xx page does.
 */
function outcomeOf(facts: PlatformErrorFacts): PlatformOutcome {
  if (facts.shape !== 'none') return 'refused';
  const status = facts.httpStatus;
  return status !== undefined && status >= 400 && status < 500 ? 'refused' : 'unknown';
}

function describeFacts(facts: PlatformErrorFacts): string {
  const parts = [
    facts.httpStatus !== undefined ? `HTTP ${facts.httpStatus}` : undefined,
    facts.code !== undefined ? `code ${facts.code}` : undefined,
    facts.subcode !== undefined ? `subcode ${facts.subcode}` : undefined,
    facts.type,
    facts.message,
    facts.fbtraceId !== undefined ? `fbtrace_id ${facts.fbtraceId}` : undefined,
  ].filter((part) => part !== undefined);
  return `Instagram error: ${parts.join(' · ') || 'no error body'}`;
}

/**
 * Maps a platform error answer to a Reelay error (spec §7) by its `code` and
 * `error_subcode` (see `PLATFORM_ERROR_TABLE`). `body` is the raw text (or bytes, or an
 * already parsed value) of the answer: the Graph envelope, the legacy OAuth shape, or
 * anything else (a gateway's HTML page, an empty body), which becomes `INTERNAL_ERROR`.
 *
 * @example
 * ```ts
 * const error = mapPlatformError(
 *   '{"error":{"message":"…","type":"OAuthException","code":4,"error_subcode":2207051,"fbtrace_id":"AbC"}}',
 *   400,
 * );
 * error.code; // 'SPAM_SUSPECTED'
 * error.details?.fbtraceId; // 'AbC'
 * ```
 */
export function mapPlatformError(
  body: unknown,
  httpStatus?: number,
  context: PlatformErrorContext = {},
): InstagramPlatformError {
  return platformErrorFromFacts(readPlatformErrorFacts(body, httpStatus, context.secrets), context);
}
