import { describe, expect, it } from 'vitest';
import {
  formatOffset,
  formatZonedDateTime,
  resolveZonedTime,
  wallClockAt,
  zoneOffsetLabel,
  zoneOffsetMinutes,
  type WallClock,
  type ZonedTimeResolution,
} from './zoned-time';

/** `YYYY-MM-DDTHH:MM` in a zone, resolved, as `[ISO instant, resolution]`. */
function resolve(local: string, timeZone: string): [string, ZonedTimeResolution] {
  const [date, time] = local.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const clock: WallClock = { year, month, day, hour, minute };
  const { instant, resolution } = resolveZonedTime(clock, timeZone);
  return [new Date(instant).toISOString(), resolution];
}

describe('resolveZonedTime', () => {
  it('resolves an ordinary time with the offset of its own date', () => {
    expect(resolve('2026-12-01T09:00', 'America/Sao_Paulo')).toEqual([
      '2026-12-01T12:00:00.000Z',
      'exact',
    ]);
    expect(resolve('2026-07-01T09:00', 'America/New_York')).toEqual([
      '2026-07-01T13:00:00.000Z',
      'exact',
    ]);
    expect(resolve('2026-01-15T09:00', 'America/New_York')).toEqual([
      '2026-01-15T14:00:00.000Z',
      'exact',
    ]);
  });

  it('moves a time skipped in New York to the first minute after the gap', () => {
    // 2026-03-08: 02:00 EST becomes 03:00 EDT.
    expect(resolve('2026-03-08T02:30', 'America/New_York')).toEqual([
      '2026-03-08T07:00:00.000Z',
      'gap',
    ]);
    expect(resolve('2026-03-08T02:00', 'America/New_York')).toEqual([
      '2026-03-08T07:00:00.000Z',
      'gap',
    ]);
    expect(resolve('2026-03-08T02:59', 'America/New_York')).toEqual([
      '2026-03-08T07:00:00.000Z',
      'gap',
    ]);
    expect(resolve('2026-03-08T01:59', 'America/New_York')).toEqual([
      '2026-03-08T06:59:00.000Z',
      'exact',
    ]);
    expect(resolve('2026-03-08T03:00', 'America/New_York')).toEqual([
      '2026-03-08T07:00:00.000Z',
      'exact',
    ]);
  });

  it('takes the earlier instant of a time New York lives twice', () => {
    // 2026-11-01: 01:00 to 01:59 happen in EDT (-04:00), then again in EST (-05:00).
    expect(resolve('2026-11-01T01:30', 'America/New_York')).toEqual([
      '2026-11-01T05:30:00.000Z',
      'overlap',
    ]);
    expect(resolve('2026-11-01T02:00', 'America/New_York')).toEqual([
      '2026-11-01T07:00:00.000Z',
      'exact',
    ]);
  });

  it('handles São Paulo, whose clocks changed at midnight until 2019', () => {
    // 2018-11-04: 00:00 -03:00 became 01:00 -02:00; the whole first hour was skipped.
    expect(resolve('2018-11-04T00:30', 'America/Sao_Paulo')).toEqual([
      '2018-11-04T03:00:00.000Z',
      'gap',
    ]);
    // 2019-02-17: 00:00 -02:00 went back to 23:00 -03:00; 23:30 of the 16th happened twice.
    expect(resolve('2019-02-16T23:30', 'America/Sao_Paulo')).toEqual([
      '2019-02-17T01:30:00.000Z',
      'overlap',
    ]);
    // No daylight saving time since: -03:00 all year.
    expect(resolve('2026-11-01T00:30', 'America/Sao_Paulo')).toEqual([
      '2026-11-01T03:30:00.000Z',
      'exact',
    ]);
  });

  it('handles London', () => {
    // 2026-03-29: 01:00 GMT becomes 02:00 BST.
    expect(resolve('2026-03-29T01:30', 'Europe/London')).toEqual([
      '2026-03-29T01:00:00.000Z',
      'gap',
    ]);
    // 2026-10-25: 01:00 to 01:59 happen in BST, then in GMT.
    expect(resolve('2026-10-25T01:30', 'Europe/London')).toEqual([
      '2026-10-25T00:30:00.000Z',
      'overlap',
    ]);
  });

  it('handles zones far east: Sydney, Lord Howe (half-hour change) and Auckland', () => {
    // Sydney, 2026-10-04: 02:00 AEST (+10) becomes 03:00 AEDT (+11).
    expect(resolve('2026-10-04T02:30', 'Australia/Sydney')).toEqual([
      '2026-10-03T16:00:00.000Z',
      'gap',
    ]);
    // Sydney, 2026-04-05: 03:00 AEDT goes back to 02:00 AEST; 02:30 happens twice.
    expect(resolve('2026-04-05T02:30', 'Australia/Sydney')).toEqual([
      '2026-04-04T15:30:00.000Z',
      'overlap',
    ]);
    // Lord Howe, 2026-10-04: 02:00 +10:30 becomes 02:30 +11:00.
    expect(resolve('2026-10-04T02:15', 'Australia/Lord_Howe')).toEqual([
      '2026-10-03T15:30:00.000Z',
      'gap',
    ]);
    // Lord Howe, 2026-04-05: 02:00 +11:00 goes back to 01:30 +10:30.
    expect(resolve('2026-04-05T01:45', 'Australia/Lord_Howe')).toEqual([
      '2026-04-04T14:45:00.000Z',
      'overlap',
    ]);
    // Auckland, 2026-09-27: 02:00 NZST (+12) becomes 03:00 NZDT (+13).
    expect(resolve('2026-09-27T02:30', 'Pacific/Auckland')).toEqual([
      '2026-09-26T14:00:00.000Z',
      'gap',
    ]);
    expect(resolve('2026-12-01T09:00', 'Asia/Tokyo')).toEqual([
      '2026-12-01T00:00:00.000Z',
      'exact',
    ]);
  });

  it('moves a day a zone skipped whole to the first minute after it (Apia, 2011-12-30)', () => {
    // Samoa crossed the date line: 2011-12-29 23:59 -10:00 was followed by 2011-12-31 00:00 +14:00.
    expect(resolve('2011-12-30T12:00', 'Pacific/Apia')).toEqual([
      '2011-12-30T10:00:00.000Z',
      'gap',
    ]);
  });
});

describe('wall clocks and offsets', () => {
  it('reads the wall clock of an instant to the second', () => {
    expect(wallClockAt(Date.parse('2026-12-01T12:00:05Z'), 'America/Sao_Paulo')).toEqual({
      year: 2026,
      month: 12,
      day: 1,
      hour: 9,
      minute: 0,
      second: 5,
    });
  });

  it('gives offsets in minutes and writes them as ISO 8601 does', () => {
    expect(zoneOffsetMinutes('Asia/Kolkata', Date.parse('2026-12-01T00:00:00Z'))).toBe(330);
    expect(zoneOffsetMinutes('Asia/Kathmandu', new Date('2026-12-01T00:00:00Z'))).toBe(345);
    expect(zoneOffsetMinutes('UTC', 0)).toBe(0);
    expect(formatOffset(-180)).toBe('-03:00');
    expect(formatOffset(345)).toBe('+05:45');
    expect(formatOffset(0)).toBe('+00:00');
    expect(formatOffset(-570)).toBe('-09:30');
  });

  it('writes an instant in a zone with its offset then, across a change', () => {
    expect(formatZonedDateTime(Date.parse('2026-12-01T12:00:00Z'), 'America/Sao_Paulo')).toBe(
      '2026-12-01T09:00:00-03:00',
    );
    expect(formatZonedDateTime(Date.parse('2026-11-01T05:30:00Z'), 'America/New_York')).toBe(
      '2026-11-01T01:30:00-04:00',
    );
    expect(formatZonedDateTime(Date.parse('2026-11-01T06:30:00Z'), 'America/New_York')).toBe(
      '2026-11-01T01:30:00-05:00',
    );
  });

  it('labels a zone with its offset and a true minus sign', () => {
    const at = Date.parse('2026-12-01T12:00:00Z');
    expect(zoneOffsetLabel('America/Sao_Paulo', at)).toBe('America/Sao_Paulo (UTC\u221203:00)');
    expect(zoneOffsetLabel('Asia/Kolkata', at)).toBe('Asia/Kolkata (UTC+05:30)');
  });

  it('refuses a zone the runtime does not know', () => {
    expect(() =>
      resolveZonedTime({ year: 2026, month: 1, day: 1, hour: 0, minute: 0 }, 'Mars/Base'),
    ).toThrow(RangeError);
  });
});
