import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  facebookPageToken,
  graphCode,
  publishImage,
  startReceiver,
  startTestEmulator,
  type ReceivedRequest,
  type Receiver,
} from '../testing/harness';

const { emulator, clock, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver({ verifyToken: 'verify-me' });
});
afterEach(() => receiver.close());

/** What an app does with a notification: check the signature with its secret, then parse. */
function verified(request: ReceivedRequest, secret: string): any {
  const header = String(request.headers['x-hub-signature-256'] ?? '');
  expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
  const expected = createHmac('sha256', secret).update(request.body).digest();
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  expect(timingSafeEqual(expected, given)).toBe(true);
  return JSON.parse(request.body);
}

async function register(app?: 'instagram' | 'facebook') {
  const res = await call(emulator, 'POST', '/_emulator/webhooks', {
    json: { callbackUrl: receiver.url, verifyToken: 'verify-me', ...(app ? { app } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

/** An Instagram Login account with a post, subscribed to its comments webhooks. */
async function subscribedAccount() {
  const account = await accountWithToken(emulator, { username: 'cafe.aurora' });
  const mediaId = await publishImage(emulator, account.token);
  const subscribe = await call(emulator, 'POST', `/v25.0/${account.id}/subscribed_apps`, {
    token: account.token,
    query: { subscribed_fields: 'comments,messages' },
  });
  expect(subscribe.body).toEqual({ success: true });
  return { ...account, mediaId };
}

describe('webhook verification', () => {
  it('performs Meta’s handshake and keeps the callback URL only when the challenge is echoed', async () => {
    const [instagram, facebook] = await register();
    const [first, second] = receiver.received;
    for (const request of [first!, second!]) {
      expect(request.method).toBe('GET');
      const query = new URL(request.url, 'http://x').searchParams;
      expect(query.get('hub.mode')).toBe('subscribe');
      expect(query.get('hub.verify_token')).toBe('verify-me');
      expect(query.get('hub.challenge')).toMatch(/^\d+$/);
    }
    expect(instagram).toMatchObject({ app: 'instagram', callbackUrl: receiver.url });
    expect(facebook).toMatchObject({ app: 'facebook', fields: ['comments', 'mentions'] });

    const wrongToken = await call(emulator, 'POST', '/_emulator/webhooks', {
      json: { callbackUrl: receiver.url, verifyToken: 'other', app: 'instagram' },
    });
    expect(wrongToken.status).toBe(422);
    expect(wrongToken.body.error.message).toContain('hub.challenge');
    const unreachable = await call(emulator, 'POST', '/_emulator/webhooks', {
      json: { callbackUrl: 'http://127.0.0.1:9/hook', verifyToken: 'x' },
    });
    expect(unreachable.status).toBe(502);
    expect(
      (await call(emulator, 'POST', '/_emulator/webhooks', { json: { verifyToken: 'x' } })).status,
    ).toBe(400);

    const echoed = await startReceiver({ answer: () => ({ status: 200, body: '12' }) });
    await expect(
      emulator.registerWebhook({ callbackUrl: echoed.url, verifyToken: 'x' }),
    ).rejects.toThrow(/hub\.challenge/);
    await echoed.close();
  });
});

describe('comment notifications', () => {
  it('sends each new comment, signed with the app secret, in the shape of reference §10.5', async () => {
    await register('instagram');
    const { id: accountId, mediaId } = await subscribedAccount();
    clock.advance(90_000);
    const { id } = emulator.addComment({ mediaId, username: 'ana.souza', text: 'Que lindo!' });
    await emulator.idle();
    const [post] = receiver.posts();
    expect(post!.headers['content-type']).toBe('application/json');
    const payload = verified(post!, emulator.config.appSecret);
    expect(payload).toEqual({
      object: 'instagram',
      entry: [
        {
          id: accountId,
          time: Math.floor(emulator.now() / 1000),
          changes: [
            {
              field: 'comments',
              value: {
                from: { id: expect.stringMatching(/^\d{17}$/), username: 'ana.souza' },
                media: { id: mediaId, media_product_type: 'FEED' },
                id,
                text: 'Que lindo!',
              },
            },
          ],
        },
      ],
    });
    expect(payload.entry[0].changes[0].value.from.id).toBe(emulator.comments(mediaId)[0]!.from.id);
    const [delivery] = emulator.webhookDeliveries();
    expect(delivery).toMatchObject({
      app: 'instagram',
      state: 'delivered',
      body: post!.body,
      signature: post!.headers['x-hub-signature-256'],
      attempts: [{ status: 200 }],
    });
  });

  it('sends the account’s own replies made through the API, marked with self_ig_scoped_id', async () => {
    await register('instagram');
    const { id: accountId, token, mediaId } = await subscribedAccount();
    const { id: commentId } = emulator.addComment({ mediaId, username: 'ana', text: 'Oi' });
    const reply = await call(emulator, 'POST', `/v25.0/${commentId}/replies`, {
      token,
      form: { message: 'Olá, Ana!' },
    });
    const first = await call(emulator, 'POST', `/v25.0/${mediaId}/comments`, {
      token,
      form: { message: 'Link na bio' },
    });
    await emulator.idle();
    const values = receiver
      .posts()
      .map((post) => verified(post, emulator.config.appSecret).entry[0].changes[0].value);
    expect(values).toHaveLength(3);
    expect(values[0].from.self_ig_scoped_id).toBeUndefined();
    expect(values[1]).toEqual({
      from: {
        id: accountId,
        username: 'cafe.aurora',
        self_ig_scoped_id: expect.stringMatching(/^\d{17}$/),
      },
      media: { id: mediaId, media_product_type: 'FEED' },
      id: reply.body.id,
      parent_id: commentId,
      text: 'Olá, Ana!',
    });
    expect(values[1].from.self_ig_scoped_id).not.toBe(accountId);
    expect(values[2]).toMatchObject({ id: first.body.id, from: { id: accountId } });
    expect(values[2].parent_id).toBeUndefined();
    // The app can tell its own: from.id equals entry.id.
    const entries = receiver.posts().map((p) => JSON.parse(p.body).entry[0]);
    expect(entries.map((e) => e.changes[0].value.from.id === e.id)).toEqual([false, true, true]);
  });

  it('signs Instagram Login webhooks with the Meta app secret when configured so', async () => {
    emulator.configure({ instagramWebhookSecret: 'facebook' });
    await register('instagram');
    const { mediaId } = await subscribedAccount();
    emulator.addComment({ mediaId, username: 'ana', text: 'Oi' });
    await emulator.idle();
    verified(receiver.posts()[0]!, emulator.config.facebookAppSecret);
  });

  it('sends nothing before the account subscribes, nor after it unsubscribes', async () => {
    await register('instagram');
    const { id, token, mediaId } = await subscribedAccount();
    const listed = await call(emulator, 'GET', `/${id}/subscribed_apps`, { token });
    expect(listed.body).toEqual({
      data: [
        {
          id: emulator.config.appId,
          name: 'Reelay (emulator)',
          subscribed_fields: ['comments', 'messages'],
        },
      ],
    });
    await call(emulator, 'DELETE', `/me/subscribed_apps`, { token });
    emulator.addComment({ mediaId, username: 'ana', text: 'Oi' });
    await emulator.idle();
    expect(receiver.posts()).toEqual([]);
    expect((await call(emulator, 'GET', `/me/subscribed_apps`, { token })).body).toEqual({
      data: [],
    });
  });

  it('checks the subscribed fields and their permissions', async () => {
    const { id } = await accountWithToken(emulator);
    const basic = emulator.mintToken(id, { scopes: ['instagram_business_basic'] }).access_token;
    const noComments = await call(emulator, 'POST', '/me/subscribed_apps', {
      token: basic,
      query: { subscribed_fields: 'comments' },
    });
    expect(graphCode(noComments).code).toBe(10);
    const { access_token: token } = emulator.mintToken(id);
    expect(graphCode(await call(emulator, 'POST', '/me/subscribed_apps', { token })).code).toBe(
      100,
    );
    const unknown = await call(emulator, 'POST', '/me/subscribed_apps', {
      token,
      query: { subscribed_fields: 'comments,mentions' },
    });
    expect(unknown.body.error.message).toContain('subscribed_fields[1] must be one of');
  });

  it('batches changes until flushed with webhookBatching, one entry per account', async () => {
    emulator.configure({ webhookBatching: true });
    await register('instagram');
    const { id: accountId, mediaId } = await subscribedAccount();
    const other = await accountWithToken(emulator, { username: 'outra' });
    const otherMedia = await publishImage(emulator, other.token);
    await call(emulator, 'POST', '/me/subscribed_apps', {
      token: other.token,
      query: { subscribed_fields: 'comments' },
    });
    emulator.addComment({ mediaId, username: 'ana', text: 'um' });
    emulator.addComment({ mediaId, username: 'bia', text: 'dois' });
    emulator.addComment({ mediaId: otherMedia, username: 'caio', text: 'três' });
    await emulator.idle();
    expect(receiver.posts()).toEqual([]);
    expect(emulator.webhooks().pending).toBe(3);
    const flushed = await call(emulator, 'POST', '/_emulator/webhooks/flush');
    expect(flushed.body.data).toHaveLength(1);
    const [post] = receiver.posts();
    const payload = verified(post!, emulator.config.appSecret);
    expect(payload.entry.map((e: { id: string }) => e.id)).toEqual([accountId, other.id]);
    expect(payload.entry[0].changes.map((c: { value: { text: string } }) => c.value.text)).toEqual([
      'um',
      'dois',
    ]);
    expect(emulator.webhooks().pending).toBe(0);
  });

  it('retries a failed delivery at once, then on each flush for 36 hours', async () => {
    let status = 500;
    await receiver.close();
    receiver = await startReceiver({ verifyToken: 'verify-me', status: () => status });
    await register('instagram');
    const { mediaId } = await subscribedAccount();
    emulator.addComment({ mediaId, username: 'ana', text: 'Oi' });
    await emulator.idle();
    expect(receiver.posts()).toHaveLength(2);
    expect(emulator.webhookDeliveries()[0]).toMatchObject({
      state: 'failed',
      attempts: [{ status: 500 }, { status: 500 }],
    });
    status = 200;
    clock.advance(60 * 60 * 1000);
    const [retried] = await emulator.flushWebhooks();
    expect(retried).toMatchObject({ state: 'delivered' });
    const bodies = receiver.posts().map((p) => p.body);
    // The same body, byte for byte, on every attempt: receivers deduplicate on it.
    expect(new Set(bodies).size).toBe(1);

    status = 500;
    emulator.addComment({ mediaId, username: 'bia', text: 'Oi de novo' });
    await emulator.idle();
    clock.advance(37 * 60 * 60 * 1000);
    await emulator.flushWebhooks();
    expect(emulator.webhookDeliveries()[1]).toMatchObject({ state: 'dropped' });
  });
});

describe('Facebook Login webhooks', () => {
  it('subscribe through the Page and arrive signed with the Meta app secret', async () => {
    await register('facebook');
    const { accountId, pageId, pageToken, userToken } = await facebookPageToken(emulator);
    const withUser = await call(emulator, 'POST', `/facebook/v25.0/${pageId}/subscribed_apps`, {
      token: userToken,
      query: { subscribed_fields: 'comments' },
    });
    expect(graphCode(withUser).code).toBe(210);
    const onIgNode = await call(emulator, 'POST', `/facebook/v25.0/${accountId}/subscribed_apps`, {
      token: pageToken,
      query: { subscribed_fields: 'comments' },
    });
    expect(graphCode(onIgNode).code).toBe(3);
    const subscribe = await call(emulator, 'POST', '/facebook/v25.0/me/subscribed_apps', {
      token: pageToken,
      query: { subscribed_fields: 'comments,mentions' },
    });
    expect(subscribe.body).toEqual({ success: true });
    const listed = await call(emulator, 'GET', `/facebook/v25.0/${pageId}/subscribed_apps`, {
      token: pageToken,
    });
    expect(listed.body.data[0]).toMatchObject({
      id: emulator.config.facebookAppId,
      subscribed_fields: ['comments', 'mentions'],
    });

    const mediaId = await publishImage(emulator, emulator.mintToken(accountId).access_token);
    const { id } = emulator.addComment({ mediaId, username: 'ana', text: 'Oi' });
    const mention = emulator.addMention({ accountId, username: 'bia', text: 'olha @cafe.aurora' });
    const caption = emulator.addMention({
      accountId,
      username: 'caio',
      text: 'foto',
      in: 'caption',
    });
    await emulator.idle();
    const changes = receiver
      .posts()
      .map((post) => verified(post, emulator.config.facebookAppSecret))
      .map((payload) => {
        expect(payload.object).toBe('instagram');
        expect(payload.entry[0].id).toBe(accountId);
        return payload.entry[0].changes[0];
      });
    expect(changes).toEqual([
      { field: 'comments', value: expect.objectContaining({ id, text: 'Oi' }) },
      {
        field: 'mentions',
        value: { media_id: mention.mediaId, comment_id: mention.commentId },
      },
      { field: 'mentions', value: { media_id: caption.mediaId } },
    ]);
    expect(emulator.webhooks().subscriptions).toEqual([
      { app: 'facebook', accountId, pageId, fields: ['comments', 'mentions'] },
    ]);
  });

  it('takes only a Page’s own fields with pageSubscribedFields: page, and needs pages_manage_metadata', async () => {
    const { pageToken } = await facebookPageToken(emulator);
    emulator.configure({ pageSubscribedFields: 'page' });
    const refused = await call(emulator, 'POST', '/facebook/v25.0/me/subscribed_apps', {
      token: pageToken,
      query: { subscribed_fields: 'comments' },
    });
    expect(graphCode(refused).code).toBe(100);
    const feed = await call(emulator, 'POST', '/facebook/v25.0/me/subscribed_apps', {
      token: pageToken,
      query: { subscribed_fields: 'feed' },
    });
    expect(feed.body).toEqual({ success: true });

    reset();
    const { pageToken: noMetadata } = await facebookPageToken(emulator, {
      permissions: ['instagram_basic', 'instagram_manage_comments', 'pages_show_list'],
    });
    const missing = await call(emulator, 'POST', '/facebook/v25.0/me/subscribed_apps', {
      token: noMetadata,
      query: { subscribed_fields: 'comments' },
    });
    expect(graphCode(missing).code).toBe(10);
    expect(missing.body.error.message).toContain('pages_manage_metadata');
  });
});

describe('mention notifications with Instagram Login', () => {
  it('come as comments changes whose media is not the account’s, or as mentions when configured', async () => {
    await register('instagram');
    const { id: accountId } = await subscribedAccount();
    const mention = emulator.addMention({ accountId, username: 'ana', text: 'oi @cafe.aurora' });
    emulator.addMention({ accountId, username: 'bia', text: 'foto', in: 'caption' });
    await emulator.idle();
    const [post] = receiver.posts();
    expect(receiver.posts()).toHaveLength(1);
    expect(verified(post!, emulator.config.appSecret).entry[0].changes[0]).toEqual({
      field: 'comments',
      value: {
        from: { id: expect.any(String), username: 'ana' },
        media: { id: mention.mediaId, media_product_type: 'FEED' },
        id: mention.commentId,
        text: 'oi @cafe.aurora',
      },
    });
    emulator.configure({ instagramMentionWebhook: 'mentions' });
    const second = emulator.addMention({ accountId, username: 'caio', text: '@cafe.aurora!' });
    await emulator.idle();
    expect(JSON.parse(receiver.posts()[1]!.body).entry[0].changes[0]).toEqual({
      field: 'mentions',
      value: { media_id: second.mediaId, comment_id: second.commentId },
    });
  });
});
