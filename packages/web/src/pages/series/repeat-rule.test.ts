import { checkSeries, seriesOccurrences } from '@reelay/sdk/recurrence';
import { describe, expect, it } from 'vitest';
import { buildPostBody, checkDraft, errorKey, type ComposeDraft } from '../compose/compose-rules';
import {
  buildRrule,
  noRepeat,
  problemControl,
  repeatFromRule,
  repeatProblem,
  weekdayOf,
} from './repeat-rule';
import { seriesProblem } from './series-problem';

const MONDAY = '2027-03-01';

describe('the rule built from the Repeat choice', () => {
  it('is none when the post does not repeat', () => {
    expect(buildRrule(noRepeat(), MONDAY)).toBeNull();
  });

  it('repeats daily, every N days, with an end after N times or on a date', () => {
    expect(buildRrule({ ...noRepeat(), frequency: 'daily' }, MONDAY)).toBe('FREQ=DAILY');
    expect(
      buildRrule(
        { ...noRepeat(), frequency: 'daily', interval: '3', end: 'count', count: '10' },
        MONDAY,
      ),
    ).toBe('FREQ=DAILY;INTERVAL=3;COUNT=10');
    expect(
      buildRrule({ ...noRepeat(), frequency: 'daily', end: 'until', until: '2027-04-30' }, MONDAY),
    ).toBe('FREQ=DAILY;UNTIL=20270430');
  });

  it('repeats weekly on the chosen weekdays in the week’s order, or on the first post’s', () => {
    expect(weekdayOf(MONDAY)).toBe('MO');
    expect(weekdayOf('2027-03-04')).toBe('TH');
    expect(
      buildRrule({ ...noRepeat(), frequency: 'weekly', weekdays: ['FR', 'MO', 'WE'] }, MONDAY),
    ).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR');
    expect(buildRrule({ ...noRepeat(), frequency: 'weekly', interval: '2' }, '2027-03-04')).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH',
    );
  });

  it('repeats monthly on the first post’s day of the month', () => {
    expect(buildRrule({ ...noRepeat(), frequency: 'monthly' }, '2027-03-15')).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=15',
    );
  });

  it('refuses an interval, a count or a last day the server would refuse', () => {
    const weekly = { ...noRepeat(), frequency: 'weekly' as const };
    expect(repeatProblem({ ...weekly, interval: '0' }, MONDAY)?.key).toBe(
      'series.problems.interval',
    );
    expect(repeatProblem({ ...weekly, interval: '1.5' }, MONDAY)?.key).toBe(
      'series.problems.interval',
    );
    expect(repeatProblem({ ...weekly, end: 'count', count: '1' }, MONDAY)?.key).toBe(
      'series.problems.count',
    );
    expect(repeatProblem({ ...weekly, end: 'count', count: '367' }, MONDAY)?.key).toBe(
      'series.problems.count',
    );
    expect(repeatProblem({ ...weekly, end: 'until', until: '' }, MONDAY)?.key).toBe(
      'series.problems.untilMissing',
    );
    expect(repeatProblem({ ...weekly, end: 'until', until: MONDAY }, MONDAY)?.key).toBe(
      'series.problems.untilBefore',
    );
    expect(buildRrule({ ...weekly, interval: '0' }, MONDAY)).toBeNull();
    expect(repeatProblem({ ...weekly, end: 'count', count: '366' }, MONDAY)).toBeNull();
  });

  it('names the control each problem is about; the rule as a whole for the rest', () => {
    expect(problemControl('series.problems.interval')).toBe('interval');
    expect(problemControl('series.problems.count')).toBe('count');
    expect(problemControl('series.problems.untilMissing')).toBe('until');
    expect(problemControl('series.problems.untilBefore')).toBe('until');
    expect(problemControl('series.problems.too_many')).toBe('frequency');
    expect(problemControl(undefined)).toBe('frequency');
  });

  it('builds only rules the server takes, whose occurrences are the ones chosen', () => {
    const rrule = buildRrule(
      { ...noRepeat(), frequency: 'weekly', weekdays: ['MO', 'TH'], end: 'count', count: '4' },
      MONDAY,
    )!;
    const start = Date.parse('2027-03-01T12:00:00Z');
    const series = { rrule, timezone: 'America/Sao_Paulo', start };
    expect(checkSeries(series).ok).toBe(true);
    expect(seriesOccurrences(series).map((occurrence) => occurrence.local)).toEqual([
      '2027-03-01T09:00',
      '2027-03-04T09:00',
      '2027-03-08T09:00',
      '2027-03-11T09:00',
    ]);
  });

  it('finds the server’s refusals of a whole series: too many through the last day', () => {
    const draft = { date: MONDAY, time: '09:00', timeZone: 'UTC' };
    expect(
      seriesProblem({
        ...draft,
        repeat: { ...noRepeat(), frequency: 'daily', end: 'until', until: '2029-01-01' },
      }),
    ).toEqual({ key: 'series.problems.too_many', values: { max: 366 } });
    expect(seriesProblem({ ...draft, repeat: { ...noRepeat(), frequency: 'weekly' } })).toBeNull();
  });

  it('is read back from a rule the form wrote, and not from one it cannot show', () => {
    expect(repeatFromRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20271231')).toEqual({
      frequency: 'weekly',
      interval: '2',
      weekdays: ['MO', 'WE'],
      end: 'until',
      count: '',
      until: '2027-12-31',
    });
    expect(repeatFromRule('FREQ=MONTHLY;BYMONTHDAY=15;COUNT=6')).toMatchObject({
      frequency: 'monthly',
      end: 'count',
      count: '6',
    });
    expect(repeatFromRule('FREQ=MONTHLY;BYDAY=1MO')).toBeNull();
    expect(repeatFromRule('FREQ=WEEKLY;WKST=SU')).toBeNull();
  });
});

describe('the composer with a repeating post', () => {
  const draft: ComposeDraft = {
    items: [
      {
        key: 'a',
        status: 'ready',
        media: {
          id: 'med_1',
          type: 'image',
          mime: 'image/jpeg',
          size: 1000,
          width: 1080,
          height: 1080,
        },
      },
    ],
    kindChoice: 'auto',
    caption: 'O cardápio da semana',
    accountIds: ['int_1'],
    loginModes: { int_1: 'instagram' },
    options: {},
    when: 'schedule',
    date: MONDAY,
    time: '09:00',
    timeZone: 'America/Sao_Paulo',
    repeat: { ...noRepeat(), frequency: 'weekly', end: 'count', count: '12' },
  };

  it('sends the rule with the first occurrence’s time', () => {
    const body = buildPostBody(draft, 'feed', 'key');
    expect(body.recurrence).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=12' });
    expect(body.scheduledFor).toBe('2027-03-01T09:00:00-03:00');
  });

  it('sends no rule for a post published now or queued, nor for one that does not repeat', () => {
    expect(buildPostBody({ ...draft, when: 'now' }, 'feed', 'key').recurrence).toBeUndefined();
    expect(buildPostBody({ ...draft, when: 'queue' }, 'feed', 'key').recurrence).toBeUndefined();
    expect(
      buildPostBody({ ...draft, repeat: noRepeat() }, 'feed', 'key').recurrence,
    ).toBeUndefined();
  });

  it('shows a refused choice beside the Repeat control, where the server’s refusal goes too', () => {
    const now = new Date('2027-02-20T12:00:00Z');
    expect(checkDraft(draft, now).recurrence).toBeUndefined();
    const refused = { ...draft, repeat: { ...draft.repeat!, count: '0' } };
    expect(checkDraft(refused, now).recurrence?.key).toBe('series.problems.count');
    expect(errorKey('recurrence.rrule')).toBe('recurrence');
  });
});
