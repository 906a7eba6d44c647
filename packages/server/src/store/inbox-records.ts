/**
 * The inbox's other rows: mentions of the accounts, saved replies, when each media's
 * comments are read next, and each account's polling state (paused while its Instagram
 * call budget is low).
 */
import type { MentionKind } from '@reelay/core';
import type { Db, MentionsTable, SavedRepliesTable } from './schema';

export interface MentionRecord {
  id: string;
  projectId: string;
  integrationId: string;
  kind: MentionKind;
  platformMediaId: string;
  platformCommentId: string | null;
  username: string | null;
  text: string | null;
  permalink: string | null;
  createdAt: number | null;
  receivedAt: number;
}

function decodeMention(row: MentionsTable): MentionRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    integrationId: row.integration_id,
    kind: row.kind,
    platformMediaId: row.platform_media_id,
    platformCommentId: row.platform_comment_id,
    username: row.username,
    text: row.text,
    permalink: row.permalink,
    createdAt: row.created_at === null ? null : Number(row.created_at),
    receivedAt: Number(row.received_at),
  };
}

/** Records a mention once per account (a webhook delivered twice records it once). */
export async function insertMentionOnce(db: Db, mention: MentionRecord): Promise<boolean> {
  const result = await db
    .insertInto('mentions')
    .values({
      id: mention.id,
      project_id: mention.projectId,
      integration_id: mention.integrationId,
      kind: mention.kind,
      platform_media_id: mention.platformMediaId,
      platform_comment_id: mention.platformCommentId,
      mention_key: mention.platformCommentId ?? `media:${mention.platformMediaId}`,
      username: mention.username,
      text: mention.text,
      permalink: mention.permalink,
      created_at: mention.createdAt,
      received_at: mention.receivedAt,
    })
    .onConflict((conflict) => conflict.columns(['integration_id', 'mention_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function listMentions(
  db: Db,
  projectId: string,
  integrationId: string | undefined,
  limit: number,
  offset: number,
): Promise<{ total: number; mentions: MentionRecord[] }> {
  let query = db.selectFrom('mentions').where('project_id', '=', projectId);
  if (integrationId) query = query.where('integration_id', '=', integrationId);
  const counted = await query
    .select((select) => select.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { total: Number(counted.count), mentions: rows.map(decodeMention) };
}

export interface SavedReplyRecord {
  id: string;
  projectId: string;
  title: string;
  text: string;
  createdAt: number;
}

function decodeSavedReply(row: SavedRepliesTable): SavedReplyRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    title: row.title,
    text: row.text,
    createdAt: Number(row.created_at),
  };
}

export async function insertSavedReply(db: Db, reply: SavedReplyRecord): Promise<void> {
  await db
    .insertInto('saved_replies')
    .values({
      id: reply.id,
      project_id: reply.projectId,
      title: reply.title,
      text: reply.text,
      created_at: reply.createdAt,
    })
    .execute();
}

export async function listSavedReplies(db: Db, projectId: string): Promise<SavedReplyRecord[]> {
  const rows = await db
    .selectFrom('saved_replies')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows.map(decodeSavedReply);
}

export async function countSavedReplies(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('saved_replies')
    .select((select) => select.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes a saved reply of the project; answers whether there was one. */
export async function deleteSavedReply(db: Db, projectId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_replies')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A published media whose comments are read. */
export interface MediaToPoll {
  integrationId: string;
  projectId: string;
  postId: string;
  platformMediaId: string;
  publishedAt: number;
}

/**
 * Published media of active accounts within the window, newest first, optionally of one
 * project or account: what a sync reads. Accounts paused for their call budget are left out.
 */
export async function publishedMediaInWindow(
  db: Db,
  options: {
    now: number;
    publishedSince: number;
    limit: number;
    projectId?: string | undefined;
    integrationId?: string | undefined;
  },
): Promise<MediaToPoll[]> {
  let query = db
    .selectFrom('post_targets as target')
    .innerJoin('integrations as account', 'account.id', 'target.integration_id')
    .leftJoin('inbox_accounts as inbox', 'inbox.integration_id', 'target.integration_id')
    .select([
      'target.integration_id as integrationId',
      'target.project_id as projectId',
      'target.post_id as postId',
      'target.platform_post_id as platformMediaId',
      'target.published_at as publishedAt',
    ])
    .where('target.status', '=', 'published')
    .where('target.platform_post_id', 'is not', null)
    .where('target.published_at', '>=', options.publishedSince)
    .where('account.access_token', 'is not', null)
    .where('account.auth_status', '=', 'active')
    .where((where) =>
      where.or([
        where('inbox.paused_until', 'is', null),
        where('inbox.paused_until', '<=', options.now),
      ]),
    );
  if (options.projectId) query = query.where('target.project_id', '=', options.projectId);
  if (options.integrationId)
    query = query.where('target.integration_id', '=', options.integrationId);
  const rows = await query.orderBy('target.published_at', 'desc').limit(options.limit).execute();
  return rows.map((row) => ({
    integrationId: row.integrationId,
    projectId: row.projectId,
    postId: row.postId,
    platformMediaId: row.platformMediaId!,
    publishedAt: Number(row.publishedAt),
  }));
}

/**
 * Records a media's full read: when it is read in full next and its comment count when
 * read (null: unknown, so the next count read reads it again).
 */
export async function scheduleMediaPoll(
  db: Db,
  integrationId: string,
  platformMediaId: string,
  nextPollAt: number,
  polledAt: number,
  commentsCount: number | null,
): Promise<void> {
  await db
    .insertInto('comment_polls')
    .values({
      integration_id: integrationId,
      platform_media_id: platformMediaId,
      next_poll_at: nextPollAt,
      last_polled_at: polledAt,
      comments_count: commentsCount,
    })
    .onConflict((conflict) =>
      conflict.columns(['integration_id', 'platform_media_id']).doUpdateSet({
        next_poll_at: nextPollAt,
        last_polled_at: polledAt,
        comments_count: commentsCount,
      }),
    )
    .execute();
}

/** Records an account's call budget, and until when it is not polled (null: not paused). */
export async function recordInboxAccount(
  db: Db,
  integrationId: string,
  changes: { pausedUntil?: number | null; usagePercent?: number; subscribedAt?: number },
  now: number,
): Promise<void> {
  const values = {
    ...(changes.pausedUntil !== undefined ? { paused_until: changes.pausedUntil } : {}),
    ...(changes.usagePercent !== undefined ? { usage_percent: changes.usagePercent } : {}),
    ...(changes.subscribedAt !== undefined ? { subscribed_at: changes.subscribedAt } : {}),
    updated_at: now,
  };
  await db
    .insertInto('inbox_accounts')
    .values({
      integration_id: integrationId,
      paused_until: null,
      usage_percent: null,
      subscribed_at: null,
      ...values,
    })
    .onConflict((conflict) => conflict.column('integration_id').doUpdateSet(values))
    .execute();
}

/** Erasing projects: their mentions and saved replies go with them. */
export async function deleteInboxRecordsOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('mentions').where('project_id', 'in', projectIds).execute();
  await db.deleteFrom('saved_replies').where('project_id', 'in', projectIds).execute();
}

/** Erasing an account's data: its mentions and polling state go too. */
export async function deleteInboxRecordsOfIntegration(
  db: Db,
  integrationId: string,
): Promise<void> {
  await db.deleteFrom('mentions').where('integration_id', '=', integrationId).execute();
  await db.deleteFrom('comment_polls').where('integration_id', '=', integrationId).execute();
  await db.deleteFrom('inbox_accounts').where('integration_id', '=', integrationId).execute();
}
