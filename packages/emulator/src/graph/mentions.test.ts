import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  facebookPageToken,
  graphCode,
  startTestEmulator,
} from '../testing/harness';

const { emulator, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

describe('mentions with Facebook Login', () => {
  it('reads the comment and the media an @mention is in, and answers it in the thread', async () => {
    const { accountId, pageToken } = await facebookPageToken(emulator);
    const inComment = emulator.addMention({
      accountId,
      username: 'ana.souza',
      text: 'Vocês já provaram @cafe.aurora?',
    });
    expect(inComment).toEqual({
      mediaId: expect.stringMatching(/^\d{17}$/),
      commentId: expect.stringMatching(/^\d{17}$/),
    });
    const read = await call(emulator, 'GET', `/facebook/v25.0/${accountId}`, {
      token: pageToken,
      query: {
        fields: `mentioned_comment.comment_id(${inComment.commentId}){id,text,username,timestamp,like_count,media{id,media_product_type}}`,
      },
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      mentioned_comment: {
        id: inComment.commentId,
        text: 'Vocês já provaram @cafe.aurora?',
        username: 'ana.souza',
        timestamp: '2026-01-01T00:00:00+0000',
        like_count: 0,
        media: { id: inComment.mediaId, media_product_type: 'FEED' },
      },
      id: accountId,
    });

    const answer = await call(emulator, 'POST', `/facebook/v25.0/${accountId}/mentions`, {
      token: pageToken,
      form: {
        media_id: inComment.mediaId,
        comment_id: inComment.commentId!,
        message: 'Obrigada, Ana!',
      },
    });
    expect(answer.status).toBe(200);
    const [thread] = emulator.comments(inComment.mediaId);
    expect(thread!.replies).toEqual([
      expect.objectContaining({
        id: answer.body.id,
        parentId: inComment.commentId,
        authorAccountId: accountId,
        text: 'Obrigada, Ana!',
      }),
    ]);

    const inCaption = emulator.addMention({
      accountId,
      username: 'bia',
      text: 'Café da manhã',
      in: 'caption',
    });
    const media = await call(emulator, 'GET', `/facebook/v25.0/${accountId}`, {
      token: pageToken,
      query: {
        fields: `mentioned_media.media_id(${inCaption.mediaId}){caption,username,permalink,timestamp,media_type}`,
      },
    });
    expect(media.body.mentioned_media).toEqual({
      caption: '@cafe.aurora Café da manhã',
      username: 'bia',
      permalink: expect.stringMatching(/^https:\/\/www\.instagram\.com\/p\//),
      timestamp: '2026-01-01T00:00:00+0000',
      media_type: 'IMAGE',
      id: inCaption.mediaId,
    });
    const onCaption = await call(emulator, 'POST', `/facebook/v25.0/${accountId}/mentions`, {
      token: pageToken,
      form: { media_id: inCaption.mediaId, message: 'Obrigada!' },
    });
    expect(emulator.comments(inCaption.mediaId)).toEqual([
      expect.objectContaining({ id: onCaption.body.id, authorAccountId: accountId }),
    ]);
  });

  it('refuses a comment that does not mention the account, and one on another media', async () => {
    const { accountId, pageToken } = await facebookPageToken(emulator);
    const mention = emulator.addMention({ accountId, username: 'ana', text: 'oi @cafe.aurora' });
    const plain = emulator.addComment({ mediaId: mention.mediaId, username: 'bia', text: 'oi' });
    const read = await call(emulator, 'GET', `/facebook/v25.0/${accountId}`, {
      token: pageToken,
      query: { fields: `mentioned_comment.comment_id(${plain.id}){id}` },
    });
    expect(graphCode(read)).toEqual({ status: 400, code: 100, subcode: 33 });
    const other = emulator.addMention({ accountId, username: 'caio', text: '@cafe.aurora' });
    const reply = await call(emulator, 'POST', `/facebook/v25.0/${accountId}/mentions`, {
      token: pageToken,
      form: { media_id: other.mediaId, comment_id: mention.commentId!, message: 'x' },
    });
    expect(graphCode(reply).code).toBe(100);
  });

  it('lists the media the account is tagged on', async () => {
    const { accountId, pageToken } = await facebookPageToken(emulator);
    const tag = emulator.addMention({ accountId, username: 'ana', text: 'Com elas', in: 'tag' });
    const tags = await call(emulator, 'GET', `/facebook/v25.0/${accountId}/tags`, {
      token: pageToken,
      query: { fields: 'id,caption,username' },
    });
    expect(tags.body).toEqual({
      data: [{ id: tag.mediaId, caption: 'Com elas', username: 'ana' }],
    });
  });
});

describe('mentions with Instagram Login', () => {
  it('has no mentioned_comment unless mentionFieldsOnInstagramLogin, but answers mentions', async () => {
    const { id, token } = await accountWithToken(emulator, { username: 'cafe.aurora' });
    const mention = emulator.addMention({
      accountId: id,
      username: 'ana',
      text: 'oi @cafe.aurora',
    });
    const fields = `mentioned_comment.comment_id(${mention.commentId}){text}`;
    const missing = await call(emulator, 'GET', '/v25.0/me', { token, query: { fields } });
    expect(graphCode(missing).code).toBe(100);
    expect(missing.body.error.message).toContain('nonexisting field (mentioned_comment)');
    emulator.configure({ mentionFieldsOnInstagramLogin: true });
    const read = await call(emulator, 'GET', '/v25.0/me', { token, query: { fields } });
    expect(read.body.mentioned_comment).toEqual({ text: 'oi @cafe.aurora', id: mention.commentId });
    const answer = await call(emulator, 'POST', `/v25.0/${id}/mentions`, {
      token,
      json: { media_id: mention.mediaId, comment_id: mention.commentId, message: 'Oi!' },
    });
    expect(answer.status).toBe(200);
    const tags = await call(emulator, 'GET', '/me/tags', { token });
    expect(tags.body).toEqual({ data: [] });
  });
});
