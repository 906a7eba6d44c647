/**
 * What can be done to a comment thread, from the inbox or a post's page: reply in public,
 * reply in private, hide and show again, delete (after a confirmation), and mark the
 * thread read or unread. Each call runs on its own comment (the others stay usable); once
 * Instagram and the server agree, the thread is read again and handed to the page, which
 * shows it as it now is, and the navigation's unread count is read again.
 */
import type { Comment, CommentReply } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { t } from '../../i18n';
import { useApi } from '../../session/session-context';
import { inboxChanged } from '../inbox-count';
import type { Feedback } from '../page-feedback';
import { describeCommentError } from './comment-errors';

/** A comment of a thread: the thread's own (top-level) comment or one of its replies. */
export type AnyComment = Comment | CommentReply;

export type CommentActionKind = 'hide' | 'unhide' | 'delete' | 'status';

/** The comment an action runs on, and which action. */
export interface BusyAction {
  commentId: string;
  kind: CommentActionKind | 'reply' | 'private';
}

/** `@ana.souza`, or the words for someone Instagram did not name. */
export function authorName(comment: Pick<AnyComment, 'username'>): string {
  return comment.username ? `@${comment.username}` : t('inbox.someone');
}

/**
 * @param onThread - The thread as the server now has it, to show in place of the old one.
 * @param feedback - Where a moderation's outcome is announced, or its refusal shown.
 * @example
 * ```ts
 * const actions = useCommentActions((thread) => replaceThread(thread), feedback);
 * await actions.hide(comment, thread.id);
 * ```
 */
export function useCommentActions(onThread: (thread: Comment) => void, feedback: Feedback) {
  const api = useApi();
  const [busy, setBusy] = useState<BusyAction | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<{
    comment: AnyComment;
    threadId: string;
  } | null>(null);

  /** Reads the thread again after an action on one of its comments. */
  async function reread(threadId: string): Promise<Comment> {
    const { comment } = await api.comments.get(threadId);
    onThread(comment);
    inboxChanged();
    return comment;
  }

  async function moderate(
    kind: 'hide' | 'unhide' | 'delete',
    comment: AnyComment,
    threadId: string,
  ): Promise<boolean> {
    setBusy({ commentId: comment.id, kind });
    try {
      if (kind === 'hide') await api.comments.hide(comment.id);
      else if (kind === 'unhide') await api.comments.unhide(comment.id);
      else await api.comments.delete(comment.id);
      await reread(threadId);
      feedback.say(t(`inbox.done.${kind}`, { name: authorName(comment) }));
      return true;
    } catch (caught) {
      feedback.failWith(describeCommentError(caught));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    confirmingDelete,
    /** Opens the confirmation; nothing is deleted until it is confirmed. */
    askDelete(comment: AnyComment, threadId: string) {
      setConfirmingDelete({ comment, threadId });
    },
    cancelDelete() {
      setConfirmingDelete(null);
    },
    async confirmDelete() {
      if (!confirmingDelete) return;
      await moderate('delete', confirmingDelete.comment, confirmingDelete.threadId);
      setConfirmingDelete(null);
    },
    hide: (comment: AnyComment, threadId: string) => moderate('hide', comment, threadId),
    unhide: (comment: AnyComment, threadId: string) => moderate('unhide', comment, threadId),

    /**
     * Marks the thread read or unread; `quietly` when the inbox marks a thread read on
     * opening it (no announcement, and a refusal is not worth an alert).
     */
    async mark(thread: Comment, status: 'read' | 'unread', quietly = false): Promise<void> {
      if (!quietly) setBusy({ commentId: thread.id, kind: 'status' });
      try {
        const { comment } = await api.comments.update(thread.id, { status });
        onThread(comment);
        inboxChanged();
        if (!quietly) feedback.say(t(`inbox.done.${status}`, { name: authorName(thread) }));
      } catch (caught) {
        if (!quietly) feedback.failWith(describeCommentError(caught));
      } finally {
        if (!quietly) setBusy(null);
      }
    },

    /**
     * Replies in public, in the thread. Answers the refusal (for the form to show beside
     * the text), or null once published.
     */
    async reply(thread: Comment, message: string, idempotencyKey: string): Promise<unknown> {
      setBusy({ commentId: thread.id, kind: 'reply' });
      try {
        await api.comments.reply(thread.id, { message, idempotencyKey });
        await reread(thread.id);
        feedback.say(t('inbox.done.reply', { name: authorName(thread) }));
        return null;
      } catch (caught) {
        return caught;
      } finally {
        setBusy(null);
      }
    },

    /** Sends a private message to the comment's author; answers the refusal, or null. */
    async privateReply(
      comment: AnyComment,
      threadId: string,
      message: string,
      idempotencyKey: string,
    ): Promise<unknown> {
      setBusy({ commentId: comment.id, kind: 'private' });
      try {
        await api.comments.privateReply(comment.id, { message, idempotencyKey });
        await reread(threadId);
        feedback.say(t('inbox.done.private', { name: authorName(comment) }));
        return null;
      } catch (caught) {
        return caught;
      } finally {
        setBusy(null);
      }
    },
  };
}

export type CommentActions = ReturnType<typeof useCommentActions>;
