/**
 * What the inbox sent to Instagram that creates something (a reply, a comment, a private
 * reply), by idempotency key. The row is written `pending` before the platform call and
 * `done` with its result after, so a retry after a crash in between knows the call may
 * have happened and checks Instagram before sending again.
 */
import type { CommentActionsTable, Db } from './schema';

export type CommentActionKind = CommentActionsTable['kind'];

export interface CommentActionRecord {
  id: string;
  projectId: string;
  kind: CommentActionKind;
  /** The comment answered (`cmt_…`) or the post commented on (`post_…`). */
  subjectId: string;
  integrationId: string;
  idempotencyKey: string;
  message: string;
  state: 'pending' | 'done';
  /** The comment it created (`cmt_…`), once done; null for a private reply. */
  resultCommentId: string | null;
  createdAt: number;
  finishedAt: number | null;
}

function decode(row: CommentActionsTable): CommentActionRecord {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    subjectId: row.subject_id,
    integrationId: row.integration_id,
    idempotencyKey: row.idempotency_key,
    message: row.message,
    state: row.state,
    resultCommentId: row.result_comment_id,
    createdAt: Number(row.created_at),
    finishedAt: row.finished_at === null ? null : Number(row.finished_at),
  };
}

/**
 * Records an action before its call, unless one with the key exists; answers the stored
 * action either way (the caller compares it with its request).
 */
export async function claimCommentAction(
  db: Db,
  action: CommentActionRecord,
): Promise<{ action: CommentActionRecord; created: boolean }> {
  const result = await db
    .insertInto('comment_actions')
    .values({
      id: action.id,
      project_id: action.projectId,
      kind: action.kind,
      subject_id: action.subjectId,
      integration_id: action.integrationId,
      idempotency_key: action.idempotencyKey,
      message: action.message,
      state: action.state,
      result_comment_id: action.resultCommentId,
      created_at: action.createdAt,
      finished_at: action.finishedAt,
    })
    .onConflict((conflict) =>
      conflict.columns(['project_id', 'kind', 'idempotency_key']).doNothing(),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return { action, created: true };
  const stored = await db
    .selectFrom('comment_actions')
    .selectAll()
    .where('project_id', '=', action.projectId)
    .where('kind', '=', action.kind)
    .where('idempotency_key', '=', action.idempotencyKey)
    .executeTakeFirstOrThrow();
  return { action: decode(stored), created: false };
}

export async function finishCommentAction(
  db: Db,
  id: string,
  resultCommentId: string | null,
  at: number,
): Promise<void> {
  await db
    .updateTable('comment_actions')
    .set({ state: 'done', result_comment_id: resultCommentId, finished_at: at })
    .where('id', '=', id)
    .execute();
}

/** A refused call created nothing: its key may be used again. */
export async function forgetCommentAction(db: Db, id: string): Promise<void> {
  await db
    .deleteFrom('comment_actions')
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}

/** Erasing projects: their actions go with them. */
export async function deleteCommentActionsOfProjects(
  db: Db,
  projectIds: readonly string[],
): Promise<void> {
  if (projectIds.length === 0) return;
  await db.deleteFrom('comment_actions').where('project_id', 'in', projectIds).execute();
}
