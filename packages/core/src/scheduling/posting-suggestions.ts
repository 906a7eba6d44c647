/**
 * "Best time to post": weekly times suggested from what an account's audience did, in
 * the account's own wall clock. Three sources, in order (docs/posting-slots.md "Best time
 * to post"):
 *
 * 1. `online_followers` (reference §10.7): followers online per hour, averaged per
 *    weekday over the days Instagram answered (at least {@link MIN_AUDIENCE_DAYS}); the
 *    busiest hour of each weekday is suggested.
 * 2. The account's own posts: when the audience metric is empty (accounts under 100
 *    followers, or Instagram no longer answering it), each published post scores its reach
 *    plus three times its interactions at the weekday and hour it went out; the best
 *    weekday-hours are suggested (at least {@link MIN_POSTS} posts).
 * 3. Neither: common engagement hours, said so in the reason.
 *
 * Hours are whole hours of the account's zone, counted from instants, so a daylight-saving
 * change moves nothing: a suggestion is a wall-clock time, like every posting slot.
 */
import { WEEKDAYS, type Weekday } from '../vocabulary/enums';
import { wallClockAt } from '../vocabulary/zoned-time';
import type { WeeklySlot } from './posting-slots';

/** Where suggestions came from. */
export const SUGGESTION_SOURCES = ['audience', 'posts', 'default'] as const;
export type SuggestionSource = (typeof SUGGESTION_SOURCES)[number];

/** Suggestions made at most: one a day of the week. */
export const SUGGESTIONS_MAX = 7;
/** Days of audience data needed before they are trusted. */
export const MIN_AUDIENCE_DAYS = 7;
/** Published posts needed before their results are trusted. */
export const MIN_POSTS = 5;

/** One day of `online_followers`: the hour (0–23, UTC) → followers online. */
export interface OnlineFollowersDay {
  /** The start of the day the hours count from (milliseconds, UTC midnight). */
  readonly dayStart: number;
  readonly hours: Readonly<Record<string, number>>;
}

/** A published post and how it did. */
export interface PostResult {
  readonly publishedAt: number;
  readonly reach: number;
  readonly interactions: number;
}

/** One suggested weekly time. */
export interface PostingSuggestion extends WeeklySlot {
  /** Portuguese: why this time (what was measured there). */
  readonly reason: string;
  /** The measure that ranked it, in the source's unit. */
  readonly score: number;
}

export interface PostingSuggestions {
  readonly source: SuggestionSource;
  readonly suggestions: readonly PostingSuggestion[];
}

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Monday-first weekday of a wall-clock date. */
function weekdayOf(year: number, month: number, day: number): Weekday {
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

/** Where an instant falls in a zone's week: its weekday and hour. */
function weekHour(instant: number, timezone: string): { day: Weekday; hour: number } {
  const clock = wallClockAt(instant, timezone);
  return { day: weekdayOf(clock.year, clock.month, clock.day), hour: clock.hour };
}

const DAY_NAMES: Record<Weekday, string> = {
  monday: 'segunda',
  tuesday: 'terça',
  wednesday: 'quarta',
  thursday: 'quinta',
  friday: 'sexta',
  saturday: 'sábado',
  sunday: 'domingo',
};

/** Sums and counts per weekday-hour cell. */
class WeekGrid {
  private readonly cells = new Map<string, { total: number; count: number }>();

  add(day: Weekday, hour: number, value: number): void {
    const key = `${day} ${hour}`;
    const cell = this.cells.get(key) ?? { total: 0, count: 0 };
    cell.total += value;
    cell.count += 1;
    this.cells.set(key, cell);
  }

  /** Every cell with its mean, best first (ties: earlier in the week, then earlier hour). */
  ranked(): Array<{ day: Weekday; hour: number; mean: number; count: number }> {
    return [...this.cells.entries()]
      .map(([key, cell]) => {
        const [day, hour] = key.split(' ') as [Weekday, string];
        return { day, hour: Number(hour), mean: cell.total / cell.count, count: cell.count };
      })
      .sort(
        (a, b) =>
          b.mean - a.mean || WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.hour - b.hour,
      );
  }
}

/** The best cell of each weekday, in week order. */
function bestPerDay(grid: WeekGrid) {
  const best = new Map<Weekday, ReturnType<WeekGrid['ranked']>[number]>();
  for (const cell of grid.ranked()) if (!best.has(cell.day)) best.set(cell.day, cell);
  return WEEKDAYS.flatMap((day) => (best.has(day) ? [best.get(day)!] : []));
}

/** Common engagement hours, used when nothing about the account is known. */
const DEFAULT_TIMES: ReadonlyArray<WeeklySlot> = [
  { day: 'monday', time: '12:00' },
  { day: 'tuesday', time: '18:00' },
  { day: 'wednesday', time: '12:00' },
  { day: 'thursday', time: '18:00' },
  { day: 'friday', time: '12:00' },
  { day: 'saturday', time: '10:00' },
  { day: 'sunday', time: '19:00' },
];

/**
 * Suggests up to seven weekly times for an account, in its zone.
 *
 * @example
 * ```ts
 * const { source, suggestions } = suggestPostingTimes({ timezone: 'America/Sao_Paulo', audience, posts });
 * // source 'audience': [{ day: 'monday', time: '19:00', reason: '…', score: 412 }, …]
 * ```
 */
export function suggestPostingTimes(input: {
  readonly timezone: string;
  readonly audience: readonly OnlineFollowersDay[];
  readonly posts: readonly PostResult[];
}): PostingSuggestions {
  const days = input.audience.filter((day) => Object.keys(day.hours).length > 0);
  if (days.length >= MIN_AUDIENCE_DAYS) {
    const grid = new WeekGrid();
    for (const day of days) {
      for (const [hour, followers] of Object.entries(day.hours)) {
        const at = day.dayStart + Number(hour) * 3_600_000;
        if (!Number.isFinite(at) || !Number.isFinite(followers)) continue;
        const place = weekHour(at, input.timezone);
        grid.add(place.day, place.hour, followers);
      }
    }
    return {
      source: 'audience',
      suggestions: bestPerDay(grid).map((cell) => ({
        day: cell.day,
        time: pad(cell.hour),
        score: Math.round(cell.mean),
        reason: `Em média ${Math.round(cell.mean)} seguidores online às ${pad(cell.hour)} de ${DAY_NAMES[cell.day]}, o horário mais movimentado do dia.`,
      })),
    };
  }
  if (input.posts.length >= MIN_POSTS) {
    const grid = new WeekGrid();
    for (const post of input.posts) {
      const place = weekHour(post.publishedAt, input.timezone);
      grid.add(place.day, place.hour, post.reach + 3 * post.interactions);
    }
    // The best cells, one per weekday first, then the rest of the best ones.
    const ranked = grid.ranked();
    const chosen: typeof ranked = [];
    for (const cell of ranked) {
      if (chosen.length < SUGGESTIONS_MAX && !chosen.some((other) => other.day === cell.day))
        chosen.push(cell);
    }
    for (const cell of ranked) {
      if (chosen.length >= SUGGESTIONS_MAX) break;
      if (!chosen.includes(cell)) chosen.push(cell);
    }
    chosen.sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.hour - b.hour);
    return {
      source: 'posts',
      suggestions: chosen.map((cell) => ({
        day: cell.day,
        time: pad(cell.hour),
        score: Math.round(cell.mean),
        reason: `${cell.count === 1 ? '1 post publicado' : `${cell.count} posts publicados`} às ${pad(cell.hour)} de ${DAY_NAMES[cell.day]} tiveram em média ${Math.round(cell.mean)} de alcance e interações (interações valem 3).`,
      })),
    };
  }
  return {
    source: 'default',
    suggestions: DEFAULT_TIMES.map((slot) => ({
      ...slot,
      score: 0,
      reason:
        'Ainda não há dados da conta (menos de 100 seguidores ou poucos posts): um horário comum de engajamento, para começar.',
    })),
  };
}
