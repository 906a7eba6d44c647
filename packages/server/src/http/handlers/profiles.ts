/**
 * Profiles: group connected accounts, e.g. one per client or brand.
 */
import { newId, ReelayError } from '@reelay/core';
import type { ServerContext } from '../../server-context';
import { insertProfile, listProfiles, removeProfile } from '../../store/profiles';
import { presentProfile } from '../presenters';
import { projectOf, type RouteHandlers } from '../route-handler';

export function profileHandlers(ctx: ServerContext): RouteHandlers {
  return {
    createProfile: async ({ body }, context) => {
      const now = ctx.clock.now();
      const row = {
        id: newId('profile', now),
        project_id: projectOf(context),
        name: body!.name,
        description: body!.description || null,
        created_at: now,
        deleted_at: null,
      };
      await insertProfile(ctx.db, row);
      return { status: 201, body: { success: true, profile: presentProfile(row) } };
    },

    listProfiles: async (_input, context) => {
      const rows = await listProfiles(ctx.db, projectOf(context));
      return {
        status: 200,
        body: { success: true, total: rows.length, profiles: rows.map(presentProfile) },
      };
    },

    deleteProfile: async ({ params }, context) => {
      // Accounts of the profile keep existing and keep their profileId (spec §4).
      if (!(await removeProfile(ctx.db, projectOf(context), params.id, ctx.clock.now()))) {
        throw new ReelayError('NOT_FOUND', { message: 'Perfil não encontrado neste projeto.' });
      }
      return { status: 200, body: { success: true, message: 'Perfil removido.' } };
    },
  };
}
