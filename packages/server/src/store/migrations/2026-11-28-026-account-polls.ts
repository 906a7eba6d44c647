/**
 * Comment polling by account: one read of the account's media with their comment counts
 * per interval, comments read only where a count moved. Each account's next read, the
 * newest post it has, how many reads in a row found nothing, and the last Meta webhook
 * heard for it; each media's count at its last full read. Publications are found by
 * their time, so the polling task reads only the latest ones. Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inbox_accounts').addColumn('next_poll_at', 'bigint').execute();
  await db.schema.alterTable('inbox_accounts').addColumn('last_polled_at', 'bigint').execute();
  await db.schema.alterTable('inbox_accounts').addColumn('newest_media_at', 'bigint').execute();
  await db.schema
    .alterTable('inbox_accounts')
    .addColumn('quiet_polls', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('inbox_accounts').addColumn('webhook_at', 'bigint').execute();
  await db.schema
    .createIndex('inbox_accounts_next_poll')
    .on('inbox_accounts')
    .column('next_poll_at')
    .execute();
  await db.schema.alterTable('comment_polls').addColumn('comments_count', 'integer').execute();
  await db.schema
    .createIndex('post_targets_published_at')
    .on('post_targets')
    .column('published_at')
    .execute();
}
