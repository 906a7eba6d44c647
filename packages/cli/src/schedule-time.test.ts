import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { parseScheduleTime, zonedTimeToInstant } from './schedule-time';

const usage = (work: () => unknown): CliError => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).kind).toBe('usage');
    return error as CliError;
  }
  throw new Error('expected a usage error');
};

describe('parseScheduleTime', () => {
  it('reads an instant with an offset, with or without seconds, with T or a space', () => {
    expect(parseScheduleTime('2026-12-01T10:00-03:00').toISOString()).toBe(
      '2026-12-01T13:00:00.000Z',
    );
    expect(parseScheduleTime('2026-12-01 10:00:30Z').toISOString()).toBe(
      '2026-12-01T10:00:30.000Z',
    );
  });

  it('reads a local time in the given zone', () => {
    const at = parseScheduleTime('2026-12-01T10:00', { timeZone: 'America/Sao_Paulo' });
    expect(at.toISOString()).toBe('2026-12-01T13:00:00.000Z');
  });

  it('follows daylight saving time: the same wall time is a different offset in winter and summer', () => {
    expect(parseScheduleTime('2026-01-15T09:00', { timeZone: 'Europe/Lisbon' }).toISOString()).toBe(
      '2026-01-15T09:00:00.000Z',
    );
    expect(parseScheduleTime('2026-07-15T09:00', { timeZone: 'Europe/Lisbon' }).toISOString()).toBe(
      '2026-07-15T08:00:00.000Z',
    );
  });

  it('takes the first of an hour that happens twice when clocks go back', () => {
    const at = zonedTimeToInstant(
      { year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0 },
      'America/New_York',
    );
    expect(at.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('refuses an hour skipped when clocks go forward', () => {
    const error = usage(() =>
      parseScheduleTime('2026-03-08T02:30', { timeZone: 'America/New_York' }),
    );
    expect(error.message).toContain('não existe em America/New_York');
  });

  it('reads relative times from now, compound ones included', () => {
    const now = Date.parse('2026-12-01T13:00:00Z');
    expect(parseScheduleTime('+2h', { now }).toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(parseScheduleTime('+1d2h30m', { now }).toISOString()).toBe('2026-12-02T15:30:00.000Z');
    expect(parseScheduleTime('-1w', { now }).toISOString()).toBe('2026-11-24T13:00:00.000Z');
  });

  it('refuses a local time without a zone, naming both ways to give one', () => {
    const error = usage(() => parseScheduleTime('2026-12-01T10:00'));
    expect(error.hint).toContain('--timezone');
  });

  it('refuses words, impossible dates, bad units and unknown zones', () => {
    usage(() => parseScheduleTime('amanhã'));
    usage(() => parseScheduleTime('2026-02-30T10:00-03:00'));
    usage(() => parseScheduleTime('2026-02-30T10:00', { timeZone: 'UTC' }));
    usage(() => parseScheduleTime('+2x'));
    usage(() => parseScheduleTime('+'));
    usage(() => parseScheduleTime('2026-12-01T10:00', { timeZone: 'Mars/Olympus' }));
    usage(() => parseScheduleTime('2026-12-01T10:00', { timeZone: 'GMT-3' }));
  });
});
