/**
 * The built-in login: sign-up (open while no user exists, else only with
 * `REELAY_ALLOW_SIGNUP=true`), login, refresh with rotating refresh tokens, and logout. A
 * refresh token used twice revokes its whole family: someone else has a copy. Logout
 * revokes the family on purpose.
 */
import { randomBytes } from 'node:crypto';
import { newId, ReelayError } from '@reelay/core';
import type { Clock } from '../clock';
import type { AccessTokens } from '../security/access-tokens';
import { hashSecret } from '../security/api-keys';
import { DECOY_PASSWORD_HASH, hashPassword, verifyPassword } from '../security/passwords';
import {
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenReplaced,
  revokeRefreshTokenFamily,
} from '../store/refresh-tokens';
import type { StoreCapabilities } from '../store/database';
import type { Db } from '../store/schema';
import type { TeamService } from './team';
import {
  countUsers,
  findUserByEmail,
  findUserById,
  insertUser,
  lockUsersForWrite,
  type UserRecord,
} from '../store/users';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

/** A signed-in session: a short-lived access token and the refresh token that renews it. */
export interface Session {
  accessToken: string;
  /** Seconds the access token lives. */
  expiresIn: number;
  /** Shown once; only its hash is stored. */
  refreshToken: string;
  user: UserRecord;
}

export interface SessionsService {
  /**
   * Creates a user with a password and signs it in. With an invitation's token, the
   * invited e-mail may sign up even when sign-up is closed, and joins the project in the
   * same step.
   */
  signUp(fields: {
    email: string;
    password: string;
    name: string | null;
    invitationToken?: string | undefined;
  }): Promise<Session>;
  logIn(email: string, password: string): Promise<Session>;
  /** Exchanges a refresh token, once, for a new session of the same family. */
  refresh(refreshToken: string): Promise<Session>;
  /**
   * Ends the session a refresh token belongs to: every token of its family stops renewing.
   * Says nothing about the token: an unknown, expired or revoked one ends nothing, quietly.
   */
  logOut(refreshToken: string): Promise<void>;
  /** Whether a sign-up would be accepted now: open by configuration, or no user yet. */
  signupOpen(): Promise<boolean>;
}

const refused = () =>
  new ReelayError('UNAUTHORIZED', { message: 'Token de renovação inválido, usado ou expirado.' });

/**
 * @example
 * ```ts
 * const sessions = createSessionsService({ db, capabilities, clock, accessTokens, allowSignup: false });
 * const { accessToken, refreshToken } = await sessions.logIn('ana@example.com', password);
 * ```
 */
export function createSessionsService(deps: {
  db: Db;
  capabilities: Pick<StoreCapabilities, 'rowLocks'>;
  clock: Clock;
  accessTokens: AccessTokens;
  /** Whether sign-up stays open once a user exists (`REELAY_ALLOW_SIGNUP`). */
  allowSignup: boolean;
  /** Invitations a sign-up may carry. */
  invitations: Pick<TeamService, 'checkInvitation' | 'accept'>;
}): SessionsService {
  const { db, clock, accessTokens } = deps;

  async function session(user: UserRecord, familyId: string): Promise<Session> {
    const now = clock.now();
    const refreshToken = `rrt_${randomBytes(32).toString('base64url')}`;
    await insertRefreshToken(db, {
      id: randomBytes(12).toString('hex'),
      userId: user.id,
      familyId,
      tokenHash: hashSecret(refreshToken),
      expiresAt: now + REFRESH_TOKEN_TTL_MS,
      replacedAt: null,
      revokedAt: null,
      createdAt: now,
    });
    const access = await accessTokens.issue(user.id);
    return { accessToken: access.token, expiresIn: access.expiresIn, refreshToken, user };
  }

  async function signupOpen(queryable: Db = db): Promise<boolean> {
    return deps.allowSignup || (await countUsers(queryable)) === 0;
  }

  const closed = () =>
    new ReelayError('FORBIDDEN', {
      message: 'O cadastro está fechado neste servidor (REELAY_ALLOW_SIGNUP não está ativo).',
    });

  return {
    signupOpen: () => signupOpen(),

    async signUp({ email, password, name, invitationToken }) {
      // An invitation opens sign-up for the e-mail it names, and only for it.
      const invited = async (queryable: Db) =>
        invitationToken !== undefined &&
        (await deps.invitations.checkInvitation(invitationToken, email, queryable)) !== undefined;
      // Checked early too, so a closed server refuses before spending a password hash.
      if (!(await invited(db)) && !(await signupOpen())) throw closed();
      if (await findUserByEmail(db, email)) throw new ReelayError('EMAIL_IN_USE');
      const passwordHash = await hashPassword(password);
      let user: UserRecord;
      try {
        // Checked again, and decided, with the insert: sign-ups arriving together all pass
        // the checks above before any of them has written its user.
        user = await db.transaction().execute(async (trx) => {
          await lockUsersForWrite(trx, deps.capabilities);
          if (!(await invited(trx)) && !(await signupOpen(trx))) throw closed();
          if (await findUserByEmail(trx, email)) throw new ReelayError('EMAIL_IN_USE');
          const created = await insertUser(
            trx,
            { email, name, passwordHash, oidcSubject: null },
            clock.now(),
          );
          if (invitationToken !== undefined) {
            await deps.invitations.accept(invitationToken, created.id, trx);
          }
          return created;
        });
      } catch (error) {
        if (error instanceof ReelayError) throw error;
        // The unique index on e-mails keeps the last word, should an insert ever escape the lock.
        if (await findUserByEmail(db, email)) throw new ReelayError('EMAIL_IN_USE');
        throw error;
      }
      return session(user, newId('user'));
    },

    async logIn(email, password) {
      const user = await findUserByEmail(db, email);
      // Compare against a decoy when the user is unknown, so timing does not tell.
      const ok = await verifyPassword(password, user?.passwordHash ?? DECOY_PASSWORD_HASH);
      if (!user || !user.passwordHash || !ok) {
        throw new ReelayError('UNAUTHORIZED', { message: 'E-mail ou senha incorretos.' });
      }
      return session(user, newId('user'));
    },

    async refresh(refreshToken) {
      const now = clock.now();
      const stored = await findRefreshToken(db, hashSecret(refreshToken));
      if (!stored || stored.revokedAt !== null || stored.expiresAt <= now) throw refused();
      if (stored.replacedAt !== null || !(await markRefreshTokenReplaced(db, stored.id, now))) {
        await revokeRefreshTokenFamily(db, stored.familyId, now);
        throw refused();
      }
      const user = await findUserById(db, stored.userId);
      if (!user) throw refused();
      return session(user, stored.familyId);
    },

    async logOut(refreshToken) {
      // Any token of the family ends it, a rotated one too: whoever holds a rotated token
      // can already end the family by presenting it to refresh.
      const stored = await findRefreshToken(db, hashSecret(refreshToken));
      if (stored) await revokeRefreshTokenFamily(db, stored.familyId, clock.now());
    },
  };
}
