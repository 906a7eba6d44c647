/**
 * Keeping connected accounts usable: refreshing their tokens, recording a token the
 * platform refused, and claiming health checks. Claims are conditional updates, so
 * several server instances sharing the database never do the same work twice.
 */
import { decodeIntegration, type IntegrationRecord } from './integration-records';
import type { Db } from './schema';

/**
 * Accounts whose long-lived token should be refreshed now: still connected, at least
 * 24 h old (the platform refuses younger tokens) and expiring before `expiringBefore`.
 *
 * @example
 * ```ts
 * const due = await findTokensToRefresh(db, now, now + 10 * DAY_MS, 100);
 * ```
 */
export async function findTokensToRefresh(
  db: Db,
  now: number,
  expiringBefore: number,
  limit: number,
  after: { expiresAt: number; id: string } | null = null,
): Promise<IntegrationRecord[]> {
  let query = db
    .selectFrom('integrations')
    .selectAll()
    .where('access_token', 'is not', null)
    .where('auth_status', '=', 'active')
    .where('token_expires_at', '<', expiringBefore)
    .where('token_expires_at', '>', now)
    .where('token_issued_at', '<=', now - 24 * 60 * 60_000);
  // Keyset paging: the page after the last account seen, so that one that could not be
  // refreshed (and stays due) is not read again in the same run.
  if (after !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('token_expires_at', '>', after.expiresAt),
        eb.and([eb('token_expires_at', '=', after.expiresAt), eb('id', '>', after.id)]),
      ]),
    );
  }
  const rows = await query.orderBy('token_expires_at').orderBy('id').limit(limit).execute();
  return rows.map(decodeIntegration);
}

/**
 * Claims the refresh of an account's token: moves `updatedAt` from the value read to
 * `now`. Only one instance succeeds; the others see the account changed and pass.
 *
 * @example
 * ```ts
 * if (!(await claimTokenRefresh(db, account, now))) continue;
 * ```
 */
export async function claimTokenRefresh(
  db: Db,
  account: Pick<IntegrationRecord, 'id' | 'updatedAt'>,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('integrations')
    .set({ updated_at: now })
    .where('id', '=', account.id)
    .where('updated_at', '=', account.updatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A refreshed token as stored: `accessToken` already encrypted. */
export interface RefreshedToken {
  accessToken: string;
  issuedAt: number;
  expiresAt: number | null;
}

/**
 * Stores the token the platform handed back for a refresh, refreshed `now`.
 *
 * @example
 * ```ts
 * await recordTokenRefresh(db, account.id, { accessToken: cipher.encrypt(token), issuedAt, expiresAt }, now);
 * ```
 */
export async function recordTokenRefresh(
  db: Db,
  id: string,
  token: RefreshedToken,
  now: number,
): Promise<void> {
  await db
    .updateTable('integrations')
    .set({
      access_token: token.accessToken,
      token_issued_at: token.issuedAt,
      token_expires_at: token.expiresAt,
      token_refreshed_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Records that the platform refused the account's token: the account is revoked until
 * a person reconnects it, with the reason as its health error (`CODE: message`).
 *
 * @example
 * ```ts
 * await markReconnectRequired(db, account.id, 'TOKEN_INVALID: o token expirou.', now);
 * ```
 */
export async function markReconnectRequired(
  db: Db,
  id: string,
  healthError: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('integrations')
    .set({
      auth_status: 'reconnect_required',
      status: 'revoked',
      health_error: healthError,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Claims a health check of the account: marks it checked `now`, so concurrent requests
 * do not all ask the platform. With `lastCheckedBy`, only an account never checked or
 * last checked at or before that time is claimed; without it the claim always succeeds.
 *
 * @example
 * ```ts
 * const claimed = await claimHealthCheck(db, account.id, now, { lastCheckedBy: now - 10 * 60_000 });
 * ```
 */
export async function claimHealthCheck(
  db: Db,
  id: string,
  now: number,
  options: { lastCheckedBy?: number } = {},
): Promise<boolean> {
  let claim = db
    .updateTable('integrations')
    .set({ last_health_check_at: now })
    .where('id', '=', id);
  const { lastCheckedBy } = options;
  if (lastCheckedBy !== undefined) {
    claim = claim.where((eb) =>
      eb.or([
        eb('last_health_check_at', 'is', null),
        eb('last_health_check_at', '<=', lastCheckedBy),
      ]),
    );
  }
  const result = await claim.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
