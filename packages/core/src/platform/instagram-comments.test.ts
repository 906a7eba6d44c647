import { describe, expect, it } from 'vitest';
import {
  commentCalls,
  readBusinessUseCaseUsage,
  type CommentTransport,
} from './instagram-comments';

describe('readBusinessUseCaseUsage', () => {
  it('takes the highest share of every entry and the longest wait', () => {
    const header = JSON.stringify({
      '17841400000000001': [
        {
          type: 'instagram',
          call_count: 12,
          total_cputime: 80,
          total_time: 9,
          estimated_time_to_regain_access: 0,
        },
      ],
      '17841400000000002': [
        {
          type: 'instagram',
          call_count: 3,
          total_cputime: 4,
          total_time: 5,
          estimated_time_to_regain_access: 15,
        },
      ],
    });
    expect(readBusinessUseCaseUsage(header)).toEqual({ percent: 80, regainAccessMinutes: 15 });
  });

  it('reads nothing from an absent or malformed header', () => {
    expect(readBusinessUseCaseUsage(undefined)).toBeNull();
    expect(readBusinessUseCaseUsage('not json')).toBeNull();
    expect(readBusinessUseCaseUsage('{"1":"x"}')).toBeNull();
    expect(readBusinessUseCaseUsage(['{"1":[{"call_count":"7"}]}'])).toEqual({
      percent: 7,
      regainAccessMinutes: 0,
    });
  });
});

/** A transport answering fixed bodies by path, recording what was asked. */
function fixedTransport(bodies: Record<string, unknown>) {
  const asked: Array<{ path: string; query: Record<string, string> }> = [];
  const transport: CommentTransport = {
    get: async (path, query) => {
      asked.push({ path, query });
      return bodies[`${path}?after=${query.after ?? ''}`] ?? bodies[path];
    },
    post: async () => ({ id: '1' }),
    postJson: async () => ({ message_id: 'm1' }),
    delete: async () => ({ success: true }),
  };
  return { transport, asked };
}

describe('listComments', () => {
  const scopes = { comments: 'instagram_business_manage_comments', messages: 'x' };

  it('reads every page of a thread beyond the first, keeps ids exact and names the own account by from.id', async () => {
    const { transport, asked } = fixedTransport({
      '17900000000000001/comments': {
        data: [
          {
            id: '17858893269000001',
            text: 'Quanto custa?',
            timestamp: '2026-01-01T00:00:00+0000',
            from: { id: '90071992547409931', username: 'ana' },
            replies: {
              data: [
                { id: '17858893269000002', text: 'R$ 12', from: { id: '1784', username: 'loja' } },
              ],
              paging: { cursors: { after: 'r1' }, next: 'https://graph/next' },
            },
          },
        ],
        paging: { cursors: { after: 'c1' } },
      },
      '17858893269000001/replies?after=r1': {
        data: [{ id: '17858893269000003', text: 'Obrigada', username: 'ana', hidden: true }],
      },
    });
    const page = await commentCalls(transport, scopes).listComments({
      mediaId: '17900000000000001',
      after: null,
    });
    // Without `paging.next` there is no next page, whatever the cursor says.
    expect(page.after).toBeNull();
    expect(page.comments).toHaveLength(1);
    const [thread] = page.comments;
    expect(thread).toMatchObject({
      id: '17858893269000001',
      username: 'ana',
      fromId: '90071992547409931',
    });
    expect(thread!.replies.map((reply) => [reply.id, reply.hidden])).toEqual([
      ['17858893269000002', false],
      ['17858893269000003', true],
    ]);
    expect(asked.map((call) => call.path)).toEqual([
      '17900000000000001/comments',
      '17858893269000001/replies',
    ]);
    expect(asked[0]!.query.limit).toBe('50');
  });

  it('refuses a malformed answer as one whose outcome is unknown', async () => {
    const { transport } = fixedTransport({ '17900000000000001/comments': { nope: true } });
    await expect(
      commentCalls(transport, scopes).listComments({ mediaId: '17900000000000001', after: null }),
    ).rejects.toMatchObject({ code: 'INTERNAL_ERROR', details: { reason: 'malformed_response' } });
  });
});

describe('listMediaCommentCounts', () => {
  const scopes = { comments: 'instagram_business_manage_comments', messages: 'x' };

  it('asks for ids, counts and times from a time on, and follows the next cursor', async () => {
    const { transport, asked } = fixedTransport({
      '17841400000000001/media': {
        data: [
          { id: '17900000000000002', comments_count: 3, timestamp: '2026-01-02T00:00:00+0000' },
          // No count answered (comments off, or left out): read as none.
          { id: '17900000000000001', timestamp: '2026-01-01T00:00:00+0000' },
        ],
        paging: { cursors: { after: 'm1' }, next: 'https://graph/next' },
      },
    });
    const page = await commentCalls(transport, scopes).listMediaCommentCounts({
      igUserId: '17841400000000001',
      since: Date.UTC(2026, 0, 1),
      after: null,
    });
    expect(page).toEqual({
      media: [
        { id: '17900000000000002', commentsCount: 3, timestamp: '2026-01-02T00:00:00+0000' },
        { id: '17900000000000001', commentsCount: 0, timestamp: '2026-01-01T00:00:00+0000' },
      ],
      after: 'm1',
    });
    expect(asked[0]).toEqual({
      path: '17841400000000001/media',
      query: { fields: 'id,comments_count,timestamp', limit: '50', since: '1767225600' },
    });
  });

  it('refuses a malformed answer', async () => {
    const { transport } = fixedTransport({
      '17841400000000001/media': { data: [{ id: 'x', comments_count: -1 }] },
    });
    await expect(
      commentCalls(transport, scopes).listMediaCommentCounts({
        igUserId: '17841400000000001',
        since: 0,
        after: null,
      }),
    ).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
  });
});
