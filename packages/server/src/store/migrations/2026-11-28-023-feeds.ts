/**
 * Feeds: RSS, Atom and JSON Feed a project follows, and the items already seen of each
 * (one row per item, so an item becomes a post once). Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feeds')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('title', 'text')
    // draft | queue (core's FEED_MODES)
    .addColumn('mode', 'text', (column) => column.notNull())
    .addColumn('caption_template', 'text', (column) => column.notNull())
    // JSON list of account ids; empty when the feed follows a profile.
    .addColumn('integration_ids', 'text', (column) => column.notNull())
    .addColumn('profile_id', 'text')
    // active | paused (core's FEED_STATUSES)
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('paused_reason', 'text')
    .addColumn('consecutive_failures', 'integer', (column) => column.notNull())
    // The validators of the last full answer, sent back as If-None-Match / If-Modified-Since.
    .addColumn('etag', 'text')
    .addColumn('last_modified', 'text')
    .addColumn('last_checked_at', 'bigint')
    // JSON { code, message } of the last failed check; null after a good one.
    .addColumn('last_error', 'text')
    .addColumn('next_check_at', 'bigint')
    // JSON: the actor that created it, on whose behalf its posts are created.
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('feeds_project')
    .on('feeds')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('feed_items')
    .addColumn('feed_id', 'text', (column) => column.notNull())
    // The item's guid / id, else its link.
    .addColumn('item_key', 'text', (column) => column.notNull())
    .addColumn('post_id', 'text')
    // JSON { code, message } when the item did not become a post.
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    // One row per item: of two checks racing on the same item, one records it.
    .addPrimaryKeyConstraint('feed_items_key', ['feed_id', 'item_key'])
    .execute();
}
