/**
 * Profiles of a project (spec §2, §4): create, list, remove. Removal is logical;
 * accounts of a removed profile keep existing and keep their profileId.
 */
import { newId, ReelayError } from '@reelay/core';
import type { Clock } from '../clock';
import {
  findLiveProfile,
  insertProfile,
  listProfiles,
  removeProfile,
  updateProfile,
  type ProfileRecord,
} from '../store/profiles';
import type { Db } from '../store/schema';

export type { ProfileRecord };

export interface ProfilesService {
  create(
    projectId: string,
    fields: { name: string; description: string | null; approvalRequired?: boolean | null },
  ): Promise<ProfileRecord>;
  /** Changes a live profile; `NOT_FOUND` when there is none. */
  update(
    projectId: string,
    id: string,
    changes: Partial<Pick<ProfileRecord, 'name' | 'description' | 'approvalRequired'>>,
  ): Promise<ProfileRecord>;
  /** Every live profile, newest first. */
  list(projectId: string): Promise<ProfileRecord[]>;
  /** Whether the profile exists in the project and is not removed. */
  exists(projectId: string, id: string): Promise<boolean>;
  /** Marks a live profile removed; returns whether one was. */
  remove(projectId: string, id: string): Promise<boolean>;
}

/**
 * @example
 * ```ts
 * const profiles = createProfilesService({ db, clock });
 * const profile = await profiles.create(projectId, { name: 'Loja', description: null });
 * ```
 */
export function createProfilesService(deps: { db: Db; clock: Clock }): ProfilesService {
  const { db, clock } = deps;
  return {
    async create(projectId, fields) {
      const now = clock.now();
      const profile: ProfileRecord = {
        id: newId('profile', now),
        projectId,
        name: fields.name,
        description: fields.description,
        approvalRequired: fields.approvalRequired ?? null,
        createdAt: now,
        deletedAt: null,
      };
      await insertProfile(db, profile);
      return profile;
    },
    async update(projectId, id, changes) {
      const profile = await updateProfile(db, projectId, id, changes);
      if (!profile) {
        throw new ReelayError('NOT_FOUND', { message: 'Perfil não encontrado neste projeto.' });
      }
      return profile;
    },
    list: (projectId) => listProfiles(db, projectId),
    exists: async (projectId, id) => (await findLiveProfile(db, projectId, id)) !== undefined,
    remove: (projectId, id) => removeProfile(db, projectId, id, clock.now()),
  };
}
