import { describe, expect, it } from 'vitest';
import { RECURRENCE_MAX_OCCURRENCES } from '../vocabulary/limits';
import { checkSeries, seriesOccurrences } from './recurrence';
import { checkRecurrence } from './recurrence-rule';

const iso = (instant: number) => new Date(instant).toISOString();

describe('checkRecurrence', () => {
  it('accepts the rules a series may have and writes them in one form', () => {
    expect(checkRecurrence('freq=weekly;byday=mo,we')).toEqual({
      ok: true,
      rule: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE', frequency: 'WEEKLY', count: null, until: null },
    });
    expect(checkRecurrence('RRULE:BYMONTHDAY=1,-1;FREQ=MONTHLY;COUNT=12')).toMatchObject({
      ok: true,
      rule: { rrule: 'FREQ=MONTHLY;BYMONTHDAY=1,-1;COUNT=12', count: 12 },
    });
    expect(checkRecurrence('FREQ=MONTHLY;BYDAY=1MO')).toMatchObject({ ok: true });
    expect(checkRecurrence('FREQ=DAILY;INTERVAL=2;UNTIL=20270131')).toMatchObject({
      ok: true,
      rule: { until: '20270131' },
    });
  });

  it('refuses what it cannot bound or does not take, saying why', () => {
    expect(checkRecurrence('FREQ=HOURLY')).toEqual({
      ok: false,
      problem: 'frequency',
      detail: 'HOURLY',
    });
    expect(checkRecurrence('FREQ=MINUTELY')).toMatchObject({ problem: 'frequency' });
    expect(checkRecurrence('FREQ=YEARLY')).toMatchObject({ problem: 'frequency' });
    expect(checkRecurrence('FREQ=DAILY;BYHOUR=9')).toEqual({
      ok: false,
      problem: 'part',
      detail: 'BYHOUR',
    });
    expect(checkRecurrence('FREQ=WEEKLY;BYSETPOS=1')).toMatchObject({ problem: 'part' });
    expect(checkRecurrence(`FREQ=DAILY;COUNT=${RECURRENCE_MAX_OCCURRENCES + 1}`)).toMatchObject({
      problem: 'too_many',
    });
    expect(checkRecurrence('FREQ=DAILY;COUNT=3;UNTIL=20270101')).toMatchObject({
      problem: 'syntax',
    });
    expect(checkRecurrence('FREQ=WEEKLY;BYDAY=1MO')).toMatchObject({
      problem: 'syntax',
      detail: 'BYDAY',
    });
    expect(checkRecurrence('FREQ=WEEKLY;BYMONTHDAY=3')).toMatchObject({ problem: 'part' });
    expect(checkRecurrence('FREQ=DAILY;INTERVAL=0')).toMatchObject({ problem: 'syntax' });
    expect(checkRecurrence('FREQ=DAILY;UNTIL=20270231')).toMatchObject({ problem: 'syntax' });
    expect(checkRecurrence('FREQ=DAILY;FREQ=WEEKLY')).toMatchObject({ problem: 'syntax' });
    expect(checkRecurrence('every monday')).toMatchObject({ problem: 'syntax' });
    expect(checkRecurrence('')).toMatchObject({ problem: 'syntax' });
    expect(checkRecurrence('INTERVAL=2')).toMatchObject({ problem: 'syntax', detail: 'FREQ' });
  });
});

describe('seriesOccurrences', () => {
  it('keeps 09:00 in New York across the March change', () => {
    // Monday 2027-03-08 09:00 EST; the clocks change on Sunday 2027-03-14.
    const occurrences = seriesOccurrences(
      {
        rrule: 'FREQ=WEEKLY;BYDAY=MO',
        timezone: 'America/New_York',
        start: Date.parse('2027-03-08T14:00:00Z'),
      },
      { limit: 3 },
    );
    expect(occurrences.map((occurrence) => iso(occurrence.at))).toEqual([
      '2027-03-08T14:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
      '2027-03-22T13:00:00.000Z',
    ]);
    expect(occurrences.map((occurrence) => occurrence.local)).toEqual([
      '2027-03-08T09:00',
      '2027-03-15T09:00',
      '2027-03-22T09:00',
    ]);
    expect(occurrences.map((occurrence) => occurrence.index)).toEqual([1, 2, 3]);
  });

  it('moves a time the change skips to the first valid minute, and says so', () => {
    const occurrences = seriesOccurrences(
      {
        rrule: 'FREQ=DAILY',
        timezone: 'America/New_York',
        start: Date.parse('2027-03-13T07:30:00Z'), // 02:30 EST on Saturday
      },
      { limit: 3 },
    );
    expect(occurrences.map((occurrence) => [iso(occurrence.at), occurrence.resolution])).toEqual([
      ['2027-03-13T07:30:00.000Z', 'exact'],
      ['2027-03-14T07:00:00.000Z', 'gap'], // 03:00 EDT: 02:30 does not exist that day
      ['2027-03-15T06:30:00.000Z', 'exact'], // 02:30 EDT
    ]);
  });

  it('counts the first post in COUNT, even on a date the rule does not name', () => {
    // A Tuesday start for a Monday rule: the Tuesday, then Mondays.
    const occurrences = seriesOccurrences({
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3',
      timezone: 'America/Sao_Paulo',
      start: Date.parse('2027-01-05T12:00:00Z'),
    });
    expect(occurrences.map((occurrence) => occurrence.local)).toEqual([
      '2027-01-05T09:00',
      '2027-01-11T09:00',
      '2027-01-18T09:00',
    ]);
  });

  it('ends at UNTIL read as a date of the series zone, inclusive', () => {
    const occurrences = seriesOccurrences({
      rrule: 'FREQ=DAILY;UNTIL=20270103',
      timezone: 'Asia/Tokyo',
      start: Date.parse('2027-01-01T14:00:00Z'), // 23:00 in Tokyo
    });
    expect(occurrences.map((occurrence) => occurrence.local)).toEqual([
      '2027-01-01T23:00',
      '2027-01-02T23:00',
      '2027-01-03T23:00',
    ]);
  });

  it('reads a UTC UNTIL as the instant it names', () => {
    const occurrences = seriesOccurrences({
      rrule: 'FREQ=DAILY;UNTIL=20270103T120000Z',
      timezone: 'America/Sao_Paulo', // 09:00 there is 12:00Z
      start: Date.parse('2027-01-01T12:00:00Z'),
    });
    expect(occurrences.map((occurrence) => occurrence.local)).toEqual([
      '2027-01-01T09:00',
      '2027-01-02T09:00',
      '2027-01-03T09:00',
    ]);
  });

  it('pages by index and by instant, and stops an open rule at the maximum', () => {
    const series = {
      rrule: 'FREQ=DAILY',
      timezone: 'UTC',
      start: Date.parse('2027-01-01T09:00:00Z'),
    };
    expect(seriesOccurrences(series)).toHaveLength(RECURRENCE_MAX_OCCURRENCES);
    expect(seriesOccurrences(series, { afterIndex: 364 }).map((o) => o.index)).toEqual([365, 366]);
    const window = seriesOccurrences(series, { until: Date.parse('2027-01-03T09:00:00Z') });
    expect(window.map((occurrence) => occurrence.local)).toEqual([
      '2027-01-01T09:00',
      '2027-01-02T09:00',
      '2027-01-03T09:00',
    ]);
  });

  it('throws on a rule checkRecurrence refuses', () => {
    expect(() =>
      seriesOccurrences({ rrule: 'FREQ=HOURLY', timezone: 'UTC', start: Date.now() }),
    ).toThrow(RangeError);
  });
});

describe('checkSeries', () => {
  const start = Date.parse('2027-01-01T09:00:00Z');
  it('refuses an UNTIL that lets more than the maximum through', () => {
    expect(checkSeries({ rrule: 'FREQ=DAILY;UNTIL=20300101', timezone: 'UTC', start })).toEqual({
      ok: false,
      problem: 'too_many',
      detail: String(RECURRENCE_MAX_OCCURRENCES),
    });
    // Exactly the maximum: 2027 has 365 days, plus 2028-01-01.
    expect(
      checkSeries({ rrule: 'FREQ=DAILY;UNTIL=20280101', timezone: 'UTC', start }),
    ).toMatchObject({
      ok: true,
    });
  });

  it('refuses a rule with nothing after the first post', () => {
    expect(checkSeries({ rrule: 'FREQ=DAILY;UNTIL=20261231', timezone: 'UTC', start })).toEqual({
      ok: false,
      problem: 'empty',
    });
    expect(checkSeries({ rrule: 'FREQ=DAILY;COUNT=1', timezone: 'UTC', start })).toMatchObject({
      problem: 'empty',
    });
  });
});
