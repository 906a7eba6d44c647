/**
 * Evergreen queues: a posting schedule may recycle (`evergreen_enabled`, with the days a
 * post waits between two publications), and a post may be evergreen, with variant
 * captions used in turn. A recycled copy is an ordinary post that names the post it
 * repeats (`recycled_from`); its slot instant is in its idempotency key. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('posting_schedules')
    .addColumn('evergreen_enabled', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('posting_schedules')
    .addColumn('evergreen_min_days', 'integer', (column) => column.notNull().defaultTo(30))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('evergreen', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  // JSON list of variant captions; null without variants.
  await db.schema.alterTable('posts').addColumn('evergreen_captions', 'text').execute();
  await db.schema.alterTable('posts').addColumn('recycled_from', 'text').execute();
  // The filler reads a project's evergreen posts, and each one's copies.
  await db.schema
    .createIndex('posts_evergreen')
    .on('posts')
    .columns(['project_id', 'evergreen', 'status'])
    .execute();
  await db.schema.createIndex('posts_recycled_from').on('posts').column('recycled_from').execute();
}
