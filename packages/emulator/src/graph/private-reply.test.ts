import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  COMMENT_PERMISSIONS,
  facebookPageToken,
  graphCode,
  publishImage,
  startTestEmulator,
} from '../testing/harness';

const { emulator, clock, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const DAY = 24 * 60 * 60 * 1000;

function privateReply(path: string, token: string, commentId: string, text = 'Te mandei o link!') {
  return call(emulator, 'POST', path, {
    token,
    json: { recipient: { comment_id: commentId }, message: { text } },
  });
}

async function commented() {
  const account = await accountWithToken(emulator, { username: 'cafe.aurora' });
  const mediaId = await publishImage(emulator, account.token);
  const { id } = emulator.addComment({ mediaId, username: 'ana.souza', text: 'Quanto custa?' });
  return { ...account, mediaId, commentId: id };
}

describe('private replies with Instagram Login', () => {
  it('sends one private reply to a commenter, then refuses a second', async () => {
    const { token, mediaId, commentId } = await commented();
    const sent = await privateReply('/v25.0/me/messages', token, commentId);
    expect(sent.status).toBe(200);
    const from = emulator.comments(mediaId)[0]!.from.id;
    expect(sent.body).toEqual({ recipient_id: from, message_id: expect.any(String) });
    expect(emulator.comments(mediaId)[0]!.privateReply).toEqual({
      messageId: sent.body.message_id,
      text: 'Te mandei o link!',
      timestamp: '2026-01-01T00:00:00+0000',
    });
    const again = await privateReply('/v25.0/me/messages', token, commentId, 'De novo');
    expect(graphCode(again)).toEqual({ status: 400, code: 10, subcode: 2534022 });
    expect(emulator.comments(mediaId)[0]!.privateReply!.text).toBe('Te mandei o link!');
  });

  it('answers within 7 days of the comment only', async () => {
    const { id, token, commentId } = await commented();
    clock.advance(7 * DAY);
    const inTime = await privateReply(`/v25.0/${id}/messages`, token, commentId);
    expect(inTime.status).toBe(200);
    const { mediaId } = emulator.comments().find((c) => c.id === commentId)!;
    const late = emulator.addComment({ mediaId, username: 'bia', text: 'E eu?' });
    clock.advance(7 * DAY + 1000);
    expect(graphCode(await privateReply('/me/messages', token, late.id))).toEqual({
      status: 400,
      code: 10,
      subcode: 2534022,
    });
  });

  it('needs the messaging permission too, unless privateReplyPermission is comments', async () => {
    const { id, commentId } = await commented();
    const commentsOnly = emulator.mintToken(id, {
      scopes: ['instagram_business_basic', 'instagram_business_manage_comments'],
    }).access_token;
    const refused = await privateReply('/me/messages', commentsOnly, commentId);
    expect(graphCode(refused).code).toBe(10);
    expect(refused.body.error.message).toContain('instagram_business_manage_messages');
    const noComments = emulator.mintToken(id, {
      scopes: ['instagram_business_basic', 'instagram_business_manage_messages'],
    }).access_token;
    expect(graphCode(await privateReply('/me/messages', noComments, commentId)).code).toBe(10);
    emulator.configure({ privateReplyPermission: 'comments' });
    expect((await privateReply('/me/messages', commentsOnly, commentId)).status).toBe(200);
  });

  it('refuses its own comments, unknown or deleted ones, long texts and a missing recipient', async () => {
    const { token, mediaId, commentId } = await commented();
    const own = await call(emulator, 'POST', `/${mediaId}/comments`, {
      token,
      form: { message: 'Link na bio' },
    });
    expect(graphCode(await privateReply('/me/messages', token, own.body.id))).toEqual({
      status: 400,
      code: 100,
      subcode: 2018001,
    });
    expect(graphCode(await privateReply('/me/messages', token, '17960000000000000')).subcode).toBe(
      2018001,
    );
    const long = await privateReply('/me/messages', token, commentId, 'é'.repeat(501));
    expect(graphCode(long).code).toBe(100);
    expect(long.body.error.message).toContain('1,000 bytes');
    const noRecipient = await call(emulator, 'POST', '/me/messages', {
      token,
      json: { message: { text: 'oi' } },
    });
    expect(graphCode(noRecipient).code).toBe(100);
    // The query form some clients send: recipient as JSON text.
    const asQuery = await call(emulator, 'POST', '/me/messages', {
      token,
      query: {
        recipient: JSON.stringify({ comment_id: commentId }),
        message: JSON.stringify({ text: 'oi' }),
      },
    });
    expect(asQuery.status).toBe(200);
    const gone = emulator.addComment({ mediaId, username: 'bia', text: 'Apaguei' });
    emulator.deleteComment(gone.id);
    expect(graphCode(await privateReply('/me/messages', token, gone.id)).subcode).toBe(2018001);
  });
});

describe('private replies with Facebook Login', () => {
  const MESSAGING = [...COMMENT_PERMISSIONS, 'pages_messaging'];

  it('go to the Page with a Page token; the Instagram node answers (#3)', async () => {
    const { accountId, pageId, pageToken, userToken } = await facebookPageToken(emulator, {
      permissions: MESSAGING,
    });
    const mediaId = await publishImage(emulator, emulator.mintToken(accountId).access_token);
    const { id } = emulator.addComment({ mediaId, username: 'ana.souza', text: 'Quanto custa?' });
    const onIgNode = await privateReply(`/facebook/v25.0/${accountId}/messages`, pageToken, id);
    expect(graphCode(onIgNode).code).toBe(3);
    expect(onIgNode.body.error.message).toBe(
      '(#3) Application does not have the capability to make this API call.',
    );
    const withUserToken = await privateReply(`/facebook/v25.0/${pageId}/messages`, userToken, id);
    expect(graphCode(withUserToken).code).toBe(210);
    const sent = await privateReply(`/facebook/v25.0/${pageId}/messages`, pageToken, id);
    expect(sent.status).toBe(200);
    expect(sent.body.recipient_id).toBe(emulator.comments(mediaId)[0]!.from.id);
    expect(
      graphCode(await privateReply(`/facebook/v25.0/me/messages`, pageToken, id)).subcode,
    ).toBe(2534022);
  });

  it('needs pages_messaging, unless privateReplyPermission is comments', async () => {
    const { accountId, pageId, pageToken } = await facebookPageToken(emulator);
    const mediaId = await publishImage(emulator, emulator.mintToken(accountId).access_token);
    const { id } = emulator.addComment({ mediaId, username: 'ana.souza', text: 'Oi' });
    const refused = await privateReply(`/facebook/v25.0/${pageId}/messages`, pageToken, id);
    expect(graphCode(refused).code).toBe(10);
    expect(refused.body.error.message).toContain('pages_messaging');
    emulator.configure({ privateReplyPermission: 'comments' });
    expect((await privateReply(`/facebook/v25.0/${pageId}/messages`, pageToken, id)).status).toBe(
      200,
    );
  });
});
