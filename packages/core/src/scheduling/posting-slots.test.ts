import { describe, expect, it } from 'vitest';
import {
  freeSlots,
  resolveWallClock,
  slotOccurrences,
  sortSlots,
  type WeeklySchedule,
  type WeeklySlot,
} from './posting-slots';

const iso = (instant: number) => new Date(instant).toISOString();
const at = (text: string) => Date.parse(text);
const DAY = 86_400_000;

function occurrences(schedule: WeeklySchedule, from: string, until: string) {
  return [...slotOccurrences(schedule, at(from), at(until))].map((slot) => ({
    at: iso(slot.at),
    local: slot.local,
    day: slot.day,
  }));
}

describe('resolveWallClock', () => {
  it('keeps 09:00 at 09:00 across the spring and autumn changes of New York', () => {
    const nineAm = (month: number, day: number) =>
      iso(resolveWallClock({ year: 2026, month, day }, '09:00', 'America/New_York'));
    expect(nineAm(3, 7)).toBe('2026-03-07T14:00:00.000Z'); // EST, -05:00
    expect(nineAm(3, 8)).toBe('2026-03-08T13:00:00.000Z'); // EDT from 02:00 that day
    expect(nineAm(10, 31)).toBe('2026-10-31T13:00:00.000Z');
    expect(nineAm(11, 1)).toBe('2026-11-01T14:00:00.000Z'); // EST again
  });

  it('keeps 09:00 at 09:00 across the changes of Lisbon', () => {
    const nineAm = (month: number, day: number) =>
      iso(resolveWallClock({ year: 2026, month, day }, '09:00', 'Europe/Lisbon'));
    expect(nineAm(3, 28)).toBe('2026-03-28T09:00:00.000Z'); // WET, +00:00
    expect(nineAm(3, 29)).toBe('2026-03-29T08:00:00.000Z'); // WEST, +01:00
    expect(nineAm(10, 24)).toBe('2026-10-24T08:00:00.000Z');
    expect(nineAm(10, 25)).toBe('2026-10-25T09:00:00.000Z');
  });

  it('moves a time the clock skips to the first valid minute after the gap', () => {
    // New York, 2026-03-08: 02:00 EST becomes 03:00 EDT; 02:30 happens at 03:00 EDT.
    expect(
      iso(resolveWallClock({ year: 2026, month: 3, day: 8 }, '02:30', 'America/New_York')),
    ).toBe('2026-03-08T07:00:00.000Z');
    expect(
      iso(resolveWallClock({ year: 2026, month: 3, day: 8 }, '02:00', 'America/New_York')),
    ).toBe('2026-03-08T07:00:00.000Z');
    // Lisbon, 2026-03-29: 01:00 WET becomes 02:00 WEST; 01:30 happens at 02:00 WEST.
    expect(iso(resolveWallClock({ year: 2026, month: 3, day: 29 }, '01:30', 'Europe/Lisbon'))).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('takes the first of a time the clock repeats', () => {
    // New York, 2026-11-01: 01:00 to 01:59 happen in EDT, then again in EST.
    expect(
      iso(resolveWallClock({ year: 2026, month: 11, day: 1 }, '01:30', 'America/New_York')),
    ).toBe('2026-11-01T05:30:00.000Z');
    // Lisbon, 2026-10-25: 01:00 to 01:59 happen in WEST, then again in WET.
    expect(
      iso(resolveWallClock({ year: 2026, month: 10, day: 25 }, '01:30', 'Europe/Lisbon')),
    ).toBe('2026-10-25T00:30:00.000Z');
  });

  it('reads zones without daylight saving time with their one offset', () => {
    expect(
      iso(resolveWallClock({ year: 2026, month: 12, day: 1 }, '09:00', 'America/Sao_Paulo')),
    ).toBe('2026-12-01T12:00:00.000Z');
    expect(iso(resolveWallClock({ year: 2026, month: 7, day: 1 }, '23:59', 'UTC'))).toBe(
      '2026-07-01T23:59:00.000Z',
    );
  });

  it('refuses a time that is not HH:MM', () => {
    expect(() => resolveWallClock({ year: 2026, month: 1, day: 1 }, '24:00', 'UTC')).toThrow();
    expect(() => resolveWallClock({ year: 2026, month: 1, day: 1 }, '9:00', 'UTC')).toThrow();
  });
});

describe('slotOccurrences', () => {
  const weekdays: WeeklySlot[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].flatMap(
    (day) => [
      { day: day as WeeklySlot['day'], time: '18:00' },
      { day: day as WeeklySlot['day'], time: '09:00' },
    ],
  );

  it('lists weekday slots in São Paulo in time order, within the bounds', () => {
    const schedule = { timezone: 'America/Sao_Paulo', slots: weekdays };
    expect(occurrences(schedule, '2026-11-27T13:00:00Z', '2026-12-01T12:00:00Z')).toEqual([
      { at: '2026-11-27T21:00:00.000Z', local: '2026-11-27T18:00', day: 'friday' },
      { at: '2026-11-30T12:00:00.000Z', local: '2026-11-30T09:00', day: 'monday' },
      { at: '2026-11-30T21:00:00.000Z', local: '2026-11-30T18:00', day: 'monday' },
      { at: '2026-12-01T12:00:00.000Z', local: '2026-12-01T09:00', day: 'tuesday' },
    ]);
  });

  it('gives every Sunday 09:00 in New York the local 09:00, before and after the change', () => {
    const schedule = { timezone: 'America/New_York', slots: [{ day: 'sunday', time: '09:00' }] };
    expect(
      occurrences(schedule as WeeklySchedule, '2026-02-28T00:00:00Z', '2026-03-16T00:00:00Z'),
    ).toEqual([
      { at: '2026-03-01T14:00:00.000Z', local: '2026-03-01T09:00', day: 'sunday' },
      { at: '2026-03-08T13:00:00.000Z', local: '2026-03-08T09:00', day: 'sunday' },
      { at: '2026-03-15T13:00:00.000Z', local: '2026-03-15T09:00', day: 'sunday' },
    ]);
  });

  it('shows a skipped slot at the wall-clock time it happens, and counts a slot that lands on another once', () => {
    const schedule: WeeklySchedule = {
      timezone: 'America/New_York',
      slots: [
        { day: 'sunday', time: '02:30' },
        { day: 'sunday', time: '03:00' },
      ],
    };
    expect(occurrences(schedule, '2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z')).toEqual([
      { at: '2026-03-08T07:00:00.000Z', local: '2026-03-08T03:00', day: 'sunday' },
    ]);
    expect(occurrences(schedule, '2026-03-15T00:00:00Z', '2026-03-16T00:00:00Z')).toEqual([
      { at: '2026-03-15T06:30:00.000Z', local: '2026-03-15T02:30', day: 'sunday' },
      { at: '2026-03-15T07:00:00.000Z', local: '2026-03-15T03:00', day: 'sunday' },
    ]);
  });

  it('happens once on the day a time repeats', () => {
    const schedule: WeeklySchedule = {
      timezone: 'Europe/Lisbon',
      slots: [{ day: 'sunday', time: '01:30' }],
    };
    expect(occurrences(schedule, '2026-10-24T00:00:00Z', '2026-10-26T00:00:00Z')).toEqual([
      { at: '2026-10-25T00:30:00.000Z', local: '2026-10-25T01:30', day: 'sunday' },
    ]);
  });

  it('includes both bounds and nothing outside them', () => {
    const schedule: WeeklySchedule = { timezone: 'UTC', slots: [{ day: 'monday', time: '09:00' }] };
    expect(occurrences(schedule, '2026-11-23T09:00:00Z', '2026-11-30T09:00:00Z')).toHaveLength(2);
    expect(occurrences(schedule, '2026-11-23T09:00:01Z', '2026-11-30T08:59:59Z')).toEqual([]);
    expect(
      occurrences({ timezone: 'UTC', slots: [] }, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'),
    ).toEqual([]);
  });

  it('resolves 75 days of a full week quickly', () => {
    const slots: WeeklySlot[] = (
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
    ).flatMap((day) =>
      Array.from({ length: 24 }, (_, hour) => ({
        day,
        time: `${String(hour).padStart(2, '0')}:00`,
      })),
    );
    const start = performance.now();
    // 75 local days in Lisbon, 1 September to 14 November, over the change of 25 October.
    const from = at('2026-08-31T23:00:00Z'); // midnight, +01:00
    const until = at('2026-11-15T00:00:00Z') - 1; // before midnight, +00:00
    expect(until - from + 1).toBe(75 * DAY + 3_600_000);
    const all = [...slotOccurrences({ timezone: 'Europe/Lisbon', slots }, from, until)];
    expect(performance.now() - start).toBeLessThan(1000);
    // Every hour of 75 days; the 01:00 that 25 October lives twice counts once.
    expect(all).toHaveLength(75 * 24);
    expect(all.filter((slot) => slot.local === '2026-10-25T01:00')).toHaveLength(1);
    expect(new Set(all.map((slot) => slot.at)).size).toBe(all.length);
  });
});

describe('freeSlots', () => {
  const schedule: WeeklySchedule = {
    timezone: 'America/Sao_Paulo',
    slots: [
      { day: 'monday', time: '09:00' },
      { day: 'monday', time: '18:00' },
      { day: 'tuesday', time: '09:00' },
    ],
  };

  it('skips slots whose minute is taken, and stops at the count', () => {
    const found = freeSlots(schedule, {
      from: at('2026-11-23T00:00:00Z'),
      until: at('2026-12-31T00:00:00Z'),
      taken: [at('2026-11-23T12:00:00Z'), at('2026-11-24T12:00:45Z'), at('2026-11-23T20:59:00Z')],
      count: 3,
    });
    expect(found.map((slot) => slot.local)).toEqual([
      '2026-11-23T18:00',
      '2026-11-30T09:00',
      '2026-11-30T18:00',
    ]);
  });

  it('answers nothing when every slot is taken or there is none', () => {
    const within = { from: at('2026-11-23T00:00:00Z'), until: at('2026-11-24T23:00:00Z') };
    expect(
      freeSlots(schedule, {
        ...within,
        taken: ['2026-11-23T12:00:00Z', '2026-11-23T21:00:00Z', '2026-11-24T12:00:00Z'].map(at),
        count: 1,
      }),
    ).toEqual([]);
    expect(freeSlots({ timezone: 'UTC', slots: [] }, { ...within, taken: [], count: 1 })).toEqual(
      [],
    );
  });
});

describe('sortSlots', () => {
  it('orders Monday first, then by time, and drops repeats', () => {
    expect(
      sortSlots([
        { day: 'sunday', time: '08:00' },
        { day: 'monday', time: '18:00' },
        { day: 'monday', time: '09:00' },
        { day: 'monday', time: '18:00' },
      ]),
    ).toEqual([
      { day: 'monday', time: '09:00' },
      { day: 'monday', time: '18:00' },
      { day: 'sunday', time: '08:00' },
    ]);
  });
});
