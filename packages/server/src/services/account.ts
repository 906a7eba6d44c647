/**
 * The signed-in user's account (spec §4 `/v1/me`, organizations): who they are, their
 * organization (created with a first project on first access), renaming it, and erasing
 * everything they own. An organization of another user is refused with 403 (spec §5).
 */
import { ReelayError, type ProjectRole } from '@reelay/core';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { MediaService } from '../media/media-service';
import { eraseUser } from './erase-user';
import { listProjectsOfMember } from '../store/project-members';
import type { Db } from '../store/schema';
import {
  findOrganizationById,
  findOrganizationByOwner,
  findProjectById,
  findUserById,
  insertOrganizationWithProject,
  renameOrganization,
  type OrganizationRecord,
  type ProjectRecord,
  type UserRecord,
} from '../store/users';

export type { OrganizationRecord, ProjectRecord, UserRecord };

/** A 403 for a resource of another user (spec §5 rule 4). */
export const notOwned = (what: string) =>
  new ReelayError('FORBIDDEN', { message: `Este ${what} não pertence ao usuário autenticado.` });

export interface AccountService {
  /**
   * The user, their organization (created on first access), and the projects shared with
   * them (their organization's and others'), each with their role.
   */
  me(userId: string): Promise<{
    user: UserRecord;
    organization: OrganizationRecord;
    projects: Array<ProjectRecord & { role: ProjectRole }>;
  }>;
  /** Erases the user and everything they own, then deletes the erased media files. */
  erase(userId: string): Promise<void>;
  renameOrganization(userId: string, id: string, name: string): Promise<OrganizationRecord>;
  /** A project by id, whoever owns it (the caller's credential already names it). */
  findProject(projectId: string): Promise<ProjectRecord | undefined>;
}

/**
 * @example
 * ```ts
 * const account = createAccountService({ db, clock, logger, media });
 * const { user, organization, projects } = await account.me(userId);
 * ```
 */
export function createAccountService(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  media: Pick<MediaService, 'sweep'>;
}): AccountService {
  const { db, clock, logger, media } = deps;

  /** The user's organization, created with a first project on first access (spec §4). */
  async function organizationOf(userId: string, fallbackName: string): Promise<OrganizationRecord> {
    const existing = await findOrganizationByOwner(db, userId);
    if (existing) return existing;
    try {
      const created = await db
        .transaction()
        .execute((trx) =>
          insertOrganizationWithProject(
            trx,
            userId,
            { organization: fallbackName, project: 'Projeto principal' },
            clock.now(),
          ),
        );
      return created.organization;
    } catch (error) {
      // A concurrent first request created it: the unique owner index decided.
      const raced = await findOrganizationByOwner(db, userId);
      if (raced) return raced;
      throw error;
    }
  }

  return {
    async me(userId) {
      const user = await findUserById(db, userId);
      if (!user) throw new ReelayError('UNAUTHORIZED');
      const fallbackName = (user.name ?? user.email.split('@')[0] ?? 'Minha organização').slice(
        0,
        80,
      );
      const organization = await organizationOf(user.id, fallbackName);
      const projects = await listProjectsOfMember(db, user.id);
      return { user, organization, projects };
    },

    async erase(userId) {
      // The media rows go with the user, and their files are queued for erasure in the
      // same transaction: delete them now (the periodic sweep retries what fails).
      await eraseUser(db, userId);
      await media
        .sweep()
        .catch((error: unknown) =>
          logger.warn('arquivos de mídia serão apagados pela varredura', { error }),
        );
    },

    async renameOrganization(userId, id, name) {
      const organization = await findOrganizationById(db, id);
      if (!organization || organization.ownerUserId !== userId) throw notOwned('organização');
      const now = clock.now();
      await renameOrganization(db, organization.id, name, now);
      return { ...organization, name, updatedAt: now };
    },

    findProject: (projectId) => findProjectById(db, projectId),
  };
}
