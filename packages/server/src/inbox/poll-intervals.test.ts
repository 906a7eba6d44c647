import { describe, expect, it } from 'vitest';
import { accountPollInterval, fullReadInterval, spread } from './poll-intervals';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('accountPollInterval', () => {
  const interval = (newestAgeMs: number, quietPolls: number, webhooksFlowing = false) =>
    accountPollInterval({ newestAgeMs, pollMinutes: 5, quietPolls, webhooksFlowing });

  it('doubles while the counts stand still, up to the quiet interval of the newest post', () => {
    expect([0, 1, 2, 3, 4, 10].map((quiet) => interval(HOUR, quiet) / MINUTE)).toEqual([
      5, 10, 20, 30, 30, 30,
    ]);
    expect([0, 1, 2, 3, 9].map((quiet) => interval(2 * DAY, quiet) / HOUR)).toEqual([
      1, 2, 4, 6, 6,
    ]);
    expect([0, 2, 3, 40].map((quiet) => interval(10 * DAY, quiet) / HOUR)).toEqual([6, 24, 24, 24]);
  });

  it('only catches up while Meta webhooks arrive', () => {
    expect(interval(HOUR, 0, true)).toBe(30 * MINUTE);
    expect(interval(2 * DAY, 0, true)).toBe(6 * HOUR);
  });

  it('never reads more often than REELAY_INBOX_POLL_MINUTES', () => {
    expect(
      accountPollInterval({
        newestAgeMs: 10 * DAY,
        pollMinutes: 600,
        quietPolls: 0,
        webhooksFlowing: false,
      }),
    ).toBe(10 * HOUR);
    expect(
      accountPollInterval({
        newestAgeMs: 0,
        pollMinutes: 45,
        quietPolls: 5,
        webhooksFlowing: false,
      }),
    ).toBe(45 * MINUTE);
  });
});

describe('fullReadInterval and spread', () => {
  it('reads a post of the last week in full daily, older ones only when their count moves', () => {
    expect(fullReadInterval(6 * DAY)).toBe(DAY);
    expect(fullReadInterval(8 * DAY)).toBeGreaterThan(30 * DAY);
  });

  it('gives each key its own fixed share between 0.8 and 1.2', () => {
    const shares = Array.from({ length: 200 }, (_, n) => spread(`1784140000000${n}`));
    expect(Math.min(...shares)).toBeGreaterThanOrEqual(0.8);
    expect(Math.max(...shares)).toBeLessThanOrEqual(1.2 + 1e-9);
    expect(new Set(shares.map((share) => share.toFixed(2))).size).toBeGreaterThan(20);
    expect(spread('17841400000000001')).toBe(spread('17841400000000001'));
  });
});
