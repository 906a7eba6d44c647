import { describe, expect, it } from 'vitest';
import { ReelayError } from '../errors/reelay-error';
import type { InstagramOptions } from '../schemas/posts';
import { assertPostComposition, resolvePostKind, type PostComposition } from './post-composition';

function failure(run: () => unknown): ReelayError {
  try {
    run();
  } catch (error) {
    if (error instanceof ReelayError) return error;
    throw error;
  }
  throw new Error('expected a ReelayError');
}

const post = (overrides: Partial<PostComposition> = {}): PostComposition => ({
  content: 'Olá',
  mediaTypes: ['image'],
  platforms: [{}],
  ...overrides,
});
const withOptions = (
  kind: PostComposition['kind'],
  mediaTypes: PostComposition['mediaTypes'],
  options: InstagramOptions,
) => post({ kind, mediaTypes, platforms: [{ options }], content: kind === 'story' ? '' : 'Olá' });

describe('resolvePostKind', () => {
  it('infers the kind from the media', () => {
    expect(resolvePostKind(undefined, ['image'])).toBe('feed');
    expect(resolvePostKind(undefined, ['video'])).toBe('reel');
    expect(resolvePostKind(undefined, ['image', 'video'])).toBe('carousel');
    expect(resolvePostKind('story', ['video'])).toBe('story');
  });

  it('refuses no media and more than 10 as MEDIA_INVALID', () => {
    const none = failure(() => resolvePostKind(undefined, []));
    expect([none.code, none.details?.reason]).toEqual(['MEDIA_INVALID', 'missing']);
    const eleven = failure(() => resolvePostKind('carousel', Array(11).fill('image')));
    expect([eleven.code, eleven.details?.reason]).toEqual(['MEDIA_INVALID', 'too_many']);
    expect(resolvePostKind('carousel', Array(10).fill('image'))).toBe('carousel');
  });

  it('refuses a Story with 2 items', () => {
    const error = failure(() => resolvePostKind('story', ['image', 'image']));
    expect(error.code).toBe('MEDIA_INVALID');
    expect(error.details).toEqual({ reason: 'too_many', field: 'mediaItems' });
    expect(error.message).toMatch(/Story leva exatamente 1/);
  });

  it('refuses a carousel of one and a feed post of two', () => {
    expect(failure(() => resolvePostKind('carousel', ['image'])).details?.reason).toBe('missing');
    const feed = failure(() => resolvePostKind('feed', ['image', 'image']));
    expect(feed.details?.reason).toBe('too_many');
    expect(feed.message).toMatch(/carousel/);
  });

  it('refuses a Reel of an image and a feed post of a video', () => {
    expect(failure(() => resolvePostKind('reel', ['image'])).details?.reason).toBe('mime');
    expect(failure(() => resolvePostKind('feed', ['video'])).details?.reason).toBe('mime');
  });
});

describe('assertPostComposition', () => {
  it('returns the resolved kind for a valid post', () => {
    expect(assertPostComposition(post())).toBe('feed');
    expect(
      assertPostComposition(
        withOptions('reel', ['video'], {
          shareToFeed: false,
          thumbOffset: 1500,
          collaborators: ['a'],
        }),
      ),
    ).toBe('reel');
  });

  it('refuses a caption on a Story', () => {
    const error = failure(() => assertPostComposition(post({ kind: 'story', content: 'legenda' })));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details?.field).toBe('content');
  });

  it('refuses Reel options on other kinds, naming the option of the right target', () => {
    const error = failure(() =>
      assertPostComposition(
        post({
          mediaTypes: ['image'],
          platforms: [{}, { options: { shareToFeed: true, coverUrl: 'https://x.test/c.jpg' } }],
        }),
      ),
    );
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details?.field).toBe('platforms[1].options.shareToFeed');
    expect(error.details?.issues).toHaveLength(2);
    expect(error.message).toMatch(
      /^Campo 'platforms\[1\]\.options\.shareToFeed': só vale para Reels \(e mais 1 problema/,
    );
  });

  it('refuses collaborators, location and first comment on Stories', () => {
    const error = failure(() =>
      assertPostComposition(
        withOptions('story', ['image'], {
          collaborators: ['a'],
          locationId: '123',
          firstComment: 'oi',
        }),
      ),
    );
    expect(error.details?.issues?.map((issue) => issue.field)).toEqual([
      'platforms[0].options.collaborators',
      'platforms[0].options.locationId',
      'platforms[0].options.firstComment',
    ]);
  });

  it('takes alt text as one text in the feed and a list aligned to a carousel', () => {
    expect(assertPostComposition(withOptions('feed', ['image'], { altText: 'Um gato' }))).toBe(
      'feed',
    );
    expect(
      assertPostComposition(
        withOptions('carousel', ['image', 'video'], { altText: ['Um gato', null] }),
      ),
    ).toBe('carousel');
    expect(
      failure(() =>
        assertPostComposition(withOptions('carousel', ['image', 'video'], { altText: 'x' })),
      ).details?.field,
    ).toBe('platforms[0].options.altText');
    expect(
      failure(() =>
        assertPostComposition(withOptions('carousel', ['image', 'video'], { altText: ['a', 'b'] })),
      ).details?.field,
    ).toBe('platforms[0].options.altText[1]');
    expect(
      failure(() => assertPostComposition(withOptions('reel', ['video'], { altText: 'x' }))).code,
    ).toBe('VALIDATION_ERROR');
  });

  it('checks user tags: coordinates outside Stories, media index, no carousel videos, no Reels', () => {
    expect(
      assertPostComposition(withOptions('story', ['image'], { userTags: [{ username: 'ana' }] })),
    ).toBe('story');
    expect(
      failure(() =>
        assertPostComposition(withOptions('feed', ['image'], { userTags: [{ username: 'ana' }] })),
      ).details?.field,
    ).toBe('platforms[0].options.userTags[0]');
    expect(
      failure(() =>
        assertPostComposition(
          withOptions('carousel', ['image', 'video'], {
            userTags: [{ username: 'ana', x: 0.5, y: 0.5, mediaIndex: 1 }],
          }),
        ),
      ).details?.field,
    ).toBe('platforms[0].options.userTags[0].mediaIndex');
    expect(
      failure(() =>
        assertPostComposition(
          withOptions('carousel', ['image', 'image'], {
            userTags: [{ username: 'ana', x: 0, y: 1, mediaIndex: 2 }],
          }),
        ),
      ).message,
    ).toMatch(/não existe a mídia 2/);
    expect(
      failure(() =>
        assertPostComposition(
          withOptions('reel', ['video'], { userTags: [{ username: 'ana', x: 0, y: 0 }] }),
        ),
      ).details?.field,
    ).toBe('platforms[0].options.userTags');
  });

  it('takes Reel user tags with usernames only, refusing coordinates', () => {
    expect(
      assertPostComposition(withOptions('reel', ['video'], { userTags: [{ username: 'ana' }] })),
    ).toBe('reel');
    const error = failure(() =>
      assertPostComposition(
        withOptions('reel', ['video'], {
          userTags: [{ username: 'ana' }, { username: 'bia', x: 0.5, y: 0.5 }],
        }),
      ),
    );
    expect(error.details?.field).toBe('platforms[0].options.userTags');
    expect(error.message).toMatch(/só o nome de usuário; retire x e y da marcação 1/);
  });

  it('takes trial params and an audio name on Reels only', () => {
    const reelOptions: InstagramOptions = {
      trialParams: { graduationStrategy: 'MANUAL' },
      audioName: 'Som original',
    };
    expect(assertPostComposition(withOptions('reel', ['video'], reelOptions))).toBe('reel');
    for (const [kind, media] of [
      ['feed', ['image']],
      ['story', ['video']],
      ['carousel', ['image', 'video']],
    ] as const) {
      const error = failure(() => assertPostComposition(withOptions(kind, media, reelOptions)));
      expect(error.details?.issues?.map((issue) => issue.field)).toEqual([
        'platforms[0].options.trialParams',
        'platforms[0].options.audioName',
      ]);
    }
  });

  it('takes the AI label on every kind', () => {
    for (const [kind, media] of [
      ['feed', ['image']],
      ['reel', ['video']],
      ['story', ['image']],
      ['carousel', ['image', 'image']],
    ] as const) {
      expect(assertPostComposition(withOptions(kind, media, { aiGenerated: true }))).toBe(kind);
    }
  });

  it('takes product tags placed on a feed image and unplaced on a Reel, nowhere else', () => {
    expect(
      assertPostComposition(
        withOptions('feed', ['image'], { productTags: [{ productId: '1', x: 0.1, y: 0.9 }] }),
      ),
    ).toBe('feed');
    expect(
      assertPostComposition(withOptions('reel', ['video'], { productTags: [{ productId: '1' }] })),
    ).toBe('reel');
    const field = (
      kind: PostComposition['kind'],
      media: PostComposition['mediaTypes'],
      tag: object,
    ) =>
      failure(() =>
        assertPostComposition(
          withOptions(kind, media, { productTags: [tag as { productId: string }] }),
        ),
      ).details?.field;
    expect(field('feed', ['image'], { productId: '1' })).toBe(
      'platforms[0].options.productTags[0]',
    );
    expect(field('reel', ['video'], { productId: '1', x: 0, y: 0 })).toBe(
      'platforms[0].options.productTags[0]',
    );
    expect(field('story', ['image'], { productId: '1' })).toBe('platforms[0].options.productTags');
    expect(field('carousel', ['image', 'image'], { productId: '1', x: 0, y: 0 })).toBe(
      'platforms[0].options.productTags',
    );
  });
});
