/**
 * Webhook signatures exactly as spec §6: `X-Service-Signature` is `sha256=` followed by
 * the lowercase hex HMAC-SHA256, keyed with the subscription secret (the whole `whsec_…`
 * string, as UTF-8), of the text `<timestamp>.<raw body>`. Receivers compare in constant
 * time over the raw bytes and refuse timestamps more than 300 s from their clock, in
 * either direction.
 *
 * Every delivery also carries the Standard Webhooks headers (`standard-webhooks.ts`),
 * signed with the same secret, keyed as Standard Webhooks libraries key it (the decoded
 * base64 of a current secret); `verifyWebhook` (`verify-webhook.ts`) checks either set.
 *
 * Built on Web Crypto (`crypto.subtle`), so the same code runs in Node 22+, Deno, Bun,
 * browsers and edge runtimes; Node's `webcrypto` can be passed explicitly.
 */
import { computeStandardWebhookSignature, STANDARD_WEBHOOK_HEADERS } from './standard-webhooks';
import {
  hmac,
  signedContent,
  toHex,
  type RawBody,
  type WebhookCryptoOptions,
} from './webhook-crypto';

export { WEBHOOK_SECRET_PREFIX } from './webhook-crypto';
export type { RawBody, WebhookCryptoOptions } from './webhook-crypto';

/** Delivery headers of spec §6, lower-cased as HTTP servers present them. */
export const WEBHOOK_HEADERS = {
  eventId: 'x-service-event-id',
  eventType: 'x-service-event-type',
  timestamp: 'x-service-timestamp',
  signature: 'x-service-signature',
} as const;

/** Largest distance, in seconds, between the signed timestamp and the receiver's clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const SIGNATURE_PREFIX = 'sha256=';

/** Why a delivery failed verification; stable, for code to branch on. */
export type WebhookVerificationReason =
  | 'body_not_raw'
  | 'missing_header'
  | 'invalid_secret'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_in_future'
  | 'invalid_signature_format'
  | 'body_reserialized'
  | 'signature_mismatch';

/**
 * The `code` of a {@link WebhookVerificationError}: `WEBHOOK_` and its reason in upper
 * case, stable across versions, to log and branch on next to the API's error codes.
 *
 * @example
 * ```ts
 * if (error instanceof WebhookVerificationError && error.code === 'WEBHOOK_TIMESTAMP_TOO_OLD') replayAlarm();
 * ```
 */
export type WebhookVerificationCode = `WEBHOOK_${Uppercase<WebhookVerificationReason>}`;

/**
 * Thrown by {@link verifyWebhook}. `reason` names the usual mistake: a parsed or
 * re-serialised body, the wrong secret, a stale timestamp.
 *
 * @example
 * ```ts
 * try { await verifyWebhook(body, headers, secret); }
 * catch (error) { if (error instanceof WebhookVerificationError) res.writeHead(400).end(error.reason); }
 * ```
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly reason: WebhookVerificationReason;
  /** The reason as a stable upper-case code, like the API's error codes. */
  readonly code: WebhookVerificationCode;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.reason = reason;
    this.code = `WEBHOOK_${reason.toUpperCase()}` as WebhookVerificationCode;
  }
}

/** Request headers: a Fetch `Headers`, or a plain object such as Node's `req.headers`. */
export type HeadersLike =
  { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions extends WebhookCryptoOptions {
  /** Allowed clock distance in seconds; default 300 (spec §6). */
  toleranceSeconds?: number;
  /** The receiver's clock, in milliseconds; defaults to `Date.now`. */
  now?: () => number;
}

export interface SignWebhookOptions extends WebhookCryptoOptions {
  /** The subscription secret (`whsec_…`). */
  secret: string;
  /** The event to send: an object is serialised once with `JSON.stringify`; a string is sent as is. */
  payload: unknown;
  /** Unix time in seconds; defaults to now. */
  timestamp?: number;
  /** Event id header; defaults to `payload.id`. */
  eventId?: string;
  /** Event type header; defaults to `payload.type`. */
  eventType?: string;
}

export interface SignedWebhook {
  /** The exact body to send; it is what the signature covers. */
  body: string;
  /**
   * `content-type`, the four delivery headers of spec §6 and, when the event id is known,
   * the three Standard Webhooks headers.
   */
  headers: Record<string, string>;
}

/**
 * Computes the `X-Service-Signature` value for a body and timestamp.
 *
 * @example
 * ```ts
 * await computeWebhookSignature('whsec_abc', 1763726400, '{"id":"evt_1"}'); // 'sha256=5f0c…'
 * ```
 */
export async function computeWebhookSignature(
  secret: string,
  timestamp: number | string,
  rawBody: RawBody,
  options?: WebhookCryptoOptions,
): Promise<string> {
  const mac = await hmac(options, secret, signedContent(`${timestamp}.`, rawBody));
  return SIGNATURE_PREFIX + toHex(mac);
}

/**
 * Signs a payload as Reelay does and returns the body and headers to send: spec §6's and,
 * when the event id is known, the Standard Webhooks ones. Useful to test your own
 * receiver.
 *
 * @example
 * ```ts
 * const { body, headers } = await signWebhook({ secret: 'whsec_test', payload: event });
 * await fetch('http://localhost:3000/webhooks', { method: 'POST', body, headers });
 * ```
 */
export async function signWebhook(options: SignWebhookOptions): Promise<SignedWebhook> {
  const body =
    typeof options.payload === 'string' ? options.payload : JSON.stringify(options.payload);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const fromPayload = (key: 'id' | 'type'): string | undefined => {
    const value =
      typeof options.payload === 'object' && options.payload !== null
        ? (options.payload as Record<string, unknown>)[key]
        : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [WEBHOOK_HEADERS.timestamp]: timestamp,
    [WEBHOOK_HEADERS.signature]: await computeWebhookSignature(
      options.secret,
      timestamp,
      body,
      options,
    ),
  };
  const eventId = options.eventId ?? fromPayload('id');
  const eventType = options.eventType ?? fromPayload('type');
  if (eventId) headers[WEBHOOK_HEADERS.eventId] = eventId;
  if (eventType) headers[WEBHOOK_HEADERS.eventType] = eventType;
  if (eventId) {
    headers[STANDARD_WEBHOOK_HEADERS.id] = eventId;
    headers[STANDARD_WEBHOOK_HEADERS.timestamp] = timestamp;
    headers[STANDARD_WEBHOOK_HEADERS.signature] = await computeStandardWebhookSignature(
      options.secret,
      eventId,
      timestamp,
      body,
      options,
    );
  }
  return { body, headers };
}
