import { describe, expect, it } from 'vitest';
import { ReelayError } from '../errors/reelay-error';
import {
  buildContainerPlan,
  isResumableUpload,
  withCarouselChildren,
  type ContainerPlan,
  type ContainerPlanInput,
} from './container-requests';

const IMG = 'https://cdn.example/photo.jpg';
const IMG2 = 'https://cdn.example/photo-2.jpg';
const VID = 'https://cdn.example/clip.mp4';

interface Row {
  readonly name: string;
  readonly input: ContainerPlanInput;
  readonly expected: Omit<ContainerPlan, 'firstComment'> & { firstComment?: string | null };
}

const ROWS: readonly Row[] = [
  {
    name: 'a bare feed image',
    input: { media: [{ type: 'image', url: IMG }] },
    expected: { kind: 'feed', children: [], container: { image_url: IMG } },
  },
  {
    name: 'a feed image with every option',
    input: {
      kind: 'feed',
      caption: 'Bom dia! #café @amigo',
      media: [{ type: 'image', url: IMG }],
      options: {
        locationId: '110843418940484',
        collaborators: ['marca.parceira', '@outra_marca'],
        userTags: [{ username: 'amigo', x: 0.25, y: 0.75 }],
        altText: 'Uma xícara de café',
        firstComment: 'Link na bio',
      },
    },
    expected: {
      kind: 'feed',
      children: [],
      container: {
        image_url: IMG,
        caption: 'Bom dia! #café @amigo',
        location_id: '110843418940484',
        collaborators: '["marca.parceira","outra_marca"]',
        user_tags: '[{"username":"amigo","x":0.25,"y":0.75}]',
        alt_text: 'Uma xícara de café',
      },
      firstComment: 'Link na bio',
    },
  },
  {
    name: 'a reel with every option',
    input: {
      kind: 'reel',
      caption: 'Novo reel',
      media: [{ type: 'video', url: VID }],
      options: {
        shareToFeed: false,
        coverUrl: 'https://cdn.example/cover.jpg',
        thumbOffset: 1500,
        collaborators: ['marca.parceira'],
        locationId: '42',
        firstComment: 'primeiro!',
      },
    },
    expected: {
      kind: 'reel',
      children: [],
      container: {
        media_type: 'REELS',
        video_url: VID,
        caption: 'Novo reel',
        share_to_feed: 'false',
        cover_url: 'https://cdn.example/cover.jpg',
        thumb_offset: '1500',
        collaborators: '["marca.parceira"]',
        location_id: '42',
      },
      firstComment: 'primeiro!',
    },
  },
  {
    name: 'a single video inferred as a reel, thumb offset 0 kept',
    input: { media: [{ type: 'video', url: VID }], options: { thumbOffset: 0, shareToFeed: true } },
    expected: {
      kind: 'reel',
      children: [],
      container: { media_type: 'REELS', video_url: VID, thumb_offset: '0', share_to_feed: 'true' },
    },
  },
  {
    name: 'an image story with a tag without x/y',
    input: {
      kind: 'story',
      media: [{ type: 'image', url: IMG }],
      options: { userTags: [{ username: 'amigo' }] },
    },
    expected: {
      kind: 'story',
      children: [],
      container: { media_type: 'STORIES', image_url: IMG, user_tags: '[{"username":"amigo"}]' },
    },
  },
  {
    name: 'a video story',
    input: { kind: 'story', caption: '  ', media: [{ type: 'video', url: VID }] },
    expected: {
      kind: 'story',
      children: [],
      container: { media_type: 'STORIES', video_url: VID },
    },
  },
  {
    name: 'a mixed carousel with alt texts, tags per image and shared options',
    input: {
      caption: 'Carrossel',
      media: [
        { type: 'image', url: IMG },
        { type: 'video', url: VID },
        { type: 'image', url: IMG2 },
      ],
      options: {
        altText: ['Primeira', null, 'Terceira'],
        userTags: [
          { username: 'ana', x: 0.1, y: 0.2 },
          { username: 'bia', x: 0.5, y: 0.5, mediaIndex: 2 },
        ],
        collaborators: ['marca.parceira'],
        locationId: '7',
        firstComment: 'Veja todos',
      },
    },
    expected: {
      kind: 'carousel',
      children: [
        {
          is_carousel_item: 'true',
          image_url: IMG,
          alt_text: 'Primeira',
          user_tags: '[{"username":"ana","x":0.1,"y":0.2}]',
        },
        { is_carousel_item: 'true', media_type: 'VIDEO', video_url: VID },
        {
          is_carousel_item: 'true',
          image_url: IMG2,
          alt_text: 'Terceira',
          user_tags: '[{"username":"bia","x":0.5,"y":0.5}]',
        },
      ],
      container: {
        media_type: 'CAROUSEL',
        caption: 'Carrossel',
        collaborators: '["marca.parceira"]',
        location_id: '7',
      },
      firstComment: 'Veja todos',
    },
  },
  {
    name: 'a trial reel with audio name, username-only tags, product tags and the AI label',
    input: {
      kind: 'reel',
      caption: 'Teste',
      media: [{ type: 'video', url: VID }],
      options: {
        trialParams: { graduationStrategy: 'SS_PERFORMANCE' },
        audioName: 'Som da padaria',
        userTags: [{ username: '@ana' }],
        productTags: [{ productId: '3231775643511089' }],
        aiGenerated: true,
      },
    },
    expected: {
      kind: 'reel',
      children: [],
      container: {
        media_type: 'REELS',
        video_url: VID,
        caption: 'Teste',
        user_tags: '[{"username":"ana"}]',
        trial_params: '{"graduation_strategy":"SS_PERFORMANCE"}',
        audio_name: 'Som da padaria',
        product_tags: '[{"product_id":"3231775643511089"}]',
        is_ai_generated: 'true',
      },
    },
  },
  {
    name: 'a feed image with placed product tags and the AI label',
    input: {
      media: [{ type: 'image', url: IMG }],
      options: {
        productTags: [
          { productId: '1', x: 0.2, y: 0.3 },
          { productId: '2', x: 1, y: 0 },
        ],
        aiGenerated: true,
      },
    },
    expected: {
      kind: 'feed',
      children: [],
      container: {
        image_url: IMG,
        product_tags: '[{"product_id":"1","x":0.2,"y":0.3},{"product_id":"2","x":1,"y":0}]',
        is_ai_generated: 'true',
      },
    },
  },
  {
    name: 'a story with the AI label; aiGenerated false sends nothing',
    input: {
      kind: 'story',
      media: [{ type: 'image', url: IMG }],
      options: { aiGenerated: true },
    },
    expected: {
      kind: 'story',
      children: [],
      container: { media_type: 'STORIES', image_url: IMG, is_ai_generated: 'true' },
    },
  },
  {
    name: 'a carousel with the AI label and collaborators on the parent only',
    input: {
      media: [
        { type: 'image', url: IMG },
        { type: 'video', url: VID },
      ],
      options: { aiGenerated: true, collaborators: ['marca.parceira'] },
    },
    expected: {
      kind: 'carousel',
      children: [
        { is_carousel_item: 'true', image_url: IMG },
        { is_carousel_item: 'true', media_type: 'VIDEO', video_url: VID },
      ],
      container: {
        media_type: 'CAROUSEL',
        collaborators: '["marca.parceira"]',
        is_ai_generated: 'true',
      },
    },
  },
];

describe('buildContainerPlan', () => {
  it.each(ROWS)('builds the exact requests of $name', ({ input, expected }) => {
    expect(buildContainerPlan(input)).toEqual({ firstComment: null, ...expected });
  });

  it('puts no caption on carousel children', () => {
    const plan = buildContainerPlan({
      caption: 'Legenda',
      media: [
        { type: 'image', url: IMG },
        { type: 'image', url: IMG2 },
      ],
    });
    for (const child of plan.children) expect(child).not.toHaveProperty('caption');
  });

  it('sends nothing for aiGenerated false', () => {
    const plan = buildContainerPlan({
      media: [{ type: 'image', url: IMG }],
      options: { aiGenerated: false },
    });
    expect(plan.container).toEqual({ image_url: IMG });
  });

  it('refuses the new options where the kind does not take them', () => {
    const fieldOf = (input: ContainerPlanInput) => {
      try {
        buildContainerPlan(input);
      } catch (error) {
        return (error as ReelayError).details?.field;
      }
      return null;
    };
    const image = [{ type: 'image' as const, url: IMG }];
    const video = [{ type: 'video' as const, url: VID }];
    const pair = [...image, { type: 'image' as const, url: IMG2 }];
    const at = (name: string) => `platforms[0].options.${name}`;
    expect(
      fieldOf({ media: image, options: { trialParams: { graduationStrategy: 'MANUAL' } } }),
    ).toBe(at('trialParams'));
    expect(fieldOf({ media: pair, options: { audioName: 'x' } })).toBe(at('audioName'));
    expect(fieldOf({ kind: 'story', media: video, options: { audioName: 'x' } })).toBe(
      at('audioName'),
    );
    expect(
      fieldOf({ kind: 'story', media: image, options: { productTags: [{ productId: '1' }] } }),
    ).toBe(at('productTags'));
    expect(
      fieldOf({ media: pair, options: { productTags: [{ productId: '1', x: 0, y: 0 }] } }),
    ).toBe(at('productTags'));
    expect(fieldOf({ media: image, options: { productTags: [{ productId: '1' }] } })).toBe(
      `${at('productTags')}[0]`,
    );
    expect(
      fieldOf({ media: video, options: { productTags: [{ productId: '1', x: 0.5, y: 0.5 }] } }),
    ).toBe(`${at('productTags')}[0]`);
    expect(
      fieldOf({ media: video, options: { userTags: [{ username: 'ana', x: 0.5, y: 0.5 }] } }),
    ).toBe(at('userTags'));
  });

  it('refuses options the kind does not take, naming the field', () => {
    const run = () =>
      buildContainerPlan({
        kind: 'feed',
        media: [{ type: 'image', url: IMG }],
        options: { shareToFeed: true },
      });
    expect(run).toThrow(ReelayError);
    expect(run).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });

  it('refuses a story caption, user tags on a carousel video, and collaborators on a story', () => {
    const codeOf = (input: ContainerPlanInput) => {
      try {
        buildContainerPlan(input);
      } catch (error) {
        return (error as ReelayError).code;
      }
      return null;
    };
    expect(codeOf({ kind: 'story', caption: 'oi', media: [{ type: 'image', url: IMG }] })).toBe(
      'VALIDATION_ERROR',
    );
    expect(
      codeOf({
        media: [
          { type: 'image', url: IMG },
          { type: 'video', url: VID },
        ],
        options: { userTags: [{ username: 'x', x: 0, y: 0, mediaIndex: 1 }] },
      }),
    ).toBe('VALIDATION_ERROR');
    expect(
      codeOf({
        kind: 'story',
        media: [{ type: 'image', url: IMG }],
        options: { collaborators: ['a'] },
      }),
    ).toBe('VALIDATION_ERROR');
  });

  it('refuses media that do not fit the kind', () => {
    expect(() =>
      buildContainerPlan({ kind: 'reel', media: [{ type: 'image', url: IMG }] }),
    ).toThrow(expect.objectContaining({ code: 'MEDIA_INVALID' }));
    expect(() => buildContainerPlan({ media: [] })).toThrow(
      expect.objectContaining({ code: 'MEDIA_INVALID' }),
    );
  });
});

describe('resumable videos', () => {
  it('asks for an upload session instead of video_url, and leaves images by URL', () => {
    const story = buildContainerPlan({
      kind: 'story',
      media: [{ type: 'video', url: VID }],
      resumableVideos: true,
    });
    expect(story.container).toEqual({ media_type: 'STORIES', upload_type: 'resumable' });
    const carousel = buildContainerPlan({
      kind: 'carousel',
      caption: 'Dois',
      media: [
        { type: 'image', url: IMG },
        { type: 'video', url: VID },
      ],
      resumableVideos: true,
    });
    expect(carousel.children).toEqual([
      { is_carousel_item: 'true', image_url: IMG },
      { is_carousel_item: 'true', media_type: 'VIDEO', upload_type: 'resumable' },
    ]);
    expect(carousel.children.map(isResumableUpload)).toEqual([false, true]);
    expect(isResumableUpload(carousel.container)).toBe(false);
    const feed = buildContainerPlan({
      media: [{ type: 'image', url: IMG }],
      resumableVideos: true,
    });
    expect(feed.container).toEqual({ image_url: IMG });
  });
});

describe('withCarouselChildren', () => {
  const plan = buildContainerPlan({
    caption: 'c',
    media: [
      { type: 'image', url: IMG },
      { type: 'video', url: VID },
    ],
  });

  it('adds the child ids in order, comma-separated', () => {
    expect(withCarouselChildren(plan, ['17900001', '17900002'])).toEqual({
      media_type: 'CAROUSEL',
      caption: 'c',
      children: '17900001,17900002',
    });
  });

  it('refuses a count that does not match, an id that would split the list, and non-carousels', () => {
    expect(() => withCarouselChildren(plan, ['1'])).toThrow(TypeError);
    expect(() => withCarouselChildren(plan, ['1,2', '3'])).toThrow(TypeError);
    const feed = buildContainerPlan({ media: [{ type: 'image', url: IMG }] });
    expect(() => withCarouselChildren(feed, [])).toThrow(TypeError);
  });
});
