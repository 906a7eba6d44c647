/**
 * Profiles: group connected accounts, e.g. one per client or brand.
 */
import { ReelayError } from '@reelay/core';
import type { ProfilesService } from '../../services/profiles';
import { presentProfile } from '../presenters';
import { projectOf, type RouteHandlers } from '../route-handler';

export function profileHandlers(profiles: ProfilesService): RouteHandlers {
  return {
    createProfile: async ({ body }, context) => {
      const profile = await profiles.create(projectOf(context), {
        name: body!.name,
        description: body!.description || null,
        approvalRequired: body!.approvalRequired ?? null,
      });
      return { status: 201, body: { success: true, profile: presentProfile(profile) } };
    },

    updateProfile: async ({ params, body }, context) => {
      const { description, ...changes } = body!;
      const profile = await profiles.update(projectOf(context), params.id, {
        ...changes,
        ...(description !== undefined ? { description: description || null } : {}),
      });
      return { status: 200, body: { success: true, profile: presentProfile(profile) } };
    },

    listProfiles: async (_input, context) => {
      const rows = await profiles.list(projectOf(context));
      return {
        status: 200,
        body: { success: true, total: rows.length, profiles: rows.map(presentProfile) },
      };
    },

    deleteProfile: async ({ params }, context) => {
      // Accounts of the profile keep existing and keep their profileId (spec §4).
      if (!(await profiles.remove(projectOf(context), params.id))) {
        throw new ReelayError('NOT_FOUND', { message: 'Perfil não encontrado neste projeto.' });
      }
      return { status: 200, body: { success: true, message: 'Perfil removido.' } };
    },
  };
}
