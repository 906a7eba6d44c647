/**
 * Profiles of a project. Removal is logical (spec §2): removed profiles are not listed.
 */
import type { Db, ProfilesTable } from './schema';

export async function insertProfile(db: Db, profile: ProfilesTable): Promise<void> {
  await db.insertInto('profiles').values(profile).execute();
}

/** Every live profile, newest first. */
export function listProfiles(db: Db, projectId: string): Promise<ProfilesTable[]> {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findLiveProfile(
  db: Db,
  projectId: string,
  id: string,
): Promise<ProfilesTable | undefined> {
  return db
    .selectFrom('profiles')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Marks a live profile removed; returns whether one was. */
export async function removeProfile(
  db: Db,
  projectId: string,
  id: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('profiles')
    .set({ deleted_at: now })
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteProfilesOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('profiles').where('project_id', 'in', projectIds).execute();
}
