import type { Comment, CommentReply, SavedReply } from '@reelay/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from './cli-error';
import { describeThread, renderThreads } from './comment-display';
import { idempotencyKeyOf } from './commands/comments';
import { pickSavedReply } from './commands/saved-replies';
import { setLanguage } from './i18n';
import { isYes } from './input';

const reply = (id: string, fields: Partial<CommentReply> = {}): CommentReply => ({
  id,
  platformCommentId: '17960000000000001',
  integrationId: 'int_1',
  postId: 'post_1',
  platformMediaId: '17920000000000001',
  parentId: null,
  username: 'ana.souza',
  text: 'Quanto custa?',
  createdAt: '2026-12-01T13:00:00.000Z',
  hidden: false,
  deleted: false,
  status: 'unread',
  fromSelf: false,
  assigneeId: null,
  privateReplySentAt: null,
  ...fields,
});

const thread = (
  id: string,
  replies: CommentReply[],
  fields: Partial<CommentReply> = {},
): Comment => ({
  ...reply(id, fields),
  replies,
});

describe('isYes', () => {
  it('takes yes in either language, and nothing else', () => {
    for (const answer of ['y', 'Y', 'yes', ' sim ', 's', 'SIM'])
      expect(isYes(answer), answer).toBe(true);
    for (const answer of ['', 'n', 'no', 'não', 'yeah', 'ok'])
      expect(isYes(answer), answer).toBe(false);
  });
});

describe('pickSavedReply', () => {
  const saved = (id: string, title: string): SavedReply => ({
    id,
    title,
    text: `texto de ${title}`,
    createdAt: '2026-12-01T13:00:00.000Z',
  });
  const replies = [saved('svr_1', 'Preço'), saved('svr_2', 'Horário'), saved('svr_3', 'horário')];

  it('finds a saved reply by id, or by its title whatever the case', () => {
    expect(pickSavedReply(replies, 'svr_2').id).toBe('svr_2');
    expect(pickSavedReply(replies, ' preço ').id).toBe('svr_1');
  });

  it('refuses a title two share, naming their ids, and one nobody has', () => {
    setLanguage('en');
    const twice = (() => {
      try {
        pickSavedReply(replies, 'HORÁRIO');
      } catch (error) {
        return error as CliError;
      }
    })();
    expect(twice).toBeInstanceOf(CliError);
    expect(twice!.kind).toBe('usage');
    expect(twice!.message).toBe('2 saved replies have the title "HORÁRIO" (svr_2, svr_3)');
    expect(() => pickSavedReply(replies, 'Entrega')).toThrow(
      'no saved reply with the title or the id "Entrega"',
    );
  });
});

describe('idempotencyKeyOf', () => {
  it('keeps the key given, and otherwise makes the same key for the same request only', () => {
    expect(idempotencyKeyOf('resposta-1', 'reply', ['cmt_1', 'Oi'])).toBe('resposta-1');
    const key = idempotencyKeyOf(undefined, 'reply', ['cmt_1', 'Oi']);
    expect(key).toMatch(/^cli-reply-[0-9a-f]{40}$/);
    expect(idempotencyKeyOf(undefined, 'reply', ['cmt_1', 'Oi'])).toBe(key);
    expect(idempotencyKeyOf(undefined, 'reply', ['cmt_1', 'Oi!'])).not.toBe(key);
    expect(idempotencyKeyOf(undefined, 'reply', ['cmt_2', 'Oi'])).not.toBe(key);
    expect(idempotencyKeyOf(undefined, 'private-reply', ['cmt_1', 'Oi'])).not.toBe(key);
  });
});

describe('the inbox for people', () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
    setLanguage('en');
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  const threads = [
    thread(
      'cmt_1',
      [
        reply('cmt_2', {
          parentId: 'cmt_1',
          username: 'cafe.aurora',
          fromSelf: true,
          text: 'R$ 12.',
        }),
      ],
      { status: 'replied' },
    ),
    thread('cmt_3', [], { username: 'bia', text: 'Promoção!', hidden: true, postId: null }),
  ];

  it('lists each thread with its replies indented under it, and the marks', () => {
    expect(renderThreads(threads, { withPost: true }).split('\n')).toEqual([
      'ID       WRITTEN (UTC)     FROM          STATUS          POST               COMMENT',
      'cmt_1    2026-12-01 13:00  @ana.souza    replied         post_1             Quanto custa?',
      '└ cmt_2  2026-12-01 13:00  @cafe.aurora  own             -                  R$ 12.',
      'cmt_3    2026-12-01 13:00  @bia          unread, hidden  17920000000000001  Promoção!',
      '',
    ]);
    expect(renderThreads(threads, { withPost: false })).not.toContain('POST');
  });

  it('shows a thread with its fields and its replies', () => {
    const text = describeThread(threads[0]!, new Map([['int_1', 'cafe.aurora']]));
    expect(text).toContain('Account:       @cafe.aurora\n');
    expect(text).toContain('Status:        replied\n');
    expect(text).toContain('Replies:\n');
    expect(text).toMatch(/^cmt_2\s+2026-12-01 13:00\s+@cafe\.aurora\s+own\s+R\$ 12\.$/m);
    expect(describeThread(threads[1]!)).toContain('Post:          17920000000000001 (Instagram)\n');
    expect(describeThread(threads[1]!)).toContain('No replies yet.\n');
  });
});
