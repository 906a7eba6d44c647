/**
 * The caption's snippet buttons: insert one of the project's saved captions or hashtag
 * groups where the cursor was (or at the end), and save the caption, or its selected
 * part, as a new one. Each opens its dialog; the outcome is announced.
 */
import type { Snippet } from '@reelay/sdk';
import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useT } from '../../i18n';
import { insertSnippet, type TextRange } from './compose-rules';
import { SaveSnippetDialog } from './save-snippet-dialog';
import { SnippetPicker } from './snippet-picker';

export interface CaptionSnippetsProps {
  caption: string;
  onChange(caption: string): void;
  /** The caption's textarea, to put the cursor after an inserted text. */
  textarea: RefObject<HTMLTextAreaElement | null>;
  /** Where the cursor or selection was when the caption last lost focus; `null` if never focused. */
  selection: RefObject<TextRange | null>;
}

export function CaptionSnippets({ caption, onChange, textarea, selection }: CaptionSnippetsProps) {
  const t = useT();
  const [open, setOpen] = useState<'insert' | 'save' | null>(null);
  const [notice, setNotice] = useState('');
  // Where the cursor goes once the inserted text is in and the dialog has closed.
  const [cursor, setCursor] = useState<number | null>(null);
  const range = selection.current;
  const selected = range && range.end > range.start ? caption.slice(range.start, range.end) : '';

  function insert(snippet: Snippet) {
    const { value, cursor } = insertSnippet(caption, snippet.text, selection.current);
    onChange(value);
    setOpen(null);
    setNotice(t('composer.snippets.inserted', { title: snippet.title }));
    setCursor(cursor);
  }

  // Runs after the dialog has closed and given focus back to its button: on to the caption.
  useEffect(() => {
    const element = textarea.current;
    if (cursor === null || !element) return;
    element.focus();
    element.setSelectionRange(cursor, cursor);
    setCursor(null);
  }, [cursor]);

  function saved(snippet: Snippet) {
    setOpen(null);
    setNotice(
      t(
        snippet.kind === 'hashtags'
          ? 'composer.snippets.savedHashtags'
          : 'composer.snippets.savedCaption',
        { title: snippet.title },
      ),
    );
  }

  const empty = caption.trim() === '';
  return (
    <div class="caption-snippets">
      <div class="snippet-buttons">
        <button type="button" class="secondary outline" onClick={() => setOpen('insert')}>
          {t('composer.snippets.insert')}
        </button>
        <button
          type="button"
          class="secondary outline"
          disabled={empty}
          aria-describedby={empty ? 'compose-snippet-save-hint' : undefined}
          onClick={() => setOpen('save')}
        >
          {t('composer.snippets.save')}
        </button>
      </div>
      {empty && (
        <small id="compose-snippet-save-hint" class="hint">
          {t('composer.snippets.saveHint')}
        </small>
      )}
      <p role="status" class="live">
        {notice}
      </p>
      {open === 'insert' && <SnippetPicker onInsert={insert} onClose={() => setOpen(null)} />}
      {open === 'save' && (
        <SaveSnippetDialog
          text={selected.trim() ? selected : caption}
          selection={selected.trim() !== ''}
          onSaved={saved}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
