/**
 * Credentials (spec §5): an API key in `x-access-key`, or a Bearer token plus
 * `x-project-id`. Both together are refused; account routes take Bearer only; a key sent
 * by a browser from another origin is refused on purpose.
 */
import type { IncomingMessage } from 'node:http';
import { ReelayError, type AuthMode } from '@reelay/core';
import type { Clock } from '../clock';
import type { AccessTokens, BearerIdentity } from '../security/access-tokens';
import { hashSecret, looksLikeApiKey } from '../security/api-keys';
import { findActiveApiKeyByHash, touchApiKey } from '../store/api-keys';
import type { Db } from '../store/schema';
import { findUserWithProjectAccess } from '../store/user-project-access';
import {
  findProjectOfUser,
  findUserByEmail,
  findUserById,
  findUserByOidcSubject,
  insertUser,
  linkOidcSubject,
} from '../store/users';

/** Who is calling, once the credential is verified. */
export type Principal =
  | { kind: 'key'; apiKeyId: string; projectId: string }
  | {
      kind: 'user';
      userId: string;
      /** Whether the user owns the project in `x-project-id`, when read with the user. */
      projectAccess?: ProjectAccess;
    };

/** The answer of the ownership check for one project. */
export interface ProjectAccess {
  projectId: string;
  owned: boolean;
}

/** What a handler knows about the caller. */
export type AuthContext =
  | { mode: 'public' }
  | { mode: 'bearer'; userId: string }
  | { mode: 'project'; projectId: string; userId: string | null; apiKeyId: string | null };

export interface PresentedCredentials {
  key: string | null;
  bearer: string | null;
  /** An Authorization header that is not `Bearer <token>`. */
  malformed: boolean;
  /** The `x-project-id` header, trimmed; absent or blank is null. */
  projectId?: string | null;
}

const unauthorized = (message: string) => new ReelayError('UNAUTHORIZED', { message });

/** Reads the credential headers without verifying anything. */
export function readCredentials(req: IncomingMessage): PresentedCredentials {
  const keyHeader = req.headers['x-access-key'];
  const key = typeof keyHeader === 'string' && keyHeader.trim() !== '' ? keyHeader.trim() : null;
  const projectId = projectIdOf(req);
  const authorization = req.headers.authorization;
  if (!authorization) return { key, bearer: null, malformed: false, projectId };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return { key, bearer: match?.[1] ?? null, malformed: !match, projectId };
}

function projectIdOf(req: IncomingMessage): string | null {
  const header = req.headers['x-project-id'];
  const projectId = typeof header === 'string' ? header.trim() : '';
  return projectId === '' ? null : projectId;
}

export function hasAnyCredential(credentials: PresentedCredentials): boolean {
  return credentials.key !== null || credentials.bearer !== null || credentials.malformed;
}

export interface AuthenticatorDeps {
  db: Db;
  clock: Clock;
  accessTokens: AccessTokens;
  /** Origins the server itself serves pages from (the interactive reference). */
  ownOrigins: readonly string[];
}

/**
 * Verifies credentials and applies each route's auth mode.
 *
 * @example
 * ```ts
 * const auth = createAuthenticator({ db, clock, accessTokens, ownOrigins: [publicOrigin] });
 * const principal = await auth.verify(readCredentials(req));
 * ```
 */
export function createAuthenticator(deps: AuthenticatorDeps) {
  // lastUsedAt is kept to the minute; skip the statement entirely within that minute.
  const lastTouched = new Map<string, number>();

  /**
   * The user a token names. With a project named, the same read answers whether the user
   * owns it, so a project route reads the database once.
   */
  async function userFromIdentity(
    identity: BearerIdentity,
    projectId: string | null,
  ): Promise<Extract<Principal, { kind: 'user' }> | null> {
    if (projectId !== null) {
      const found = await findUserWithProjectAccess(
        deps.db,
        identity.kind === 'local' ? { id: identity.userId } : { oidcSubject: identity.subject },
        projectId,
      );
      if (found) {
        const projectAccess = { projectId, owned: found.ownsProject };
        return { kind: 'user', userId: found.userId, projectAccess };
      }
      if (identity.kind === 'local') return null;
      const userId = await linkOrCreateOidcUser(identity);
      return userId ? { kind: 'user', userId } : null;
    }
    if (identity.kind === 'local') {
      return (await findUserById(deps.db, identity.userId))
        ? { kind: 'user', userId: identity.userId }
        : null;
    }
    const userId = await userFromOidc(identity);
    return userId ? { kind: 'user', userId } : null;
  }

  /** The user of an OpenID Connect identity, linked or created on its first request. */
  async function userFromOidc(
    identity: Extract<BearerIdentity, { kind: 'oidc' }>,
  ): Promise<string | null> {
    const known = await findUserByOidcSubject(deps.db, identity.subject);
    return known ? known.id : linkOrCreateOidcUser(identity);
  }

  /** First request of an OpenID Connect subject no user has yet. */
  async function linkOrCreateOidcUser(
    identity: Extract<BearerIdentity, { kind: 'oidc' }>,
  ): Promise<string | null> {
    const now = deps.clock.now();
    const email = identity.email ?? `${identity.subject.replace(/[^a-z0-9]+/gi, '.')}@oidc.invalid`;
    const sameEmail = await findUserByEmail(deps.db, email);
    if (sameEmail) {
      // Created a moment ago by a concurrent first request with this same token.
      if (sameEmail.oidc_subject === identity.subject) return sameEmail.id;
      // Link an existing local user only when the issuer vouches for the e-mail.
      if (!identity.emailVerified || sameEmail.oidc_subject !== null) return null;
      await linkOidcSubject(deps.db, sameEmail.id, identity.subject, now);
      return sameEmail.id;
    }
    try {
      const user = await insertUser(
        deps.db,
        { email, name: identity.name, password_hash: null, oidc_subject: identity.subject },
        now,
      );
      return user.id;
    } catch (error) {
      // A dashboard's first requests arrive together: one insert wins the unique index.
      const raced = await findUserByOidcSubject(deps.db, identity.subject);
      if (raced) return raced.id;
      throw error;
    }
  }

  return {
    /**
     * The verified principal, `null` when a credential was presented but is not valid,
     * or `undefined` when none was presented.
     */
    async verify(credentials: PresentedCredentials): Promise<Principal | null | undefined> {
      if (!hasAnyCredential(credentials)) return undefined;
      if (credentials.malformed || (credentials.key && credentials.bearer)) return null;
      if (credentials.key) {
        if (!looksLikeApiKey(credentials.key)) return null;
        const row = await findActiveApiKeyByHash(deps.db, hashSecret(credentials.key));
        if (!row) return null;
        const now = deps.clock.now();
        if ((lastTouched.get(row.id) ?? 0) < now - 60_000) {
          lastTouched.set(row.id, now);
          await touchApiKey(deps.db, row.id, now);
        }
        return { kind: 'key', apiKeyId: row.id, projectId: row.project_id };
      }
      const identity = await deps.accessTokens.verify(credentials.bearer!);
      return identity ? await userFromIdentity(identity, credentials.projectId ?? null) : null;
    },

    /**
     * Applies a route's auth mode to a verified principal and returns what the handler
     * sees, or throws the spec §5 error.
     */
    async authorize(
      mode: AuthMode,
      req: IncomingMessage,
      credentials: PresentedCredentials,
      principal: Principal | null | undefined,
    ): Promise<AuthContext> {
      if (mode === 'public') return { mode: 'public' };
      if (credentials.key && credentials.bearer) {
        throw unauthorized('Envie x-access-key ou Authorization: Bearer, não os dois.');
      }
      if (principal === undefined)
        throw unauthorized('Credencial ausente: envie x-access-key ou Authorization: Bearer.');
      if (principal === null) throw unauthorized('Credencial inválida, revogada ou expirada.');
      if (principal.kind === 'key') {
        const origin = req.headers.origin;
        if (origin && !deps.ownOrigins.includes(origin)) {
          throw unauthorized(
            'Chaves de API são para uso em servidor: chamadas de navegador de outra origem são recusadas.',
          );
        }
        if (mode === 'bearer')
          throw unauthorized('Esta rota aceita apenas token Bearer, não chave de API.');
        return {
          mode: 'project',
          projectId: principal.projectId,
          userId: null,
          apiKeyId: principal.apiKeyId,
        };
      }
      if (mode === 'bearer') return { mode: 'bearer', userId: principal.userId };
      const projectId = projectIdOf(req);
      if (projectId === null) {
        throw new ReelayError('PROJECT_REQUIRED');
      }
      const known = principal.projectAccess;
      const owned =
        known?.projectId === projectId
          ? known.owned
          : Boolean(await findProjectOfUser(deps.db, projectId, principal.userId));
      if (!owned) {
        throw new ReelayError('FORBIDDEN', {
          message: 'Este projeto não pertence ao usuário autenticado.',
        });
      }
      return { mode: 'project', projectId, userId: principal.userId, apiKeyId: null };
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
