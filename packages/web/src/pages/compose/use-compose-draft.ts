/**
 * What the person chose in the composer besides the media: the kind, the caption, the
 * accounts and their options, and when the post goes out.
 */
import type { PostKind } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import type { OptionsDraft } from './compose-rules';
import type { ScheduleValue } from './schedule-section';
import { browserTimeZone, wallClock } from './time-zone';

/** Where the composer starts: the time and account of a calendar's free slot, if any. */
export interface ComposeStart {
  schedule: ScheduleValue | null;
  accountId: string | null;
}

/** A suggested moment to schedule: an hour from now, on a multiple of 5 minutes. */
function suggestedTime(zone: string): { date: string; time: string } {
  const step = 5 * 60_000;
  return wallClock(new Date(Math.ceil((Date.now() + 60 * 60_000) / step) * step), zone);
}

/**
 * The time and account a calendar's free slot opens the composer with, when valid.
 *
 * @example
 * ```ts
 * startFromQuery({ at: '2026-12-01T12:00:00Z', account: 'int_1' }, 'America/Sao_Paulo');
 * ```
 */
export function startFromQuery(query: Record<string, string>, zone: string): ComposeStart {
  const at = query.at ? new Date(query.at) : null;
  const valid = at !== null && !Number.isNaN(at.getTime());
  return {
    schedule: valid ? { when: 'schedule', ...wallClock(at, zone), timeZone: zone } : null,
    accountId: /^int_\w+$/.test(query.account ?? '') ? query.account! : null,
  };
}

/**
 * The draft's choices and the ways to change them; `reset()` starts a new draft (the
 * accounts and the time zone stay).
 *
 * @example
 * ```ts
 * const choices = useComposeChoices(startFromQuery(query, zone));
 * choices.toggleAccount('int_1', true);
 * ```
 */
export function useComposeChoices(start: ComposeStart) {
  const [kindChoice, setKindChoice] = useState<PostKind | 'auto'>('auto');
  const [caption, setCaption] = useState('');
  const [accountIds, setAccountIds] = useState<string[]>(() =>
    start.accountId ? [start.accountId] : [],
  );
  const [options, setOptions] = useState<Record<string, OptionsDraft>>({});
  const [schedule, setSchedule] = useState<ScheduleValue>(
    () => start.schedule ?? { when: 'now', date: '', time: '', timeZone: browserTimeZone() },
  );

  function changeSchedule(change: Partial<ScheduleValue>) {
    setSchedule((current) => {
      const next = { ...current, ...change };
      if (next.when === 'schedule' && (!next.date || !next.time)) {
        Object.assign(next, suggestedTime(next.timeZone));
      }
      return next;
    });
  }

  function toggleAccount(accountId: string, on: boolean) {
    setAccountIds((current) =>
      on ? [...current, accountId] : current.filter((id) => id !== accountId),
    );
  }

  /** Keeps only the accounts `keep` accepts (those that can take posts). */
  function keepAccounts(keep: (accountId: string) => boolean) {
    setAccountIds((current) => current.filter(keep));
  }

  function changeOptions(accountId: string, next: OptionsDraft) {
    setOptions((current) => ({ ...current, [accountId]: next }));
  }

  function reset() {
    setKindChoice('auto');
    setCaption('');
    setOptions({});
    setSchedule((current) => ({ ...current, when: 'now', date: '', time: '' }));
  }

  return {
    kindChoice,
    setKindChoice,
    caption,
    setCaption,
    accountIds,
    toggleAccount,
    keepAccounts,
    options,
    changeOptions,
    schedule,
    changeSchedule,
    reset,
  };
}
