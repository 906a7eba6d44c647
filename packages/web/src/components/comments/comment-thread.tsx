/**
 * One comment thread as the inbox and a post's page show it: the comment, its replies
 * (oldest first; the account's own marked as such), each with what can be done to it
 * (hide or show again, delete, reply in private while Instagram allows it), then the
 * thread's state (unread, read, replied) with a way to change it, and the reply box.
 *
 * Comment texts come from strangers: they are rendered as text, never as HTML.
 */
import type { Comment } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { formatInZone } from '../person-zone';
import { useT } from '../../i18n';
import {
  COMMENT_MESSAGE_MAX_LENGTH,
  PRIVATE_REPLY_MAX_BYTES,
  privateReplyOpen,
} from './comment-limits';
import { ReplyForm } from './reply-form';
import { authorName, type AnyComment, type CommentActions } from './use-comment-actions';
import type { SavedReplies } from './use-saved-replies';
import './comments.css';

/** The symbol before each thread state's word; decorative, the word carries the meaning. */
const STATUS_SYMBOLS = { unread: '●', read: '○', replied: '↩' } as const;

/** A thread's state as a badge: symbol and word, never colour alone. */
export function CommentStatusBadge({ status }: { status: Comment['status'] }) {
  const t = useT();
  return (
    <span class={`comment-status comment-${status}`}>
      <span aria-hidden="true">{STATUS_SYMBOLS[status]}</span> {t(`inbox.status.${status}`)}
    </span>
  );
}

export interface CommentThreadProps {
  thread: Comment;
  /** The heading's level: 2 in the inbox's pane, 3 under a post's "Comments". */
  level: 2 | 3;
  zone: string;
  /** `@username` of the account commented on. */
  accountName: string;
  /** Editors and up reply and moderate; anyone else reads. */
  canEdit: boolean;
  actions: CommentActions;
  saved: SavedReplies;
  onManageSaved(): void;
  /** The reply box opens with a button rather than showing at once (a post's page). */
  replyOnDemand?: boolean;
  /** Links or notes under the heading (the post, "open in the inbox"). */
  children?: preact.ComponentChildren;
}

interface CommentItemProps {
  comment: AnyComment;
  threadId: string;
  zone: string;
  canEdit: boolean;
  actions: CommentActions;
}

/** One comment of the thread, with what can be done to it. */
function CommentItem({ comment, threadId, zone, canEdit, actions }: CommentItemProps) {
  const t = useT();
  const [privateOpen, setPrivateOpen] = useState(false);
  const name = authorName(comment);
  const canModerate = canEdit && !comment.deleted;
  const canHide = canModerate && !comment.fromSelf;
  const canPrivate = canEdit && privateReplyOpen(comment, Date.now());
  const busyOn = (kind: string) =>
    actions.busy?.commentId === comment.id && actions.busy.kind === kind;
  const classes = [
    'comment',
    comment.fromSelf && 'comment-self',
    comment.hidden && 'comment-hidden',
    comment.deleted && 'comment-deleted',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div class={classes}>
      <p class="comment-meta">
        <strong class="comment-author">{name}</strong>
        {comment.fromSelf && <span class="comment-flag">{t('inbox.fromSelf')}</span>}
        {comment.hidden && !comment.deleted && (
          <span class="comment-flag flag-hidden">{t('inbox.hidden')}</span>
        )}
        {comment.deleted && <span class="comment-flag flag-deleted">{t('inbox.deleted')}</span>}{' '}
        <time dateTime={comment.createdAt}>{formatInZone(comment.createdAt, zone)}</time>
      </p>
      <p class="comment-text">{comment.text}</p>
      {comment.privateReplySentAt && (
        <p class="comment-note">
          {t('inbox.privateSent', { when: formatInZone(comment.privateReplySentAt, zone) })}
        </p>
      )}
      {(canHide || canModerate || canPrivate) && (
        <div class="actions comment-actions">
          {canHide && (
            <button
              type="button"
              class="secondary outline"
              aria-label={t(comment.hidden ? 'inbox.unhideLabel' : 'inbox.hideLabel', { name })}
              aria-busy={busyOn(comment.hidden ? 'unhide' : 'hide') ? 'true' : undefined}
              disabled={actions.busy !== null}
              onClick={() =>
                void (comment.hidden ? actions.unhide : actions.hide)(comment, threadId)
              }
            >
              {t(comment.hidden ? 'inbox.unhide' : 'inbox.hide')}
            </button>
          )}
          {canPrivate && (
            <button
              type="button"
              class="secondary outline"
              aria-label={t('inbox.privateLabel', { name })}
              aria-expanded={privateOpen ? 'true' : 'false'}
              onClick={() => setPrivateOpen(!privateOpen)}
            >
              {t('inbox.private')}
            </button>
          )}
          {canModerate && (
            <button
              type="button"
              class="danger outline"
              aria-label={t('inbox.deleteLabel', { name })}
              disabled={actions.busy !== null}
              onClick={() => actions.askDelete(comment, threadId)}
            >
              {t('inbox.delete')}
            </button>
          )}
        </div>
      )}
      {canPrivate && privateOpen && (
        <ReplyForm
          id={`private-${comment.id}`}
          label={t('inbox.privateBox', { name })}
          hint={t('inbox.privateHint')}
          submitLabel={t('inbox.privateSend')}
          max={PRIVATE_REPLY_MAX_BYTES}
          bytes
          busy={busyOn('private')}
          cancelLabel={t('inbox.cancel')}
          onCancel={() => setPrivateOpen(false)}
          onSend={async (message, key) => {
            const refusal = await actions.privateReply(comment, threadId, message, key);
            if (!refusal) setPrivateOpen(false);
            return refusal;
          }}
        />
      )}
    </div>
  );
}

export function CommentThread(props: CommentThreadProps) {
  const { thread, level, zone, canEdit, actions } = props;
  const t = useT();
  const [replyOpen, setReplyOpen] = useState(!props.replyOnDemand);
  const Heading = level === 2 ? 'h2' : 'h3';
  const headingId = `thread-${thread.id}-title`;
  const busyOn = (kind: string) =>
    actions.busy?.commentId === thread.id && actions.busy.kind === kind;

  const itemProps = { zone, canEdit, actions };
  const closedReason = thread.deleted
    ? t('inbox.reply.closedDeleted')
    : thread.hidden
      ? t('inbox.reply.closedHidden')
      : null;

  return (
    <article
      class={`comment-thread${thread.status === 'unread' ? ' thread-unread' : ''}`}
      aria-labelledby={headingId}
    >
      <header class="thread-header">
        <Heading id={headingId} tabIndex={-1}>
          {t('inbox.threadTitle', { name: authorName(thread) })}
        </Heading>
        <CommentStatusBadge status={thread.status} />
      </header>
      <p class="thread-facts">
        {t('inbox.onAccount', { account: props.accountName })}
        {thread.replies.length > 0 && (
          <> · {t('inbox.replyCount', { count: thread.replies.length })}</>
        )}
      </p>
      {props.children}
      <ol class="comment-list">
        <li>
          <CommentItem comment={thread} threadId={thread.id} {...itemProps} />
        </li>
        {thread.replies.map((reply) => (
          <li key={reply.id} class="comment-reply">
            <CommentItem comment={reply} threadId={thread.id} {...itemProps} />
          </li>
        ))}
      </ol>
      {canEdit && (
        <div class="actions thread-actions">
          <button
            type="button"
            class="secondary outline"
            aria-busy={busyOn('status') ? 'true' : undefined}
            disabled={actions.busy !== null}
            onClick={() =>
              void actions.mark(thread, thread.status === 'unread' ? 'read' : 'unread')
            }
          >
            {t(thread.status === 'unread' ? 'inbox.markRead' : 'inbox.markUnread')}
          </button>
          {props.replyOnDemand && !replyOpen && !closedReason && (
            <button
              type="button"
              aria-label={t('inbox.replyToLabel', { name: authorName(thread) })}
              onClick={() => setReplyOpen(true)}
            >
              {t('inbox.reply.open')}
            </button>
          )}
        </div>
      )}
      {canEdit && replyOpen && (
        <ReplyForm
          id={`reply-${thread.id}`}
          label={t('inbox.reply.label', { name: authorName(thread) })}
          hint={t('inbox.reply.hint')}
          submitLabel={t('inbox.reply.send')}
          max={COMMENT_MESSAGE_MAX_LENGTH}
          busy={busyOn('reply')}
          closedReason={closedReason}
          savedReplies={props.saved.list}
          onManageSaved={props.onManageSaved}
          {...(props.replyOnDemand
            ? { onCancel: () => setReplyOpen(false), cancelLabel: t('inbox.cancel') }
            : {})}
          onSend={(message, key) => actions.reply(thread, message, key)}
        />
      )}
    </article>
  );
}
