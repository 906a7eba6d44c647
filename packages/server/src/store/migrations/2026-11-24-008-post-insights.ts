/**
 * Post insights: the last metrics read from Instagram for each published target, so the
 * platform is asked at most once an hour per target. One row per target; the metrics are
 * those of the media `platform_post_id` names (a target published again reads anew).
 * Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_insights')
    .addColumn('target_id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('integration_id', 'text', (column) => column.notNull())
    .addColumn('platform_post_id', 'text', (column) => column.notNull())
    // JSON object: metric name -> number or null, as last read.
    .addColumn('metrics', 'text', (column) => column.notNull())
    // `not_enough_viewers` when the platform said so (its code 10).
    .addColumn('reason', 'text')
    // When the metrics were read; null until a read succeeded.
    .addColumn('fetched_at', 'bigint')
    // When the platform was last asked, successfully or not: the hourly limit counts it.
    .addColumn('checked_at', 'bigint', (column) => column.notNull())
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('post_insights_project')
    .on('post_insights')
    .columns(['project_id'])
    .execute();
  await db.schema
    .createIndex('post_insights_integration')
    .on('post_insights')
    .columns(['integration_id'])
    .execute();
}
