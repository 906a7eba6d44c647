/**
 * Reaching an account's Instagram from the inbox: the client of its login mode and its
 * token in clear, and Instagram's times read as milliseconds.
 */
import { ReelayError } from '@reelay/core';
import type { AccountPlatform } from '../platform';
import { platformFor, readAccessToken } from '../services/account-token';
import type { IntegrationRecord } from '../store/integrations';
import type { InboxDeps } from './comment-ingest';

/**
 * The client and token that act on an account; `PLATFORM_CREDENTIALS_MISSING` when its
 * login mode's app is not configured, `TOKEN_INVALID` when it must be reconnected.
 *
 * @example
 * ```ts
 * const { client, accessToken } = accountClient(deps, account);
 * await client.replyToComment({ accessToken, commentId, message });
 * ```
 */
export function accountClient(
  deps: Pick<InboxDeps, 'platform' | 'facebook' | 'cipher' | 'logger'>,
  account: IntegrationRecord,
): { client: AccountPlatform; accessToken: string } {
  const client = platformFor(deps, account);
  if (!client) throw new ReelayError('PLATFORM_CREDENTIALS_MISSING');
  if (account.authStatus !== 'active') {
    throw new ReelayError('TOKEN_INVALID', { details: { accountId: account.id } });
  }
  return { client, accessToken: readAccessToken(deps, account) };
}

/**
 * An Instagram timestamp (`2026-01-01T00:00:00+0000`) in milliseconds, or `null` when
 * absent or unreadable.
 *
 * @example
 * ```ts
 * platformTime('2026-01-01T00:00:00+0000'); // 1767225600000
 * ```
 */
export function platformTime(timestamp: string | null): number | null {
  if (!timestamp) return null;
  const time = Date.parse(timestamp.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isFinite(time) ? time : null;
}
