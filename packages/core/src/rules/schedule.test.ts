import { describe, expect, it } from 'vitest';
import { checkScheduleWindow, parseOffsetDateTime } from './schedule';
import { SCHEDULE_MAX_LEAD_MS } from '../vocabulary/limits';

describe('parseOffsetDateTime', () => {
  it('reads Z and explicit offsets as the same instant in UTC', () => {
    expect(parseOffsetDateTime('2026-11-22T10:00:00-03:00')?.toISOString()).toBe(
      '2026-11-22T13:00:00.000Z',
    );
    expect(parseOffsetDateTime('2026-11-22T13:00:00Z')?.toISOString()).toBe(
      '2026-11-22T13:00:00.000Z',
    );
    expect(parseOffsetDateTime('2026-11-22T18:30:00+05:30')?.toISOString()).toBe(
      '2026-11-22T13:00:00.000Z',
    );
    expect(parseOffsetDateTime('2026-11-22T13:00:00.250Z')?.toISOString()).toBe(
      '2026-11-22T13:00:00.250Z',
    );
    expect(parseOffsetDateTime('2026-11-22T13:00Z')?.toISOString()).toBe(
      '2026-11-22T13:00:00.000Z',
    );
  });

  it('refuses a time without offset', () => {
    expect(parseOffsetDateTime('2026-11-22T10:00:00')).toBeNull();
    expect(parseOffsetDateTime('2026-11-22 10:00:00')).toBeNull();
    expect(parseOffsetDateTime('2026-11-22')).toBeNull();
  });

  it('refuses malformed offsets and impossible dates', () => {
    for (const text of [
      '2026-11-22T10:00:00-03',
      '2026-11-22T10:00:00-0300',
      '2026-11-22T10:00:00+24:00',
      '2026-02-30T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-11-22T24:00:00Z',
      '2026-11-22T10:60:00Z',
      'tomorrow',
      '',
    ]) {
      expect(parseOffsetDateTime(text), text).toBeNull();
    }
    expect(parseOffsetDateTime('2028-02-29T10:00:00Z')).not.toBeNull();
  });
});

describe('checkScheduleWindow', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms);

  it('accepts exactly 1 minute ahead and refuses a millisecond less', () => {
    expect(checkScheduleWindow(at(60_000), now)).toBeNull();
    expect(checkScheduleWindow(at(59_999), now)).toBe('deve ser pelo menos 1 minuto no futuro');
  });

  it('accepts exactly 75 days ahead and refuses a millisecond more', () => {
    expect(checkScheduleWindow(at(SCHEDULE_MAX_LEAD_MS), now)).toBeNull();
    expect(checkScheduleWindow(at(SCHEDULE_MAX_LEAD_MS + 1), now)).toBe(
      'deve ser no máximo 75 dias no futuro',
    );
  });

  it('refuses the past', () => {
    expect(checkScheduleWindow(at(-1), now)).not.toBeNull();
  });

  it('judges a -03:00 time by its instant, not its wall-clock digits', () => {
    // 12:00:30 at -03:00 is 15:00:30Z: three hours ahead, inside the window.
    expect(checkScheduleWindow(parseOffsetDateTime('2026-11-21T12:00:30-03:00')!, now)).toBeNull();
    // 09:00:30 at -03:00 is 12:00:30Z: 30 s ahead, too soon.
    expect(
      checkScheduleWindow(parseOffsetDateTime('2026-11-21T09:00:30-03:00')!, now),
    ).not.toBeNull();
  });
});
