/**
 * The project's saved captions and hashtag groups in a dialog, read when it opens, by
 * kind and title: choosing one puts its text in the caption (see `insertSnippet`).
 */
import type { Snippet } from '@reelay/sdk';
import { SNIPPET_KINDS } from '@reelay/sdk';
import { describeError } from '../../components/api-error';
import { ModalDialog } from '../../components/modal-dialog';
import { useLoad } from '../../components/use-load';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';

export interface SnippetPickerProps {
  onInsert(snippet: Snippet): void;
  onClose(): void;
}

export function SnippetPicker({ onInsert, onClose }: SnippetPickerProps) {
  const t = useT();
  const api = useApi();
  const load = useLoad(async () => (await api.snippets.list()).snippets, [api]);
  const snippets = load.data;

  let body;
  if (load.error && !snippets) {
    body = (
      <div role="alert">
        <p>
          {t('composer.snippets.loadFailed')} {describeError(load.error)}
        </p>
        <button type="button" class="secondary" onClick={() => void load.retry()}>
          {t('app.retry')}
        </button>
      </div>
    );
  } else if (!snippets) {
    body = <p aria-busy="true">{t('app.loading')}</p>;
  } else if (snippets.length === 0) {
    body = <p class="empty">{t('composer.snippets.empty')}</p>;
  } else {
    body = SNIPPET_KINDS.map((kind) => {
      const ofKind = snippets
        .filter((snippet) => snippet.kind === kind)
        .sort((a, b) => a.title.localeCompare(b.title));
      const headingId = `compose-snippets-${kind}`;
      return (
        <section key={kind} aria-labelledby={headingId}>
          <h3 id={headingId}>
            {t(kind === 'caption' ? 'composer.snippets.captions' : 'composer.snippets.hashtags')}
          </h3>
          {ofKind.length === 0 ? (
            <p class="hint">{t('composer.snippets.none')}</p>
          ) : (
            <ul class="snippet-list">
              {ofKind.map((snippet) => (
                <li key={snippet.id}>
                  <button
                    type="button"
                    class="secondary"
                    aria-describedby={`${snippet.id}-text`}
                    onClick={() => onInsert(snippet)}
                  >
                    {snippet.title}
                  </button>
                  <small id={`${snippet.id}-text`} class="snippet-text">
                    {snippet.text}
                  </small>
                </li>
              ))}
            </ul>
          )}
        </section>
      );
    });
  }

  return (
    <ModalDialog
      title={t('composer.snippets.pickerTitle')}
      class="snippet-dialog"
      onClose={onClose}
      footer={
        <button type="button" class="secondary" onClick={onClose}>
          {t('composer.snippets.close')}
        </button>
      }
    >
      <p>{t('composer.snippets.pickerIntro')}</p>
      {body}
    </ModalDialog>
  );
}
