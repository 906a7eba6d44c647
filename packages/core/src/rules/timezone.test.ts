import { describe, expect, it } from 'vitest';
import { isIanaTimeZone } from './timezone';

describe('isIanaTimeZone', () => {
  it('accepts IANA names', () => {
    for (const name of [
      'America/Sao_Paulo',
      'Europe/Lisbon',
      'UTC',
      'Etc/GMT+3',
      'America/Argentina/Buenos_Aires',
    ]) {
      expect(isIanaTimeZone(name), name).toBe(true);
    }
  });

  it('refuses offsets, abbreviations it does not know and junk', () => {
    for (const name of [
      '-03:00',
      '+05:30',
      'Mars/Olympus_Mons',
      'America/Sao Paulo',
      '',
      '../etc/passwd',
      'x'.repeat(65),
    ]) {
      expect(isIanaTimeZone(name), name).toBe(false);
    }
  });
});
