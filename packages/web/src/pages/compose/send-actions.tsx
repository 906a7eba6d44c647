/**
 * The composer's buttons: send (named for when the post goes out) and "Save as draft"
 * beside it, with a line on what a draft is; a saved draft being edited has only "Save
 * draft", since it is submitted from its page.
 */
import { useT } from '../../i18n';
import type { ComposeDraft } from './compose-rules';

export interface SendActionsProps {
  busy: boolean;
  when: ComposeDraft['when'];
  editingDraft: boolean;
  onSaveDraft(): void;
}

export function SendActions({ busy, when, editingDraft, onSaveDraft }: SendActionsProps) {
  const t = useT();
  const sendLabel =
    when === 'schedule'
      ? t('compose.schedulePost')
      : when === 'queue'
        ? t('compose.addToQueue')
        : t('compose.publishNow');
  return (
    <>
      <div class="actions compose-send">
        <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>
          {busy ? t('compose.sending') : editingDraft ? t('compose.draft.save') : sendLabel}
        </button>
        {!editingDraft && (
          <button
            type="button"
            class="secondary"
            disabled={busy}
            aria-describedby="compose-draft-hint"
            onClick={onSaveDraft}
          >
            {t('compose.draft.saveAs')}
          </button>
        )}
      </div>
      {!editingDraft && (
        <small id="compose-draft-hint" class="hint">
          {t('compose.draft.hint')}
        </small>
      )}
    </>
  );
}
