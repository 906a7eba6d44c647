/**
 * The inbox through Facebook Login, against the emulator, on every database: the Page is
 * subscribed to the app's webhooks when the account connects, comments arrive signed with
 * the Facebook app's secret, `mentions` notifications are read back with their text, and
 * a private reply goes through the Page, once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { settle } from '@reelay/test-support/settle';
import type { Platform } from '@reelay/test-support/with-emulator';
import {
  connectThroughFacebook,
  facebookPerson,
  startWithFacebook,
} from '@reelay/test-support/with-facebook';

const VERIFY_TOKEN = 'verificacao-facebook';

describe.each(testDialects())('the inbox through Facebook Login on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let owner: Account;
  let integrationId: string;
  let platformAccountId: string;

  beforeAll(async () => {
    media = await startMediaServer();
    platform = await startWithFacebook(dialect, {
      env: {
        REELAY_ALLOW_PRIVATE_URLS: 'true',
        META_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN,
        REELAY_META_SUBSCRIBE: 'on',
        // The webhook subscription and private replies need these beyond the defaults.
        FACEBOOK_SCOPES: [
          'instagram_basic',
          'instagram_content_publish',
          'instagram_manage_comments',
          'pages_show_list',
          'pages_read_engagement',
          'pages_manage_metadata',
          'pages_messaging',
        ].join(','),
      },
      reelay: { workers: false },
    });
    await platform.emulator.registerWebhook({
      callbackUrl: `${platform.server.url}/v1/meta/webhooks`,
      verifyToken: VERIFY_TOKEN,
      app: 'facebook',
    });
    owner = await createAccount(platform.server.url);
    const { person, accountIds } = facebookPerson(platform.emulator, [`fb.inbox.${dialect.name}`]);
    platformAccountId = accountIds[0]!;
    const connected = await connectThroughFacebook(platform, owner, { personId: person.id });
    expect(connected.status, JSON.stringify(connected.body)).toBe(200);
    integrationId = connected.body.integration.id;
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
  });

  const url = () => platform.server.url;
  const api = (method: string, path: string, body?: unknown) =>
    call(url(), method, path, body, owner.key);

  async function publish(caption: string) {
    const created = await api('POST', '/v1/posts', {
      content: caption,
      mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', caption.length) }],
      platforms: [{ platform: 'instagram', accountId: integrationId }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    await settle(platform.server);
    const post = (await api('GET', `/v1/posts/${created.body.post.id}`)).body.post;
    return { postId: post.id as string, mediaId: post.platforms[0].platformPostId as string };
  }

  async function deliverWebhooks() {
    await platform.emulator.idle();
    await settle(platform.server);
  }

  it('takes comments signed by the Facebook app and answers one in private through the Page', async () => {
    const { postId, mediaId } = await publish('Pelo Facebook');
    platform.emulator.addComment({ mediaId, username: 'iris', text: 'Qual o horário?' });
    await deliverWebhooks();
    const [thread] = (await api('GET', `/v1/comments?postId=${postId}`)).body.comments;
    expect(thread).toMatchObject({ username: 'iris', text: 'Qual o horário?', integrationId });

    const sent = await api('POST', `/v1/comments/${thread.id}/private-reply`, {
      message: 'Abrimos às 7h!',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.comment.privateReplySentAt).not.toBeNull();
    const onPlatform = platform.emulator
      .comments(mediaId)
      .find((comment) => comment.id === thread.platformCommentId)!;
    expect(onPlatform.privateReply?.text).toBe('Abrimos às 7h!');
    // The same message again is the same private reply; another one is refused.
    expect(
      (await api('POST', `/v1/comments/${thread.id}/private-reply`, { message: 'Abrimos às 7h!' }))
        .status,
    ).toBe(200);
    const second = await api('POST', `/v1/comments/${thread.id}/private-reply`, {
      message: 'Outra mensagem',
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'PRIVATE_REPLY_UNAVAILABLE',
      details: { reason: 'already_sent' },
    });
  });

  it('records a mention with its text, read back from the webhook ids', async () => {
    platform.emulator.addMention({
      accountId: platformAccountId,
      username: 'jonas',
      text: `Recomendo a @fb.inbox.${dialect.name}`,
      in: 'comment',
    });
    await deliverWebhooks();
    const { mentions } = (await api('GET', `/v1/mentions?accountId=${integrationId}`)).body;
    expect(mentions).toMatchObject([
      { kind: 'comment', username: 'jonas', text: `Recomendo a @fb.inbox.${dialect.name}` },
    ]);
  });
});
