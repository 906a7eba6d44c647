/**
 * API keys (spec §5): `rly_live_` followed by 32 random base62 characters (190 bits).
 * Only a SHA-256 hash is stored; with that much entropy a slow hash adds nothing, and a
 * fast one keeps every request's lookup cheap.
 */
import { createHash, randomInt } from 'node:crypto';
import { API_KEY_PREFIX } from '@reelay/core';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 32;
/** Characters of the key kept visible, to recognise it in lists. */
const VISIBLE_LENGTH = API_KEY_PREFIX.length + 4;

export interface GeneratedApiKey {
  key: string;
  prefix: string;
  hash: string;
}

/**
 * Creates a new key; show `key` once and store `hash` and `prefix`.
 *
 * @example
 * ```ts
 * const { key, prefix, hash } = generateApiKey(); // key: 'rly_live_4f9a…'
 * ```
 */
export function generateApiKey(): GeneratedApiKey {
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += BASE62[randomInt(BASE62.length)];
  const key = `${API_KEY_PREFIX}${secret}`;
  return { key, prefix: key.slice(0, VISIBLE_LENGTH), hash: hashSecret(key) };
}

/**
 * The stored form of a random secret (an API key, a refresh token): its SHA-256. The
 * secrets are long and random, so a fast hash is enough and lookups stay indexed.
 *
 * @example
 * ```ts
 * hashSecret('rly_live_abc'); // 64 hex characters
 * ```
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Whether a presented credential has the shape of a key (cheap check before any lookup). */
export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX) && value.length === API_KEY_PREFIX.length + SECRET_LENGTH;
}
