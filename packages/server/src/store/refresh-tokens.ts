/**
 * The refresh tokens of the built-in login, read and written as decoded records. Only
 * the hash of a token is stored.
 */
import type { Db, RefreshTokensTable } from './schema';

/** A stored refresh token. */
export interface RefreshTokenRecord {
  id: string;
  userId: string;
  /** Tokens rotated from one login share a family; reuse of a rotated one revokes it all. */
  familyId: string;
  tokenHash: string;
  expiresAt: number;
  replacedAt: number | null;
  revokedAt: number | null;
  createdAt: number;
}

/**
 * A stored row as a record.
 *
 * @example
 * ```ts
 * decodeRefreshToken(row).replacedAt; // null until the token is used
 * ```
 */
export function decodeRefreshToken(row: RefreshTokensTable): RefreshTokenRecord {
  return {
    id: row.id,
    userId: row.user_id,
    familyId: row.family_id,
    tokenHash: row.token_hash,
    expiresAt: row.expires_at,
    replacedAt: row.replaced_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
  };
}

export async function insertRefreshToken(db: Db, token: RefreshTokenRecord): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: token.id,
      user_id: token.userId,
      family_id: token.familyId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      replaced_at: token.replacedAt,
      revoked_at: token.revokedAt,
      created_at: token.createdAt,
    })
    .execute();
}

export async function findRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<RefreshTokenRecord | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && decodeRefreshToken(row);
}

/** Marks a token used, only if nobody else did first; returns whether this call won. */
export async function markRefreshTokenReplaced(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ replaced_at: now })
    .where('id', '=', id)
    .where('replaced_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeRefreshTokenFamily(
  db: Db,
  familyId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}
