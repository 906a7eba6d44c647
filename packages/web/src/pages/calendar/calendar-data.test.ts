/**
 * Where a post sits in the calendar: at each of its accounts' times, earliest first, and
 * only at the times of the accounts a filter keeps; a draft without a time or an account
 * sits beside it instead.
 */
import type { Post } from '@reelay/sdk';
import { describe, expect, it } from 'vitest';
import { isUnplacedDraft, postTimes } from './calendar-data';

type Target = Post['platforms'][number];

function target(
  integrationId: string,
  scheduledFor: string | null,
  profileId: string | null = null,
): Target {
  return { integrationId, scheduledFor, profileId, status: 'scheduled' } as Target;
}

function post(platforms: Target[], scheduledFor: string | null): Post {
  return { id: 'post_1', scheduledFor, createdAt: '2026-11-27T20:00:00.000Z', platforms } as Post;
}

const queued = post(
  [
    target('int_cafe', '2026-11-30T12:00:00.000Z'),
    target('int_padaria', '2026-11-28T10:00:00.000Z', 'prf_padaria'),
    target('int_bolo', '2026-11-30T12:00:00.000Z'),
  ],
  '2026-11-28T10:00:00.000Z',
);

describe('postTimes', () => {
  it("places a queued post at each account's own time, earliest first", () => {
    expect(
      postTimes(queued, {}).map(({ at, targets }) => [at, targets.map((t) => t.integrationId)]),
    ).toEqual([
      ['2026-11-28T10:00:00.000Z', ['int_padaria']],
      ['2026-11-30T12:00:00.000Z', ['int_cafe', 'int_bolo']],
    ]);
  });

  it('keeps only the times of the filtered account or profile', () => {
    expect(postTimes(queued, { accountId: 'int_cafe' }).map(({ at }) => at)).toEqual([
      '2026-11-30T12:00:00.000Z',
    ]);
    expect(postTimes(queued, { profileId: 'prf_padaria' }).map(({ at }) => at)).toEqual([
      '2026-11-28T10:00:00.000Z',
    ]);
    expect(postTimes(queued, { profileId: 'null' }).map(({ at }) => at)).toEqual([
      '2026-11-30T12:00:00.000Z',
    ]);
  });

  it('places a post sent at once at its creation', () => {
    const now = post([target('int_cafe', null)], null);
    expect(postTimes(now, {})).toEqual([
      { at: '2026-11-27T20:00:00.000Z', targets: now.platforms },
    ]);
  });
});

describe('isUnplacedDraft', () => {
  it('leaves out of the grid a draft without a time or without an account', () => {
    const draft = (change: Partial<Post>) =>
      ({ ...post([target('int_cafe', null)], null), status: 'draft', ...change }) as Post;
    expect(isUnplacedDraft(draft({}))).toBe(true);
    expect(
      isUnplacedDraft(draft({ scheduledFor: '2026-12-01T13:00:00.000Z', platforms: [] })),
    ).toBe(true);
    expect(isUnplacedDraft(draft({ scheduledFor: '2026-12-01T13:00:00.000Z' }))).toBe(false);
    // A post awaiting approval without a time goes out once approved: it keeps its place.
    expect(isUnplacedDraft(draft({ status: 'awaiting_approval' }))).toBe(false);
  });
});
