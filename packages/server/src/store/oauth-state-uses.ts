/**
 * Connection states already used (spec §4: a state serves one callback). Claiming is one
 * insert on the nonce, the primary key: of two callbacks with the same state, on one
 * instance or several sharing the database, exactly one inserts the row.
 */
import type { Db } from './schema';

/**
 * How long a used state is kept past its own expiry: instances whose clocks differ a
 * little still find it, and no expired state can pass verification anyway.
 */
const KEEP_AFTER_EXPIRY_MS = 10 * 60_000;

/**
 * Records the state's nonce as used. Returns false when it already was: the callback is
 * a replay. Clears records of states expired long enough ago on the way.
 *
 * @example
 * ```ts
 * if (!(await claimOAuthState(db, state.nonce, state.expiresAt, clock.now()))) {
 *   throw new ReelayError('STATE_INVALID');
 * }
 * ```
 */
export async function claimOAuthState(
  db: Db,
  nonce: string,
  expiresAt: number,
  now: number,
): Promise<boolean> {
  await db
    .deleteFrom('oauth_state_uses')
    .where('expires_at', '<', now - KEEP_AFTER_EXPIRY_MS)
    .execute();
  const claimed = await db
    .insertInto('oauth_state_uses')
    .values({ nonce, expires_at: expiresAt, used_at: now })
    .onConflict((conflict) => conflict.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return claimed !== undefined;
}
