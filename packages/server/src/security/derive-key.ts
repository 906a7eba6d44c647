import { hkdfSync } from 'node:crypto';

/**
 * Derives an independent 32-byte key for one purpose from the server's auth secret, so
 * access tokens and OAuth state never share a key.
 *
 * @example
 * ```ts
 * const stateKey = deriveKey(secrets.authSecret, 'oauth-state');
 * ```
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'reelay', purpose, 32));
}
