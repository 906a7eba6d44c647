/**
 * The composer's form: media, kind, caption, accounts, their options, when, the send
 * button and "Save as draft" beside it (a saved draft being edited has only "Save
 * draft": it is submitted from its page). The page holds the draft; the form shows it
 * and reports each change.
 */
import type { PostKind } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { useT } from '../../i18n';
import { accountName, AccountsSection } from './accounts-section';
import { CaptionField, KindField } from './caption-section';
import { ComposeMedia } from './compose-media';
import type { ErrorOf } from './field-note';
import { OptionsSection } from './options-section';
import { QueuePreview, type QueueBlock } from './queue-preview';
import { ComposeRepeat } from '../series/compose-repeat';
import { EvergreenChoice } from './evergreen-choice';
import { ScheduleSection } from './schedule-section';
import { SendActions, type QueueBlocker } from './send-actions';
import type { Account, useComposeAccounts } from './use-compose-accounts';
import type { useComposeChoices } from './use-compose-draft';
import type { useMediaItems } from './use-media-items';
import type { usePostSending } from './use-post-sending';

export interface ComposeFormProps {
  media: ReturnType<typeof useMediaItems>;
  choices: ReturnType<typeof useComposeChoices>;
  accounts: ReturnType<typeof useComposeAccounts>;
  /** The chosen accounts, in the order chosen. */
  chosen: readonly Account[];
  kind: PostKind | null;
  inferred: PostKind | null;
  zone: string;
  errorOf: ErrorOf;
  sending: ReturnType<typeof usePostSending>;
  onAnnounce(text: string): void;
  onSubmit(event: Event): void;
  /** Saves the post as a draft (the form's submit when `editingDraft`). */
  onSaveDraft(): void;
  /** A saved draft is being edited. */
  editingDraft: boolean;
}

export function ComposeForm(props: ComposeFormProps) {
  const { media, choices, accounts, chosen, kind, inferred, errorOf, sending } = props;
  const { kindChoice, caption, accountIds, options, schedule, repeat } = choices;
  const t = useT();
  const unnamed = t('compose.accounts.unnamed');
  // The chosen accounts with their names, for the queue's and the series' previews.
  const named = chosen.map((account) => ({ id: account.id, name: accountName(account, unnamed) }));
  const personZone = props.zone;
  const setAnnouncement = props.onAnnounce;
  // Each chosen account that cannot take the queue, as its line in the queue found it.
  const [queueBlocks, setQueueBlocks] = useState<Record<string, QueueBlock>>({});
  const queueBlockers: QueueBlocker[] = chosen.flatMap((account) => {
    const block = queueBlocks[account.id];
    return block ? [{ name: accountName(account, unnamed), block }] : [];
  });
  function blockQueue(accountId: string, block: QueueBlock | null) {
    setQueueBlocks((blocks) => {
      if ((blocks[accountId] ?? null) === block) return blocks;
      const next = { ...blocks };
      if (block) next[accountId] = block;
      else delete next[accountId];
      return next;
    });
  }
  function submit(event: Event) {
    // Enter in a field submits too: the queue that would refuse is not asked.
    if (schedule.when === 'queue' && !props.editingDraft && queueBlockers.length > 0) {
      event.preventDefault();
      return;
    }
    props.onSubmit(event);
  }
  return (
    <form class="compose-form" onSubmit={submit} noValidate aria-label={t('compose.title')}>
      <ComposeMedia
        media={media}
        kind={kindChoice === 'auto' ? null : kindChoice}
        zone={personZone}
        errorOf={errorOf}
        onAnnounce={setAnnouncement}
      />
      <KindField
        choice={kindChoice}
        inferred={inferred}
        errorOf={errorOf}
        onChange={choices.setKindChoice}
      />
      <CaptionField value={caption} kind={kind} errorOf={errorOf} onChange={choices.setCaption} />
      <AccountsSection
        groups={accounts.groups}
        loadError={accounts.error}
        selected={accountIds}
        errorOf={errorOf}
        onRetry={() => void accounts.retry()}
        onToggle={(account, on) => choices.toggleAccount(account.id, on)}
      />
      <OptionsSection
        accounts={chosen}
        kind={kind}
        options={options}
        items={media.items}
        errorOf={errorOf}
        onChange={choices.changeOptions}
        note={props.editingDraft ? t('compose.draft.optionsNote') : undefined}
      />
      <ScheduleSection
        value={schedule}
        errorOf={errorOf}
        onChange={choices.changeSchedule}
        queue={
          <QueuePreview accounts={named} zone={personZone} errorOf={errorOf} onBlock={blockQueue} />
        }
        repeat={
          // A saved draft has no series yet: it repeats once it is sent from here.
          !props.editingDraft && (
            <ComposeRepeat
              value={repeat}
              schedule={schedule}
              personZone={personZone}
              accounts={named}
              errorOf={errorOf}
              onChange={choices.changeRepeat}
            />
          )
        }
      />
      <EvergreenChoice checked={choices.evergreen} onChange={choices.setEvergreen} />
      {sending.generalError && (
        <p id="compose-general-error" role="alert" class="form-error" tabIndex={-1}>
          {sending.generalError}
        </p>
      )}
      <SendActions
        busy={sending.busy}
        when={schedule.when}
        editingDraft={props.editingDraft}
        queueBlockers={queueBlockers}
        onSaveDraft={props.onSaveDraft}
      />
    </form>
  );
}
