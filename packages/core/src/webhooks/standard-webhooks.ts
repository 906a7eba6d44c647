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
 * The HMAC key is the one of spec §6: the UTF-8 bytes of the whole `whsec_…` string. A
 * Standard Webhooks library reads a `whsec_` secret as base64 of the key instead, which
 * ours is not, so receivers pass it as raw bytes: `new Webhook(secret, { format: 'raw' })`
 * in the reference library; where a library takes only that base64 form, the equivalent
 * is `whsec_` + base64 of the secret's UTF-8 bytes.
 */
import {
  hmac,
  signedContent,
  toBase64,
  type RawBody,
  type WebhookCryptoOptions,
} from './webhook-crypto';

/** The Standard Webhooks headers, lower-cased as HTTP servers present them. */
export const STANDARD_WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** The signature version of the Standard Webhooks symmetric scheme (HMAC-SHA256). */
const VERSION = 'v1';

/**
 * The `webhook-signature` entry for one secret: `v1,` and the base64 HMAC-SHA256, keyed
 * with the UTF-8 bytes of the whole secret, of `<id>.<timestamp>.<raw body>`.
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
  const mac = await hmac(options, secret, signedContent(`${id}.${timestamp}.`, rawBody));
  return `${VERSION},${toBase64(mac)}`;
}
