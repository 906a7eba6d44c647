/**
 * The server's own check of a repeating draft's rule, before it is sent. Apart from
 * repeat-rule.ts: it brings the occurrences' calendar arithmetic, which only the
 * composer needs.
 */
import { RECURRENCE_MAX_OCCURRENCES } from '@reelay/sdk';
import { checkSeries } from '@reelay/sdk/recurrence';
import type { Problem } from '../compose/rules/draft';
import { zonedTime } from '../compose/time-zone';
import { buildRrule, type RepeatDraft } from './repeat-rule';

/**
 * What the server would refuse in the rule of a scheduled draft that repeats (more than
 * the cap through its last day, or nothing after the first post), checked as it checks
 * it; null when nothing, or when the choice or the time is refused elsewhere.
 *
 * @example
 * ```ts
 * seriesProblem({ date: '2027-03-01', time: '09:00', timeZone: 'UTC', repeat: { ...noRepeat(), frequency: 'daily', end: 'until', until: '2029-01-01' } });
 * // { key: 'series.problems.too_many', values: { max: 366 } }
 * ```
 */
export function seriesProblem(draft: {
  date: string;
  time: string;
  timeZone: string;
  repeat?: RepeatDraft;
}): Problem | null {
  const rrule = draft.repeat ? buildRrule(draft.repeat, draft.date) : null;
  const start = zonedTime(draft.date, draft.time, draft.timeZone);
  if (!rrule || !start) return null;
  const checked = checkSeries({ rrule, timezone: draft.timeZone, start: start.instant.getTime() });
  if (checked.ok) return null;
  const key =
    checked.problem === 'too_many' || checked.problem === 'empty' ? checked.problem : 'other';
  return { key: `series.problems.${key}`, values: { max: RECURRENCE_MAX_OCCURRENCES } };
}
