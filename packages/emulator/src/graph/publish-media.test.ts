import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  createContainer,
  graphCode,
  publish,
  publishImage,
  startTestEmulator,
} from '../testing/harness';

const { emulator, clock, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => {
  reset();
  emulator.configure({ containerProcessingMs: 50, videoProcessingMs: 30_000 });
});

const IMAGE = 'https://cdn.example.com/photo.jpg';
const VIDEO = 'https://cdn.example.com/clip.mp4';
const DAY = 24 * 60 * 60 * 1000;

async function status(token: string, id: string) {
  return (
    await call(emulator, 'GET', `/v21.0/${id}`, { query: { fields: 'status_code,status' }, token })
  ).body;
}

describe('container status', () => {
  it('moves a reel from IN_PROGRESS to FINISHED as the processing time passes', async () => {
    const { token } = await accountWithToken(emulator);
    const id = await createContainer(emulator, token, { media_type: 'REELS', video_url: VIDEO });
    expect(await status(token, id)).toEqual({
      status_code: 'IN_PROGRESS',
      status: 'In Progress: Media is still being processed.',
      id,
    });
    clock.advance(29_999);
    expect((await status(token, id)).status_code).toBe('IN_PROGRESS');
    clock.advance(1);
    expect(await status(token, id)).toEqual({
      status_code: 'FINISHED',
      status: 'Finished: Media has been uploaded and it is ready to be published.',
      id,
    });
  });

  it('answers only the id without fields', async () => {
    const { token } = await accountWithToken(emulator);
    const id = await createContainer(emulator, token, { image_url: IMAGE });
    expect((await call(emulator, 'GET', `/${id}`, { token })).body).toEqual({ id });
  });

  it('refuses to publish before FINISHED with 9007/2207027, then publishes', async () => {
    const { token } = await accountWithToken(emulator);
    const id = await createContainer(emulator, token, { media_type: 'REELS', video_url: VIDEO });
    const early = await publish(emulator, token, id);
    expect(graphCode(early)).toEqual({ status: 400, code: 9007, subcode: 2207027 });
    expect(early.body.error.message).toBe('Media ID is not available');
    clock.advance(30_000);
    expect((await publish(emulator, token, id)).status).toBe(200);
  });

  it('expires an unpublished container 24 hours after creation, and refuses to publish it with -2/2207020', async () => {
    const { token } = await accountWithToken(emulator);
    const id = await createContainer(emulator, token, { image_url: IMAGE });
    clock.advance(DAY - 1);
    expect((await status(token, id)).status_code).toBe('FINISHED');
    clock.advance(1);
    expect((await status(token, id)).status_code).toBe('EXPIRED');
    expect(graphCode(await publish(emulator, token, id))).toEqual({
      status: 400,
      code: -2,
      subcode: 2207020,
    });
    expect(emulator.published()).toEqual([]);
  });

  it('keeps a stuck container IN_PROGRESS until it is released', async () => {
    const { token } = await accountWithToken(emulator);
    const id = await createContainer(emulator, token, { image_url: IMAGE });
    const forced = await call(emulator, 'POST', `/_emulator/containers/${id}`, {
      json: { status: 'IN_PROGRESS' },
    });
    expect(forced.body.statusCode).toBe('IN_PROGRESS');
    clock.advance(DAY / 2);
    expect((await status(token, id)).status_code).toBe('IN_PROGRESS');
    emulator.forceContainer(id, { status: 'FINISHED' });
    expect((await publish(emulator, token, id)).status).toBe(200);
  });

  it('fails a container with the given subcode, in the status text and at publish', async () => {
    const { token } = await accountWithToken(emulator);
    const id = await createContainer(emulator, token, { media_type: 'REELS', video_url: VIDEO });
    await call(emulator, 'POST', `/_emulator/containers/${id}`, {
      json: { status: 'ERROR', subcode: 2207026 },
    });
    expect(await status(token, id)).toMatchObject({
      status_code: 'ERROR',
      status: 'Error: Media upload has failed with error code 2207026',
    });
    expect(graphCode(await publish(emulator, token, id))).toEqual({
      status: 400,
      code: 9007,
      subcode: 2207027,
    });
  });

  it('expires a container on request', async () => {
    const { token } = await accountWithToken(emulator);
    const id = await createContainer(emulator, token, { image_url: IMAGE });
    emulator.forceContainer(id, { status: 'EXPIRED' });
    expect((await status(token, id)).status_code).toBe('EXPIRED');
  });

  it("hides another account's container", async () => {
    const mine = await accountWithToken(emulator);
    const other = await accountWithToken(emulator);
    const id = await createContainer(emulator, other.token, { image_url: IMAGE });
    expect(graphCode(await call(emulator, 'GET', `/${id}`, { token: mine.token })).subcode).toBe(
      33,
    );
    expect(graphCode(await publish(emulator, mine.token, id))).toEqual({
      status: 400,
      code: 24,
      subcode: 2207008,
    });
  });
});

describe('POST /{ig-user-id}/media_publish', () => {
  it('publishes a feed image once and reads it back with the media fields', async () => {
    const { id: accountId, token } = await accountWithToken(emulator, { username: 'cafe.aurora' });
    const containerId = await createContainer(emulator, token, {
      image_url: IMAGE,
      caption: 'Olá',
      alt_text: 'xícara',
    });
    clock.advance(50);
    const res = await publish(emulator, token, containerId);
    expect(res.status).toBe(200);
    const mediaId = res.body.id;
    expect(mediaId).toMatch(/^\d{17}$/);
    const fields =
      'id,permalink,shortcode,timestamp,media_type,media_product_type,username,caption,owner,alt_text,media_url';
    const media = await call(emulator, 'GET', `/${mediaId}`, { query: { fields }, token });
    expect(media.body).toEqual({
      id: mediaId,
      permalink: `https://www.instagram.com/p/${media.body.shortcode}/`,
      shortcode: expect.stringMatching(/^[\w-]{11}$/),
      timestamp: '2026-01-01T00:00:00+0000',
      media_type: 'IMAGE',
      media_product_type: 'FEED',
      username: 'cafe.aurora',
      caption: 'Olá',
      owner: { id: accountId },
      alt_text: 'xícara',
      media_url: IMAGE,
    });
    expect((await status(token, containerId)).status_code).toBe('PUBLISHED');
  });

  it('never publishes a container twice: the second call is refused and the container stays PUBLISHED', async () => {
    const { token } = await accountWithToken(emulator);
    const containerId = await createContainer(emulator, token, { image_url: IMAGE });
    clock.advance(50);
    expect((await publish(emulator, token, containerId)).status).toBe(200);
    const again = await publish(emulator, token, containerId);
    expect(graphCode(again)).toEqual({ status: 400, code: 9007, subcode: 2207027 });
    expect(again.body.error.error_user_msg).toBe('This media has already been published.');
    expect((await status(token, containerId)).status_code).toBe('PUBLISHED');
    const published = (await call(emulator, 'GET', '/_emulator/media')).body.data;
    expect(
      published.filter((m: { containerId: string }) => m.containerId === containerId),
    ).toHaveLength(1);
  });

  it('publishes a reel with a /reel/ permalink and a story with a stories link', async () => {
    const { token } = await accountWithToken(emulator, { username: 'cafe.aurora' });
    const reel = await createContainer(emulator, token, {
      media_type: 'REELS',
      video_url: VIDEO,
      share_to_feed: 'false',
    });
    const story = await createContainer(emulator, token, {
      media_type: 'STORIES',
      video_url: VIDEO,
    });
    clock.advance(30_000);
    const reelId = (await publish(emulator, token, reel)).body.id;
    const storyId = (await publish(emulator, token, story)).body.id;
    const fields = {
      fields: 'media_type,media_product_type,permalink,is_shared_to_feed,thumbnail_url',
    };
    const reelMedia = (await call(emulator, 'GET', `/${reelId}`, { query: fields, token })).body;
    expect(reelMedia).toMatchObject({
      media_type: 'VIDEO',
      media_product_type: 'REELS',
      is_shared_to_feed: false,
    });
    expect(reelMedia.permalink).toMatch(/^https:\/\/www\.instagram\.com\/reel\/[\w-]{11}\/$/);
    const storyMedia = (await call(emulator, 'GET', `/${storyId}`, { query: fields, token })).body;
    expect(storyMedia).toMatchObject({ media_type: 'VIDEO', media_product_type: 'STORY' });
    expect(storyMedia.permalink).toBe(`https://www.instagram.com/stories/cafe.aurora/${storyId}/`);
    const listed = (await call(emulator, 'GET', '/me/stories', { token })).body.data;
    expect(listed).toEqual([{ id: storyId }]);
  });

  it('publishes a carousel as one CAROUSEL_ALBUM with its children, and waits for every item', async () => {
    const { token } = await accountWithToken(emulator);
    const photo = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const video = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      media_type: 'VIDEO',
      video_url: VIDEO,
    });
    const carousel = await createContainer(emulator, token, {
      media_type: 'CAROUSEL',
      children: `${photo},${video}`,
      caption: 'dois',
    });
    clock.advance(50);
    // The video item is still processing: the carousel is not ready.
    expect((await status(token, carousel)).status_code).toBe('IN_PROGRESS');
    expect(graphCode(await publish(emulator, token, carousel))).toEqual({
      status: 400,
      code: 9007,
      subcode: 2207027,
    });
    clock.advance(30_000);
    const res = await publish(emulator, token, carousel);
    expect(res.status).toBe(200);
    const media = await call(emulator, 'GET', `/${res.body.id}`, {
      query: { fields: 'media_type,media_product_type,children{id,media_type,permalink}' },
      token,
    });
    expect(media.body.media_type).toBe('CAROUSEL_ALBUM');
    expect(media.body.children.data.map((c: { media_type: string }) => c.media_type)).toEqual([
      'IMAGE',
      'VIDEO',
    ]);
    // Carousel items have no permalink of their own.
    const childId = media.body.children.data[0].id;
    expect(media.body.children.data[0]).toEqual({ id: childId, media_type: 'IMAGE' });
    const child = await call(emulator, 'GET', `/${childId}`, {
      query: { fields: 'id,media_type,permalink' },
      token,
    });
    expect(child.body).toEqual({ id: childId, media_type: 'IMAGE' });
    expect((await status(token, photo)).status_code).toBe('PUBLISHED');
    expect(emulator.published()).toHaveLength(1);
  });

  it('refuses a carousel whose item is stuck, failed or expired, with 9007', async () => {
    const { token } = await accountWithToken(emulator);
    const a = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const b = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const carousel = await createContainer(emulator, token, {
      media_type: 'CAROUSEL',
      children: `${a},${b}`,
    });
    clock.advance(50);
    emulator.forceContainer(b, { status: 'EXPIRED' });
    expect(graphCode(await publish(emulator, token, carousel)).code).toBe(9007);
    emulator.forceContainer(b, { status: 'ERROR', subcode: 2207052 });
    expect((await status(token, carousel)).status).toBe(
      'Error: Media upload has failed with error code 2207052',
    );
  });

  it('refuses a carousel item published on its own and an unknown creation_id', async () => {
    const { token } = await accountWithToken(emulator);
    const item = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    clock.advance(50);
    expect(graphCode(await publish(emulator, token, item)).code).toBe(100);
    expect(graphCode(await publish(emulator, token, '17890123456789012'))).toEqual({
      status: 400,
      code: 24,
      subcode: 2207008,
    });
    const missing = await call(emulator, 'POST', '/me/media_publish', { token, form: {} });
    expect(missing.body.error.message).toBe('(#100) The parameter creation_id is required');
  });
});

describe('POST /{ig-media-id}/comments', () => {
  it('posts a first comment, visible on the media and in the control API', async () => {
    emulator.configure({ containerProcessingMs: 0 });
    const { id: accountId, token } = await accountWithToken(emulator);
    const mediaId = await publishImage(emulator, token);
    const res = await call(emulator, 'POST', `/v21.0/${mediaId}/comments`, {
      token,
      form: { message: '#café #bomdia' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.stringMatching(/^\d{17}$/) });
    const comments = (await call(emulator, 'GET', '/_emulator/comments')).body.data;
    expect(comments).toEqual([
      {
        id: res.body.id,
        mediaId,
        accountId,
        from: { id: accountId, username: 'account_1' },
        self: true,
        authorAccountId: accountId,
        text: '#café #bomdia',
        timestamp: '2026-01-01T00:00:00+0000',
        hidden: false,
        deleted: false,
        likeCount: 0,
      },
    ]);
    const media = (await call(emulator, 'GET', '/_emulator/media')).body.data[0];
    expect(media.comments).toEqual([
      { id: res.body.id, text: '#café #bomdia', timestamp: '2026-01-01T00:00:00+0000' },
    ]);
    const count = await call(emulator, 'GET', `/${mediaId}`, {
      query: { fields: 'comments_count,comments{text}' },
      token,
    });
    expect(count.body).toMatchObject({
      comments_count: 1,
      comments: { data: [{ text: '#café #bomdia', id: res.body.id }] },
    });
  });

  it('refuses a comment without instagram_business_manage_comments, or without a message', async () => {
    emulator.configure({ containerProcessingMs: 0 });
    const account = emulator.createAccount({ username: 'cafe.aurora' });
    const { access_token } = emulator.mintToken(account.id, {
      scopes: ['instagram_business_basic', 'instagram_business_content_publish'],
    });
    const mediaId = await publishImage(emulator, access_token);
    expect(
      graphCode(
        await call(emulator, 'POST', `/${mediaId}/comments`, {
          token: access_token,
          form: { message: 'x' },
        }),
      ).code,
    ).toBe(10);
    const { token } = { token: emulator.mintToken(account.id).access_token };
    expect(
      graphCode(await call(emulator, 'POST', `/${mediaId}/comments`, { token, form: {} })).code,
    ).toBe(100);
  });
});

describe('GET /_emulator/media', () => {
  it('lists every published media with owner, kind, caption, children, tags and container', async () => {
    emulator.configure({ containerProcessingMs: 0, videoProcessingMs: 0 });
    const { id: accountId, token } = await accountWithToken(emulator, { username: 'cafe.aurora' });
    const a = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
      alt_text: 'a',
    });
    const b = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const carousel = await createContainer(emulator, token, {
      media_type: 'CAROUSEL',
      children: `${a},${b}`,
      caption: 'dois',
      location_id: '42',
      collaborators: '["amiga"]',
    });
    const mediaId = (await publish(emulator, token, carousel)).body.id;
    const [media] = (await call(emulator, 'GET', '/_emulator/media')).body.data;
    expect(media).toMatchObject({
      id: mediaId,
      accountId,
      username: 'cafe.aurora',
      containerId: carousel,
      mediaType: 'CAROUSEL_ALBUM',
      productType: 'FEED',
      caption: 'dois',
      locationId: '42',
      collaborators: ['amiga'],
      children: [
        { containerId: a, mediaType: 'IMAGE', mediaUrl: IMAGE, altText: 'a' },
        { containerId: b, mediaType: 'IMAGE', mediaUrl: IMAGE },
      ],
      timestamp: '2026-01-01T00:00:00+0000',
    });
  });
});
