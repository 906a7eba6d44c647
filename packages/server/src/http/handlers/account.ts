/**
 * The Bearer-only account routes: `/v1/me`, the organization and the API keys of a
 * project. A project or organization of another user answers 403 (spec §5 rule 4).
 */
import { newId, ReelayError } from '@reelay/core';
import { generateApiKey } from '../../security/api-keys';
import type { ServerContext } from '../../server-context';
import { findApiKey, insertApiKey, listApiKeys, revokeApiKey } from '../../store/api-keys';
import { eraseUser } from '../../store/erase';
import type { OrganizationsTable, ProjectsTable } from '../../store/schema';
import {
  findOrganizationById,
  findOrganizationByOwner,
  findProjectOfUser,
  findUserById,
  insertOrganizationWithProject,
  listProjectsOfOrganization,
  renameOrganization,
} from '../../store/users';
import { presentApiKey } from '../presenters';
import { userOf, type RouteHandlers } from '../route-handler';
import { presentUser } from './auth';

const forbidden = (what: string) =>
  new ReelayError('FORBIDDEN', { message: `Este ${what} não pertence ao usuário autenticado.` });

function presentOrganization(row: OrganizationsTable) {
  return { id: row.id, name: row.name, role: 'owner' as const };
}

function presentProject(row: ProjectsTable) {
  return { id: row.id, name: row.name, environment: row.environment };
}

export function accountHandlers(ctx: ServerContext): RouteHandlers {
  async function ownedProject(projectId: string, userId: string): Promise<ProjectsTable> {
    const project = await findProjectOfUser(ctx.db, projectId, userId);
    if (!project) throw forbidden('projeto');
    return project;
  }

  /** The user's organization, created with a first project on first access (spec §4). */
  async function organizationOf(userId: string, fallbackName: string): Promise<OrganizationsTable> {
    const existing = await findOrganizationByOwner(ctx.db, userId);
    if (existing) return existing;
    try {
      const created = await ctx.db
        .transaction()
        .execute((trx) =>
          insertOrganizationWithProject(
            trx,
            userId,
            { organization: fallbackName, project: 'Projeto principal' },
            ctx.clock.now(),
          ),
        );
      return created.organization;
    } catch (error) {
      // A concurrent first request created it: the unique owner index decided.
      const raced = await findOrganizationByOwner(ctx.db, userId);
      if (raced) return raced;
      throw error;
    }
  }

  return {
    getMe: async (_input, context) => {
      const user = await findUserById(ctx.db, userOf(context));
      if (!user) throw new ReelayError('UNAUTHORIZED');
      const fallbackName = (user.name ?? user.email.split('@')[0] ?? 'Minha organização').slice(
        0,
        80,
      );
      const organization = await organizationOf(user.id, fallbackName);
      const projects = await listProjectsOfOrganization(ctx.db, organization.id);
      return {
        status: 200,
        body: {
          success: true,
          user: presentUser(user),
          organization: presentOrganization(organization),
          projects: projects.map(presentProject),
        },
      };
    },

    deleteMe: async (_input, context) => {
      // The media rows go with the user, and their files are queued for erasure in the
      // same transaction: delete them now (the periodic sweep retries what fails).
      await eraseUser(ctx.db, userOf(context));
      await ctx.media
        .sweep()
        .catch((error: unknown) =>
          ctx.logger.warn('arquivos de mídia serão apagados pela varredura', { error }),
        );
      return { status: 204, body: undefined };
    },

    updateOrganization: async ({ params, body }, context) => {
      const organization = await findOrganizationById(ctx.db, params.id);
      if (!organization || organization.owner_user_id !== userOf(context))
        throw forbidden('organização');
      const now = ctx.clock.now();
      await renameOrganization(ctx.db, organization.id, body!.name, now);
      return {
        status: 200,
        body: {
          success: true,
          organization: presentOrganization({ ...organization, name: body!.name, updated_at: now }),
        },
      };
    },

    listApiKeys: async ({ params }, context) => {
      const project = await ownedProject(params.id, userOf(context));
      const keys = await listApiKeys(ctx.db, project.id);
      return { status: 200, body: { success: true, apiKeys: keys.map(presentApiKey) } };
    },

    createApiKey: async ({ params, body }, context) => {
      const project = await ownedProject(params.id, userOf(context));
      const now = ctx.clock.now();
      const generated = generateApiKey();
      const row = {
        id: newId('apiKey', now),
        project_id: project.id,
        name: body?.name ?? null,
        prefix: generated.prefix,
        key_hash: generated.hash,
        created_at: now,
        last_used_at: null,
        revoked_at: null,
      };
      await insertApiKey(ctx.db, row);
      return {
        status: 201,
        body: { success: true, apiKey: { ...presentApiKey(row), key: generated.key } },
      };
    },

    revokeApiKey: async ({ params }, context) => {
      const project = await ownedProject(params.id, userOf(context));
      if (!(await findApiKey(ctx.db, project.id, params.keyId))) {
        throw new ReelayError('NOT_FOUND', {
          message: 'Chave de API não encontrada neste projeto.',
        });
      }
      await revokeApiKey(ctx.db, project.id, params.keyId, ctx.clock.now());
      const revoked = await findApiKey(ctx.db, project.id, params.keyId);
      return { status: 200, body: { success: true, apiKey: presentApiKey(revoked!) } };
    },
  };
}
