/**
 * The project's saved replies in a dialog: each with its title and text and a delete
 * button, and a form that saves a new one. Editors and up manage them; anyone may read.
 */
import type { SavedReply } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../api-error';
import { ModalDialog } from '../modal-dialog';
import { currentLanguage, useT } from '../../i18n';
import { COMMENT_MESSAGE_MAX_LENGTH, SAVED_REPLY_TITLE_MAX_LENGTH } from './comment-limits';
import type { SavedReplies } from './use-saved-replies';

export interface SavedRepliesDialogProps {
  saved: SavedReplies;
  /** Whether the person may create and delete (an editor, an admin or the owner). */
  canEdit: boolean;
  onClose(): void;
}

export function SavedRepliesDialog({ saved, canEdit, onClose }: SavedRepliesDialogProps) {
  const t = useT();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const number = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);

  async function create(event: Event) {
    event.preventDefault();
    if (!title.trim() || !text.trim()) return;
    setBusy('new');
    try {
      const reply = await saved.create({ title: title.trim(), text: text.trim() });
      setTitle('');
      setText('');
      setError('');
      setNotice(t('inbox.saved.created', { title: reply.title }));
    } catch (caught) {
      setNotice('');
      setError(describeError(caught));
    } finally {
      setBusy(null);
    }
  }

  async function remove(reply: SavedReply) {
    setBusy(reply.id);
    try {
      await saved.remove(reply);
      setError('');
      setNotice(t('inbox.saved.deleted', { title: reply.title }));
    } catch (caught) {
      setNotice('');
      setError(describeError(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <ModalDialog
      title={t('inbox.saved.title')}
      class="saved-replies-dialog"
      onClose={onClose}
      footer={
        <button type="button" class="secondary" onClick={onClose}>
          {t('inbox.saved.close')}
        </button>
      }
    >
      <p>{t('inbox.saved.intro')}</p>
      <p role="status" class="live">
        {notice}
      </p>
      {error && (
        <p role="alert" class="form-error">
          {error}
        </p>
      )}
      {saved.error && !saved.list ? (
        <p role="alert" class="form-error">
          {t('inbox.saved.loadFailed')} {describeError(saved.error)}
        </p>
      ) : !saved.list ? (
        <p aria-busy="true">{t('app.loading')}</p>
      ) : saved.list.length === 0 ? (
        <p class="empty">{t('inbox.saved.empty')}</p>
      ) : (
        <ul class="saved-list" aria-label={t('inbox.saved.listLabel')}>
          {saved.list.map((reply) => (
            <li key={reply.id}>
              <div>
                <strong>{reply.title}</strong>
                <p class="saved-text">{reply.text}</p>
              </div>
              {canEdit && (
                <button
                  type="button"
                  class="danger outline"
                  aria-label={t('inbox.saved.deleteLabel', { title: reply.title })}
                  aria-busy={busy === reply.id ? 'true' : undefined}
                  disabled={busy !== null}
                  onClick={() => void remove(reply)}
                >
                  {t('inbox.saved.delete')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <form class="saved-form" onSubmit={(event) => void create(event)}>
          <h3>{t('inbox.saved.newTitle')}</h3>
          <label for="saved-reply-title">
            {t('inbox.saved.titleLabel')}
            <input
              id="saved-reply-title"
              type="text"
              required
              maxLength={SAVED_REPLY_TITLE_MAX_LENGTH}
              value={title}
              onInput={(event) => setTitle(event.currentTarget.value)}
            />
          </label>
          <label for="saved-reply-text">{t('inbox.saved.textLabel')}</label>
          <textarea
            id="saved-reply-text"
            rows={3}
            required
            maxLength={COMMENT_MESSAGE_MAX_LENGTH}
            value={text}
            aria-describedby="saved-reply-text-hint"
            onInput={(event) => setText(event.currentTarget.value)}
          />
          <small id="saved-reply-text-hint">
            {t('inbox.saved.textHint', { max: number(COMMENT_MESSAGE_MAX_LENGTH) })}
          </small>
          <button
            type="submit"
            aria-busy={busy === 'new' ? 'true' : undefined}
            disabled={busy !== null || !title.trim() || !text.trim()}
          >
            {t('inbox.saved.save')}
          </button>
        </form>
      ) : (
        <p class="hint">{t('inbox.saved.editorsOnly')}</p>
      )}
    </ModalDialog>
  );
}
