/**
 * The inbox as the routes use it (docs/inbox.md): reading threads and mentions, marking
 * and assigning, saved replies, reading now, and the actions of comment-actions.ts.
 */
import {
  newId,
  ReelayError,
  SAVED_REPLIES_MAX,
  type CommentFilter,
  type CommentStatus,
} from '@reelay/core';
import { listThreads, updateComment, withReplies, type CommentThread } from '../store/comments';
import {
  countSavedReplies,
  deleteSavedReply,
  insertSavedReply,
  listMentions,
  listSavedReplies,
  type MentionRecord,
  type SavedReplyRecord,
} from '../store/inbox-records';
import { findIntegration, listIntegrations } from '../store/integrations';
import { findMemberRole } from '../store/project-members';
import {
  commentOnPost,
  deleteComment,
  privateReply,
  projectComment,
  replyToComment,
  setCommentHidden,
  setCommenting,
  type ActionResult,
} from './comment-actions';
import type { InboxDeps } from './comment-ingest';
import { pollComments, type PollReport } from './comment-polling';

export type { MentionRecord, SavedReplyRecord, ActionResult, PollReport };

/** The inbox list's filters, as the route parses them. */
export interface ThreadQuery {
  accountId?: string | undefined;
  profileId?: string | null | undefined;
  postId?: string | undefined;
  status?: CommentFilter | undefined;
  assigneeId?: string | undefined;
  since?: Date | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
}

export interface InboxService {
  list(projectId: string, query: ThreadQuery): Promise<{ total: number; threads: CommentThread[] }>;
  /** A comment's thread: the thread itself, or the thread a reply belongs to. */
  get(projectId: string, id: string): Promise<CommentThread>;
  update(
    projectId: string,
    id: string,
    changes: { status?: CommentStatus | undefined; assigneeId?: string | null | undefined },
  ): Promise<CommentThread>;
  reply(
    projectId: string,
    id: string,
    request: { message: string; idempotencyKey?: string | undefined },
  ): Promise<{ thread: CommentThread; replayed: boolean }>;
  hide(projectId: string, id: string, hidden: boolean): Promise<CommentThread>;
  delete(projectId: string, id: string): Promise<CommentThread>;
  privateReply(
    projectId: string,
    id: string,
    request: { message: string; idempotencyKey?: string | undefined },
  ): Promise<CommentThread>;
  commentOnPost(
    projectId: string,
    postId: string,
    request: {
      message: string;
      accountId?: string | undefined;
      idempotencyKey?: string | undefined;
    },
  ): Promise<{ thread: CommentThread; replayed: boolean }>;
  setCommenting(
    projectId: string,
    postId: string,
    request: { enabled: boolean; accountId?: string | undefined },
  ): Promise<string[]>;
  sync(projectId: string, accountId?: string): Promise<PollReport>;
  mentions(
    projectId: string,
    query: { accountId?: string | undefined; limit: number; offset: number },
  ): Promise<{ total: number; mentions: MentionRecord[] }>;
  savedReplies(projectId: string): Promise<SavedReplyRecord[]>;
  saveReply(projectId: string, reply: { title: string; text: string }): Promise<SavedReplyRecord>;
  deleteSavedReply(projectId: string, id: string): Promise<void>;
}

/**
 * @example
 * ```ts
 * const inbox = createInboxService(context);
 * const { threads } = await inbox.list(projectId, { status: 'unread', limit: 20, offset: 0 });
 * ```
 */
export function createInboxService(deps: InboxDeps): InboxService {
  /** The thread a comment is part of, with its replies. */
  async function threadOf(projectId: string, id: string): Promise<CommentThread> {
    const comment = await projectComment(deps, projectId, id);
    const top = comment.parentId
      ? await projectComment(deps, projectId, comment.parentId)
      : comment;
    const [thread] = await withReplies(deps.db, [top]);
    return thread!;
  }

  /** The thread to show after an action on a comment: the comment's own view of it. */
  async function after(projectId: string, id: string): Promise<CommentThread> {
    const comment = await projectComment(deps, projectId, id);
    const [thread] = await withReplies(deps.db, [comment]);
    return thread!;
  }

  async function requireAccount(projectId: string, accountId: string): Promise<void> {
    if (!(await findIntegration(deps.db, projectId, accountId))) {
      throw new ReelayError('NOT_FOUND', { message: 'Conta não encontrada neste projeto.' });
    }
  }

  return {
    async list(projectId, query) {
      let integrationIds: string[] | undefined;
      if (query.accountId !== undefined) integrationIds = [query.accountId];
      if (query.profileId !== undefined) {
        const { rows } = await listIntegrations(
          deps.db,
          projectId,
          { profileId: query.profileId },
          { limit: 10_000, offset: 0, sort: 'asc' },
        );
        const ofProfile = rows.map((account) => account.id);
        integrationIds = integrationIds
          ? integrationIds.filter((id) => ofProfile.includes(id))
          : ofProfile;
      }
      return listThreads(
        deps.db,
        projectId,
        {
          integrationIds,
          postId: query.postId,
          status: query.status,
          assigneeId: query.assigneeId,
          since: query.since?.getTime(),
          search: query.q,
        },
        query.limit,
        query.offset,
      );
    },

    get: threadOf,

    async update(projectId, id, changes) {
      const comment = await projectComment(deps, projectId, id);
      // A thread's status is on its top-level comment.
      const target = comment.parentId
        ? await projectComment(deps, projectId, comment.parentId)
        : comment;
      if (changes.assigneeId) {
        if (!(await findMemberRole(deps.db, projectId, changes.assigneeId))) {
          throw new ReelayError('VALIDATION_ERROR', {
            message: `Campo 'assigneeId': não é membro deste projeto.`,
            details: { field: 'assigneeId' },
          });
        }
      }
      await updateComment(deps.db, target.id, {
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.assigneeId !== undefined ? { assigneeId: changes.assigneeId } : {}),
      });
      return threadOf(projectId, id);
    },

    async reply(projectId, id, request) {
      const result = await replyToComment(deps, projectId, id, request);
      return { thread: await after(projectId, result.comment.id), replayed: result.replayed };
    },

    async hide(projectId, id, hidden) {
      await setCommentHidden(deps, projectId, id, hidden);
      return after(projectId, id);
    },

    async delete(projectId, id) {
      await deleteComment(deps, projectId, id);
      return after(projectId, id);
    },

    async privateReply(projectId, id, request) {
      await privateReply(deps, projectId, id, request);
      return after(projectId, id);
    },

    async commentOnPost(projectId, postId, request) {
      const result = await commentOnPost(deps, projectId, postId, request);
      return { thread: await after(projectId, result.comment.id), replayed: result.replayed };
    },

    setCommenting: (projectId, postId, request) => setCommenting(deps, projectId, postId, request),

    async sync(projectId, accountId) {
      if (accountId !== undefined) await requireAccount(projectId, accountId);
      return pollComments(deps, {
        projectId,
        ...(accountId !== undefined ? { integrationId: accountId } : {}),
        force: true,
      });
    },

    async mentions(projectId, query) {
      if (query.accountId !== undefined) await requireAccount(projectId, query.accountId);
      return listMentions(deps.db, projectId, query.accountId, query.limit, query.offset);
    },

    savedReplies: (projectId) => listSavedReplies(deps.db, projectId),

    async saveReply(projectId, reply) {
      if ((await countSavedReplies(deps.db, projectId)) >= SAVED_REPLIES_MAX) {
        throw new ReelayError('VALIDATION_ERROR', {
          message: `O projeto já tem ${SAVED_REPLIES_MAX} respostas prontas; apague alguma antes.`,
          details: { field: 'title' },
        });
      }
      const now = deps.clock.now();
      const record: SavedReplyRecord = {
        id: newId('savedReply', now),
        projectId,
        title: reply.title,
        text: reply.text,
        createdAt: now,
      };
      await insertSavedReply(deps.db, record);
      return record;
    },

    async deleteSavedReply(projectId, id) {
      if (!(await deleteSavedReply(deps.db, projectId, id))) {
        throw new ReelayError('NOT_FOUND', { message: 'Resposta pronta não encontrada.' });
      }
    },
  };
}
