/**
 * What a person should do about a target's error code, from the retry class the error
 * catalogue gives every code (the service's retry guidance): try again as it is, fix
 * something first, reconnect the account, or act elsewhere (check Instagram, lift a
 * restriction) before trying again.
 */
import { retryClassOf } from '@reelay/sdk';

export type Guidance = 'retry' | 'fix' | 'reconnect' | 'act' | 'none';

/** Codes whose remedy is connecting the account again (new token, permissions). */
const RECONNECT_CODES = new Set([
  'TOKEN_INVALID',
  'PERMISSION_REQUIRED',
  'AUTHORIZATION_DENIED',
  'STATE_INVALID',
]);

/**
 * The kind of remedy for a target's `errorCode`.
 *
 * @example
 * ```ts
 * guidanceFor('INTERNAL_ERROR'); // 'retry'
 * guidanceFor('MEDIA_INVALID'); // 'fix'
 * guidanceFor('TOKEN_INVALID'); // 'reconnect'
 * guidanceFor('PUBLISH_UNCONFIRMED'); // 'act'
 * ```
 */
export function guidanceFor(code: string): Guidance {
  if (code === 'CANCELLED') return 'none';
  if (RECONNECT_CODES.has(code)) return 'reconnect';
  switch (retryClassOf(code)) {
    case 'safe':
      return 'retry';
    case 'do-not-retry':
      return 'fix';
    case 'needs-user-action':
      return 'act';
    default:
      // A code newer than this app: the message says what happened; trying again is
      // the one thing a person can do from here.
      return 'retry';
  }
}
