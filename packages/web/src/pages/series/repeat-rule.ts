/**
 * The composer's "Repeat" choice and the RFC 5545 rule it stands for: none, every N days,
 * every N weeks on chosen weekdays, or every N months on the first post's day of the
 * month; ending never (the server stops after its cap), after N times, or on a date. Pure:
 * no DOM, no texts (problems are text keys), so it runs in tests as in the browser. The
 * rule is read by the server in the post's zone, at the first post's wall-clock time.
 */
import { RECURRENCE_MAX_OCCURRENCES } from '@reelay/sdk';
import type { Problem } from '../compose/rules/problem';

/** The weekdays as a rule names them, Monday first. */
export const RULE_WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type RuleWeekday = (typeof RULE_WEEKDAYS)[number];

export type RepeatFrequency = 'none' | 'daily' | 'weekly' | 'monthly';
export type RepeatEnd = 'never' | 'count' | 'until';

/** The choice as the form holds it (numbers as typed). */
export interface RepeatDraft {
  frequency: RepeatFrequency;
  /** Every how many days, weeks or months, as typed. */
  interval: string;
  /** Weekly only; none chosen means the first post's weekday. */
  weekdays: RuleWeekday[];
  end: RepeatEnd;
  /** How many times in all (the first post counts), as typed. */
  count: string;
  /** The last day (`YYYY-MM-DD`, in the post's zone), inclusive. */
  until: string;
}

/** Largest `INTERVAL` the server takes. */
export const REPEAT_INTERVAL_MAX = 366;

/** No repetition: the composer's default. */
export function noRepeat(): RepeatDraft {
  return { frequency: 'none', interval: '1', weekdays: [], end: 'never', count: '', until: '' };
}

/**
 * The weekday of a `YYYY-MM-DD` date, as a rule names it; null for no valid date.
 *
 * @example
 * ```ts
 * weekdayOf('2027-03-01'); // 'MO'
 * ```
 */
export function weekdayOf(date: string): RuleWeekday | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(day.getTime())) return null;
  return RULE_WEEKDAYS[(day.getUTCDay() + 6) % 7]!;
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\s*\d{1,4}\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/**
 * What is wrong with the choice, for a first post on `startDate` (`YYYY-MM-DD`); null
 * when nothing is. The key is a full text key (under `series.problems`).
 *
 * @example
 * ```ts
 * repeatProblem({ ...noRepeat(), frequency: 'daily', interval: '0' }, '2027-03-01');
 * // { key: 'series.problems.interval', values: { max: 366 } }
 * ```
 */
export function repeatProblem(repeat: RepeatDraft, startDate: string): Problem | null {
  if (repeat.frequency === 'none') return null;
  if (wholeNumber(repeat.interval, 1, REPEAT_INTERVAL_MAX) === null) {
    return { key: 'series.problems.interval', values: { max: REPEAT_INTERVAL_MAX } };
  }
  if (repeat.end === 'count' && wholeNumber(repeat.count, 2, RECURRENCE_MAX_OCCURRENCES) === null) {
    return { key: 'series.problems.count', values: { max: RECURRENCE_MAX_OCCURRENCES } };
  }
  if (repeat.end === 'until') {
    if (weekdayOf(repeat.until) === null) return { key: 'series.problems.untilMissing' };
    if (startDate && repeat.until <= startDate) return { key: 'series.problems.untilBefore' };
  }
  return null;
}

/**
 * The rule of a choice for a first post on `startDate` (`YYYY-MM-DD`), or null for no
 * repetition or a choice {@link repeatProblem} refuses. Weekly without a weekday repeats
 * on the first post's; monthly repeats on its day of the month.
 *
 * @example
 * ```ts
 * buildRrule({ ...noRepeat(), frequency: 'weekly', weekdays: ['WE', 'MO'], end: 'count', count: '12' }, '2027-03-01');
 * // 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=12'
 * ```
 */
export function buildRrule(repeat: RepeatDraft, startDate: string): string | null {
  if (repeat.frequency === 'none' || repeatProblem(repeat, startDate)) return null;
  const parts = [`FREQ=${repeat.frequency.toUpperCase()}`];
  const interval = Number(repeat.interval);
  if (interval > 1) parts.push(`INTERVAL=${interval}`);
  if (repeat.frequency === 'weekly') {
    const chosen = RULE_WEEKDAYS.filter((day) => repeat.weekdays.includes(day));
    const days = chosen.length > 0 ? chosen : [weekdayOf(startDate)].filter((day) => day !== null);
    if (days.length > 0) parts.push(`BYDAY=${days.join(',')}`);
  }
  if (repeat.frequency === 'monthly' && /^\d{4}-\d{2}-\d{2}$/.test(startDate)) {
    parts.push(`BYMONTHDAY=${Number(startDate.slice(8, 10))}`);
  }
  if (repeat.end === 'count') parts.push(`COUNT=${Number(repeat.count)}`);
  if (repeat.end === 'until') parts.push(`UNTIL=${repeat.until.replaceAll('-', '')}`);
  return parts.join(';');
}

const FREQUENCIES: Record<string, RepeatFrequency> = {
  DAILY: 'daily',
  WEEKLY: 'weekly',
  MONTHLY: 'monthly',
};

/**
 * The choice a rule stands for, when the form can show it (what {@link buildRrule}
 * writes, in any order and case); null for a rule it cannot (`BYDAY=1MO`, `WKST`…).
 *
 * @example
 * ```ts
 * repeatFromRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20271231');
 * // { frequency: 'weekly', interval: '2', weekdays: ['MO'], end: 'until', count: '', until: '2027-12-31' }
 * ```
 */
export function repeatFromRule(rrule: string): RepeatDraft | null {
  const repeat = noRepeat();
  for (const piece of rrule.replace(/^RRULE:/i, '').split(';')) {
    const [name, value = ''] = piece.toUpperCase().split('=');
    if (name === 'FREQ' && FREQUENCIES[value]) repeat.frequency = FREQUENCIES[value];
    else if (name === 'INTERVAL' && /^\d+$/.test(value)) repeat.interval = String(Number(value));
    else if (name === 'BYDAY' && value.split(',').every((day) => isRuleWeekday(day))) {
      repeat.weekdays = value.split(',') as RuleWeekday[];
    } else if (name === 'BYMONTHDAY' && /^\d{1,2}$/.test(value)) {
      // The first post's day: the form repeats it by itself.
    } else if (name === 'COUNT' && /^\d+$/.test(value)) {
      repeat.end = 'count';
      repeat.count = String(Number(value));
    } else if (name === 'UNTIL' && /^\d{8}/.test(value)) {
      repeat.end = 'until';
      repeat.until = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
    } else return null;
  }
  return repeat.frequency === 'none' ? null : repeat;
}

function isRuleWeekday(day: string): day is RuleWeekday {
  return (RULE_WEEKDAYS as readonly string[]).includes(day);
}

/** The control of the Repeat choice a problem is about. */
export type RepeatControlName = 'frequency' | 'interval' | 'count' | 'until';

/**
 * The control a problem of the choice is about: its interval, count or last day, or the
 * choice as a whole (the frequency) for what the whole rule makes, such as too many
 * occurrences, and for the server's refusals.
 *
 * @example
 * ```ts
 * problemControl('series.problems.untilBefore'); // 'until'
 * ```
 */
export function problemControl(key: string | undefined): RepeatControlName {
  if (key === 'series.problems.interval') return 'interval';
  if (key === 'series.problems.count') return 'count';
  if (key?.startsWith('series.problems.until')) return 'until';
  return 'frequency';
}
