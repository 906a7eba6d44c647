/**
 * A published post's comments on its page: every thread on the post (on each account it
 * went out on), each with its replies, and, for editors and up, the reply box (opened with
 * "Reply", with the saved replies), hide and show again, delete (after a confirmation),
 * private replies and read or unread, as in the inbox; a link opens the thread there.
 * Editors may also turn new comments off on Instagram, or on again. Reelay does not read
 * that setting back from Instagram, so the section says what was last applied from here
 * rather than guess.
 */
import { roleMeets, type Comment, type Post } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { CommentThread } from '../../components/comments/comment-thread';
import { describeCommentError } from '../../components/comments/comment-errors';
import { DeleteCommentDialog } from '../../components/comments/delete-comment-dialog';
import { SavedRepliesDialog } from '../../components/comments/saved-replies-dialog';
import { useCommentActions } from '../../components/comments/use-comment-actions';
import { useSavedReplies } from '../../components/comments/use-saved-replies';
import { ActionFeedback, LoadFailed, useActionFeedback } from '../../components/page-feedback';
import { usePagedLoad } from '../../components/use-paged-load';
import { useT } from '../../i18n';
import { useApi, useProjectRole } from '../../session/session-context';
import { inboxPath } from '../../components/comments/inbox-path';

const PAGE_SIZE = 20;

export interface PostCommentsProps {
  post: Post;
  zone: string;
  accountName(integrationId: string): string;
}

/** Turning new comments on or off, with what was last applied from here. */
function CommentingSwitch({ post, accountName }: Pick<PostCommentsProps, 'post' | 'accountName'>) {
  const t = useT();
  const api = useApi();
  const [busy, setBusy] = useState<boolean | null>(null);
  const [applied, setApplied] = useState<{ enabled: boolean; accounts: string } | null>(null);
  const [error, setError] = useState('');

  async function apply(enabled: boolean) {
    setBusy(enabled);
    setError('');
    try {
      const answer = await api.posts.setCommenting(post.id, { enabled });
      setApplied({
        enabled: answer.enabled,
        accounts: answer.accounts.map(accountName).join(', '),
      });
    } catch (caught) {
      setApplied(null);
      setError(describeCommentError(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div class="commenting">
      <h3 id="commenting-title">{t('inbox.commenting.title')}</h3>
      <p class="hint">{t('inbox.commenting.hint')}</p>
      <p role="status" class="live">
        {applied &&
          t(applied.enabled ? 'inbox.commenting.turnedOn' : 'inbox.commenting.turnedOff', {
            accounts: applied.accounts,
          })}
      </p>
      {error && (
        <p role="alert" class="form-error">
          {error}
        </p>
      )}
      <div class="actions">
        <button
          type="button"
          class="secondary outline"
          aria-busy={busy === false ? 'true' : undefined}
          disabled={busy !== null}
          onClick={() => void apply(false)}
        >
          {t('inbox.commenting.turnOff')}
        </button>
        <button
          type="button"
          class="secondary outline"
          aria-busy={busy === true ? 'true' : undefined}
          disabled={busy !== null}
          onClick={() => void apply(true)}
        >
          {t('inbox.commenting.turnOn')}
        </button>
      </div>
    </div>
  );
}

export function PostComments({ post, zone, accountName }: PostCommentsProps) {
  const t = useT();
  const api = useApi();
  const role = useProjectRole();
  const canEdit = role !== null && roleMeets(role, 'editor');
  const feedback = useActionFeedback();
  const saved = useSavedReplies();
  const [managingSaved, setManagingSaved] = useState(false);
  const list = usePagedLoad(
    async (offset, signal) => {
      const query = { postId: post.id, limit: PAGE_SIZE, offset };
      const page = await api.comments.list(query, signal ? { signal } : {});
      return { items: page.comments, total: page.total, read: page.comments.length };
    },
    [api, post.id],
  );
  const actions = useCommentActions((thread: Comment) => {
    list.update((items) => items.map((item) => (item.id === thread.id ? thread : item)));
  }, feedback);

  return (
    <section class="post-comments" aria-labelledby="post-comments-title">
      <h2 id="post-comments-title">{t('inbox.postSection.title')}</h2>
      <p>{t('inbox.postSection.intro')}</p>
      {canEdit && <CommentingSwitch post={post} accountName={accountName} />}
      <ActionFeedback notice={feedback.notice} actionError={feedback.actionError} />
      {list.error && !list.items ? (
        <LoadFailed
          message={t('inbox.loadFailed')}
          error={list.error}
          onRetry={() => void list.retry()}
        />
      ) : !list.items ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : list.items.length === 0 ? (
        <p class="empty">{t('inbox.postSection.empty')}</p>
      ) : (
        <>
          <p>{t('inbox.count', { count: list.total })}</p>
          <div class="post-threads">
            {list.items.map((thread) => (
              <CommentThread
                key={thread.id}
                thread={thread}
                level={3}
                zone={zone}
                accountName={accountName(thread.integrationId)}
                canEdit={canEdit}
                actions={actions}
                saved={saved}
                onManageSaved={() => setManagingSaved(true)}
                replyOnDemand
              >
                <p class="thread-links">
                  <a href={inboxPath({ thread: thread.id })}>{t('inbox.openInInbox')}</a>
                </p>
              </CommentThread>
            ))}
          </div>
          {list.read < list.total && (
            <button
              type="button"
              class="secondary"
              aria-busy={list.busy ? 'true' : undefined}
              disabled={list.busy}
              onClick={() => void list.more()}
            >
              {t('inbox.more')}
            </button>
          )}
        </>
      )}
      <DeleteCommentDialog actions={actions} />
      {managingSaved && (
        <SavedRepliesDialog
          saved={saved}
          canEdit={canEdit}
          onClose={() => setManagingSaved(false)}
        />
      )}
    </section>
  );
}
