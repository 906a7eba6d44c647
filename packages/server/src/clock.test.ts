import { describe, expect, it } from 'vitest';
import { isoTime } from './clock';

describe('isoTime', () => {
  it('writes every time exactly as Date#toISOString does', () => {
    const day = 86_400_000;
    const edges = [
      0,
      1,
      999,
      1000,
      day - 1,
      day,
      // 29 February of a leap year, a century that is not one, and one that is.
      Date.UTC(2028, 1, 29, 23, 59, 59, 999),
      Date.UTC(2100, 1, 28, 12),
      Date.UTC(2100, 2, 1),
      Date.UTC(2000, 1, 29),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      // Outside the written range, and not whole milliseconds: Date's own text.
      Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 1,
      -1,
      -day * 400,
      1_795_000_000_000.5,
    ];
    const random = Array.from({ length: 200_000 }, () =>
      Math.floor(Math.random() * Date.UTC(9999, 11, 31)),
    );
    // Consecutive times on one day, then on the next, as a list answer formats them.
    const runs = Array.from({ length: 5000 }, (_, n) => Date.UTC(2026, 10, 24) + n * 37_000);
    const differing = [...edges, ...random, ...runs].filter(
      (time) => isoTime(time) !== new Date(time).toISOString(),
    );
    expect(differing.map((time) => [time, isoTime(time)])).toEqual([]);
    expect(isoTime(null)).toBeNull();
  });
});
