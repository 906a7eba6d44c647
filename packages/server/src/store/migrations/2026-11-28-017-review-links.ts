/**
 * Review links: one post shown to someone without an account, who may approve or reject
 * it until the link expires or is revoked. The token is stored as its SHA-256 only.
 * Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('review_links')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('post_id', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('label', 'text')
    // Who made it: `member` or `key` (core's ACTOR_KINDS), and the user's or key's id.
    .addColumn('created_by_kind', 'text', (column) => column.notNull())
    .addColumn('created_by_id', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('expires_at', 'bigint', (column) => column.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('review_links_post')
    .on('review_links')
    .columns(['post_id', 'created_at'])
    .execute();
}
