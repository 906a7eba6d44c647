/**
 * Users, organizations, projects, API keys, profiles, connected accounts, data-deletion
 * requests and rate-limit counters. Frozen: later changes go in new migrations.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('oidc_subject', 'text', (column) => column.unique())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull())
    .addColumn('family_id', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('replaced_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('refresh_tokens_user')
    .on('refresh_tokens')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_family')
    .on('refresh_tokens')
    .column('family_id')
    .execute();

  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('owner_user_id', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('organization_id', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('environment', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('projects_organization')
    .on('projects')
    .column('organization_id')
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('name', 'text')
    .addColumn('prefix', 'text', (column) => column.notNull())
    .addColumn('key_hash', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_keys_project').on('api_keys').column('project_id').execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('profiles_project')
    .on('profiles')
    // Lists sort by (created_at, id): with id in the index they come out sorted.
    .columns(['project_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('integrations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('profile_id', 'text')
    .addColumn('platform', 'text', (column) => column.notNull())
    .addColumn('platform_user_id', 'text', (column) => column.notNull())
    .addColumn('platform_scoped_id', 'text')
    .addColumn('username', 'text')
    .addColumn('name', 'text')
    .addColumn('image_url', 'text')
    .addColumn('account_type', 'text')
    .addColumn('access_token', 'text')
    .addColumn('token_issued_at', 'bigint')
    .addColumn('token_expires_at', 'bigint')
    .addColumn('token_refreshed_at', 'bigint')
    .addColumn('scopes', 'text', (column) => column.notNull())
    .addColumn('auth_status', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('last_health_check_at', 'bigint')
    .addColumn('health_error', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('integrations_account_per_project', [
      'project_id',
      'platform',
      'platform_user_id',
    ])
    .execute();
  await db.schema
    .createIndex('integrations_project')
    .on('integrations')
    .columns(['project_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('integrations_platform_user')
    .on('integrations')
    .column('platform_user_id')
    .execute();
  await db.schema
    .createIndex('integrations_scoped_user')
    .on('integrations')
    .column('platform_scoped_id')
    .execute();
  await db.schema
    .createIndex('integrations_token_expiry')
    .on('integrations')
    .column('token_expires_at')
    .execute();

  await db.schema
    .createTable('data_deletion_requests')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('confirmation_code', 'text', (column) => column.notNull().unique())
    .addColumn('platform_user_id', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('requested_at', 'bigint', (column) => column.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();

  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'text', (column) => column.notNull())
    .addColumn('window_start', 'bigint', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['key', 'window_start'])
    .execute();
}
