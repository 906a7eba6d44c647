/**
 * Who shares a project, and with which role (core's PROJECT_ROLES). The organization's
 * owner is the `owner` member of each of its projects; others join through invitations.
 * Every request reads the caller's membership again, so a change counts at once.
 */
import type { ProjectRole } from '@reelay/core';
import type { Db } from './schema';
import { decodeProject, type ProjectRecord } from './users';

/** A member as the members route lists them. */
export interface MemberRecord {
  userId: string;
  email: string;
  name: string | null;
  role: ProjectRole;
  joinedAt: number;
}

/**
 * The user's role in the project, or undefined when it is not shared with them.
 *
 * @example
 * ```ts
 * await findMemberRole(db, 'prj_01…', 'usr_01…'); // 'editor'
 * ```
 */
export async function findMemberRole(
  db: Db,
  projectId: string,
  userId: string,
): Promise<ProjectRole | undefined> {
  const row = await db
    .selectFrom('project_members')
    .select('role')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role as ProjectRole | undefined;
}

/** The project's members: its owner first, then by arrival. */
export async function listMembers(db: Db, projectId: string): Promise<MemberRecord[]> {
  const rows = await db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select([
      'project_members.user_id',
      'users.email',
      'users.name',
      'project_members.role',
      'project_members.joined_at',
    ])
    .where('project_members.project_id', '=', projectId)
    .orderBy('project_members.joined_at')
    .orderBy('project_members.user_id')
    .execute();
  const members = rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    name: row.name,
    role: row.role as ProjectRole,
    joinedAt: row.joined_at,
  }));
  // The owner first, then by arrival.
  return members.sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
}

/** Adds a member; a user already in the project keeps the role they have. */
export async function insertMember(
  db: Db,
  member: { projectId: string; userId: string; role: ProjectRole; joinedAt: number },
): Promise<void> {
  await db
    .insertInto('project_members')
    .values({
      project_id: member.projectId,
      user_id: member.userId,
      role: member.role,
      joined_at: member.joinedAt,
    })
    .onConflict((conflict) => conflict.columns(['project_id', 'user_id']).doNothing())
    .execute();
}

export async function updateMemberRole(
  db: Db,
  projectId: string,
  userId: string,
  role: ProjectRole,
): Promise<void> {
  await db
    .updateTable('project_members')
    .set({ role })
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Db, projectId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('project_members')
    .where('project_id', '=', projectId)
    .where('user_id', '=', userId)
    .execute();
}

/** Removes the user from every project shared with them (erasing the user). */
export async function deleteMemberships(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('project_members').where('user_id', '=', userId).execute();
}

export async function countOwners(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('project_members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The projects shared with a user, each with the user's role, oldest first. */
export async function listProjectsOfMember(
  db: Db,
  userId: string,
): Promise<Array<ProjectRecord & { role: ProjectRole }>> {
  const rows = await db
    .selectFrom('project_members')
    .innerJoin('projects', 'projects.id', 'project_members.project_id')
    .selectAll('projects')
    .select('project_members.role')
    .where('project_members.user_id', '=', userId)
    .orderBy('projects.created_at')
    .orderBy('projects.id')
    .execute();
  return rows.map((row) => ({ ...decodeProject(row), role: row.role as ProjectRole }));
}
