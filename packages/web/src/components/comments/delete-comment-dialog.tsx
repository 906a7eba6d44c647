/**
 * The confirmation before a comment is deleted on Instagram: it names whose comment and
 * quotes it (as text), and says that its replies go with it and that it cannot be undone.
 */
import { ConfirmDialog } from '../confirm-dialog';
import { useT } from '../../i18n';
import { authorName, type CommentActions } from './use-comment-actions';

export function DeleteCommentDialog({ actions }: { actions: CommentActions }) {
  const t = useT();
  const open = actions.confirmingDelete;
  if (!open) return null;
  const { comment } = open;
  const hasReplies = 'replies' in comment && comment.replies.length > 0;
  return (
    <ConfirmDialog
      title={t('inbox.deleteTitle', { name: authorName(comment) })}
      confirmLabel={t('inbox.deleteConfirm')}
      cancelLabel={t('inbox.keep')}
      busy={actions.busy?.kind === 'delete'}
      onConfirm={() => void actions.confirmDelete()}
      onCancel={actions.cancelDelete}
    >
      <blockquote class="comment-quote">{comment.text}</blockquote>
      <p>{t(hasReplies ? 'inbox.deleteBodyThread' : 'inbox.deleteBody')}</p>
    </ConfirmDialog>
  );
}
