/**
 * The composer's buttons: send (named for when the post goes out) and "Save as draft"
 * beside it, with a line on what a draft is; a saved draft being edited has only "Save
 * draft", since it is submitted from its page. "Add to queue" is unavailable while a
 * chosen account has no free slot to take, and says why beside it.
 */
import { currentLanguage, useT } from '../../i18n';
import type { ComposeDraft } from './compose-rules';
import type { QueueBlock } from './queue-preview';

/** A chosen account that cannot take the queue, and why. */
export interface QueueBlocker {
  name: string;
  block: QueueBlock;
}

export interface SendActionsProps {
  busy: boolean;
  when: ComposeDraft['when'];
  editingDraft: boolean;
  /** The chosen accounts that cannot take the queue now, in the order chosen. */
  queueBlockers: readonly QueueBlocker[];
  onSaveDraft(): void;
}

/** Why the queue cannot take the post: one sentence per reason, naming the accounts. */
function QueueBlockReason({ blockers }: { blockers: readonly QueueBlocker[] }) {
  const t = useT();
  const list = new Intl.ListFormat(currentLanguage(), { type: 'conjunction' });
  const reasons = (['noSchedule', 'full'] as const)
    .map((block) => blockers.filter((blocker) => blocker.block === block))
    .filter((named) => named.length > 0)
    .map((named) =>
      t(`composer.queue.${named[0]!.block}`, {
        count: named.length,
        names: list.format(named.map((blocker) => blocker.name)),
      }),
    );
  return (
    <p id="compose-queue-blocked" class="queue-blocked">
      {t('composer.queue.blocked')} {reasons.join(' ')}
    </p>
  );
}

export function SendActions(props: SendActionsProps) {
  const { busy, when, editingDraft, onSaveDraft } = props;
  const t = useT();
  const blocked = when === 'queue' && !editingDraft && props.queueBlockers.length > 0;
  const sendLabel =
    when === 'schedule'
      ? t('compose.schedulePost')
      : when === 'queue'
        ? t('compose.addToQueue')
        : t('compose.publishNow');
  return (
    <>
      <div class="actions compose-send">
        <button
          type="submit"
          aria-busy={busy ? 'true' : undefined}
          disabled={busy || blocked}
          aria-disabled={blocked ? 'true' : undefined}
          aria-describedby={blocked ? 'compose-queue-blocked' : undefined}
        >
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
      {blocked && <QueueBlockReason blockers={props.queueBlockers} />}
      {!editingDraft && (
        <small id="compose-draft-hint" class="hint">
          {t('compose.draft.hint')}
        </small>
      )}
    </>
  );
}
