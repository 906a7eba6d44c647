/**
 * Keeps credentials out of everything Reelay stores or logs about a platform call. The
 * platform takes the token and the app secret as query or form parameters (reference §1a,
 * §2 "Flow"), so any URL, body or message kept for diagnosis may carry them.
 */

/**
 * What replaces a secret.
 *
 * @example
 * ```ts
 * redactSecrets('access_token=IGAA1234567'); // 'access_token=[REDACTED]'
 * ```
 */
export const REDACTED = '[REDACTED]';

/**
 * Parameter names whose values are credentials: tokens, the app secret, the one-use code.
 *
 * @example
 * ```ts
 * SECRET_PARAMETER_NAMES.includes('client_secret'); // true
 * ```
 */
export const SECRET_PARAMETER_NAMES = [
  'access_token',
  'client_secret',
  'code',
  'fb_exchange_token',
  'input_token',
  'refresh_token',
] as const;

const NAMES = SECRET_PARAMETER_NAMES.join('|');
// `name=value` in a query string or form body; the look-behind keeps `error_code=` intact.
const PARAMETER = new RegExp(`(?<![\\w.-])(${NAMES})=([^&\\s#"'<>]*)`, 'gi');
// `"name": "value"` in JSON text.
const JSON_MEMBER = new RegExp(`"(${NAMES})"(\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
// `Authorization: Bearer …` / `OAuth …` header values quoted in messages.
const AUTH_SCHEME = /\b(Bearer|OAuth)\s+[A-Za-z0-9._~+/=-]{8,}/g;

// Instagram tokens themselves (reference §0: "prefix usually IG…/IGAA…"), wherever they
// appear, even when the call that failed did not know them.
const INSTAGRAM_TOKEN = /\bIG[A-Z][A-Za-z0-9_-]{24,}/g;

/** Shorter values are not treated as literal secrets: replacing `1` everywhere would garble text. */
const MIN_LITERAL_LENGTH = 6;

/**
 * Removes credentials from a text: the values of `access_token`, `client_secret`, `code`
 * (and other token parameters) in URLs, form bodies and JSON, `Bearer`/`OAuth` header
 * values, anything shaped like an Instagram token, and every literal occurrence of the
 * given secrets.
 *
 * @example
 * ```ts
 * redactSecrets('GET /me?fields=id&access_token=IGAAx1', ['IGAAx1']);
 * // 'GET /me?fields=id&access_token=[REDACTED]'
 * ```
 */
export function redactSecrets(
  text: string,
  secrets: ReadonlyArray<string | undefined> = [],
): string {
  let out = text;
  // Longest first, so a secret containing another is removed whole.
  const literals = secrets
    .filter((secret): secret is string => typeof secret === 'string')
    .filter((secret) => secret.length >= MIN_LITERAL_LENGTH)
    .sort((a, b) => b.length - a.length);
  for (const secret of literals) {
    out = out.split(secret).join(REDACTED);
    // The same secret may appear URL-encoded inside a URL or a form body.
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret) out = out.split(encoded).join(REDACTED);
  }
  return out
    .replace(PARAMETER, (_match, name: string) => `${name}=${REDACTED}`)
    .replace(JSON_MEMBER, (_match, name: string, colon: string) => `"${name}"${colon}"${REDACTED}"`)
    .replace(AUTH_SCHEME, (_match, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(INSTAGRAM_TOKEN, REDACTED);
}
