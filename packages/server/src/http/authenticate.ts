/**
 * Credentials (spec §5): an API key in `x-access-key`, or a Bearer token plus
 * `x-project-id`. Both together are refused; account routes take Bearer only; a key sent
 * by a browser from another origin is refused on purpose. Then roles: the caller's role
 * in the project, read from stored state on every request (a key's own role, a person's
 * membership), must meet the route's (`FORBIDDEN` without a membership, `ROLE_REQUIRED`
 * with too little a role).
 */
import type { IncomingMessage } from 'node:http';
import { isId, ReelayError, roleMeets, type AuthMode, type ProjectRole } from '@reelay/core';
import type { AccessTokens } from '../security/access-tokens';
import { hashSecret, looksLikeApiKey } from '../security/api-keys';
import type { Credentials } from '../services/credentials';

/** Who is calling, once the credential is verified. */
export type Principal =
  | { kind: 'key'; apiKeyId: string; projectId: string; role: ProjectRole }
  | {
      kind: 'user';
      userId: string;
      /** The user's role in the project in `x-project-id`, when read with the user. */
      projectAccess?: ProjectAccess;
    };

/** The user's role in one project; `null` when it is not shared with them. */
export interface ProjectAccess {
  projectId: string;
  role: ProjectRole | null;
}

/** What a handler knows about the caller. */
export type AuthContext =
  | { mode: 'public' }
  | {
      mode: 'bearer';
      userId: string;
      /** The project a `/v1/projects/{id}/…` route names, with the user's role in it. */
      project?: { id: string; role: ProjectRole };
    }
  | {
      mode: 'project';
      projectId: string;
      userId: string | null;
      apiKeyId: string | null;
      /** The member's or the key's role in the project. */
      role: ProjectRole;
    };

/** What a route asks of its caller: its auth mode and, in a project, the least role. */
export interface RouteAccess {
  auth: AuthMode;
  role?: ProjectRole | undefined;
  /** For a `bearer` route with a role: the project its path names. */
  pathProjectId?: string | undefined;
}

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
  /** What the store knows about keys, users and project ownership. */
  credentials: Credentials;
  accessTokens: AccessTokens;
  /** Origins the server itself serves pages from (the interactive reference). */
  ownOrigins: readonly string[];
}

/**
 * Verifies credentials and applies each route's auth mode.
 *
 * @example
 * ```ts
 * const auth = createAuthenticator({ credentials, accessTokens, ownOrigins: [publicOrigin] });
 * const principal = await auth.verify(readCredentials(req));
 * ```
 */
export function createAuthenticator(deps: AuthenticatorDeps) {
  /**
   * The user a token names. With a project named, the same read answers whether the user
   * owns it, so a project route reads the database once.
   */
  async function userFromToken(
    bearer: string,
    projectId: string | null,
  ): Promise<Extract<Principal, { kind: 'user' }> | null> {
    const identity = await deps.accessTokens.verify(bearer);
    if (!identity) return null;
    const user = await deps.credentials.findUser(identity, projectId);
    if (!user) return null;
    if (projectId === null || user.role === undefined) {
      return { kind: 'user', userId: user.userId };
    }
    return {
      kind: 'user',
      userId: user.userId,
      projectAccess: { projectId, role: user.role },
    };
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
        const key = await deps.credentials.findApiKey(hashSecret(credentials.key));
        if (!key) return null;
        await deps.credentials.touchApiKey(key.id);
        return { kind: 'key', apiKeyId: key.id, projectId: key.projectId, role: key.role };
      }
      const projectId = credentials.projectId ?? null;
      return userFromToken(credentials.bearer!, isId('project', projectId) ? projectId : null);
    },

    /**
     * Applies a route's auth mode and role to a verified principal and returns what the
     * handler sees, or throws the spec §5 error (or `ROLE_REQUIRED`).
     */
    async authorize(
      access: RouteAccess,
      req: IncomingMessage,
      credentials: PresentedCredentials,
      principal: Principal | null | undefined,
    ): Promise<AuthContext> {
      const { auth: mode } = access;
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
        requireRole(principal.role, access.role);
        return {
          mode: 'project',
          projectId: principal.projectId,
          userId: null,
          apiKeyId: principal.apiKeyId,
          role: principal.role,
        };
      }
      if (mode === 'bearer') {
        if (access.pathProjectId === undefined || access.role === undefined) {
          return { mode: 'bearer', userId: principal.userId };
        }
        const role = await memberRole(principal, access.pathProjectId);
        requireRole(role, access.role);
        return {
          mode: 'bearer',
          userId: principal.userId,
          project: { id: access.pathProjectId, role },
        };
      }
      const projectId = projectIdOf(req);
      if (projectId === null) {
        throw new ReelayError('PROJECT_REQUIRED');
      }
      const role = await memberRole(principal, projectId);
      requireRole(role, access.role);
      return { mode: 'project', projectId, userId: principal.userId, apiKeyId: null, role };
    },
  };

  /** The user's role in a project, read now; `FORBIDDEN` when it is not shared with them. */
  async function memberRole(
    principal: Extract<Principal, { kind: 'user' }>,
    projectId: string,
  ): Promise<ProjectRole> {
    const known = principal.projectAccess;
    // Text that is no project id names no project shared with anyone: not worth a read.
    const role = !isId('project', projectId)
      ? null
      : known?.projectId === projectId
        ? known.role
        : await deps.credentials.roleIn(principal.userId, projectId);
    if (!role) {
      throw new ReelayError('FORBIDDEN', {
        message: 'Este projeto não pertence ao usuário autenticado nem foi compartilhado com ele.',
      });
    }
    return role;
  }
}

/** `ROLE_REQUIRED` when a role is short of the one a route needs. */
function requireRole(role: ProjectRole, required: ProjectRole | undefined): void {
  if (required === undefined || roleMeets(role, required)) return;
  throw new ReelayError('ROLE_REQUIRED', {
    message: `Esta ação pede o papel ${required} ou maior neste projeto; o seu é ${role}.`,
    details: { role, required },
  });
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
