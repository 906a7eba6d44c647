/**
 * Users, their organization and projects, read and written as decoded records (the
 * refresh tokens of the built-in login are in `refresh-tokens.ts`).
 */
import { newId } from '@reelay/core';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { StoreCapabilities } from './database';
import type { Db, OrganizationsTable, ProjectsTable, UsersTable } from './schema';

/** A stored user. */
export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  /** Null for a user who only signs in through an OpenID Connect issuer. */
  passwordHash: string | null;
  /** `issuer|sub` of a user who signs in through an external OpenID Connect issuer. */
  oidcSubject: string | null;
  createdAt: number;
  updatedAt: number;
}

/** What a new user is given; the id and times are the store's. */
export type NewUser = Pick<UserRecord, 'email' | 'name' | 'passwordHash' | 'oidcSubject'>;

export interface OrganizationRecord {
  id: string;
  ownerUserId: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

export interface ProjectRecord {
  id: string;
  organizationId: string;
  name: string;
  environment: 'live' | 'sandbox';
  createdAt: number;
}

/**
 * Stored rows as records.
 *
 * @example
 * ```ts
 * decodeUser(row).passwordHash; // null for an OpenID Connect user
 * ```
 */
export function decodeUser(row: UsersTable): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    oidcSubject: row.oidc_subject,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function decodeOrganization(row: OrganizationsTable): OrganizationRecord {
  return {
    id: row.id,
    ownerUserId: row.owner_user_id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function decodeProject(
  row: Pick<
    Selectable<ProjectsTable>,
    'id' | 'organization_id' | 'name' | 'environment' | 'created_at'
  >,
): ProjectRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    environment: row.environment,
    createdAt: row.created_at,
  };
}

async function findUserWhere(
  db: Db,
  column: 'id' | 'email' | 'oidc_subject',
  value: string,
): Promise<UserRecord | undefined> {
  const row = await db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();
  return row && decodeUser(row);
}

export const findUserById = (db: Db, id: string) => findUserWhere(db, 'id', id);

export const findUserByEmail = (db: Db, email: string) => findUserWhere(db, 'email', email);

export const findUserByOidcSubject = (db: Db, subject: string) =>
  findUserWhere(db, 'oidc_subject', subject);

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Holds off every other write to `users` until the transaction ends, so a decision read
 * from the table (no user yet, the e-mail is free) still holds when the insert lands.
 *
 * A table lock rather than a conditional insert or an advisory lock: under PostgreSQL's
 * read committed, `INSERT … WHERE NOT EXISTS` run at once by several transactions lets
 * every one see the empty table; an advisory lock would bind only the code that takes it,
 * while every insert into `users` (an OpenID Connect user's first request included) waits
 * for this lock, on every instance sharing the database. SHARE ROW EXCLUSIVE conflicts
 * with itself and with writes, not with reads, and is held for two reads and an insert.
 * SQLite needs nothing: its one connection runs one transaction at a time, and a SQLite
 * file serves one instance.
 *
 * @example
 * ```ts
 * await db.transaction().execute(async (trx) => {
 *   await lockUsersForWrite(trx, capabilities);
 *   if ((await countUsers(trx)) === 0) await insertUser(trx, user, now);
 * });
 * ```
 */
export async function lockUsersForWrite(
  db: Db,
  capabilities: Pick<StoreCapabilities, 'rowLocks'>,
): Promise<void> {
  if (!capabilities.rowLocks) return;
  await sql`lock table users in share row exclusive mode`.execute(db);
}

export async function insertUser(db: Db, user: NewUser, now: number): Promise<UserRecord> {
  const record: UserRecord = { id: newId('user', now), ...user, createdAt: now, updatedAt: now };
  await db
    .insertInto('users')
    .values({
      id: record.id,
      email: record.email,
      name: record.name,
      password_hash: record.passwordHash,
      oidc_subject: record.oidcSubject,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return record;
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

export async function findOrganizationByOwner(
  db: Db,
  userId: string,
): Promise<OrganizationRecord | undefined> {
  const row = await db
    .selectFrom('organizations')
    .selectAll()
    .where('owner_user_id', '=', userId)
    .executeTakeFirst();
  return row && decodeOrganization(row);
}

export async function findOrganizationById(
  db: Db,
  id: string,
): Promise<OrganizationRecord | undefined> {
  const row = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decodeOrganization(row);
}

export async function insertOrganizationWithProject(
  db: Db,
  ownerUserId: string,
  names: { organization: string; project: string },
  now: number,
): Promise<{ organization: OrganizationRecord; project: ProjectRecord }> {
  const organization: OrganizationsTable = {
    id: newId('organization', now),
    owner_user_id: ownerUserId,
    name: names.organization,
    created_at: now,
    updated_at: now,
  };
  const project = {
    id: newId('project', now),
    organization_id: organization.id,
    name: names.project,
    environment: 'live',
    created_at: now,
  } satisfies Insertable<ProjectsTable>;
  await db.insertInto('organizations').values(organization).execute();
  await db.insertInto('projects').values(project).execute();
  // The organization's owner is the owner member of each of its projects.
  await db
    .insertInto('project_members')
    .values({ project_id: project.id, user_id: ownerUserId, role: 'owner', joined_at: now })
    .execute();
  return { organization: decodeOrganization(organization), project: decodeProject(project) };
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

export async function listProjectsOfOrganization(
  db: Db,
  organizationId: string,
): Promise<ProjectRecord[]> {
  const rows = await db
    .selectFrom('projects')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(decodeProject);
}

/** The project, when it belongs to the user's organization. */
export async function findProjectOfUser(
  db: Db,
  projectId: string,
  userId: string,
): Promise<ProjectRecord | undefined> {
  const row = await db
    .selectFrom('projects')
    .innerJoin('organizations', 'organizations.id', 'projects.organization_id')
    .selectAll('projects')
    .where('projects.id', '=', projectId)
    .where('organizations.owner_user_id', '=', userId)
    .executeTakeFirst();
  return row && decodeProject(row);
}

export async function findProjectById(
  db: Db,
  projectId: string,
): Promise<ProjectRecord | undefined> {
  const row = await db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .executeTakeFirst();
  return row && decodeProject(row);
}

export async function deleteOrganization(db: Db, organizationId: string): Promise<void> {
  const projects = db
    .selectFrom('projects')
    .select('id')
    .where('organization_id', '=', organizationId);
  await db.deleteFrom('project_members').where('project_id', 'in', projects).execute();
  await db.deleteFrom('invitations').where('project_id', 'in', projects).execute();
  await db.deleteFrom('projects').where('organization_id', '=', organizationId).execute();
  await db.deleteFrom('organizations').where('id', '=', organizationId).execute();
}
