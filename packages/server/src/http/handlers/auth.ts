/**
 * The built-in login: sign-up (open while no user exists, else only with
 * `REELAY_ALLOW_SIGNUP=true`), login, and refresh with rotating refresh tokens. A
 * refresh token used twice revokes its whole family: someone else has a copy.
 */
import { randomBytes } from 'node:crypto';
import { newId, ReelayError } from '@reelay/core';
import { DECOY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../security/passwords';
import type { ServerContext } from '../../server-context';
import { hashSecret } from '../../security/api-keys';
import type { UsersTable } from '../../store/schema';
import {
  countUsers,
  findRefreshToken,
  findUserByEmail,
  findUserById,
  insertRefreshToken,
  insertUser,
  markRefreshTokenReplaced,
  revokeRefreshTokenFamily,
} from '../../store/users';
import type { RouteHandlers } from '../route-handler';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60_000;

export function presentUser(user: UsersTable) {
  return { id: user.id, email: user.email, name: user.name };
}

export function authHandlers(ctx: ServerContext): RouteHandlers {
  async function session(user: UsersTable, familyId: string) {
    const now = ctx.clock.now();
    const refreshToken = `rrt_${randomBytes(32).toString('base64url')}`;
    await insertRefreshToken(ctx.db, {
      id: randomBytes(12).toString('hex'),
      user_id: user.id,
      family_id: familyId,
      token_hash: hashSecret(refreshToken),
      expires_at: now + REFRESH_TOKEN_TTL_MS,
      replaced_at: null,
      revoked_at: null,
      created_at: now,
    });
    const access = await ctx.accessTokens.issue(user.id);
    return {
      success: true as const,
      tokenType: 'Bearer' as const,
      accessToken: access.token,
      expiresIn: access.expiresIn,
      refreshToken,
      user: presentUser(user),
    };
  }
  const refused = () =>
    new ReelayError('UNAUTHORIZED', { message: 'Token de renovação inválido, usado ou expirado.' });

  return {
    signup: async ({ body }) => {
      if (!ctx.config.allowSignup && (await countUsers(ctx.db)) > 0) {
        throw new ReelayError('FORBIDDEN', {
          message: 'O cadastro está fechado neste servidor (REELAY_ALLOW_SIGNUP não está ativo).',
        });
      }
      if (await findUserByEmail(ctx.db, body!.email)) throw new ReelayError('EMAIL_IN_USE');
      const passwordHash = await hashPassword(body!.password);
      let user: UsersTable;
      try {
        user = await insertUser(
          ctx.db,
          {
            email: body!.email,
            name: body!.name ?? null,
            password_hash: passwordHash,
            oidc_subject: null,
          },
          ctx.clock.now(),
        );
      } catch (error) {
        // Two sign-ups with one e-mail at once: the unique index decides.
        if (await findUserByEmail(ctx.db, body!.email)) throw new ReelayError('EMAIL_IN_USE');
        throw error;
      }
      return { status: 201, body: await session(user, newId('user')) };
    },

    login: async ({ body }) => {
      const user = await findUserByEmail(ctx.db, body!.email);
      // Compare against a decoy when the user is unknown, so timing does not tell.
      const ok = await verifyPassword(body!.password, user?.password_hash ?? DECOY_PASSWORD_HASH);
      if (!user || !user.password_hash || !ok) {
        throw new ReelayError('UNAUTHORIZED', { message: 'E-mail ou senha incorretos.' });
      }
      return { status: 200, body: await session(user, newId('user')) };
    },

    refresh: async ({ body }) => {
      const now = ctx.clock.now();
      const stored = await findRefreshToken(ctx.db, hashSecret(body!.refreshToken));
      if (!stored || stored.revoked_at !== null || stored.expires_at <= now) throw refused();
      if (
        stored.replaced_at !== null ||
        !(await markRefreshTokenReplaced(ctx.db, stored.id, now))
      ) {
        await revokeRefreshTokenFamily(ctx.db, stored.family_id, now);
        throw refused();
      }
      const user = await findUserById(ctx.db, stored.user_id);
      if (!user) throw refused();
      return { status: 200, body: await session(user, stored.family_id) };
    },
  };
}
