/**
 * Keeps credentials out of everything the SDK throws or logs: the configured API key,
 * access and refresh tokens, and anything shaped like one (`rly_live_…` keys, `whsec_…`
 * secrets, `Bearer …` values, JWTs), wherever they appear in text. The shapes are core's
 * (`redactCredentials`), shared with the CLI.
 */

import { REDACTED_CREDENTIAL as REDACTED, redactCredentials } from '@reelay/core/errors';

/** Header names whose values are always secret. */
const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'x-access-key',
  'authorization',
  'cookie',
  'set-cookie',
]);

/** Body fields whose values are always secret. */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'accessToken',
  'refreshToken',
  'apiKey',
  'key',
  'secret',
]);

/**
 * Removes known secrets and secret-shaped values from a text.
 *
 * @example
 * ```ts
 * redactText('invalid key rly_live_4f9a8b7c', []); // 'invalid key [redacted]'
 * ```
 */
export function redactText(text: string, secrets: readonly string[]): string {
  return redactCredentials(text, secrets);
}

/**
 * A deep copy of a JSON-like value with secret fields blanked and secrets removed from
 * every string.
 *
 * @example
 * ```ts
 * redactValue({ refreshToken: 'abc', note: 'ok' }, []); // { refreshToken: '[redacted]', note: 'ok' }
 * ```
 */
export function redactValue<T>(value: T, secrets: readonly string[], depth = 0): T {
  if (typeof value === 'string') return redactText(value, secrets) as T;
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    return value.map((item) => redactValue(item, secrets, depth + 1)) as T;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] =
      SECRET_FIELDS.has(key) || SECRET_HEADERS.has(key.toLowerCase())
        ? REDACTED
        : redactValue(item, secrets, depth + 1);
  }
  return out as T;
}
