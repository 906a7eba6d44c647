/**
 * Comments on the accounts' media, one row per Instagram comment and connected account.
 * A thread is a top-level comment (`parent_id` null) and its replies; the thread's inbox
 * status and its latest activity live on the top-level row.
 */
import type { CommentFilter, CommentStatus } from '@reelay/core';
import { sql } from 'kysely';
import type { CommentsTable, Db } from './schema';

/** A stored comment. Times are milliseconds since the epoch. */
export interface CommentRecord {
  id: string;
  projectId: string;
  integrationId: string;
  postId: string | null;
  platformCommentId: string;
  platformMediaId: string;
  parentId: string | null;
  username: string | null;
  fromId: string | null;
  text: string;
  createdAt: number;
  receivedAt: number;
  hidden: boolean;
  deletedAt: number | null;
  status: CommentStatus;
  fromSelf: boolean;
  assigneeId: string | null;
  privateReplyAt: number | null;
  threadActivityAt: number;
}

/** A top-level comment with its replies, oldest first. */
export interface CommentThread extends CommentRecord {
  replies: CommentRecord[];
}

function decodeComment(row: CommentsTable): CommentRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    integrationId: row.integration_id,
    postId: row.post_id,
    platformCommentId: row.platform_comment_id,
    platformMediaId: row.platform_media_id,
    parentId: row.parent_id,
    username: row.username,
    fromId: row.from_id,
    text: row.text,
    createdAt: Number(row.created_at),
    receivedAt: Number(row.received_at),
    hidden: Boolean(row.hidden),
    deletedAt: row.deleted_at === null ? null : Number(row.deleted_at),
    status: row.status,
    fromSelf: Boolean(row.from_self),
    assigneeId: row.assignee_id,
    privateReplyAt: row.private_reply_at === null ? null : Number(row.private_reply_at),
    threadActivityAt: Number(row.thread_activity_at),
  };
}

function encodeComment(comment: CommentRecord): CommentsTable {
  return {
    id: comment.id,
    project_id: comment.projectId,
    integration_id: comment.integrationId,
    post_id: comment.postId,
    platform_comment_id: comment.platformCommentId,
    platform_media_id: comment.platformMediaId,
    parent_id: comment.parentId,
    username: comment.username,
    from_id: comment.fromId,
    text: comment.text,
    created_at: comment.createdAt,
    received_at: comment.receivedAt,
    hidden: Number(comment.hidden),
    deleted_at: comment.deletedAt,
    status: comment.status,
    from_self: Number(comment.fromSelf),
    assignee_id: comment.assigneeId,
    private_reply_at: comment.privateReplyAt,
    thread_activity_at: comment.threadActivityAt,
  };
}

/**
 * Inserts a comment unless the account already has it; answers whether this call did.
 * The unique key on (account, Instagram id) makes concurrent ingestions of the same
 * comment (a webhook and a poll at once) insert it once.
 */
export async function insertCommentOnce(db: Db, comment: CommentRecord): Promise<boolean> {
  const result = await db
    .insertInto('comments')
    .values(encodeComment(comment))
    .onConflict((conflict) =>
      conflict.columns(['integration_id', 'platform_comment_id']).doNothing(),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findCommentByPlatformId(
  db: Db,
  integrationId: string,
  platformCommentId: string,
): Promise<CommentRecord | undefined> {
  const row = await db
    .selectFrom('comments')
    .selectAll()
    .where('integration_id', '=', integrationId)
    .where('platform_comment_id', '=', platformCommentId)
    .executeTakeFirst();
  return row && decodeComment(row);
}

export async function findComment(
  db: Db,
  projectId: string,
  id: string,
): Promise<CommentRecord | undefined> {
  const row = await db
    .selectFrom('comments')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decodeComment(row);
}

/** The comments of the account on one media, replies included. */
export async function listCommentsOfMedia(
  db: Db,
  integrationId: string,
  platformMediaId: string,
): Promise<CommentRecord[]> {
  const rows = await db
    .selectFrom('comments')
    .selectAll()
    .where('integration_id', '=', integrationId)
    .where('platform_media_id', '=', platformMediaId)
    .execute();
  return rows.map(decodeComment);
}

/** What a comment's row may change. */
export type CommentChanges = Partial<
  Pick<
    CommentRecord,
    | 'text'
    | 'username'
    | 'hidden'
    | 'deletedAt'
    | 'status'
    | 'assigneeId'
    | 'privateReplyAt'
    | 'threadActivityAt'
    | 'postId'
  >
>;

export async function updateComment(db: Db, id: string, changes: CommentChanges): Promise<void> {
  const values: Partial<CommentsTable> = {};
  if (changes.text !== undefined) values.text = changes.text;
  if (changes.username !== undefined) values.username = changes.username;
  if (changes.hidden !== undefined) values.hidden = Number(changes.hidden);
  if (changes.deletedAt !== undefined) values.deleted_at = changes.deletedAt;
  if (changes.status !== undefined) values.status = changes.status;
  if (changes.assigneeId !== undefined) values.assignee_id = changes.assigneeId;
  if (changes.privateReplyAt !== undefined) values.private_reply_at = changes.privateReplyAt;
  if (changes.threadActivityAt !== undefined) values.thread_activity_at = changes.threadActivityAt;
  if (changes.postId !== undefined) values.post_id = changes.postId;
  if (Object.keys(values).length === 0) return;
  await db.updateTable('comments').set(values).where('id', '=', id).execute();
}

/** Marks a comment and its replies deleted (deleting a comment deletes its thread). */
export async function markThreadDeleted(db: Db, id: string, at: number): Promise<void> {
  await db
    .updateTable('comments')
    .set({ deleted_at: at })
    .where((where) => where.or([where('id', '=', id), where('parent_id', '=', id)]))
    .where('deleted_at', 'is', null)
    .execute();
}

/** The filters of the inbox's list. */
export interface CommentFilters {
  integrationIds?: readonly string[] | undefined;
  postId?: string | undefined;
  status?: CommentFilter | undefined;
  assigneeId?: string | undefined;
  since?: number | undefined;
  search?: string | undefined;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function threadQuery(db: Db, projectId: string, filters: CommentFilters) {
  let query = db
    .selectFrom('comments as thread')
    .where('thread.project_id', '=', projectId)
    .where('thread.parent_id', 'is', null);
  if (filters.integrationIds) {
    if (filters.integrationIds.length === 0) return query.where(sql<boolean>`1 = 0`);
    query = query.where('thread.integration_id', 'in', filters.integrationIds);
  }
  if (filters.postId) query = query.where('thread.post_id', '=', filters.postId);
  if (filters.assigneeId) query = query.where('thread.assignee_id', '=', filters.assigneeId);
  if (filters.since !== undefined) query = query.where('thread.created_at', '>=', filters.since);
  if (filters.status === 'hidden') query = query.where('thread.hidden', '=', 1);
  else if (filters.status) query = query.where('thread.status', '=', filters.status);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    query = query.where((where) =>
      where.or([
        sql<boolean>`lower(thread.text) like ${pattern} escape '\\'`,
        sql<boolean>`lower(coalesce(thread.username, '')) like ${pattern} escape '\\'`,
        where.exists(
          db
            .selectFrom('comments as reply')
            .select('reply.id')
            .where(sql<boolean>`reply.parent_id = thread.id`)
            .where((inner) =>
              inner.or([
                sql<boolean>`lower(reply.text) like ${pattern} escape '\\'`,
                sql<boolean>`lower(coalesce(reply.username, '')) like ${pattern} escape '\\'`,
              ]),
            ),
        ),
      ]),
    );
  }
  return query;
}

/**
 * A page of threads, newest activity first, with their replies; and how many match.
 *
 * @example
 * ```ts
 * const { total, threads } = await listThreads(db, projectId, { status: 'unread' }, 20, 0);
 * ```
 */
export async function listThreads(
  db: Db,
  projectId: string,
  filters: CommentFilters,
  limit: number,
  offset: number,
): Promise<{ total: number; threads: CommentThread[] }> {
  const counted = await threadQuery(db, projectId, filters)
    .select((select) => select.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows = await threadQuery(db, projectId, filters)
    .selectAll('thread')
    .orderBy('thread.thread_activity_at', 'desc')
    .orderBy('thread.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const threads = rows.map(decodeComment);
  return { total: Number(counted.count), threads: await withReplies(db, threads) };
}

/** Threads with their replies, read in one statement. */
export async function withReplies(
  db: Db,
  threads: readonly CommentRecord[],
): Promise<CommentThread[]> {
  if (threads.length === 0) return [];
  const replies = await db
    .selectFrom('comments')
    .selectAll()
    .where(
      'parent_id',
      'in',
      threads.map((thread) => thread.id),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const byThread = new Map<string, CommentRecord[]>();
  for (const row of replies) {
    const reply = decodeComment(row);
    const list = byThread.get(reply.parentId!) ?? [];
    list.push(reply);
    byThread.set(reply.parentId!, list);
  }
  return threads.map((thread) => ({ ...thread, replies: byThread.get(thread.id) ?? [] }));
}

/** Erasing projects: their comments go with them. */
export async function deleteCommentsOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('comments').where('project_id', 'in', projectIds).execute();
}

/** Erasing an account's data: the comments read on its media go too. */
export async function deleteCommentsOfIntegration(db: Db, integrationId: string): Promise<void> {
  await db.deleteFrom('comments').where('integration_id', '=', integrationId).execute();
}

/** The Reelay post an account published as this media, or `null` for other media. */
export async function findPostOfMedia(
  db: Db,
  integrationId: string,
  platformMediaId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('post_targets')
    .select('post_id')
    .where('integration_id', '=', integrationId)
    .where('platform_post_id', '=', platformMediaId)
    .executeTakeFirst();
  return row?.post_id ?? null;
}

/** Whether the account published this media through Reelay. */
export async function isMediaOfAccount(
  db: Db,
  integrationId: string,
  platformMediaId: string,
): Promise<boolean> {
  return (await findPostOfMedia(db, integrationId, platformMediaId)) !== null;
}
