import { describe, expect, it } from 'vitest';
import { suggestPostingTimes, type OnlineFollowersDay } from './posting-suggestions';

const DAY = 86_400_000;

describe('suggestPostingTimes', () => {
  it("suggests each weekday's busiest hour in the account's wall clock, across a DST change", () => {
    // Followers peak at 23:00 UTC every day, for four weeks around the March change in
    // New York: 18:00 before (UTC−5), 19:00 after (UTC−4).
    const audience: OnlineFollowersDay[] = [];
    for (let day = 0; day < 28; day++) {
      const dayStart = Date.UTC(2026, 1, 20) + day * DAY;
      audience.push({ dayStart, hours: { '14': 10, '23': 90, '3': 5 } });
    }
    const before = suggestPostingTimes({
      timezone: 'America/New_York',
      audience: audience.slice(0, 14),
      posts: [],
    });
    expect(before.source).toBe('audience');
    expect(before.suggestions).toHaveLength(7);
    expect(new Set(before.suggestions.map((item) => item.time))).toEqual(new Set(['18:00']));
    const after = suggestPostingTimes({
      timezone: 'America/New_York',
      audience: audience.slice(17),
      posts: [],
    });
    expect(new Set(after.suggestions.map((item) => item.time))).toEqual(new Set(['19:00']));
    expect(after.suggestions[0]!.reason).toContain('90 seguidores online às 19:00');
  });

  it('falls back to the posts when the audience metric is empty, then to common hours', () => {
    const empty = Array.from({ length: 10 }, (_, day) => ({ dayStart: day * DAY, hours: {} }));
    // Posts on Tuesdays at 12:00 São Paulo time (15:00 UTC) did far better than the rest.
    const tuesdayNoon = Date.UTC(2026, 9, 6, 15);
    const posts = [
      ...Array.from({ length: 3 }, (_, week) => ({
        publishedAt: tuesdayNoon + week * 7 * DAY,
        reach: 900,
        interactions: 100,
      })),
      ...Array.from({ length: 4 }, (_, index) => ({
        publishedAt: tuesdayNoon + DAY + index * 7 * DAY + 3_600_000,
        reach: 100,
        interactions: 5,
      })),
    ];
    const fromPosts = suggestPostingTimes({
      timezone: 'America/Sao_Paulo',
      audience: empty,
      posts,
    });
    expect(fromPosts.source).toBe('posts');
    expect(fromPosts.suggestions[0]).toMatchObject({ day: 'tuesday', time: '12:00', score: 1200 });
    expect(fromPosts.suggestions.map((item) => `${item.day} ${item.time}`)).toEqual([
      'tuesday 12:00',
      'wednesday 13:00',
    ]);
    const nothing = suggestPostingTimes({
      timezone: 'UTC',
      audience: empty,
      posts: posts.slice(0, 2),
    });
    expect(nothing.source).toBe('default');
    expect(nothing.suggestions).toHaveLength(7);
  });
});
