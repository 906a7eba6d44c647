/**
 * Keeps Reelay credentials out of text shown to people or written to logs: API keys
 * (`rly_live_…`), webhook secrets (`whsec_…`), `Bearer` values and JWTs (access and refresh
 * tokens), plus any literal secret the caller holds. One set of shapes, so the SDK's errors
 * and the CLI's messages scrub the same things the same way. Zod-free and import-free, so
 * the CLI can load it at start-up.
 */

/** What replaces a credential. */
export const REDACTED_CREDENTIAL = '[redacted]';

/**
 * Literal secrets shorter than this are left alone: replacing a short value everywhere
 * would garble ordinary words, and real credentials are long.
 */
export const MIN_REDACTED_SECRET_LENGTH = 6;

// `Bearer` keeps its scheme name, so a message still says which header was involved.
const CREDENTIAL_SHAPES: readonly RegExp[] = [
  /rly_[a-z]+_[A-Za-z0-9_-]+/g,
  // Standard base64 (`+`, `/`, `=`) since secrets are issued so; base64url before.
  /whsec_[A-Za-z0-9+/=_-]+/g,
  /(Bearer\s+)[^\s",]+/gi,
  /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g,
];

/**
 * Replaces every given secret, and anything shaped like a Reelay credential, with
 * {@link REDACTED_CREDENTIAL}.
 *
 * @example
 * ```ts
 * redactCredentials('chave rly_live_4f9a8b7c recusada', []); // 'chave [redacted] recusada'
 * redactCredentials('Authorization: Bearer abc.def', []); // 'Authorization: Bearer [redacted]'
 * redactCredentials('token opaque-token-1', ['opaque-token-1']); // 'token [redacted]'
 * ```
 */
export function redactCredentials(
  text: string,
  secrets: ReadonlyArray<string | undefined>,
): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= MIN_REDACTED_SECRET_LENGTH) {
      out = out.split(secret).join(REDACTED_CREDENTIAL);
    }
  }
  for (const shape of CREDENTIAL_SHAPES) {
    out = out.replace(shape, (_match, scheme?: unknown) =>
      typeof scheme === 'string' ? `${scheme}${REDACTED_CREDENTIAL}` : REDACTED_CREDENTIAL,
    );
  }
  return out;
}
