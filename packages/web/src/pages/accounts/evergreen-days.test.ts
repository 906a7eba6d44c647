import { describe, expect, it } from 'vitest';
import { evergreenSettings } from './evergreen-days';

describe('the evergreen days of a schedule', () => {
  it('sends whole days within the bounds and nothing else', () => {
    expect(evergreenSettings({ enabled: true, minDays: '30' })).toEqual({
      enabled: true,
      minDaysBetween: 30,
    });
    expect(evergreenSettings({ enabled: false, minDays: ' 1 ' })).toEqual({
      enabled: false,
      minDaysBetween: 1,
    });
    expect(evergreenSettings({ enabled: true, minDays: '365' })?.minDaysBetween).toBe(365);
    for (const wrong of ['0', '366', '7.5', '', '-3', '1e2', 'dez']) {
      expect(evergreenSettings({ enabled: true, minDays: wrong }), wrong).toBeNull();
    }
  });
});
