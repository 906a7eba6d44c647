/**
 * The insights range checked in the browser refuses exactly what the API refuses (core's
 * `resolveInsightsRange`), naming the same field, and starts on the API's default range.
 */
import { isReelayError, resolveInsightsRange } from '@reelay/core';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkRange,
  dayCount,
  defaultRange,
  utcDay,
  type DayRange,
} from './insights-range';

const now = new Date('2026-11-24T23:30:00-03:00'); // already the 25th in UTC

describe('the insights range', () => {
  it('counts days in UTC', () => {
    expect(utcDay(now)).toBe('2026-11-25');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(dayCount({ since: '2026-11-01', until: '2026-11-30' })).toBe(30);
  });

  it('starts on the range the API answers without one', () => {
    expect(defaultRange(now)).toEqual({ since: '2026-11-19', until: '2026-11-25' });
    const resolved = resolveInsightsRange({}, now.getTime());
    expect(defaultRange(now)).toEqual({ since: resolved.since, until: resolved.until });
  });

  it('refuses what the API refuses, naming the same field', () => {
    const ranges: Array<[DayRange, string | null]> = [
      [{ since: '2026-11-19', until: '2026-11-25' }, null],
      [{ since: '2026-10-27', until: '2026-11-25' }, null], // 30 days
      [{ since: '2026-10-26', until: '2026-11-25' }, 'until'], // 31 days
      [{ since: '2026-11-20', until: '2026-11-26' }, 'until'], // tomorrow in UTC
      [{ since: '2026-11-21', until: '2026-11-20' }, 'since'],
      [{ since: '2026-11-25', until: '2026-11-25' }, null],
    ];
    for (const [range, field] of ranges) {
      let refused: string | null = null;
      try {
        resolveInsightsRange(range, now.getTime());
      } catch (error) {
        if (!isReelayError(error)) throw error;
        refused = (error.details as { issues: Array<{ field: string }> }).issues[0]!.field;
      }
      expect(refused, JSON.stringify(range)).toBe(field);
      expect(checkRange(range, now)?.field ?? null, JSON.stringify(range)).toBe(field);
    }
  });

  it('says which field is missing or is not a day', () => {
    expect(checkRange({ since: '', until: '2026-11-25' }, now)).toEqual({
      field: 'since',
      key: 'missing',
    });
    expect(checkRange({ since: '2026-02-30', until: '2026-11-25' }, now)).toEqual({
      field: 'since',
      key: 'invalid',
    });
    expect(checkRange({ since: '2026-11-01', until: '2026-12-01' }, now)).toEqual({
      field: 'until',
      key: 'future',
    });
    expect(checkRange({ since: '2026-09-01', until: '2026-11-01' }, now)).toEqual({
      field: 'until',
      key: 'tooLong',
    });
    expect(checkRange({ since: '2026-11-02', until: '2026-11-01' }, now)).toEqual({
      field: 'since',
      key: 'order',
    });
  });
});
