/**
 * Teams: people share a project through a membership with a role, API keys carry a role,
 * and invitations bring new members in. Every project's organization owner becomes its
 * `owner` member, and existing keys keep what they could do (`admin`). Frozen.
 */
import { sql, type Kysely } from 'kysely';
import { DEFAULT_BATCH_SIZE, forEachKeyRange } from './key-batches';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('project_members')
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) => column.notNull())
    // `owner`, `admin`, `editor` or `viewer` (core's PROJECT_ROLES).
    .addColumn('role', 'text', (column) => column.notNull())
    .addColumn('joined_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
    .execute();
  // "Which projects are shared with this user", for /v1/me and erasing a user.
  await db.schema
    .createIndex('project_members_user')
    .on('project_members')
    .column('user_id')
    .execute();
  // A slice of projects at a time; each project's owner depends on that project alone.
  await forEachKeyRange(db, 'projects', 'id', DEFAULT_BATCH_SIZE, async ({ after, upTo }) => {
    await sql`
      insert into project_members (project_id, user_id, role, joined_at)
      select projects.id, organizations.owner_user_id, 'owner', projects.created_at
      from projects join organizations on organizations.id = projects.organization_id
      where projects.id <= ${upTo} ${after === null ? sql`` : sql`and projects.id > ${after}`}
    `.execute(db);
  });

  await db.schema
    .alterTable('api_keys')
    .addColumn('role', 'text', (column) => column.notNull().defaultTo('admin'))
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('role', 'text', (column) => column.notNull())
    // SHA-256 of the single-use token; the token itself is shown once.
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('invited_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('accepted_by', 'text')
    .execute();
  await db.schema
    .createIndex('invitations_project')
    .on('invitations')
    .column('project_id')
    .execute();
}
