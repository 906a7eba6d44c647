import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  createContainer,
  graphCode,
  startTestEmulator,
} from '../testing/harness';

const { emulator, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const IMAGE = 'https://cdn.example.com/photo.jpg';
const VIDEO = 'https://cdn.example.com/clip.mp4';

async function create(token: string, form: Record<string, string>) {
  return call(emulator, 'POST', '/v21.0/me/media', { token, form });
}

describe('POST /{ig-user-id}/media: every kind of container', () => {
  it('creates a feed image container without media_type, with caption, location, tags, collaborators and alt text', async () => {
    const { token } = await accountWithToken(emulator);
    const res = await create(token, {
      image_url: IMAGE,
      caption: 'Bom dia #café @amiga',
      location_id: '110843418940484',
      user_tags: JSON.stringify([{ username: 'amiga', x: 0.5, y: 0.25 }]),
      collaborators: JSON.stringify(['amiga', 'outra']),
      alt_text: 'Uma xícara de café',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.stringMatching(/^\d{17}$/) });
    const [container] = emulator.containers();
    expect(container).toMatchObject({
      kind: 'IMAGE',
      statusCode: 'FINISHED',
      caption: 'Bom dia #café @amiga',
    });
  });

  it('creates a reel with its options', async () => {
    const { token } = await accountWithToken(emulator);
    const res = await create(token, {
      media_type: 'REELS',
      video_url: VIDEO,
      share_to_feed: 'false',
      cover_url: IMAGE,
      thumb_offset: '1500',
      audio_name: 'Som original',
      collaborators: 'amiga',
    });
    expect(res.status).toBe(200);
    expect(emulator.containers()[0]).toMatchObject({ kind: 'REELS', videoUrl: VIDEO });
  });

  it('creates image and video stories', async () => {
    const { token } = await accountWithToken(emulator);
    expect((await create(token, { media_type: 'STORIES', image_url: IMAGE })).status).toBe(200);
    expect((await create(token, { media_type: 'STORIES', video_url: VIDEO })).status).toBe(200);
    expect(emulator.containers().map((c) => c.kind)).toEqual(['STORY_IMAGE', 'STORY_VIDEO']);
  });

  it('creates carousel items and a carousel from them, children as a list or a JSON array', async () => {
    const { token } = await accountWithToken(emulator);
    const a = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
      alt_text: 'a',
    });
    const b = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      media_type: 'VIDEO',
      video_url: VIDEO,
    });
    const c = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      media_type: 'IMAGE',
      image_url: IMAGE,
    });
    const byList = await create(token, {
      media_type: 'CAROUSEL',
      children: `${a},${b}`,
      caption: 'dois',
    });
    expect(byList.status).toBe(200);
    const byJson = await call(emulator, 'POST', '/me/media', {
      token,
      json: { media_type: 'CAROUSEL', children: [a, c], caption: 'json' },
    });
    expect(byJson.status).toBe(200);
    expect(emulator.containers().map((x) => x.kind)).toEqual([
      'CAROUSEL_ITEM_IMAGE',
      'CAROUSEL_ITEM_VIDEO',
      'CAROUSEL_ITEM_IMAGE',
      'CAROUSEL',
      'CAROUSEL',
    ]);
  });

  it('takes parameters from the query string and from multipart bodies too', async () => {
    const { token } = await accountWithToken(emulator);
    const query = await call(emulator, 'POST', '/me/media', {
      token,
      query: { image_url: IMAGE, caption: '%23tag' },
    });
    expect(query.status).toBe(200);
    const form = new FormData();
    form.set('image_url', IMAGE);
    form.set('caption', 'multipart');
    const res = await fetch(`${emulator.url}/v21.0/me/media?access_token=${token}`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(200);
    expect(emulator.containers()[1]?.caption).toBe('multipart');
  });
});

describe('POST /{ig-user-id}/media: validation', () => {
  it.each([
    [
      'a single feed video as media_type=VIDEO (retired in 2023)',
      { media_type: 'VIDEO', video_url: VIDEO },
      100,
      2207023,
    ],
    ['a video without media_type', { video_url: VIDEO }, 100, 2207023],
    ['an unknown media type', { media_type: 'PHOTO', image_url: IMAGE }, 100, 2207023],
    [
      'a caption over 2200 characters',
      { image_url: IMAGE, caption: 'a'.repeat(2201) },
      36004,
      2207010,
    ],
    [
      'more than 30 hashtags',
      { image_url: IMAGE, caption: Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ') },
      36004,
      2207010,
    ],
    [
      'more than 20 @tags',
      { image_url: IMAGE, caption: Array.from({ length: 21 }, (_, i) => `@u${i}`).join(' ') },
      100,
      2207040,
    ],
    ['a carousel of one', { media_type: 'CAROUSEL', children: '17890000000000001' }, 100, 2207028],
    [
      'a negative thumb_offset',
      { media_type: 'REELS', video_url: VIDEO, thumb_offset: '-1' },
      1,
      2207057,
    ],
  ])('refuses %s', async (_, form, code, subcode) => {
    const { token } = await accountWithToken(emulator);
    const res = await create(token, form);
    expect(graphCode(res)).toEqual({ status: 400, code, subcode });
    expect(res.body.error).toMatchObject({
      type: 'OAuthException',
      is_transient: false,
      error_user_title: expect.any(String),
      error_user_msg: expect.any(String),
      fbtrace_id: expect.any(String),
    });
    expect(emulator.containers()).toEqual([]);
  });

  it('accepts exactly 2200 characters, 30 hashtags and 20 @tags', async () => {
    const { token } = await accountWithToken(emulator);
    expect((await create(token, { image_url: IMAGE, caption: 'é'.repeat(2200) })).status).toBe(200);
    const tags = Array.from({ length: 30 }, (_, i) => `#t${i}`).join(' ');
    const mentions = Array.from({ length: 20 }, (_, i) => `@u${i}`).join(' ');
    expect(
      (await create(token, { image_url: IMAGE, caption: `${tags} ${mentions} mail@example.com` }))
        .status,
    ).toBe(200);
  });

  it('refuses a carousel of eleven', async () => {
    const { token } = await accountWithToken(emulator);
    const items = [];
    for (let i = 0; i < 11; i++)
      items.push(
        await createContainer(emulator, token, { is_carousel_item: 'true', image_url: IMAGE }),
      );
    const res = await create(token, { media_type: 'CAROUSEL', children: items.join(',') });
    expect(graphCode(res)).toEqual({ status: 400, code: 100, subcode: 2207028 });
  });

  it.each([
    ['a caption on a carousel item', { is_carousel_item: 'true', image_url: IMAGE, caption: 'x' }],
    ['alt text on a reel', { media_type: 'REELS', video_url: VIDEO, alt_text: 'x' }],
    [
      'collaborators on a story',
      { media_type: 'STORIES', image_url: IMAGE, collaborators: 'amiga' },
    ],
    ['four collaborators', { image_url: IMAGE, collaborators: 'a,b,c,d' }],
    ['share_to_feed on an image', { image_url: IMAGE, share_to_feed: 'true' }],
    [
      'a share_to_feed that is not a boolean',
      { media_type: 'REELS', video_url: VIDEO, share_to_feed: 'maybe' },
    ],
    ['a location on a story', { media_type: 'STORIES', image_url: IMAGE, location_id: '1' }],
    ['user tags that are not JSON', { image_url: IMAGE, user_tags: '[{username:' }],
    [
      'user tags on an image without coordinates',
      { image_url: IMAGE, user_tags: '[{"username":"a"}]' },
    ],
    [
      'a user tag outside the picture',
      { image_url: IMAGE, user_tags: '[{"username":"a","x":1.5,"y":0}]' },
    ],
    [
      'user tags on a carousel video',
      {
        is_carousel_item: 'true',
        media_type: 'VIDEO',
        video_url: VIDEO,
        user_tags: '[{"username":"a"}]',
      },
    ],
    [
      'a reel as a carousel item',
      { is_carousel_item: 'true', media_type: 'REELS', video_url: VIDEO },
    ],
    ['a reel with an image', { media_type: 'REELS', image_url: IMAGE }],
    [
      'a story with both an image and a video',
      { media_type: 'STORIES', image_url: IMAGE, video_url: VIDEO },
    ],
    ['an image without image_url', { caption: 'nothing' }],
    ['children on an image', { image_url: IMAGE, children: '1,2' }],
  ])('refuses %s with a (#100) error', async (_, form) => {
    const { token } = await accountWithToken(emulator);
    const res = await create(token, form);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(100);
    expect(res.body.error.message).toMatch(/^\(#100\) /);
  });

  it('refuses a location id that is not a Page id', async () => {
    const { token } = await accountWithToken(emulator);
    const res = await create(token, { image_url: IMAGE, location_id: 'Lisboa' });
    expect(res.body.error.message).toBe('INSTAGRAM_PLATFORM_API__INVALID_LOCATION_ID');
  });

  it("refuses carousel items that are not this account's, not items, or already published", async () => {
    const mine = await accountWithToken(emulator);
    const other = await accountWithToken(emulator);
    const theirs = await createContainer(emulator, other.token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const item = await createContainer(emulator, mine.token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const image = await createContainer(emulator, mine.token, { image_url: IMAGE });
    expect(
      graphCode(
        await create(mine.token, { media_type: 'CAROUSEL', children: `${item},${theirs}` }),
      ),
    ).toEqual({
      status: 400,
      code: 24,
      subcode: 2207006,
    });
    expect(
      graphCode(await create(mine.token, { media_type: 'CAROUSEL', children: `${item},${image}` }))
        .code,
    ).toBe(100);
    expect(
      graphCode(await create(mine.token, { media_type: 'CAROUSEL', children: `${item},${item}` }))
        .code,
    ).toBe(100);

    const second = await createContainer(emulator, mine.token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const carousel = await createContainer(emulator, mine.token, {
      media_type: 'CAROUSEL',
      children: `${item},${second}`,
    });
    expect(
      (
        await call(emulator, 'POST', '/me/media_publish', {
          token: mine.token,
          form: { creation_id: carousel },
        })
      ).status,
    ).toBe(200);
    const third = await createContainer(emulator, mine.token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const reuse = await create(mine.token, {
      media_type: 'CAROUSEL',
      children: `${item},${third}`,
    });
    expect(reuse.body.error.message).toContain('cannot be reused');
  });
});

describe('POST /{ig-user-id}/media: who may publish', () => {
  it('refuses a token without instagram_business_content_publish with code 10', async () => {
    const account = emulator.createAccount({ username: 'reader' });
    const { access_token } = emulator.mintToken(account.id, {
      scopes: ['instagram_business_basic'],
    });
    const res = await create(access_token, { image_url: IMAGE });
    expect(graphCode(res)).toEqual({ status: 400, code: 10, subcode: undefined });
  });

  it("refuses a token used on another account's path", async () => {
    const mine = await accountWithToken(emulator);
    const other = await accountWithToken(emulator);
    const res = await call(emulator, 'POST', `/v21.0/${other.id}/media`, {
      token: mine.token,
      form: { image_url: IMAGE },
    });
    expect(graphCode(res)).toEqual({ status: 400, code: 100, subcode: 33 });
    expect(res.body.error.message).toMatch(/^Unsupported post request/);
  });

  it('refuses a personal account, which cannot use the API', async () => {
    const { token } = await accountWithToken(emulator, { accountType: 'PERSONAL' });
    expect(graphCode(await create(token, { image_url: IMAGE })).code).toBe(10);
  });

  it('works with the account id in the path as with me', async () => {
    const { id, token } = await accountWithToken(emulator);
    const res = await call(emulator, 'POST', `/${id}/media`, { token, form: { image_url: IMAGE } });
    expect(res.status).toBe(200);
  });
});
