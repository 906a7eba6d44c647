/**
 * The inbox over real HTTP, against the emulator, on every database: comments arrive by
 * Meta webhook (signed, verified, queued) and by polling, once each; replies, hides and
 * deletes show on the emulator; a repeated reply is sent once; forged webhooks are
 * refused; `comment.received` reaches a real receiver once per comment; another
 * project's comments are not found; private replies need the messaging permission.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '@reelay/test-support/dialects';
import { call, createAccount, type Account } from '@reelay/test-support/http-client';
import { startMediaServer, type MediaServer } from '@reelay/test-support/media-server';
import { startReceiver, type Receiver } from '@reelay/test-support/webhook-receiver';
import { settle } from '@reelay/test-support/settle';
import {
  connectThroughPlatform,
  startWithEmulator,
  type Platform,
} from '@reelay/test-support/with-emulator';
import { DEFAULT_APP_SECRET } from '@reelay/emulator';

const VERIFY_TOKEN = 'verificacao-do-inbox';

describe.each(testDialects())('the inbox on $name', (dialect) => {
  let platform: Platform;
  let media: MediaServer;
  let receiver: Receiver;
  let owner: Account;
  let stranger: Account;
  let account: { id: string; platformId: string };

  beforeAll(async () => {
    media = await startMediaServer();
    receiver = await startReceiver();
    platform = await startWithEmulator(dialect, {
      env: {
        REELAY_ALLOW_PRIVATE_URLS: 'true',
        META_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN,
        REELAY_META_SUBSCRIBE: 'on',
      },
      reelay: { workers: false },
    });
    // The app's callback URL, saved as in the App Dashboard: Meta verifies it first.
    await platform.emulator.registerWebhook({
      callbackUrl: `${platform.server.url}/v1/meta/webhooks`,
      verifyToken: VERIFY_TOKEN,
      app: 'instagram',
    });
    owner = await createAccount(platform.server.url);
    stranger = await createAccount(platform.server.url);
    const connected = await connectThroughPlatform(platform, owner, { username: 'padaria.inbox' });
    account = {
      id: connected.body.integration.id as string,
      platformId: connected.platformAccountId,
    };
    const subscription = await call(
      url(),
      'POST',
      '/v1/notifications',
      { eventTypes: ['comment.received'], webhook: { url: receiver.url } },
      owner.key,
    );
    expect(subscription.status, JSON.stringify(subscription.body)).toBe(201);
    // Another, only for this account's events: its comments reach it too.
    const ofAccount = await call(
      url(),
      'POST',
      '/v1/notifications',
      {
        eventTypes: ['comment.received'],
        webhook: { url: `${receiver.url}/conta` },
        accountId: account.id,
      },
      owner.key,
    );
    expect(ofAccount.status, JSON.stringify(ofAccount.body)).toBe(201);
    expect(ofAccount.body.notification.accountId).toBe(account.id);
  });
  afterAll(async () => {
    await platform?.close();
    await media?.close();
    await receiver?.close();
  });

  const url = () => platform.server.url;
  const api = (method: string, path: string, body?: unknown, as: Account = owner) =>
    call(url(), method, path, body, as.key);

  async function publish(caption: string): Promise<{ postId: string; mediaId: string }> {
    const created = await api('POST', '/v1/posts', {
      content: caption,
      mediaItems: [{ type: 'image', url: media.image(1080, 1350, 'jpg', caption.length) }],
      platforms: [{ platform: 'instagram', accountId: account.id }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    await settle(platform.server);
    const post = (await api('GET', `/v1/posts/${created.body.post.id}`)).body.post;
    expect(post.status).toBe('published');
    return { postId: post.id, mediaId: post.platforms[0].platformPostId };
  }

  /** Lets the emulator's webhook deliveries land, then runs the queued work. */
  async function deliverWebhooks() {
    await platform.emulator.idle();
    await settle(platform.server);
  }

  const threadsOf = async (postId: string) =>
    (await api('GET', `/v1/comments?postId=${postId}`)).body.comments as Array<Record<string, any>>;

  it('answers the verification handshake only with the verify token', async () => {
    const query = (token: string) =>
      `/v1/meta/webhooks?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${token}`;
    const good = await fetch(`${url()}${query(VERIFY_TOKEN)}`);
    expect(good.status).toBe(200);
    expect(await good.text()).toBe('1158201444');
    const bad = await call(url(), 'GET', query('outro-token'));
    expect(bad.status).toBe(403);
    expect(bad.body.code).toBe('META_WEBHOOK_INVALID');
  });

  it('refuses a forged or unsigned notification and records nothing from it', async () => {
    const { postId, mediaId } = await publish('Forjado');
    const body = JSON.stringify({
      object: 'instagram',
      entry: [
        {
          id: account.platformId,
          time: 1,
          changes: [
            {
              field: 'comments',
              value: { id: '17800000000000001', text: 'falso', media: { id: mediaId } },
            },
          ],
        },
      ],
    });
    const send = (signature?: string) =>
      fetch(`${url()}/v1/meta/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-hub-signature-256': signature } : {}),
        },
        body,
      });
    const forged = `sha256=${createHmac('sha256', 'not-the-secret').update(body).digest('hex')}`;
    expect((await send(forged)).status).toBe(403);
    const unsigned = await send();
    expect(unsigned.status).toBe(403);
    expect(((await unsigned.json()) as any).code).toBe('META_WEBHOOK_INVALID');
    await settle(platform.server);
    expect(await threadsOf(postId)).toEqual([]);
    // The same body signed with the app secret is taken.
    const signed = `sha256=${createHmac('sha256', DEFAULT_APP_SECRET).update(body).digest('hex')}`;
    expect((await send(signed)).status).toBe(200);
    await settle(platform.server);
    expect((await threadsOf(postId)).map((thread) => thread.text)).toEqual(['falso']);
  });

  it('brings a comment in through the webhook within 5 s, once, with one comment.received', async () => {
    const { postId, mediaId } = await publish('Pão de queijo');
    const before = receiver.received.length;
    const started = Date.now();
    const { id } = platform.emulator.addComment({
      mediaId,
      username: 'ana.souza',
      text: 'Quanto custa?',
    });
    await deliverWebhooks();
    const [thread] = await threadsOf(postId);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(thread).toMatchObject({
      platformCommentId: id,
      integrationId: account.id,
      postId,
      platformMediaId: mediaId,
      parentId: null,
      username: 'ana.souza',
      text: 'Quanto custa?',
      hidden: false,
      deleted: false,
      status: 'unread',
      fromSelf: false,
      replies: [],
    });
    expect(thread!.id).toMatch(/^cmt_/);
    // Polling finds the same comment: still one row, still one event.
    const sync = await api('POST', '/v1/comments/sync', {});
    expect(sync.status).toBe(200);
    expect(sync.body.newComments).toBe(0);
    expect(await threadsOf(postId)).toHaveLength(1);
    await settle(platform.server);
    await expect.poll(() => receiver.received.length - before).toBe(2);
    const fresh = receiver.received.slice(before);
    expect(fresh.map((delivery) => delivery.path).sort()).toEqual(['/webhooks', '/webhooks/conta']);
    const delivered = fresh[0]!.body;
    expect(delivered).toMatchObject({
      type: 'comment.received',
      data: {
        comment: {
          id: thread!.id,
          text: 'Quanto custa?',
          postId,
          accountUsername: 'padaria.inbox',
        },
      },
    });
  });

  it('finds a comment by polling alone, with its replies and the account own reply', async () => {
    const { postId, mediaId } = await publish('Sem webhook');
    // The webhook's jobs do not run here (workers are off): only polling can show them.
    const top = platform.emulator.addComment({ mediaId, username: 'bia', text: 'Tem sem glúten?' });
    platform.emulator.addComment({
      mediaId,
      username: 'caio',
      text: 'Também quero saber',
      parentId: top.id,
    });
    await platform.emulator.idle();
    await platform.server.reelay.tasks.pollComments();
    const [thread] = await threadsOf(postId);
    expect(thread).toMatchObject({ text: 'Tem sem glúten?', status: 'unread' });
    expect(thread!.replies).toMatchObject([{ username: 'caio', text: 'Também quero saber' }]);
  });

  it("reads the account's comment counts, then only posts whose count moved, only catching up while webhooks arrive, and stops while the call budget is spent", async () => {
    const wait = (minutes: number) =>
      platform.server.clock.set(platform.server.clock.now() + minutes * 60_000);
    // After the posts of the tests before (the manual clock does not move by itself).
    wait(1);
    const { mediaId } = await publish('Orçamento');
    const reads = () =>
      platform.emulator
        .requests({ path: `/${mediaId}/comments` })
        .filter((request) => request.method === 'GET').length;
    const counts = () =>
      platform.emulator
        .requests({ path: `/${account.platformId}/media` })
        .filter(
          (request) =>
            request.method === 'GET' && (request.params.fields ?? '').includes('comments_count'),
        ).length;
    const poll = () => platform.server.reelay.tasks.pollComments();
    // Just published: the account is due at once and the new post is read in full.
    await poll();
    const first = reads();
    const listed = counts();
    expect(first).toBe(1);
    expect(listed).toBeGreaterThan(0);
    await poll();
    expect([reads(), counts()]).toEqual([first, listed]);
    // The tests before brought Meta webhooks for this account: polling only catches up,
    // every 30 minutes (24 to 36) for a post of the last day; nothing moved, nothing read.
    wait(20);
    await poll();
    expect(counts()).toBe(listed);
    wait(17);
    await poll();
    expect([reads(), counts()]).toEqual([first, listed + 1]);
    // A comment moves the count: that post alone is read.
    platform.emulator.addComment({ mediaId, username: 'dora', text: 'Quanto custa o bolo?' });
    await platform.emulator.idle();
    wait(37);
    await poll();
    expect([reads(), counts()]).toEqual([first + 1, listed + 2]);
    wait(37);
    await poll();
    expect([reads(), counts()]).toEqual([first + 1, listed + 3]);
    // Throttled: Instagram says access returns in 45 minutes; nothing is read before.
    platform.emulator.addFault({
      path: `/${account.platformId}/media`,
      method: 'get',
      kind: 'rate-limit',
      regainAccessMinutes: 45,
    });
    wait(37);
    await poll();
    expect(counts()).toBe(listed + 4);
    wait(40);
    await poll();
    expect(counts()).toBe(listed + 4);
    wait(6);
    await poll();
    expect(counts()).toBe(listed + 5);
    platform.emulator.clearFaults();
    // Every post older than a week and no webhook for days: every 6 hours at most.
    wait(8 * 24 * 60);
    await poll();
    const weekly = counts();
    wait(4 * 60);
    await poll();
    expect(counts()).toBe(weekly);
  });

  it('replies once for a repeated key, and marks the thread replied', async () => {
    const { postId, mediaId } = await publish('Respostas');
    const { id } = platform.emulator.addComment({
      mediaId,
      username: 'duda',
      text: 'Abre domingo?',
    });
    await deliverWebhooks();
    const [thread] = await threadsOf(postId);
    const reply = (message = 'Abrimos, das 8h às 12h!') =>
      api('POST', `/v1/comments/${thread!.id}/replies`, { message, idempotencyKey: 'domingo-1' });
    const first = await reply();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await reply();
    expect(again.status).toBe(200);
    expect(again.body.comment.id).toBe(first.body.comment.id);
    // Without a key, the same message to the same comment is the same reply too.
    const unkeyed = await api('POST', `/v1/comments/${thread!.id}/replies`, { message: 'Até já!' });
    const unkeyedAgain = await api('POST', `/v1/comments/${thread!.id}/replies`, {
      message: 'Até já!',
    });
    expect(unkeyed.status).toBe(201);
    expect(unkeyedAgain.status).toBe(200);
    const reused = await reply('Outra mensagem');
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    await deliverWebhooks();
    const [onPlatform] = platform.emulator.comments(mediaId).filter((comment) => comment.id === id);
    expect(onPlatform!.replies!.map((item) => item.text)).toEqual([
      'Abrimos, das 8h às 12h!',
      'Até já!',
    ]);
    const [after] = await threadsOf(postId);
    expect(after).toMatchObject({ status: 'replied' });
    // The account's own replies came back through the webhook: recorded as its own, no news.
    expect(after!.replies.map((item: any) => [item.text, item.fromSelf])).toEqual([
      ['Abrimos, das 8h às 12h!', true],
      ['Até já!', true],
    ]);
    const events = receiver.received.filter(
      (delivery) => delivery.body.data?.comment?.parentId === thread!.id,
    );
    expect(events).toEqual([]);
  });

  it('hides, unhides and deletes on Instagram, and shows what Instagram did', async () => {
    const { postId, mediaId } = await publish('Moderação');
    const spam = platform.emulator.addComment({
      mediaId,
      username: 'spam.bot',
      text: 'Ganhe seguidores',
    });
    const other = platform.emulator.addComment({ mediaId, username: 'eva', text: 'Lindo!' });
    await deliverWebhooks();
    const byText = async (text: string) =>
      (await threadsOf(postId)).find((thread) => thread.text === text)!;
    const spamThread = await byText('Ganhe seguidores');
    const hidden = await api('POST', `/v1/comments/${spamThread.id}/hide`);
    expect(hidden.status).toBe(200);
    expect(hidden.body.comment.hidden).toBe(true);
    const onPlatform = (id: string) =>
      platform.emulator.comments(mediaId).find((comment) => comment.id === id)!;
    expect(onPlatform(spam.id).hidden).toBe(true);
    expect((await api('GET', `/v1/comments?status=hidden&postId=${postId}`)).body.total).toBe(1);
    // A hidden comment takes no reply on Instagram: refused before the call.
    const refused = await api('POST', `/v1/comments/${spamThread.id}/replies`, { message: 'Oi' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('COMMENT_HIDDEN');
    await api('POST', `/v1/comments/${spamThread.id}/unhide`);
    expect(onPlatform(spam.id).hidden).toBe(false);
    const deleted = await api('DELETE', `/v1/comments/${spamThread.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.comment.deleted).toBe(true);
    expect(onPlatform(spam.id).deleted).toBe(true);
    // Deleted on Instagram by someone else: polling shows it deleted.
    platform.emulator.deleteComment(other.id);
    await api('POST', '/v1/comments/sync', {});
    expect((await byText('Lindo!')).deleted).toBe(true);
  });

  it('marks read and unread, and keeps another project out', async () => {
    const { postId, mediaId } = await publish('Estados');
    platform.emulator.addComment({ mediaId, username: 'fabio', text: 'Entregam?' });
    await deliverWebhooks();
    const [thread] = await threadsOf(postId);
    const read = await api('PATCH', `/v1/comments/${thread!.id}`, { status: 'read' });
    expect(read.body.comment.status).toBe('read');
    expect((await api('GET', `/v1/comments?status=unread&postId=${postId}`)).body.total).toBe(0);
    // Someone else writes in the thread: it needs reading again.
    platform.emulator.addComment({
      mediaId,
      username: 'gabi',
      text: 'Eu também queria saber',
      parentId: thread!.platformCommentId,
    });
    await deliverWebhooks();
    expect((await threadsOf(postId))[0]).toMatchObject({ status: 'unread' });
    for (const [method, path] of [
      ['GET', `/v1/comments/${thread!.id}`],
      ['POST', `/v1/comments/${thread!.id}/hide`],
      ['DELETE', `/v1/comments/${thread!.id}`],
    ] as const) {
      const answer = await api(method, path, undefined, stranger);
      expect(answer.status, path).toBe(404);
    }
    expect((await api('GET', '/v1/comments', undefined, stranger)).body.total).toBe(0);
  });

  it('asks for the messaging permission before a private reply', async () => {
    const { postId, mediaId } = await publish('Privada');
    platform.emulator.addComment({ mediaId, username: 'hugo', text: 'Me manda o cardápio' });
    await deliverWebhooks();
    const [thread] = await threadsOf(postId);
    const answer = await api('POST', `/v1/comments/${thread!.id}/private-reply`, {
      message: 'Segue o cardápio',
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({
      code: 'PERMISSION_REQUIRED',
      details: { scope: 'instagram_business_manage_messages' },
    });
  });

  it('comments on its own post, keeps saved replies, and records mentions', async () => {
    const { postId, mediaId } = await publish('Comentário próprio');
    const made = await api('POST', `/v1/posts/${postId}/comments`, {
      message: 'Sorteio encerrado!',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.comment).toMatchObject({ fromSelf: true, text: 'Sorteio encerrado!' });
    expect(platform.emulator.comments(mediaId).map((comment) => comment.text)).toContain(
      'Sorteio encerrado!',
    );
    const off = await api('PUT', `/v1/posts/${postId}/commenting`, { enabled: false });
    expect(off.body).toMatchObject({ enabled: false, accounts: [account.id] });

    const saved = await api('POST', '/v1/saved-replies', { title: 'Preço', text: 'Veja na bio.' });
    expect(saved.status).toBe(201);
    expect((await api('GET', '/v1/saved-replies')).body.savedReplies).toMatchObject([
      { title: 'Preço', text: 'Veja na bio.' },
    ]);
    expect((await api('DELETE', `/v1/saved-replies/${saved.body.savedReply.id}`)).status).toBe(204);

    platform.emulator.addMention({
      accountId: account.platformId,
      username: 'cliente.feliz',
      text: 'Melhor pão da cidade @padaria.inbox',
      in: 'comment',
    });
    await deliverWebhooks();
    const mentions = await api('GET', '/v1/mentions');
    expect(mentions.body.mentions).toMatchObject([
      { integrationId: account.id, kind: 'comment', text: 'Melhor pão da cidade @padaria.inbox' },
    ]);
  });
});
