/**
 * A series in words, in the app's language: its rule ("Every week on Monday, Wednesday ·
 * 12 times"; rules the composer cannot write, such as an ordinal weekday or `WKST`, are
 * shown as written) and an occurrence's time with its weekday.
 */
import { currentLanguage, t } from '../../i18n';
import { repeatFromRule, RULE_WEEKDAYS, weekdayOf, type RuleWeekday } from './repeat-rule';

/** A Monday: the weekdays' names are read from the week that starts on it. */
const A_MONDAY = Date.UTC(2024, 0, 1, 12);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A weekday's name in the app's language.
 *
 * @example
 * ```ts
 * weekdayName('MO', 'short'); // 'seg.'
 * ```
 */
export function weekdayName(day: RuleWeekday, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(currentLanguage(), { weekday: width, timeZone: 'UTC' }).format(
    A_MONDAY + RULE_WEEKDAYS.indexOf(day) * DAY_MS,
  );
}

/** A `YYYY-MM-DD` day as the app's language writes a date. */
function dayText(day: string): string {
  return new Intl.DateTimeFormat(currentLanguage(), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(Date.parse(`${day}T12:00:00Z`));
}

/**
 * The rule in words; `startDate` (`YYYY-MM-DD`, the first post's day) names the weekday
 * or the day of the month a rule leaves to the first post.
 *
 * @example
 * ```ts
 * describeRule('FREQ=WEEKLY;BYDAY=MO;COUNT=12'); // 'Every week on Monday · 12 times'
 * ```
 */
export function describeRule(rrule: string, startDate = ''): string {
  const repeat = repeatFromRule(rrule);
  if (!repeat) return rrule;
  const first = weekdayOf(startDate);
  // A weekly rule without a day, read without its first post, names none.
  const days = repeat.weekdays.length > 0 ? repeat.weekdays : first ? [first] : [];
  const monthDay =
    /BYMONTHDAY=(-?\d+)/i.exec(rrule)?.[1] ??
    (startDate ? String(Number(startDate.slice(8, 10))) : '');
  const parts = [
    t(
      `series.rule.${repeat.frequency === 'weekly' && days.length === 0 ? 'weeklyNoDay' : repeat.frequency}`,
      {
        count: Number(repeat.interval) || 1,
        days: days.map((day) => weekdayName(day)).join(', '),
        day: monthDay,
      },
    ),
  ];
  if (repeat.end === 'count') parts.push(t('series.rule.times', { count: Number(repeat.count) }));
  if (repeat.end === 'until') parts.push(t('series.rule.until', { date: dayText(repeat.until) }));
  return parts.join(' · ');
}

/**
 * An occurrence's time with its weekday, in a zone: `Mon, Mar 1, 2027, 09:00`.
 *
 * @example
 * ```ts
 * occurrenceText('2027-03-01T12:00:00.000Z', 'America/Sao_Paulo');
 * ```
 */
export function occurrenceText(iso: string, zone: string): string {
  return new Intl.DateTimeFormat(currentLanguage(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
  }).format(new Date(iso));
}
