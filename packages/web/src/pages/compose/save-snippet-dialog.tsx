/**
 * Saving the caption, or the part of it selected, as one of the project's snippets: a
 * caption or a hashtag group (offered first when the text is only hashtags), with a
 * title to find it by. The text can still be changed before it is saved.
 */
import type { Snippet } from '@reelay/sdk';
import {
  CAPTION_MAX_LENGTH,
  SNIPPET_KINDS,
  SNIPPET_TITLE_MAX_LENGTH,
  type SnippetKind,
} from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { ModalDialog } from '../../components/modal-dialog';
import { currentLanguage, useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { onlyHashtags } from './compose-rules';

export interface SaveSnippetDialogProps {
  /** What is offered for saving: the selection, else the whole caption. */
  text: string;
  /** Whether `text` is a selection of the caption (the intro says which). */
  selection: boolean;
  onSaved(snippet: Snippet): void;
  onClose(): void;
}

export function SaveSnippetDialog(props: SaveSnippetDialogProps) {
  const t = useT();
  const api = useApi();
  const [kind, setKind] = useState<SnippetKind>(() =>
    onlyHashtags(props.text) ? 'hashtags' : 'caption',
  );
  const [title, setTitle] = useState('');
  const [text, setText] = useState(props.text.trim());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const number = new Intl.NumberFormat(currentLanguage());
  const formId = 'compose-save-snippet';

  async function save(event: Event) {
    event.preventDefault();
    if (!title.trim()) return setError(t('composer.snippets.titleRequired'));
    if (!text.trim()) return setError(t('composer.snippets.textRequired'));
    setBusy(true);
    try {
      const { snippet } = await api.snippets.create({
        kind,
        title: title.trim(),
        text: text.trim(),
      });
      props.onSaved(snippet);
    } catch (caught) {
      setError(describeError(caught));
      setBusy(false);
    }
  }

  return (
    <ModalDialog
      title={t('composer.snippets.saveTitle')}
      class="snippet-dialog"
      onClose={props.onClose}
      footer={
        <>
          <button type="button" class="secondary" onClick={props.onClose}>
            {t('composer.snippets.cancel')}
          </button>
          <button type="submit" form={formId} aria-busy={busy ? 'true' : undefined} disabled={busy}>
            {busy ? t('composer.snippets.saving') : t('composer.snippets.submit')}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={save} noValidate>
        <p>
          {props.selection
            ? t('composer.snippets.saveSelection')
            : t('composer.snippets.saveCaption')}
        </p>
        {error && (
          <p role="alert" class="form-error">
            {error}
          </p>
        )}
        <fieldset>
          <legend>{t('composer.snippets.kind')}</legend>
          {SNIPPET_KINDS.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="snippet-kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {t(
                value === 'caption'
                  ? 'composer.snippets.kindCaption'
                  : 'composer.snippets.kindHashtags',
              )}
            </label>
          ))}
        </fieldset>
        <label for="compose-snippet-title">{t('composer.snippets.title')}</label>
        <input
          id="compose-snippet-title"
          value={title}
          maxLength={SNIPPET_TITLE_MAX_LENGTH}
          required
          aria-describedby="compose-snippet-title-hint"
          onInput={(event) => setTitle(event.currentTarget.value)}
        />
        <small id="compose-snippet-title-hint">
          {t('composer.snippets.titleHint', { max: number.format(SNIPPET_TITLE_MAX_LENGTH) })}
        </small>
        <label for="compose-snippet-text">{t('composer.snippets.text')}</label>
        <textarea
          id="compose-snippet-text"
          rows={4}
          value={text}
          maxLength={CAPTION_MAX_LENGTH}
          required
          onInput={(event) => setText(event.currentTarget.value)}
        />
      </form>
    </ModalDialog>
  );
}
