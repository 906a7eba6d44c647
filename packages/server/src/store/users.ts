/**
 * Users, their organization and projects, and the refresh tokens of the built-in login.
 */
import { newId } from '@reelay/core';
import type {
  Db,
  OrganizationsTable,
  ProjectsTable,
  RefreshTokensTable,
  UsersTable,
} from './schema';

export function findUserById(db: Db, id: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserByOidcSubject(db: Db, subject: string): Promise<UsersTable | undefined> {
  return db.selectFrom('users').selectAll().where('oidc_subject', '=', subject).executeTakeFirst();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertUser(
  db: Db,
  user: Pick<UsersTable, 'email' | 'name' | 'password_hash' | 'oidc_subject'>,
  now: number,
): Promise<UsersTable> {
  const row: UsersTable = { id: newId('user', now), ...user, created_at: now, updated_at: now };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function linkOidcSubject(
  db: Db,
  userId: string,
  subject: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ oidc_subject: subject, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function deleteUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

export function findOrganizationByOwner(
  db: Db,
  userId: string,
): Promise<OrganizationsTable | undefined> {
  return db
    .selectFrom('organizations')
    .selectAll()
    .where('owner_user_id', '=', userId)
    .executeTakeFirst();
}

export function findOrganizationById(db: Db, id: string): Promise<OrganizationsTable | undefined> {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertOrganizationWithProject(
  db: Db,
  ownerUserId: string,
  names: { organization: string; project: string },
  now: number,
): Promise<{ organization: OrganizationsTable; project: ProjectsTable }> {
  const organization: OrganizationsTable = {
    id: newId('organization', now),
    owner_user_id: ownerUserId,
    name: names.organization,
    created_at: now,
    updated_at: now,
  };
  const project: ProjectsTable = {
    id: newId('project', now),
    organization_id: organization.id,
    name: names.project,
    environment: 'live',
    created_at: now,
  };
  await db.insertInto('organizations').values(organization).execute();
  await db.insertInto('projects').values(project).execute();
  return { organization, project };
}

export async function renameOrganization(
  db: Db,
  id: string,
  name: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ name, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export function listProjectsOfOrganization(
  db: Db,
  organizationId: string,
): Promise<ProjectsTable[]> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The project, when it belongs to the user's organization. */
export function findProjectOfUser(
  db: Db,
  projectId: string,
  userId: string,
): Promise<ProjectsTable | undefined> {
  return db
    .selectFrom('projects')
    .innerJoin('organizations', 'organizations.id', 'projects.organization_id')
    .selectAll('projects')
    .where('projects.id', '=', projectId)
    .where('organizations.owner_user_id', '=', userId)
    .executeTakeFirst();
}

export function findProjectById(db: Db, projectId: string): Promise<ProjectsTable | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
}

export async function deleteOrganization(db: Db, organizationId: string): Promise<void> {
  await db.deleteFrom('projects').where('organization_id', '=', organizationId).execute();
  await db.deleteFrom('organizations').where('id', '=', organizationId).execute();
}

export async function insertRefreshToken(db: Db, token: RefreshTokensTable): Promise<void> {
  await db.insertInto('refresh_tokens').values(token).execute();
}

export function findRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<RefreshTokensTable | undefined> {
  return db
    .selectFrom('refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token used, only if nobody else did first; returns whether this call won. */
export async function markRefreshTokenReplaced(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ replaced_at: now })
    .where('id', '=', id)
    .where('replaced_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeRefreshTokenFamily(
  db: Db,
  familyId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}
