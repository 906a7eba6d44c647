/**
 * The `signed_request` Meta posts to the deauthorize and data-deletion callbacks
 * (reference §5): `<base64url(signature)>.<base64url(JSON payload)>`, the signature being
 * HMAC-SHA256 of the raw payload segment keyed with the Instagram App Secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ReelayError } from '../errors/reelay-error';
import { parseJsonKeepingIds } from './json-with-ids';

/** The verified payload. `userId` is the app-scoped id, always a string (reference §5). */
export interface SignedRequestPayload {
  readonly algorithm: 'HMAC-SHA256';
  readonly userId: string;
  /** Unix seconds, when present. */
  readonly issuedAt: number | null;
  /** Unix seconds, when present (data-deletion requests carry it). */
  readonly expires: number | null;
  /** Every field of the payload, ids as strings. */
  readonly raw: Readonly<Record<string, unknown>>;
}

// Meta omits padding; its own PHP sample decodes with padding tolerated, so a correctly
// padded segment is accepted too. Anything outside the alphabet is refused, because
// Node's decoder would silently skip it.
const SEGMENT = /^[A-Za-z0-9_-]+={0,2}$/;
const SHA256_BYTES = 32;

function invalid(why: string): ReelayError {
  return new ReelayError('SIGNED_REQUEST_INVALID', { cause: new Error(why) });
}

function decodeSegment(segment: string): Buffer | null {
  if (!SEGMENT.test(segment)) return null;
  const bare = segment.replace(/=+$/, '');
  // A base64 text of length 4n+1 cannot exist; padding must complete the last quantum exactly.
  if (bare.length % 4 === 1) return null;
  if (segment.length !== bare.length && segment.length % 4 !== 0) return null;
  return Buffer.from(bare, 'base64url');
}

function readUnixSeconds(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}

/**
 * Verifies and decodes a `signed_request`. The HMAC is compared in constant time; the
 * payload's `algorithm` must be `HMAC-SHA256` (any case) and `user_id` present. Anything
 * else throws `ReelayError('SIGNED_REQUEST_INVALID')` (spec §7), whose message says
 * nothing about which check failed.
 *
 * @example
 * ```ts
 * const { userId } = parseSignedRequest(form.get('signed_request') ?? '', appSecret);
 * ```
 */
export function parseSignedRequest(
  signedRequest: unknown,
  appSecret: string,
): SignedRequestPayload {
  if (typeof appSecret !== 'string' || appSecret === '') throw invalid('no app secret');
  if (typeof signedRequest !== 'string') throw invalid('not a string');
  const parts = signedRequest.trim().split('.');
  if (parts.length !== 2) throw invalid('expected two segments');
  const [signatureSegment = '', payloadSegment = ''] = parts;
  const signature = decodeSegment(signatureSegment);
  const payloadBytes = decodeSegment(payloadSegment);
  if (!signature || !payloadBytes) throw invalid('malformed segment');

  // The HMAC covers the payload segment exactly as received, not the decoded JSON.
  const expected = createHmac('sha256', appSecret).update(payloadSegment).digest();
  if (signature.length !== SHA256_BYTES || !timingSafeEqual(signature, expected)) {
    throw invalid('signature mismatch');
  }

  let payload: unknown;
  try {
    payload = parseJsonKeepingIds(payloadBytes.toString('utf8'));
  } catch {
    throw invalid('payload is not JSON');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw invalid('payload is not an object');
  }
  const fields = payload as Record<string, unknown>;
  if (typeof fields.algorithm !== 'string' || fields.algorithm.toUpperCase() !== 'HMAC-SHA256') {
    throw invalid('unsupported algorithm');
  }
  const userId = fields.user_id;
  if (typeof userId !== 'string' || !/^\d{1,40}$/.test(userId)) throw invalid('no user_id');
  return {
    algorithm: 'HMAC-SHA256',
    userId,
    issuedAt: readUnixSeconds(fields.issued_at),
    expires: readUnixSeconds(fields.expires),
    raw: fields,
  };
}
