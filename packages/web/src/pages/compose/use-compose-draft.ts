/**
 * What the person chose in the composer besides the media: the kind, the caption, the
 * accounts and their options, and when the post goes out; filled from a saved draft when
 * one is opened for editing.
 */
import type { Post, PostKind } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { noRepeat, type RepeatDraft } from '../series/repeat-rule';
import { effectiveKind, type OptionsDraft } from './compose-rules';
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

/** What a saved draft fills the composer's choices with (its media aside). */
export interface DraftChoices {
  kindChoice: PostKind | 'auto';
  caption: string;
  accountIds: string[];
  schedule: ScheduleValue;
  evergreen: boolean;
}

/**
 * The choices of a saved draft: "automatic" unless its kind is not the one its media
 * make; its time on its own zone's clock, or none ("now": published once submitted).
 *
 * @example
 * ```ts
 * choicesOfDraft(post); // { kindChoice: 'auto', caption: 'Bom dia', accountIds: ['int_1'], … }
 * ```
 */
export function choicesOfDraft(post: Post): DraftChoices {
  const types = post.mediaItems.map((item) => item.type);
  const inferred = effectiveKind('auto', types);
  return {
    kindChoice: types.length === 0 || post.kind === inferred ? 'auto' : post.kind,
    caption: post.content,
    accountIds: post.platforms.map((target) => target.integrationId),
    evergreen: post.evergreen,
    schedule: post.scheduledFor
      ? {
          when: 'schedule',
          ...wallClock(new Date(post.scheduledFor), post.timezone),
          timeZone: post.timezone,
        }
      : { when: 'now', date: '', time: '', timeZone: post.timezone },
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
  const [repeat, setRepeat] = useState<RepeatDraft>(noRepeat);
  const [evergreen, setEvergreen] = useState(false);
  // A saved draft's options are not shown again: set here, they replace the saved ones.
  const [optionsTouched, setOptionsTouched] = useState(false);

  function changeSchedule(change: Partial<ScheduleValue>) {
    setSchedule((current) => {
      const next = { ...current, ...change };
      if (next.when === 'schedule' && (!next.date || !next.time)) {
        Object.assign(next, suggestedTime(next.timeZone));
      }
      return next;
    });
  }

  function changeRepeat(change: Partial<RepeatDraft>) {
    setRepeat((current) => ({ ...current, ...change }));
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
    setOptionsTouched(true);
    setOptions((current) => ({ ...current, [accountId]: next }));
  }

  /** Takes a saved draft's choices, as if the person had just made them. */
  function fill(from: DraftChoices) {
    setKindChoice(from.kindChoice);
    setCaption(from.caption);
    setAccountIds(from.accountIds);
    setSchedule(from.schedule);
    setEvergreen(from.evergreen);
    setRepeat(noRepeat());
    setOptions({});
    setOptionsTouched(false);
  }

  function reset() {
    setOptionsTouched(false);
    setKindChoice('auto');
    setCaption('');
    setOptions({});
    setRepeat(noRepeat());
    setEvergreen(false);
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
    optionsTouched,
    fill,
    schedule,
    changeSchedule,
    repeat,
    changeRepeat,
    evergreen,
    setEvergreen,
    reset,
  };
}
