/**
 * The newer container parameters (reference §2, §9): trial reels, the AI label, audio
 * names, product tags, the carousel-parent-only parameters, a VIDEO item published alone,
 * and the hashtag cap Instagram announced in December 2025 behind `hashtagLimit`.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountWithToken,
  call,
  createContainer,
  graphCode,
  publish,
  startTestEmulator,
} from '../testing/harness';

const { emulator, reset } = await startTestEmulator();
afterAll(() => emulator.close());
beforeEach(() => reset());

const IMAGE = 'https://cdn.example.com/photo.jpg';
const VIDEO = 'https://cdn.example.com/clip.mp4';
const create = (token: string, form: Record<string, string>) =>
  call(emulator, 'POST', '/v21.0/me/media', { token, form });
const hashtags = (count: number) =>
  Array.from({ length: count }, (_, index) => `#tag${index}`).join(' ');

describe('newer container parameters', () => {
  it('records a trial reel with its audio name, AI label, product tags and username-only tags', async () => {
    const { token } = await accountWithToken(emulator);
    const id = await createContainer(emulator, token, {
      media_type: 'REELS',
      video_url: VIDEO,
      trial_params: '{"graduation_strategy":"SS_PERFORMANCE"}',
      audio_name: 'Som da padaria',
      is_ai_generated: 'true',
      product_tags: '[{"product_id":"3231775643511089"}]',
      user_tags: '[{"username":"ana"}]',
    });
    expect(emulator.containers()[0]).toMatchObject({
      id,
      kind: 'REELS',
      trialGraduation: 'SS_PERFORMANCE',
      audioName: 'Som da padaria',
      isAiGenerated: true,
      productTags: [{ productId: '3231775643511089' }],
      userTags: [{ username: 'ana' }],
    });
    expect((await publish(emulator, token, id)).status).toBe(200);
    const [media] = emulator.published();
    expect(media).toMatchObject({ trialGraduation: 'SS_PERFORMANCE', isAiGenerated: true });
    const read = await call(emulator, 'GET', `/v21.0/${media!.id}`, {
      token,
      query: { fields: 'is_ai_generated' },
    });
    expect(read.body).toEqual({ id: media!.id, is_ai_generated: true });
  });

  it('takes trial params as a JSON body object too', async () => {
    const { token } = await accountWithToken(emulator);
    const res = await call(emulator, 'POST', '/me/media', {
      token,
      json: {
        media_type: 'REELS',
        video_url: VIDEO,
        trial_params: { graduation_strategy: 'MANUAL' },
      },
    });
    expect(res.status).toBe(200);
    expect(emulator.containers()[0]?.trialGraduation).toBe('MANUAL');
  });

  it('records product tags with their position on a feed image', async () => {
    const { token } = await accountWithToken(emulator);
    await createContainer(emulator, token, {
      image_url: IMAGE,
      product_tags: '[{"product_id":"1","x":0.25,"y":0.5},{"product_id":2,"x":"1","y":0}]',
    });
    expect(emulator.containers()[0]?.productTags).toEqual([
      { productId: '1', x: 0.25, y: 0.5 },
      { productId: '2', x: 1, y: 0 },
    ]);
  });

  it.each([
    [
      'trial params on an image',
      { image_url: IMAGE, trial_params: '{"graduation_strategy":"MANUAL"}' },
    ],
    [
      'an unknown graduation strategy',
      { media_type: 'REELS', video_url: VIDEO, trial_params: '{"graduation_strategy":"SOON"}' },
    ],
    [
      'trial params that are not JSON',
      { media_type: 'REELS', video_url: VIDEO, trial_params: 'MANUAL' },
    ],
    [
      'the AI label on a carousel item',
      { is_carousel_item: 'true', image_url: IMAGE, is_ai_generated: 'true' },
    ],
    ['an AI label that is not a boolean', { image_url: IMAGE, is_ai_generated: 'sure' }],
    [
      'product tags on a story',
      { media_type: 'STORIES', image_url: IMAGE, product_tags: '[{"product_id":"1"}]' },
    ],
    [
      'product tags on an image without coordinates',
      { image_url: IMAGE, product_tags: '[{"product_id":"1"}]' },
    ],
    [
      'six product tags',
      {
        image_url: IMAGE,
        product_tags: JSON.stringify(
          Array.from({ length: 6 }, (_, i) => ({ product_id: String(i + 1), x: 0, y: 0 })),
        ),
      },
    ],
    [
      'a product tag without product_id',
      { media_type: 'REELS', video_url: VIDEO, product_tags: '[{"x":0}]' },
    ],
    ['an audio name on an image', { image_url: IMAGE, audio_name: 'x' }],
  ])('refuses %s with a (#100) error', async (_, form) => {
    const { token } = await accountWithToken(emulator);
    const res = await create(token, form);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(100);
    expect(res.body.error.message).toMatch(/^\(#100\) /);
    expect(emulator.containers()).toEqual([]);
  });

  it('refuses collaborators on a carousel item in the platform words, and takes them on the carousel', async () => {
    const { token } = await accountWithToken(emulator);
    const refused = await create(token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
      collaborators: 'amiga',
    });
    expect(refused.body.error.message).toBe(
      '(#100) param collaborators is not allowed for carousel child',
    );
    const a = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const b = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      image_url: IMAGE,
    });
    const parent = await createContainer(emulator, token, {
      media_type: 'CAROUSEL',
      children: `${a},${b}`,
      collaborators: 'amiga',
      is_ai_generated: 'true',
    });
    expect(emulator.containers().find((c) => c.id === parent)).toMatchObject({
      collaborators: ['amiga'],
      isAiGenerated: true,
    });
  });

  it('refuses to publish a VIDEO carousel item on its own with 100/2207089', async () => {
    const { token } = await accountWithToken(emulator);
    const item = await createContainer(emulator, token, {
      is_carousel_item: 'true',
      media_type: 'VIDEO',
      video_url: VIDEO,
    });
    const res = await publish(emulator, token, item);
    expect(graphCode(res)).toEqual({ status: 400, code: 100, subcode: 2207089 });
    expect(emulator.published()).toEqual([]);
  });
});

describe('the hashtag cap behind hashtagLimit', () => {
  it('accepts up to 30 hashtags by default', async () => {
    const { token } = await accountWithToken(emulator);
    expect((await create(token, { image_url: IMAGE, caption: hashtags(30) })).status).toBe(200);
  });

  it('with hashtagLimit 5, refuses a sixth hashtag with 36004/2207010 naming the cap', async () => {
    emulator.configure({ hashtagLimit: 5 });
    const { token } = await accountWithToken(emulator);
    expect((await create(token, { image_url: IMAGE, caption: hashtags(5) })).status).toBe(200);
    const res = await create(token, { image_url: IMAGE, caption: `Oi ${hashtags(6)}` });
    expect(graphCode(res)).toEqual({ status: 400, code: 36004, subcode: 2207010 });
    expect(res.body.error.error_user_msg).toBe(
      'The caption has 6 hashtags. Posts can include up to 5 hashtags.',
    );
  });

  it('is a setting of the control API, checked like the others', async () => {
    const set = await call(emulator, 'POST', '/_emulator/config', { json: { hashtagLimit: 5 } });
    expect(set.status).toBe(200);
    expect(emulator.config.hashtagLimit).toBe(5);
    for (const wrong of [0, 31, 2.5, '5']) {
      const res = await call(emulator, 'POST', '/_emulator/config', {
        json: { hashtagLimit: wrong },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/hashtagLimit/);
    }
  });
});
