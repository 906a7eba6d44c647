/**
 * The names rate-limit counters are kept under: `<bucket>:<identity>`, the identity being
 * the verified credential, else the caller's address. The HTTP layer counts under them,
 * and erasing a user deletes the counters of their credentials: one spelling for both.
 */
import type { RateBucket } from '@reelay/core';

/** Who a request is counted against. */
export type RateIdentity = `key:${string}` | `user:${string}` | `ip:${string}`;

/** What a request can be counted against: an API key, a signed-in user, an address. */
export type RateSubject = 'key' | 'user' | 'ip';

/**
 * Built on every request: two strings joined, nothing allocated besides the result.
 *
 * @example
 * ```ts
 * rateIdentity('key', apiKeyId); // 'key:<apiKeyId>'
 * ```
 */
export function rateIdentity(subject: RateSubject, id: string): RateIdentity {
  return `${subject}:${id}`;
}

/**
 * @example
 * ```ts
 * rateLimitKey('default', rateIdentity('ip', '203.0.113.7')); // 'default:ip:203.0.113.7'
 * ```
 */
export function rateLimitKey(bucket: RateBucket, identity: RateIdentity): string {
  return `${bucket}:${identity}`;
}
