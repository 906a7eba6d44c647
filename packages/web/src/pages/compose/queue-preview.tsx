/**
 * "Add to queue": where each chosen account's post would go, read from the account's
 * free slots (its own posting schedule, or its profile's) and shown in the person's time
 * zone, named; the schedule's own clock is added when its zone differs. An account with
 * no schedule, or no free slot left, says so with a link to where schedules are set, and
 * reports it, so "Add to queue" waits instead of being refused. The server's refusal for
 * one account (`NO_FREE_SLOT`) shows beside it.
 */
import type { Reelay } from '@reelay/sdk';
import { describeError } from '../../components/api-error';
import { useLoad } from '../../components/use-load';
import { nextFreeSlots, type FreeSlot, type PostingSchedule } from '../../components/posting-slots';
import { useEffect } from 'preact/hooks';
import { useT } from '../../i18n';
import { useApi } from '../../session/session-context';
import { noteId, type ErrorOf } from './field-note';
import { formatInZone } from './schedule-section';
import { zoneLabel } from './time-zone';

/** Why an account cannot take the queue: no schedule at all, or no free slot left in it. */
export type QueueBlock = 'noSchedule' | 'full';

type NextSlot =
  | { state: 'free'; slot: FreeSlot; timezone: string }
  | { state: 'none'; source: PostingSchedule['source'] };

/** The key of an account's line among the form's errors. */
export function queueField(accountId: string): string {
  return `queue.${accountId}`;
}

async function nextSlotOf(api: Reelay, accountId: string, zone: string): Promise<NextSlot> {
  const { timezone, source, slots } = await nextFreeSlots(api, accountId, 1);
  const slot = slots[0];
  // No free slot: no schedule at all, or every slot of the next 75 days taken.
  return slot ? { state: 'free', slot, timezone: timezone ?? zone } : { state: 'none', source };
}

export interface QueuePreviewProps {
  accounts: ReadonlyArray<{ id: string; name: string }>;
  /** The person's time zone, which the times are shown in. */
  zone: string;
  errorOf: ErrorOf;
  /** Told whether each account can take the queue once its slots are read (`null`: it can, or is gone). */
  onBlock(accountId: string, block: QueueBlock | null): void;
}

export function QueuePreview({ accounts, zone, errorOf, onBlock }: QueuePreviewProps) {
  const t = useT();
  if (accounts.length === 0) return <p class="hint">{t('compose.queue.chooseAccounts')}</p>;
  return (
    <div class="queue-preview">
      <p id="compose-queue-zone" class="hint">
        {t('compose.queue.zone', { zone: zoneLabel(zone, new Date()) })}
      </p>
      <ul aria-label={t('compose.queue.listLabel')} aria-describedby="compose-queue-zone">
        {accounts.map((account) => (
          <QueueLine
            key={account.id}
            account={account}
            zone={zone}
            error={errorOf(queueField(account.id))}
            onBlock={onBlock}
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * One account's line: its next free slot, read once while the queue is chosen (choosing
 * it again reads afresh), and the server's refusal for it.
 */
function QueueLine(props: {
  account: { id: string; name: string };
  zone: string;
  error: string | null;
  onBlock: QueuePreviewProps['onBlock'];
}) {
  const { account, zone, error, onBlock } = props;
  const api = useApi();
  const t = useT();
  const next = useLoad(() => nextSlotOf(api, account.id, zone), [api, account.id]);
  const block: QueueBlock | null =
    next.data?.state === 'none' ? (next.data.source === 'none' ? 'noSchedule' : 'full') : null;
  useEffect(() => {
    onBlock(account.id, block);
    // A line taken away (the account unchosen, the queue left) blocks nothing.
    return () => onBlock(account.id, null);
  }, [account.id, block]);
  let text;
  if (next.error) {
    text = t('compose.queue.failed', { name: account.name, reason: describeError(next.error) });
  } else if (!next.data) {
    text = <span aria-busy="true">{t('compose.queue.loading', { name: account.name })}</span>;
  } else if (next.data.state === 'free') {
    const { slot, timezone } = next.data;
    const own =
      timezone !== zone
        ? ` ${t('compose.queue.scheduleClock', { time: slot.local.replace('T', ' '), zone: timezone })}`
        : '';
    text = `${t('compose.queue.next', {
      name: account.name,
      when: formatInZone(new Date(slot.at), zone),
    })}${own}`;
  } else {
    text = (
      <>
        {next.data.source === 'none'
          ? t('compose.queue.noSchedule', { name: account.name })
          : t('compose.queue.full', { name: account.name })}{' '}
        <a href="/app/accounts">{t('compose.queue.setSchedule')}</a>
      </>
    );
  }
  return (
    <li
      id={`compose-queue-${account.id}`}
      tabIndex={-1}
      data-invalid={error ? 'true' : undefined}
      aria-describedby={error ? noteId(queueField(account.id)) : undefined}
    >
      {text}
      {error && (
        <small id={noteId(queueField(account.id))} class="field-error">
          {error}
        </small>
      )}
    </li>
  );
}
