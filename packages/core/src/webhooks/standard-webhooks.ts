/**
 * The Standard Webhooks headers (standardwebhooks.com), sent beside spec §6's own on every
 * delivery so receivers can verify with any Standard Webhooks library:
 *
 * - `webhook-id`: the event id (`evt_…`), the same deduplication key as
 *   `X-Service-Event-Id`;
 * - `webhook-timestamp`: the same Unix seconds as `X-Service-Timestamp`;
 * - `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<raw body>`,
 *   one space-separated entry per live secret during a rotation, newest first.
 *
 * The HMAC key is what a Standard Webhooks library makes of the secret, so its default
 * constructor (`new Webhook(secret)`) verifies: the bytes the standard base64 after
 * `whsec_` encodes. Secrets issued before that (`whsec_` + 43 characters of base64url, no
 * padding) are not standard base64; they keep the key they always had, the UTF-8 bytes of
 * the whole string (spec §6's key), so receivers set up for them go on verifying until
 * the secret is rotated. See {@link standardWebhookKeyForm}.
 */
import {
  hmac,
  signedContent,
  toBase64,
  type WebhookKeyForm,
  type RawBody,
  type WebhookCryptoOptions,
} from './webhook-crypto';

export type { WebhookKeyForm } from './webhook-crypto';

/**
 * A secret whose tail is standard base64 (RFC 4648 §4: `A–Z a–z 0–9 + /`, padded with `=`
 * to a multiple of four characters, not empty): exactly what the Standard Webhooks
 * libraries decode.
 */
const BASE64_SECRET =
  /^whsec_(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}==)$/;

/**
 * How the `webhook-signature` of a secret is keyed: `base64` (the decoded bytes) when the
 * secret is `whsec_` and standard base64, as Reelay issues them now (`whsec_` + 44
 * characters ending in `=`, 32 random bytes); `text` (the UTF-8 bytes of the whole
 * string) otherwise, which is every secret issued before (`whsec_` + 43 characters of
 * base64url, never a multiple of four, so never standard base64).
 *
 * The rule reads the secret alone, not anything stored beside it, on purpose: a receiver
 * holds nothing but the secret, so the server, `verifyWebhook` and the CLI apply the same
 * function of the same string and cannot disagree, and a secret that has no stored row
 * (a test delivery to a URL) follows it too. The two generations cannot be mistaken for
 * one another: their lengths differ. `X-Service-Signature` (spec §6) is always `text`.
 *
 * @example
 * ```ts
 * standardWebhookKeyForm('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwMfKQ9r8GKYo='); // 'base64'
 * standardWebhookKeyForm('whsec_q-3v_Zm9yIHRlc3RzIG9ubHkgMDEyMzQ1Njc4OWFiY2RlZg'); // 'text'
 * ```
 */
export function standardWebhookKeyForm(secret: string): WebhookKeyForm {
  return BASE64_SECRET.test(secret) ? 'base64' : 'text';
}

/** The Standard Webhooks headers, lower-cased as HTTP servers present them. */
export const STANDARD_WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** The signature version of the Standard Webhooks symmetric scheme (HMAC-SHA256). */
const VERSION = 'v1';

/**
 * The `webhook-signature` entry for one secret: `v1,` and the base64 HMAC-SHA256 of
 * `<id>.<timestamp>.<raw body>`, keyed as {@link standardWebhookKeyForm} says: the bytes
 * a base64 secret encodes, or the UTF-8 bytes of an older (base64url) secret.
 *
 * @example
 * ```ts
 * await computeStandardWebhookSignature('whsec_abc', 'evt_1', 1763726400, '{"id":"evt_1"}');
 * // 'v1,K5oZ…='
 * ```
 */
export async function computeStandardWebhookSignature(
  secret: string,
  id: string,
  timestamp: number | string,
  rawBody: RawBody,
  options?: WebhookCryptoOptions,
): Promise<string> {
  const content = signedContent(`${id}.${timestamp}.`, rawBody);
  const mac = await hmac(options, secret, content, standardWebhookKeyForm(secret));
  return `${VERSION},${toBase64(mac)}`;
}
