/**
 * The inbox: comments on the accounts' media (one row per Instagram comment and account),
 * the actions sent to Instagram with their idempotency keys (written before the call, so
 * a crash between the platform's answer and our write is recognised on retry), mentions,
 * saved replies, when each media is next read, and each account's polling state.
 * Frozen.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('integration_id', 'text', (column) => column.notNull())
    .addColumn('post_id', 'text')
    .addColumn('platform_comment_id', 'text', (column) => column.notNull())
    .addColumn('platform_media_id', 'text', (column) => column.notNull())
    // The top-level comment of a reply (`cmt_…`); null on a top-level comment.
    .addColumn('parent_id', 'text')
    .addColumn('username', 'text')
    .addColumn('from_id', 'text')
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('received_at', 'bigint', (column) => column.notNull())
    .addColumn('hidden', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    // unread | read | replied (core's COMMENT_STATUSES); a thread's on its top-level row.
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('from_self', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('assignee_id', 'text')
    .addColumn('private_reply_at', 'bigint')
    // Newest activity in the thread: lists sort threads by it.
    .addColumn('thread_activity_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('comments_platform_id', ['integration_id', 'platform_comment_id'])
    .execute();
  await db.schema
    .createIndex('comments_threads')
    .on('comments')
    .columns(['project_id', 'parent_id', 'thread_activity_at'])
    .execute();
  await db.schema
    .createIndex('comments_media')
    .on('comments')
    .columns(['integration_id', 'platform_media_id'])
    .execute();

  // Webhooks name a media: finding the account's post of it is one index read.
  await db.schema
    .createIndex('post_targets_platform_media')
    .on('post_targets')
    .columns(['integration_id', 'platform_post_id'])
    .execute();

  await db.schema
    .createTable('comment_actions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    // reply | comment | private_reply
    .addColumn('kind', 'text', (column) => column.notNull())
    // The comment answered (`cmt_…`) or the post commented on (`post_…`).
    .addColumn('subject_id', 'text', (column) => column.notNull())
    .addColumn('integration_id', 'text', (column) => column.notNull())
    .addColumn('idempotency_key', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    // pending: written before the platform call; done: its result is recorded.
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('result_comment_id', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('finished_at', 'bigint')
    .addUniqueConstraint('comment_actions_key', ['project_id', 'kind', 'idempotency_key'])
    .execute();

  await db.schema
    .createTable('mentions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('integration_id', 'text', (column) => column.notNull())
    // comment | caption
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('platform_media_id', 'text', (column) => column.notNull())
    .addColumn('platform_comment_id', 'text')
    // The comment's id, or `media:<id>` for a caption: one row per mention and account.
    .addColumn('mention_key', 'text', (column) => column.notNull())
    .addColumn('username', 'text')
    .addColumn('text', 'text')
    .addColumn('permalink', 'text')
    .addColumn('created_at', 'bigint')
    .addColumn('received_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('mentions_key', ['integration_id', 'mention_key'])
    .execute();
  await db.schema
    .createIndex('mentions_project')
    .on('mentions')
    .columns(['project_id', 'received_at'])
    .execute();

  await db.schema
    .createTable('saved_replies')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('saved_replies_project')
    .on('saved_replies')
    .columns(['project_id', 'title'])
    .execute();

  await db.schema
    .createTable('comment_polls')
    .addColumn('integration_id', 'text', (column) => column.notNull())
    .addColumn('platform_media_id', 'text', (column) => column.notNull())
    .addColumn('next_poll_at', 'bigint', (column) => column.notNull())
    .addColumn('last_polled_at', 'bigint')
    .addPrimaryKeyConstraint('comment_polls_pk', ['integration_id', 'platform_media_id'])
    .execute();

  // Subscriptions may name one account: its posts' events and its comments.
  await db.schema.alterTable('webhook_subscriptions').addColumn('integration_id', 'text').execute();

  await db.schema
    .createTable('inbox_accounts')
    .addColumn('integration_id', 'text', (column) => column.primaryKey())
    // Not polled before this time: the account's call budget ran low or was throttled.
    .addColumn('paused_until', 'bigint')
    .addColumn('usage_percent', 'integer')
    .addColumn('subscribed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();
}
