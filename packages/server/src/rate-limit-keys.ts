/**
 * The names rate-limit counters are kept under: `<bucket>:<identity>`, the identity being
 * the verified credential, else the caller's address. The HTTP layer counts under them,
 * and erasing a user deletes the counters of their credentials: one spelling for both.
 */
import type { RateBucket } from '@reelay/core';

/** Who a request is counted against. */
export type RateIdentity = `key:${string}` | `user:${string}` | `ip:${string}`;

/**
 * @example
 * ```ts
 * rateIdentity({ apiKeyId: 'key_1' }); // 'key:key_1'
 * ```
 */
export function rateIdentity(
  of: { apiKeyId: string } | { userId: string } | { ip: string },
): RateIdentity {
  if ('apiKeyId' in of) return `key:${of.apiKeyId}`;
  if ('userId' in of) return `user:${of.userId}`;
  return `ip:${of.ip}`;
}

/**
 * @example
 * ```ts
 * rateLimitKey('default', rateIdentity({ ip: '203.0.113.7' })); // 'default:ip:203.0.113.7'
 * ```
 */
export function rateLimitKey(bucket: RateBucket, identity: RateIdentity): string {
  return `${bucket}:${identity}`;
}
