/**
 * The secrets a subscription signs with (spec §6 "Signing"): decrypted at the time of
 * sending, the current one and, during a rotation's overlap, the previous one.
 *
 * Each is handed on as the string it was issued as, of either generation: `X-Service-
 * Signature` is keyed by the whole string for both; `webhook-signature` by the decoded
 * bytes of a standard base64 secret and by the whole string of an older base64url one
 * (core's `standardWebhookKeyForm`). The generation is read from the secret's shape, not
 * from a column: the two shapes cannot overlap (44 characters ending in `=` against 43
 * base64url ones), receivers can only ever see the string, and a rotation's previous and
 * current secrets then each sign by their own rule with nothing to keep in step.
 */
import type { TokenCipher } from '../security/token-cipher';
import type { Subscription } from '../store/subscriptions';

/** Recorded instead of an answer when a subscription's secret cannot be read. */
export const UNREADABLE_SECRET_ERROR =
  'O segredo desta inscrição não pode ser lido (REELAY_ENCRYPTION_KEY mudou?); gire o segredo.';

function decryptOrNull(cipher: TokenCipher, stored: string): string | null {
  try {
    return cipher.decrypt(stored);
  } catch {
    return null;
  }
}

/**
 * The secrets that sign now: the current one, and the previous one during its overlap.
 * `null` when the current one cannot be read (the encryption key changed): nothing of
 * this subscription can be signed until its secret is rotated, and nothing else waits.
 *
 * @example
 * ```ts
 * signingSecrets(cipher, subscription, clock.now()); // ['whsec_…'] or null
 * ```
 */
export function signingSecrets(
  cipher: TokenCipher,
  subscription: Pick<Subscription, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  now: number,
): string[] | null {
  const current = decryptOrNull(cipher, subscription.secret);
  if (current === null) return null;
  const secrets = [current];
  if (subscription.previousSecret && (subscription.previousSecretExpiresAt ?? 0) > now) {
    const previous = decryptOrNull(cipher, subscription.previousSecret);
    if (previous !== null) secrets.push(previous);
  }
  return secrets;
}
