/**
 * `reelay slots show|set|clear|next`: the posting schedule of an account (by id or
 * username) or of a profile (`--profile`), the weekly times `reelay posts create --queue`
 * takes the next free one of. Slots are written `<days>@<times>`: `mon-fri@09:00,18:00`,
 * `sat,sun@10:30`, `seg-sex@09:00` (English or Portuguese day names).
 */
import { WEEKDAYS, type Weekday } from '@reelay/core';
import type { PostingSchedule, Reelay } from '@reelay/sdk';
import { resolveAccountIds } from '../account-resolver';
import { usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { assertTimeZone } from '../schedule-time';
import { loadSettings } from '../settings';
import { renderFields, renderTable } from '../table';
import { t } from '../i18n';

/** Day names accepted on the command line: English and Portuguese, full or short. */
const DAY_NAMES: Readonly<Record<string, Weekday>> = Object.fromEntries(
  WEEKDAYS.flatMap((day, index) => {
    const portuguese = [
      ['seg', 'segunda', 'segunda-feira'],
      ['ter', 'terça', 'terca', 'terça-feira', 'terca-feira'],
      ['qua', 'quarta', 'quarta-feira'],
      ['qui', 'quinta', 'quinta-feira'],
      ['sex', 'sexta', 'sexta-feira'],
      ['sab', 'sáb', 'sábado', 'sabado'],
      ['dom', 'domingo'],
    ][index]!;
    return [day, day.slice(0, 3), ...portuguese].map((name) => [name, day] as const);
  }),
);

/** Portuguese names of the days, for people. */
/** A weekday as people read it, in the user's language. */
const dayLabel = (day: Weekday) => t(`slots.${day}`);

const slotExamples = () => t('slots.examples');

function dayOf(name: string, spec: string): Weekday {
  const day = DAY_NAMES[name.trim().toLowerCase()];
  if (!day) throw usageError(t('slots.unknownDay', { spec, name }), slotExamples());
  return day;
}

/**
 * The weekly slots a list of `--slot` values asks for: each `<days>@<times>`, days as a
 * list (`mon,wed`) or a range (`mon-fri`, Monday first), times `HH:MM` separated by
 * commas. Repeats are kept once; the order is the API's (Monday first, then by time).
 *
 * @example
 * ```ts
 * parseSlotSpecs(['mon-tue@18:00,09:00']);
 * // [{ day: 'monday', time: '09:00' }, { day: 'monday', time: '18:00' },
 * //  { day: 'tuesday', time: '09:00' }, { day: 'tuesday', time: '18:00' }]
 * ```
 */
export function parseSlotSpecs(specs: readonly string[]): Array<{ day: Weekday; time: string }> {
  const keys = new Set<string>();
  for (const spec of specs) {
    const [daysPart, timesPart, ...rest] = spec.split('@');
    if (!daysPart?.trim() || !timesPart?.trim() || rest.length > 0) {
      throw usageError(t('slots.invalid', { spec }), slotExamples());
    }
    const days = new Set<Weekday>();
    for (const part of daysPart.split(',')) {
      // A range has a hyphen between two names; Portuguese names carry their own.
      const range = /^(.+?)-(.+)$/.exec(part.trim());
      const named = DAY_NAMES[part.trim().toLowerCase()];
      if (named || !range) {
        days.add(named ?? dayOf(part, spec));
        continue;
      }
      const first = WEEKDAYS.indexOf(dayOf(range[1]!, spec));
      const last = WEEKDAYS.indexOf(dayOf(range[2]!, spec));
      if (last < first) {
        throw usageError(t('slots.reversed', { spec }), t('slots.reversedHint'));
      }
      for (const day of WEEKDAYS.slice(first, last + 1)) days.add(day);
    }
    for (const text of timesPart.split(',')) {
      const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
      const hour = Number(match?.[1]);
      const minute = Number(match?.[2]);
      if (!match || hour > 23 || minute > 59) {
        throw usageError(t('slots.invalidTime', { spec, text }), t('slots.invalidTimeHint'));
      }
      const time = `${String(hour).padStart(2, '0')}:${match[2]}`;
      for (const day of days) keys.add(`${WEEKDAYS.indexOf(day)} ${time}`);
    }
  }
  return [...keys].sort().map((key) => {
    const [index, time] = key.split(' ') as [string, string];
    return { day: WEEKDAYS[Number(index)]!, time };
  });
}

/** Whose schedule a command is about: an account argument or `--profile`, exactly one. */
export interface SlotOwnerOptions {
  profile?: string;
}

type Owner = { kind: 'account'; id: string } | { kind: 'profile'; id: string };

async function ownerOf(
  reelay: Reelay,
  account: string | undefined,
  options: SlotOwnerOptions,
): Promise<Owner> {
  if ((account === undefined) === (options.profile === undefined)) {
    throw usageError(t('slots.ownerMissing'), t('slots.ownerMissingHint'));
  }
  if (options.profile !== undefined) return { kind: 'profile', id: options.profile };
  return { kind: 'account', id: (await resolveAccountIds(reelay, [account!]))[0]! };
}

const SOURCE_KEYS = {
  integration: 'slots.sourceIntegration',
  profile: 'slots.sourceProfile',
  none: 'slots.sourceNone',
} as const satisfies Record<PostingSchedule['source'], string>;

/**
 * A schedule for people: where it comes from, its zone, then one line per day.
 *
 * @example
 * ```ts
 * process.stdout.write(describeSchedule(schedule));
 * ```
 */
export function describeSchedule(schedule: PostingSchedule): string {
  if (schedule.source === 'none') {
    return `${t('slots.noSchedule')}\n`;
  }
  const days = WEEKDAYS.map((day) => ({
    day,
    times: schedule.slots.filter((slot) => slot.day === day).map((slot) => slot.time),
  })).filter((row) => row.times.length > 0);
  return (
    renderFields([
      [t('slots.fieldSchedule'), t(SOURCE_KEYS[schedule.source])],
      [t('slots.fieldZone'), schedule.timezone],
      [t('slots.fieldTimes'), schedule.slots.length],
      [
        t('slots.fieldEvergreen'),
        schedule.evergreen?.enabled
          ? t('slots.evergreenOn', { days: schedule.evergreen.minDaysBetween })
          : t('slots.evergreenOff'),
      ],
      [t('slots.fieldUpdatedAt'), schedule.updatedAt],
    ]) +
    '\n' +
    renderTable(days, [
      { header: t('insights.day'), value: (row) => dayLabel(row.day) },
      { header: t('slots.columnTimes'), value: (row) => row.times.join(', '), max: 200 },
    ])
  );
}

/**
 * `reelay slots show [account] [--profile]`: the schedule that applies.
 *
 * @example
 * ```ts
 * await showSlots('@cafe.aurora', {}, ctx);
 * ```
 */
export async function showSlots(
  account: string | undefined,
  options: SlotOwnerOptions,
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const owner = await ownerOf(reelay, account, options);
  const answer =
    owner.kind === 'account'
      ? await reelay.accounts.slots(owner.id)
      : await reelay.profiles.slots(owner.id);
  ctx.out.result(answer, () => describeSchedule(answer.schedule));
}

export interface SetSlotsOptions extends SlotOwnerOptions {
  timezone?: string;
  slot?: string[];
  /** `--evergreen` / `--no-evergreen`; absent, the schedule keeps its setting. */
  evergreen?: boolean;
  minDaysBetween?: number;
}

/**
 * The `evergreen` of a `slots set` body from its flags: absent when neither is given (the
 * server keeps the schedule's setting).
 *
 * @example
 * ```ts
 * evergreenSetting({ evergreen: true, minDaysBetween: 14 }); // { enabled: true, minDaysBetween: 14 }
 * ```
 */
export function evergreenSetting(
  options: Pick<SetSlotsOptions, 'evergreen' | 'minDaysBetween'>,
): { enabled: boolean; minDaysBetween?: number } | undefined {
  if (options.minDaysBetween !== undefined && options.evergreen !== true) {
    throw usageError(t('slots.minDaysNeedsEvergreen'), t('slots.minDaysNeedsEvergreenHint'));
  }
  if (options.evergreen === undefined) return undefined;
  return {
    enabled: options.evergreen,
    ...(options.minDaysBetween !== undefined ? { minDaysBetween: options.minDaysBetween } : {}),
  };
}

/**
 * `reelay slots set [account] [--profile] --timezone <zone> --slot <days>@<times>…
 * [--evergreen [--min-days-between <n>] | --no-evergreen]`: replaces the whole schedule;
 * without either evergreen flag, recycling stays as it was.
 *
 * @example
 * ```ts
 * await setSlots('@cafe.aurora', { timezone: 'America/Sao_Paulo', slot: ['mon-fri@09:00,18:00'] }, ctx);
 * ```
 */
export async function setSlots(
  account: string | undefined,
  options: SetSlotsOptions,
  ctx: CommandContext,
): Promise<void> {
  if (!options.timezone) {
    throw usageError(t('slots.zoneMissing'), t('slots.zoneMissingHint'));
  }
  assertTimeZone(options.timezone);
  const evergreen = evergreenSetting(options);
  const slots = parseSlotSpecs(options.slot ?? []);
  if (slots.length === 0) {
    throw usageError(
      t('slots.slotsMissing'),
      t('slots.slotsMissingHint', { examples: slotExamples() }),
    );
  }
  const reelay = await projectClient(await loadSettings(ctx.global));
  const owner = await ownerOf(reelay, account, options);
  const body = { timezone: options.timezone, slots, ...(evergreen ? { evergreen } : {}) };
  const answer =
    owner.kind === 'account'
      ? await reelay.accounts.replaceSlots(owner.id, body)
      : await reelay.profiles.replaceSlots(owner.id, body);
  ctx.out.result(answer, () => `${t('slots.saved')}\n\n${describeSchedule(answer.schedule)}`);
}

/**
 * `reelay slots clear [account] [--profile]`: removes the schedule (an account then
 * follows its profile's again).
 *
 * @example
 * ```ts
 * await clearSlots(undefined, { profile: 'prf_01…' }, ctx);
 * ```
 */
export async function clearSlots(
  account: string | undefined,
  options: SlotOwnerOptions,
  ctx: CommandContext,
): Promise<void> {
  const reelay = await projectClient(await loadSettings(ctx.global));
  const owner = await ownerOf(reelay, account, options);
  const answer =
    owner.kind === 'account'
      ? await reelay.accounts.replaceSlots(owner.id, { slots: [] })
      : await reelay.profiles.replaceSlots(owner.id, { slots: [] });
  ctx.out.result(answer, () =>
    answer.schedule.source === 'none'
      ? `${t('slots.cleared')}\n`
      : `${t('slots.clearedFollowsProfile')}\n\n${describeSchedule(answer.schedule)}`,
  );
}

/**
 * `reelay slots next [account] [--profile] [--count]`: the next free slots.
 *
 * @example
 * ```ts
 * await nextSlots('@cafe.aurora', { count: 5 }, ctx);
 * ```
 */
export async function nextSlots(
  account: string | undefined,
  options: SlotOwnerOptions & { count?: number },
  ctx: CommandContext,
): Promise<void> {
  const { count } = options;
  const reelay = await projectClient(await loadSettings(ctx.global));
  const owner = await ownerOf(reelay, account, options);
  const answer =
    owner.kind === 'account'
      ? await reelay.accounts.freeSlots(owner.id, { count })
      : await reelay.profiles.freeSlots(owner.id, { count });
  ctx.out.result(answer, () => {
    if (answer.source === 'none') {
      return `${t('slots.noSchedule')}\n`;
    }
    if (answer.slots.length === 0) return `${t('slots.noFreeSlot')}\n`;
    return renderTable(answer.slots, [
      {
        header: t('slots.columnLocal', { zone: answer.timezone ?? '-' }),
        value: (slot) => slot.local.replace('T', ' '),
      },
      { header: t('insights.day'), value: (slot) => dayLabel(slot.day) },
      { header: 'utc', value: (slot) => slot.at },
    ]);
  });
}

/**
 * `reelay slots suggest <account> [--timezone] [--apply]`: the best times to post, with
 * why; `--apply` makes them the account's schedule.
 *
 * @example
 * ```ts
 * await suggestSlots('@cafe.aurora', { timezone: 'America/Sao_Paulo', apply: true }, ctx);
 * ```
 */
export async function suggestSlots(
  account: string,
  options: { timezone?: string; apply?: boolean },
  ctx: CommandContext,
): Promise<void> {
  if (options.timezone !== undefined) assertTimeZone(options.timezone);
  const reelay = await projectClient(await loadSettings(ctx.global));
  const [accountId] = await resolveAccountIds(reelay, [account]);
  const answer = await reelay.accounts.suggestSlots(accountId!, {
    ...(options.timezone !== undefined ? { timezone: options.timezone } : {}),
  });
  if (options.apply) {
    await reelay.accounts.replaceSlots(accountId!, {
      timezone: answer.timezone,
      slots: answer.suggestions.map(({ day, time }) => ({ day, time })),
    });
  }
  ctx.out.result({ ...answer, applied: options.apply === true }, () => {
    const table = renderTable(answer.suggestions, [
      { header: t('insights.day'), value: (row) => dayLabel(row.day) },
      { header: t('slots.columnLocal', { zone: answer.timezone }), value: (row) => row.time },
      { header: t('slots.columnReason'), value: (row) => row.reason, max: 90 },
    ]);
    return [
      t(`slots.suggestionSource.${answer.source}`),
      table.trimEnd(),
      options.apply ? t('slots.suggestionsApplied') : t('slots.suggestionsApplyHint'),
      '',
    ].join('\n');
  });
}
