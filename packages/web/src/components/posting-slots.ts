/**
 * Posting schedules: the weekly slots (a day and a wall-clock time in a named zone) an
 * account or a profile posts at, and the free slots the queue gives out. An account
 * without its own schedule follows its profile's. The API's calls are gathered here, so
 * the accounts page, the composer and the calendar read them the same way.
 */
import {
  WEEKDAYS,
  type EvergreenSettingsInput,
  type FreeSlot,
  type PostingSchedule,
  type PostingSlot,
  type Reelay,
} from '@reelay/sdk';

export type { FreeSlot, PostingSchedule, PostingSlot } from '@reelay/sdk';
/** A day of the week as the API names it. */
export type WeekDay = PostingSlot['day'];

/** The days of a week, Monday first, as the API names them. */
export const WEEK_DAYS: readonly WeekDay[] = WEEKDAYS;

/** Whose schedule: an account (`int_…`) or a profile (`prf_…`). */
export interface ScheduleOwner {
  kind: 'account' | 'profile';
  id: string;
}

/**
 * The schedule an account or a profile follows (an account without its own answers its
 * profile's, with `source: 'profile'`).
 *
 * @example
 * ```ts
 * const { schedule } = await readSchedule(api, { kind: 'account', id: accountId });
 * ```
 */
export function readSchedule(
  api: Reelay,
  owner: ScheduleOwner,
): Promise<{ schedule: PostingSchedule }> {
  return owner.kind === 'account' ? api.accounts.slots(owner.id) : api.profiles.slots(owner.id);
}

/**
 * Replaces the weekly slots of an account or a profile; no slots give the schedule up
 * (an account then follows its profile's again).
 *
 * @example
 * ```ts
 * await replaceSchedule(api, owner, { timezone: 'America/Sao_Paulo', slots: [{ day: 'monday', time: '09:00' }] });
 * ```
 */
export function replaceSchedule(
  api: Reelay,
  owner: ScheduleOwner,
  body: { timezone?: string; slots: PostingSlot[]; evergreen?: EvergreenSettingsInput },
): Promise<{ schedule: PostingSchedule }> {
  return owner.kind === 'account'
    ? api.accounts.replaceSlots(owner.id, body)
    : api.profiles.replaceSlots(owner.id, body);
}

/**
 * The next `count` (1 to 50) free slots of an account: those of the schedule it follows
 * that no scheduled post of it takes yet. Without a schedule, none (`source: 'none'`).
 *
 * @example
 * ```ts
 * const { slots, source } = await nextFreeSlots(api, accountId, 1);
 * ```
 */
export function nextFreeSlots(
  api: Reelay,
  accountId: string,
  count: number,
): Promise<{ timezone: string | null; source: PostingSchedule['source']; slots: FreeSlot[] }> {
  return api.accounts.freeSlots(accountId, { count });
}

/**
 * A day of the week in the app's language: `segunda-feira`, `Mon`.
 *
 * @example
 * ```ts
 * weekDayName('monday', 'en', 'short'); // 'Mon'
 * ```
 */
export function weekDayName(
  day: WeekDay,
  language: string,
  style: 'long' | 'short' = 'long',
): string {
  // 2024-01-01 was a Monday; noon UTC is the same day in every zone.
  const date = new Date(Date.UTC(2024, 0, 1 + WEEK_DAYS.indexOf(day), 12));
  return new Intl.DateTimeFormat(language, { weekday: style, timeZone: 'UTC' }).format(date);
}

/** One row of the editor: a time and the days it is a slot on. */
export interface SlotRow {
  time: string;
  days: ReadonlySet<WeekDay>;
}

/**
 * The weekly slots as rows of the editor: one per time, earliest first.
 *
 * @example
 * ```ts
 * slotRows([{ day: 'friday', time: '18:00' }, { day: 'monday', time: '09:00' }]);
 * // [{ time: '09:00', days: {monday} }, { time: '18:00', days: {friday} }]
 * ```
 */
export function slotRows(slots: readonly PostingSlot[]): SlotRow[] {
  const byTime = new Map<string, Set<WeekDay>>();
  for (const slot of slots) {
    const days = byTime.get(slot.time) ?? new Set<WeekDay>();
    days.add(slot.day);
    byTime.set(slot.time, days);
  }
  return [...byTime.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([time, days]) => ({ time, days }));
}

/**
 * The editor's rows back as the API's slots, Monday first, then by time; a time ticked on
 * no day makes no slot.
 *
 * @example
 * ```ts
 * rowsToSlots([{ time: '09:00', days: new Set(['monday']) }]); // [{ day: 'monday', time: '09:00' }]
 * ```
 */
export function rowsToSlots(rows: readonly SlotRow[]): PostingSlot[] {
  const slots: PostingSlot[] = [];
  for (const day of WEEK_DAYS) {
    for (const row of [...rows].sort((a, b) => a.time.localeCompare(b.time))) {
      if (row.days.has(day)) slots.push({ day, time: row.time });
    }
  }
  return slots;
}
