/**
 * What authentication reads about a credential (spec §5): the API key a hash names (with
 * its role), the user a verified Bearer token names (with, in the same read, its role in
 * the project in `x-project-id`), and a user's role in a project. The first request of an OpenID Connect
 * subject no user has yet links or creates its user here.
 */
import type { ApiKeyRole, ProjectRole } from '@reelay/core';
import type { Clock } from '../clock';
import type { BearerIdentity } from '../security/access-tokens';
import { findActiveApiKeyByHash, touchApiKey } from '../store/api-keys';
import type { Db } from '../store/schema';
import { findMemberRole } from '../store/project-members';
import { findUserWithProjectAccess } from '../store/user-project-access';
import {
  findUserByEmail,
  findUserById,
  findUserByOidcSubject,
  insertUser,
  linkOidcSubject,
} from '../store/users';

type OidcIdentity = Extract<BearerIdentity, { kind: 'oidc' }>;

/**
 * The user behind a token; `role` is known when a project was named and read with it
 * (`null`: the project is not shared with the user).
 */
export interface CredentialUser {
  userId: string;
  role?: ProjectRole | null;
}

export interface Credentials {
  /** The key with this hash, when it exists and is not revoked. */
  findApiKey(
    hash: string,
  ): Promise<{ id: string; projectId: string; role: ApiKeyRole } | undefined>;
  /** Records that the key was used; at most one write a minute per key. */
  touchApiKey(id: string): Promise<void>;
  /**
   * The user a verified token names, or null when there is none (or an OpenID Connect
   * identity cannot be linked). With `projectId`, one read also answers its `role`.
   */
  findUser(identity: BearerIdentity, projectId: string | null): Promise<CredentialUser | null>;
  /** The user's role in the project, or undefined when it is not shared with them. */
  roleIn(userId: string, projectId: string): Promise<ProjectRole | undefined>;
}

/**
 * @example
 * ```ts
 * const credentials = createCredentials({ db, clock });
 * const key = await credentials.findApiKey(hashSecret(presentedKey));
 * ```
 */
export function createCredentials(deps: { db: Db; clock: Clock }): Credentials {
  const { db, clock } = deps;
  // lastUsedAt is kept to the minute; skip the statement entirely within that minute.
  const lastTouched = new Map<string, number>();

  /** The user of an OpenID Connect identity, linked or created on its first request. */
  async function userFromOidc(identity: OidcIdentity): Promise<string | null> {
    const known = await findUserByOidcSubject(db, identity.subject);
    return known ? known.id : linkOrCreateOidcUser(identity);
  }

  /** First request of an OpenID Connect subject no user has yet. */
  async function linkOrCreateOidcUser(identity: OidcIdentity): Promise<string | null> {
    const now = clock.now();
    const email = identity.email ?? `${identity.subject.replace(/[^a-z0-9]+/gi, '.')}@oidc.invalid`;
    const sameEmail = await findUserByEmail(db, email);
    if (sameEmail) {
      // Created a moment ago by a concurrent first request with this same token.
      if (sameEmail.oidcSubject === identity.subject) return sameEmail.id;
      // Link an existing local user only when the issuer vouches for the e-mail.
      if (!identity.emailVerified || sameEmail.oidcSubject !== null) return null;
      await linkOidcSubject(db, sameEmail.id, identity.subject, now);
      return sameEmail.id;
    }
    try {
      const user = await insertUser(
        db,
        { email, name: identity.name, passwordHash: null, oidcSubject: identity.subject },
        now,
      );
      return user.id;
    } catch (error) {
      // A dashboard's first requests arrive together: one insert wins the unique index.
      const raced = await findUserByOidcSubject(db, identity.subject);
      if (raced) return raced.id;
      throw error;
    }
  }

  return {
    async findApiKey(hash) {
      const key = await findActiveApiKeyByHash(db, hash);
      return key && { id: key.id, projectId: key.projectId, role: key.role };
    },

    async touchApiKey(id) {
      const now = clock.now();
      if ((lastTouched.get(id) ?? 0) >= now - 60_000) return;
      lastTouched.set(id, now);
      await touchApiKey(db, id, now);
    },

    async findUser(identity, projectId) {
      if (projectId !== null) {
        const found = await findUserWithProjectAccess(
          db,
          identity.kind === 'local' ? { id: identity.userId } : { oidcSubject: identity.subject },
          projectId,
        );
        if (found) return { userId: found.userId, role: found.role };
        if (identity.kind === 'local') return null;
        const userId = await linkOrCreateOidcUser(identity);
        return userId ? { userId } : null;
      }
      if (identity.kind === 'local') {
        return (await findUserById(db, identity.userId)) ? { userId: identity.userId } : null;
      }
      const userId = await userFromOidc(identity);
      return userId ? { userId } : null;
    },

    roleIn: (userId, projectId) => findMemberRole(db, projectId, userId),
  };
}
