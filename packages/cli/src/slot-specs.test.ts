import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { parseSlotSpecs } from './commands/slots';

describe('parseSlotSpecs', () => {
  it('expands ranges and lists of days, in English or Portuguese, Monday first and by time', () => {
    expect(parseSlotSpecs(['seg-ter@18:00,9:00', 'sunday@07:15'])).toEqual([
      { day: 'monday', time: '09:00' },
      { day: 'monday', time: '18:00' },
      { day: 'tuesday', time: '09:00' },
      { day: 'tuesday', time: '18:00' },
      { day: 'sunday', time: '07:15' },
    ]);
    expect(parseSlotSpecs(['sat,Dom@10:30', 'sábado@10:30', 'terça-feira@08:00'])).toEqual([
      { day: 'tuesday', time: '08:00' },
      { day: 'saturday', time: '10:30' },
      { day: 'sunday', time: '10:30' },
    ]);
    expect(parseSlotSpecs(['mon-sun@00:00'])).toHaveLength(7);
  });

  it.each([
    ['mon'],
    ['mon@'],
    ['@09:00'],
    ['mon@09:00@10:00'],
    ['funday@09:00'],
    ['fri-mon@09:00'],
    ['mon@24:00'],
    ['mon@09:60'],
    ['mon@9h'],
  ])('refuses %s as a usage error', (spec) => {
    expect(() => parseSlotSpecs([spec])).toThrow(CliError);
  });
});
