/**
 * The grid's order: an account's planned posts (a draft without a time first, then the
 * latest time first) above its published ones (latest first, at most the limit), each with
 * that account's status and time; failed, cancelled and other accounts' posts left out.
 */
import type { Post } from '@reelay/sdk';
import { describe, expect, it } from 'vitest';
import { gridTiles } from './grid-tiles';

const ACCOUNT = 'int_grade';

/** A post on the account (and maybe another), with its target's status and times. */
function post(
  id: string,
  status: Post['status'],
  times: { scheduledFor?: string; publishedAt?: string; other?: boolean } = {},
): Post {
  const target = {
    id: `tgt_${id}`,
    platform: 'instagram',
    integrationId: times.other ? 'int_outra' : ACCOUNT,
    profileId: null,
    status,
    platformPostId: null,
    platformPostUrl: null,
    publishedAt: times.publishedAt ?? null,
    scheduledFor: times.scheduledFor ?? null,
    errorCode: null,
    errorMessage: null,
    warningMessage: null,
  };
  return {
    id,
    status,
    kind: 'feed',
    content: id,
    scheduledFor: times.scheduledFor ?? null,
    publishedAt: times.publishedAt ?? null,
    timezone: 'UTC',
    mediaItems: [],
    platforms: [target],
    idempotencyKey: null,
    problems: [],
    rejectionReason: null,
    series: null,
    evergreen: false,
    evergreenCaptions: [],
    recycledFrom: null,
    links: { api: `https://example.test/v1/posts/${id}` },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  } as Post;
}

describe('the grid tiles', () => {
  const posts = [
    post('antigo', 'published', { publishedAt: '2026-11-02T10:00:00.000Z' }),
    post('terca', 'scheduled', { scheduledFor: '2026-12-01T10:00:00.000Z' }),
    post('rascunho', 'draft'),
    post('recente', 'published', { publishedAt: '2026-11-20T10:00:00.000Z' }),
    post('quinta', 'awaiting_approval', { scheduledFor: '2026-12-03T10:00:00.000Z' }),
    post('falhou', 'failed', { scheduledFor: '2026-11-10T10:00:00.000Z' }),
    post('cancelado', 'cancelled', { scheduledFor: '2026-12-09T10:00:00.000Z' }),
    post('outra', 'scheduled', { scheduledFor: '2026-12-05T10:00:00.000Z', other: true }),
  ];

  it('puts the planned posts above the published ones, latest first', () => {
    const tiles = gridTiles(posts, ACCOUNT);
    expect(tiles.map((tile) => [tile.post.id, tile.kind, tile.at])).toEqual([
      ['rascunho', 'planned', null],
      ['quinta', 'planned', '2026-12-03T10:00:00.000Z'],
      ['terca', 'planned', '2026-12-01T10:00:00.000Z'],
      ['recente', 'published', '2026-11-20T10:00:00.000Z'],
      ['antigo', 'published', '2026-11-02T10:00:00.000Z'],
    ]);
  });

  it('lets only posts at a time, scheduled or awaiting approval, swap', () => {
    const swappable = gridTiles(posts, ACCOUNT)
      .filter((tile) => tile.swappable)
      .map((tile) => tile.post.id);
    expect(swappable).toEqual(['quinta', 'terca']);
  });

  it('keeps the latest published posts up to the limit', () => {
    const published = gridTiles(posts, ACCOUNT, 1).filter((tile) => tile.kind === 'published');
    expect(published.map((tile) => tile.post.id)).toEqual(['recente']);
  });
});
