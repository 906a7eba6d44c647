import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  facebookPageToken,
  graphCode,
  publishImage,
  startTestEmulator,
} from '../testing/harness';

const { emulator, clock, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const MINUTE = 60_000;

/** An account with a published image and `count` comments by other people, a minute apart. */
async function mediaWithComments(count: number) {
  const account = await accountWithToken(emulator, { username: 'cafe.aurora' });
  const mediaId = await publishImage(emulator, account.token);
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    clock.advance(MINUTE);
    ids.push(emulator.addComment({ mediaId, username: `fan_${i}`, text: `comment ${i}` }).id);
  }
  return { ...account, mediaId, ids };
}

describe('GET /{ig-media-id}/comments', () => {
  it('pages 120 comments newest first, 50 at a time, following paging.next to the end', async () => {
    const { token, mediaId, ids } = await mediaWithComments(120);
    const first = await call(emulator, 'GET', `/v25.0/${mediaId}/comments`, {
      token,
      query: { fields: 'id,text,username' },
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(50);
    expect(first.body.data[0]).toEqual({ id: ids[119], text: 'comment 120', username: 'fan_120' });
    expect(first.body.paging.cursors).toEqual({
      before: expect.any(String),
      after: expect.any(String),
    });
    expect(first.body.paging.previous).toBeUndefined();
    const next = new URL(first.body.paging.next);
    expect(`${next.origin}${next.pathname}`).toBe(`${emulator.url}/v25.0/${mediaId}/comments`);
    expect(next.searchParams.get('fields')).toBe('id,text,username');
    expect(next.searchParams.get('limit')).toBe('50');
    expect(next.searchParams.get('after')).toBe(first.body.paging.cursors.after);

    // paging.next carries the token: a client follows it as is.
    const seen: string[] = first.body.data.map((c: { id: string }) => c.id);
    let url: string | undefined = first.body.paging.next;
    let pages = 1;
    while (url) {
      const page = await call(emulator, 'GET', url);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((c: { id: string }) => c.id));
      url = page.body.paging?.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());

    // The cursor of the last page's start leads back.
    const third = await call(emulator, 'GET', `/v25.0/${mediaId}/comments`, {
      token,
      query: { after: first.body.paging.cursors.after, limit: '50' },
    });
    const back = await call(emulator, 'GET', `/v25.0/${mediaId}/comments`, {
      token,
      query: { before: third.body.paging.cursors.before },
    });
    expect(back.body.data.map((c: { id: string }) => c.id)).toEqual(
      first.body.data.map((c: { id: string }) => c.id),
    );
    expect(back.body.paging.next).toBeDefined();
  });

  it('answers timestamp, text and id without fields, and caps limit at 50 unless configured', async () => {
    const { token, mediaId, ids } = await mediaWithComments(60);
    const plain = await call(emulator, 'GET', `/${mediaId}/comments`, {
      token,
      query: { limit: '100' },
    });
    expect(plain.body.data).toHaveLength(50);
    expect(plain.body.data[0]).toEqual({
      timestamp: '2026-01-01T01:00:00+0000',
      text: 'comment 60',
      id: ids[59],
    });
    emulator.configure({ commentPageMax: 100 });
    const honoured = await call(emulator, 'GET', `/${mediaId}/comments`, {
      token,
      query: { limit: '100' },
    });
    expect(honoured.body.data).toHaveLength(60);
    expect(honoured.body.paging.next).toBeUndefined();
    const small = await call(emulator, 'GET', `/${mediaId}/comments`, {
      token,
      query: { limit: '7' },
    });
    expect(small.body.data).toHaveLength(7);
    expect(
      graphCode(
        await call(emulator, 'GET', `/${mediaId}/comments`, {
          token,
          query: { after: 'not-a-cursor' },
        }),
      ).code,
    ).toBe(100);
  });

  it('reads a comment with its author, media, likes and hidden flag; the account’s own carry its id', async () => {
    const { id: accountId, token } = await accountWithToken(emulator, { username: 'cafe.aurora' });
    const mediaId = await publishImage(emulator, token);
    const { id: other } = emulator.addComment({
      mediaId,
      username: 'ana.souza',
      text: 'Que lindo!',
      likeCount: 3,
    });
    const own = await call(emulator, 'POST', `/${mediaId}/comments`, {
      token,
      form: { message: 'Obrigada!' },
    });
    const fields =
      'id,text,timestamp,username,from{id,username},user,hidden,like_count,media{id,media_product_type},parent_id,legacy_instagram_comment_id';
    const theirs = await call(emulator, 'GET', `/v25.0/${other}`, { token, query: { fields } });
    expect(theirs.body).toEqual({
      id: other,
      text: 'Que lindo!',
      timestamp: '2026-01-01T00:00:00+0000',
      username: 'ana.souza',
      from: { id: expect.stringMatching(/^\d{17}$/), username: 'ana.souza' },
      hidden: false,
      like_count: 3,
      media: { id: mediaId, media_product_type: 'FEED' },
      legacy_instagram_comment_id: other,
    });
    expect(theirs.body.from.id).not.toBe(accountId);
    const mine = await call(emulator, 'GET', `/v25.0/${own.body.id}`, { token, query: { fields } });
    expect(mine.body).toMatchObject({
      username: 'cafe.aurora',
      from: { id: accountId, username: 'cafe.aurora' },
      user: { id: accountId },
    });
    expect(
      graphCode(
        await call(emulator, 'GET', `/${other}`, { token, query: { fields: 'comment_type' } }),
      ).code,
    ).toBe(100);
  });

  it('needs instagram_business_manage_comments to read, and hides other accounts’ comments', async () => {
    const { token, mediaId, ids } = await mediaWithComments(1);
    const basic = emulator.mintToken(emulator.createAccount({ username: 'leitor' }).id, {
      scopes: ['instagram_business_basic'],
    }).access_token;
    const owner = emulator.comments(mediaId)[0]!.accountId!;
    const ownerBasic = emulator.mintToken(owner, { scopes: ['instagram_business_basic'] });
    const refused = await call(emulator, 'GET', `/${mediaId}/comments`, {
      token: ownerBasic.access_token,
    });
    expect(graphCode(refused)).toEqual({ status: 400, code: 10 });
    expect(refused.body.error.message).toContain('instagram_business_manage_comments');
    const expanded = await call(emulator, 'GET', `/${mediaId}`, {
      token: ownerBasic.access_token,
      query: { fields: 'comments_count,comments{username}' },
    });
    expect(graphCode(expanded).code).toBe(10);
    const count = await call(emulator, 'GET', `/${mediaId}`, {
      token: ownerBasic.access_token,
      query: { fields: 'comments_count' },
    });
    expect(count.body.comments_count).toBe(1);
    expect(graphCode(await call(emulator, 'GET', `/${ids[0]}`, { token: basic }))).toEqual({
      status: 400,
      code: 100,
      subcode: 33,
    });
    expect((await call(emulator, 'GET', `/${ids[0]}`, { token })).status).toBe(200);
  });

  it('lists hidden comments with hidden: true, or leaves them out with hiddenComments: omit', async () => {
    const { token, mediaId, ids } = await mediaWithComments(3);
    const hide = await call(emulator, 'POST', `/${ids[1]}`, { token, query: { hide: 'true' } });
    expect(hide.body).toEqual({ success: true });
    const listed = await call(emulator, 'GET', `/${mediaId}/comments`, {
      token,
      query: { fields: 'id,hidden' },
    });
    expect(listed.body.data).toEqual([
      { id: ids[2], hidden: false },
      { id: ids[1], hidden: true },
      { id: ids[0], hidden: false },
    ]);
    emulator.configure({ hiddenComments: 'omit' });
    const omitted = await call(emulator, 'GET', `/${mediaId}/comments`, { token });
    expect(omitted.body.data.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[0]]);
    // Unhidden, it is back.
    await call(emulator, 'POST', `/${ids[1]}`, { token, form: { hide: 'false' } });
    const back = await call(emulator, 'GET', `/${mediaId}/comments`, { token });
    expect(back.body.data).toHaveLength(3);
    expect(emulator.comments(mediaId).map((c) => c.hidden)).toEqual([false, false, false]);
  });

  it('keeps the owner’s own comments visible whatever hide says', async () => {
    const { token } = await accountWithToken(emulator);
    const mediaId = await publishImage(emulator, token);
    const own = await call(emulator, 'POST', `/${mediaId}/comments`, {
      token,
      form: { message: 'Link na bio' },
    });
    const res = await call(emulator, 'POST', `/${own.body.id}`, { token, form: { hide: 'true' } });
    expect(res.body).toEqual({ success: true });
    expect(emulator.comments(mediaId)[0]).toMatchObject({ self: true, hidden: false });
    expect(graphCode(await call(emulator, 'POST', `/${own.body.id}`, { token })).code).toBe(100);
  });

  it('answers an empty list on a story, or 100/33 with storyComments: unsupported', async () => {
    const { token } = await accountWithToken(emulator);
    const container = await call(emulator, 'POST', '/me/media', {
      token,
      form: { media_type: 'STORIES', image_url: 'https://cdn.example.com/s.jpg' },
    });
    const story = await call(emulator, 'POST', '/me/media_publish', {
      token,
      form: { creation_id: container.body.id },
    });
    const list = await call(emulator, 'GET', `/${story.body.id}/comments`, { token });
    expect(list.body).toEqual({ data: [] });
    emulator.configure({ storyComments: 'unsupported' });
    expect(graphCode(await call(emulator, 'GET', `/${story.body.id}/comments`, { token }))).toEqual(
      { status: 400, code: 100, subcode: 33 },
    );
    const control = await call(emulator, 'POST', '/_emulator/comments', {
      json: { mediaId: story.body.id, username: 'ana', text: 'oi' },
    });
    expect(control.status).toBe(409);
  });
});

describe('replies', () => {
  it('replies to a comment, lists the thread oldest first and expands it on the comments edge', async () => {
    const { id: accountId, token, mediaId, ids } = await mediaWithComments(2);
    clock.advance(MINUTE);
    const reply = await call(emulator, 'POST', `/v25.0/${ids[0]}/replies`, {
      token,
      json: { message: 'Obrigada, volte sempre!' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: expect.stringMatching(/^\d{17}$/) });
    clock.advance(MINUTE);
    const theirs = emulator.addComment({
      mediaId,
      username: 'fan_1',
      text: 'De nada',
      parentId: reply.body.id,
    });

    const thread = await call(emulator, 'GET', `/${ids[0]}/replies`, {
      token,
      query: { fields: 'id,text,parent_id,from{id}' },
    });
    expect(thread.body.data).toEqual([
      {
        id: reply.body.id,
        text: 'Obrigada, volte sempre!',
        parent_id: ids[0],
        from: { id: accountId },
      },
      // A reply to a reply joins the top-level comment's thread.
      { id: theirs.id, text: 'De nada', parent_id: ids[0], from: { id: expect.any(String) } },
    ]);
    expect(thread.body.paging.cursors.after).toEqual(expect.any(String));

    const top = await call(emulator, 'GET', `/${mediaId}/comments`, {
      token,
      query: { fields: 'id,replies{id,text,username}' },
    });
    // Only top-level comments on the edge; replies by expansion.
    expect(top.body.data.map((c: { id: string }) => c.id)).toEqual([ids[1], ids[0]]);
    expect(top.body.data[1].replies.data).toEqual([
      { id: reply.body.id, text: 'Obrigada, volte sempre!', username: 'cafe.aurora' },
      { id: theirs.id, text: 'De nada', username: 'fan_1' },
    ]);
    expect(top.body.data[0].replies).toEqual({ data: [] });
    const limited = await call(emulator, 'GET', `/${mediaId}/comments`, {
      token,
      query: { fields: 'id,replies.limit(1){id}' },
    });
    const replies = limited.body.data[1].replies;
    expect(replies.data).toEqual([{ id: reply.body.id }]);
    expect(new URL(replies.paging.next).pathname).toBe(`/${ids[0]}/replies`);

    const count = await call(emulator, 'GET', `/${mediaId}`, {
      token,
      query: { fields: 'comments_count' },
    });
    expect(count.body.comments_count).toBe(4);
    const view = emulator.comments(mediaId);
    expect(view[0]!.replies!.map((r) => [r.self, r.from.username])).toEqual([
      [true, 'cafe.aurora'],
      [false, 'fan_1'],
    ]);
  });

  it('refuses a reply to a hidden comment, and replies once it is shown again', async () => {
    const { token, ids } = await mediaWithComments(1);
    await call(emulator, 'POST', `/${ids[0]}`, { token, form: { hide: 'true' } });
    const refused = await call(emulator, 'POST', `/${ids[0]}/replies`, {
      token,
      form: { message: 'oi' },
    });
    expect(graphCode(refused).code).toBe(100);
    expect(refused.body.error.message).toContain('hidden');
    await call(emulator, 'POST', `/${ids[0]}`, { token, form: { hide: 'false' } });
    expect(
      (await call(emulator, 'POST', `/${ids[0]}/replies`, { token, form: { message: 'oi' } }))
        .status,
    ).toBe(200);
  });
});

describe('DELETE /{ig-comment-id}', () => {
  it('deletes a comment on the account’s own media with its replies; reads then answer 100/33', async () => {
    const { token, mediaId, ids } = await mediaWithComments(2);
    const reply = await call(emulator, 'POST', `/${ids[0]}/replies`, {
      token,
      form: { message: 'obrigada' },
    });
    const res = await call(emulator, 'DELETE', `/v25.0/${ids[0]}`, { token });
    expect(res.body).toEqual({ success: true });
    const list = await call(emulator, 'GET', `/${mediaId}/comments`, { token });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
    expect(graphCode(await call(emulator, 'GET', `/${ids[0]}`, { token }))).toEqual({
      status: 400,
      code: 100,
      subcode: 33,
    });
    expect(graphCode(await call(emulator, 'GET', `/${ids[0]}/replies`, { token })).subcode).toBe(
      33,
    );
    expect(graphCode(await call(emulator, 'GET', `/${reply.body.id}`, { token })).subcode).toBe(33);
    const replyAgain = await call(emulator, 'POST', `/${ids[0]}/replies`, {
      token,
      form: { message: 'x' },
    });
    expect(graphCode(replyAgain).subcode).toBe(33);
    const [deleted] = emulator.comments(mediaId);
    expect(deleted).toMatchObject({ id: ids[0], deleted: true });
    expect(deleted!.replies![0]).toMatchObject({ deleted: true });
    const count = await call(emulator, 'GET', `/${mediaId}`, {
      token,
      query: { fields: 'comments_count' },
    });
    expect(count.body.comments_count).toBe(1);

    emulator.configure({ deletedCommentError: 'no-subcode' });
    expect(graphCode(await call(emulator, 'GET', `/${ids[0]}`, { token }))).toEqual({
      status: 400,
      code: 100,
    });
  });

  it('refuses to delete a comment on another account’s media, even one the caller wrote', async () => {
    const { mediaId, ids } = await mediaWithComments(1);
    const other = await accountWithToken(emulator, { username: 'outra.conta' });
    expect(graphCode(await call(emulator, 'DELETE', `/${ids[0]}`, { token: other.token }))).toEqual(
      { status: 400, code: 100, subcode: 33 },
    );
    // The other account mentions itself into a reply on the media, then tries to delete it.
    const mention = emulator.addComment({
      mediaId,
      username: 'fan_9',
      text: 'olha @outra.conta',
    });
    const answer = await call(emulator, 'POST', `/${other.id}/mentions`, {
      token: other.token,
      form: { media_id: mediaId, comment_id: mention.id, message: 'Oi!' },
    });
    expect(answer.status).toBe(200);
    expect((await call(emulator, 'GET', `/${answer.body.id}`, { token: other.token })).status).toBe(
      200,
    );
    expect(
      graphCode(await call(emulator, 'DELETE', `/${answer.body.id}`, { token: other.token })),
    ).toEqual({ status: 400, code: 100, subcode: 33 });
    const thread = emulator.comments(mediaId).find((c) => c.id === mention.id);
    expect(thread!.replies![0]).toMatchObject({
      deleted: false,
      self: false,
      authorAccountId: other.id,
    });
  });
});

describe('POST /{ig-media-id} comment_enabled', () => {
  it('turns comments off and on; off, new comments are refused', async () => {
    const { token, mediaId, ids } = await mediaWithComments(1);
    const off = await call(emulator, 'POST', `/${mediaId}`, {
      token,
      query: { comment_enabled: 'false' },
    });
    expect(off.body).toEqual({ success: true });
    const read = await call(emulator, 'GET', `/${mediaId}`, {
      token,
      query: { fields: 'is_comment_enabled' },
    });
    expect(read.body.is_comment_enabled).toBe(false);
    expect(
      graphCode(
        await call(emulator, 'POST', `/${mediaId}/comments`, { token, form: { message: 'x' } }),
      ).code,
    ).toBe(100);
    expect(
      graphCode(
        await call(emulator, 'POST', `/${ids[0]}/replies`, { token, form: { message: 'x' } }),
      ).code,
    ).toBe(100);
    const control = await call(emulator, 'POST', '/_emulator/comments', {
      json: { mediaId, username: 'ana', text: 'oi' },
    });
    expect(control.status).toBe(409);
    await call(emulator, 'POST', `/${mediaId}`, { token, form: { comment_enabled: 'true' } });
    expect(
      (await call(emulator, 'POST', `/${mediaId}/comments`, { token, form: { message: 'x' } }))
        .status,
    ).toBe(200);
    expect(graphCode(await call(emulator, 'POST', `/${mediaId}`, { token })).code).toBe(100);
  });
});

describe('POST /{ig-media-id}/comments', () => {
  it('with fields, makes the comment and then fails with 20/1772107', async () => {
    const { token } = await accountWithToken(emulator);
    const mediaId = await publishImage(emulator, token);
    const res = await call(emulator, 'POST', `/${mediaId}/comments`, {
      token,
      form: { message: 'Link na bio', fields: 'id' },
    });
    expect(graphCode(res)).toEqual({ status: 400, code: 20, subcode: 1772107 });
    expect(emulator.comments(mediaId).map((c) => c.text)).toEqual(['Link na bio']);
  });

  it('takes any length with commentMaxChars: 0, and counts writes per hour when asked', async () => {
    const { token } = await accountWithToken(emulator);
    const mediaId = await publishImage(emulator, token);
    const long = 'a'.repeat(2201);
    expect(
      graphCode(
        await call(emulator, 'POST', `/${mediaId}/comments`, { token, form: { message: long } }),
      ).code,
    ).toBe(100);
    emulator.configure({ commentMaxChars: 0, commentWritesPerHour: 2 });
    expect(
      (await call(emulator, 'POST', `/${mediaId}/comments`, { token, form: { message: long } }))
        .status,
    ).toBe(200);
    await call(emulator, 'POST', `/${mediaId}/comments`, { token, form: { message: 'b' } });
    const third = await call(emulator, 'POST', `/${mediaId}/comments`, {
      token,
      form: { message: 'c' },
    });
    expect(graphCode(third).code).toBe(80002);
    expect(third.body.error.is_transient).toBe(true);
    clock.advance(61 * MINUTE);
    expect(
      (await call(emulator, 'POST', `/${mediaId}/comments`, { token, form: { message: 'c' } }))
        .status,
    ).toBe(200);
  });
});

describe('comments with Facebook Login', () => {
  it('reads, replies, hides and deletes through a Page token, with paging links on the Facebook host', async () => {
    const { accountId, pageToken } = await facebookPageToken(emulator, {
      permissions: [
        'instagram_basic',
        'instagram_content_publish',
        'instagram_manage_comments',
        'pages_show_list',
        'pages_read_engagement',
      ],
    });
    const igToken = emulator.mintToken(accountId).access_token;
    const mediaId = await publishImage(emulator, igToken);
    for (let i = 0; i < 3; i++)
      emulator.addComment({ mediaId, username: `fan_${i}`, text: `${i}` });
    const page = await call(emulator, 'GET', `/facebook/v25.0/${mediaId}/comments`, {
      token: pageToken,
      query: { limit: '2', fields: 'id,text,from{id,username}' },
    });
    expect(page.body.data.map((c: { text: string }) => c.text)).toEqual(['2', '1']);
    expect(page.body.paging.next).toMatch(
      new RegExp(`^${emulator.url}/facebook/v25\\.0/${mediaId}/comments\\?`),
    );
    const rest = await call(emulator, 'GET', page.body.paging.next);
    expect(rest.body.data.map((c: { text: string }) => c.text)).toEqual(['0']);
    const id = page.body.data[0].id as string;
    const reply = await call(emulator, 'POST', `/facebook/v25.0/${id}/replies`, {
      token: pageToken,
      form: { message: 'Obrigada!' },
    });
    expect(reply.status).toBe(200);
    const ownReply = await call(emulator, 'GET', `/facebook/v25.0/${reply.body.id}`, {
      token: pageToken,
      query: { fields: 'from,parent_id' },
    });
    expect(ownReply.body).toMatchObject({ from: { id: accountId }, parent_id: id });
    expect(
      (
        await call(emulator, 'POST', `/facebook/v25.0/${id}`, {
          token: pageToken,
          form: { hide: 'true' },
        })
      ).body,
    ).toEqual({ success: true });
    expect(
      (await call(emulator, 'DELETE', `/facebook/v25.0/${id}`, { token: pageToken })).body,
    ).toEqual({ success: true });
  });

  it('needs pages_read_engagement and a Page task that may moderate', async () => {
    const noEngagement = await facebookPageToken(emulator, {
      permissions: ['instagram_basic', 'instagram_manage_comments', 'pages_show_list'],
    });
    const mediaId = await publishImage(
      emulator,
      emulator.mintToken(noEngagement.accountId).access_token,
    );
    const refused = await call(emulator, 'GET', `/facebook/v25.0/${mediaId}/comments`, {
      token: noEngagement.pageToken,
    });
    expect(graphCode(refused).code).toBe(10);
    expect(refused.body.error.message).toContain('pages_read_engagement');
    const noComments = await call(emulator, 'GET', `/facebook/v25.0/${mediaId}/comments`, {
      token: (
        await facebookPageToken(emulator, {
          username: 'outra',
          permissions: ['instagram_basic', 'pages_show_list', 'pages_read_engagement'],
        })
      ).pageToken,
    });
    // Another person's Page does not reach this media at all.
    expect(graphCode(noComments).code).toBe(100);

    reset();
    const analyst = await facebookPageToken(emulator, { tasks: ['ANALYZE'] });
    const media = await publishImage(emulator, emulator.mintToken(analyst.accountId).access_token);
    const analystRead = await call(emulator, 'GET', `/facebook/v25.0/${media}/comments`, {
      token: analyst.pageToken,
    });
    expect(graphCode(analystRead).code).toBe(10);
    const missing = await facebookPageToken(emulator, {
      username: 'sem.comentarios',
      permissions: ['instagram_basic', 'pages_show_list', 'pages_read_engagement'],
    });
    const mine = await publishImage(emulator, emulator.mintToken(missing.accountId).access_token);
    const named = await call(emulator, 'GET', `/facebook/v25.0/${mine}/comments`, {
      token: missing.pageToken,
    });
    expect(named.body.error.message).toContain('instagram_manage_comments');
  });
});

describe('control API', () => {
  it('adds comments by others at the emulator’s time and lists a media’s threads', async () => {
    const { id: accountId, token } = await accountWithToken(emulator, { username: 'cafe.aurora' });
    const mediaId = await publishImage(emulator, token);
    clock.advance(5 * MINUTE);
    const added = await call(emulator, 'POST', '/_emulator/comments', {
      json: { mediaId, username: 'ana.souza', text: 'Quero!' },
    });
    expect(added.status).toBe(201);
    const reply = await call(emulator, 'POST', '/_emulator/comments', {
      json: { mediaId, username: 'cafe.aurora', text: 'Já vai!', parentId: added.body.id },
    });
    const listed = await call(emulator, 'GET', '/_emulator/comments', { query: { mediaId } });
    expect(listed.body.data).toEqual([
      {
        id: added.body.id,
        mediaId,
        accountId,
        from: { id: expect.stringMatching(/^\d{17}$/), username: 'ana.souza' },
        self: false,
        text: 'Quero!',
        timestamp: '2026-01-01T00:05:00+0000',
        hidden: false,
        deleted: false,
        likeCount: 0,
        replies: [
          {
            id: reply.body.id,
            mediaId,
            accountId,
            parentId: added.body.id,
            from: { id: accountId, username: 'cafe.aurora' },
            self: true,
            authorAccountId: accountId,
            text: 'Já vai!',
            timestamp: '2026-01-01T00:05:00+0000',
            hidden: false,
            deleted: false,
            likeCount: 0,
          },
        ],
      },
    ]);
    const all = await call(emulator, 'GET', '/_emulator/comments');
    expect(all.body.data).toHaveLength(2);
    const removed = await call(emulator, 'DELETE', `/_emulator/comments/${added.body.id}`);
    expect(removed.body).toMatchObject({ deleted: true });
    expect(graphCode(await call(emulator, 'GET', `/${added.body.id}`, { token })).subcode).toBe(33);
  });

  it.each([
    [{ mediaId: 'nope', username: 'ana', text: 'x' }, 404],
    [{ username: 'ana', text: 'x' }, 400],
    [{ mediaId: 'MEDIA', username: 'has space', text: 'x' }, 400],
    [{ mediaId: 'MEDIA', username: 'ana', text: '' }, 400],
    [{ mediaId: 'MEDIA', username: 'ana', text: 'x', parentId: '1' }, 404],
    [{ mediaId: 'MEDIA', username: 'ana', text: 'x', mood: 'happy' }, 400],
  ])('refuses a malformed comment %o', async (json, status) => {
    const { token } = await accountWithToken(emulator);
    const mediaId = await publishImage(emulator, token);
    const body = JSON.parse(JSON.stringify(json).replace('MEDIA', mediaId));
    expect((await call(emulator, 'POST', '/_emulator/comments', { json: body })).status).toBe(
      status,
    );
  });
});
