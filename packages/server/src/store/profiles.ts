/**
 * Profiles of a project, read and written as decoded records. Removal is logical
 * (spec §2): removed profiles are not listed.
 */
import { preparedRows } from './prepared-queries';
import type { Db, ProfilesTable } from './schema';

/** A stored profile. */
export interface ProfileRecord {
  id: string;
  projectId: string;
  name: string;
  description: string | null;
  /** Whether editors' posts to its accounts wait for approval; null follows the project. */
  approvalRequired: boolean | null;
  createdAt: number;
  /** When it was removed; removed profiles are kept for the accounts that name them. */
  deletedAt: number | null;
}

/**
 * A stored row as a record.
 *
 * @example
 * ```ts
 * decodeProfile(row).projectId; // 'prj_01jd…'
 * ```
 */
export function decodeProfile(row: ProfilesTable): ProfileRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    description: row.description,
    approvalRequired: row.approval_required === null ? null : Boolean(row.approval_required),
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
  };
}

export async function insertProfile(db: Db, profile: ProfileRecord): Promise<void> {
  await db
    .insertInto('profiles')
    .values({
      id: profile.id,
      project_id: profile.projectId,
      name: profile.name,
      description: profile.description,
      approval_required: flag(profile.approvalRequired),
      created_at: profile.createdAt,
      deleted_at: profile.deletedAt,
    })
    .execute();
}

/** Every live profile, newest first. */
export async function listProfiles(db: Db, projectId: string): Promise<ProfileRecord[]> {
  const rows = await preparedRows(db, 'profiles', { projectId }, (v) =>
    db
      .selectFrom('profiles')
      .selectAll()
      .where('project_id', '=', v.projectId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
  return rows.map(decodeProfile);
}

export async function findLiveProfile(
  db: Db,
  projectId: string,
  id: string,
): Promise<ProfileRecord | undefined> {
  const row = await db
    .selectFrom('profiles')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && decodeProfile(row);
}

const flag = (value: boolean | null) => (value === null ? null : Number(value));

/**
 * Changes a live profile's name, description or approval; returns it as changed, or
 * undefined when there is no such live profile.
 *
 * @example
 * ```ts
 * await updateProfile(db, projectId, id, { approvalRequired: true });
 * ```
 */
export async function updateProfile(
  db: Db,
  projectId: string,
  id: string,
  changes: Partial<Pick<ProfileRecord, 'name' | 'description' | 'approvalRequired'>>,
): Promise<ProfileRecord | undefined> {
  const columns = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.approvalRequired !== undefined
      ? { approval_required: flag(changes.approvalRequired) }
      : {}),
  };
  await db
    .updateTable('profiles')
    .set(columns)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
  return findLiveProfile(db, projectId, id);
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
