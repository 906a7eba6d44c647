/**
 * The composer's pure parts: times in named zones, the checks made before sending (core's
 * rules), the body sent, the field an API error names, and the preview frame.
 */
import {
  compositionIssues,
  loginModeIssues,
  POST_KINDS,
  type InstagramOptions,
  type PostKind,
} from '@reelay/core';
import { describe, expect, it } from 'vitest';
import {
  buildPostBody,
  checkDraft,
  COMPOSER_OPTIONS,
  effectiveKind,
  emptyOptions,
  errorKey,
  lockedByLogin,
  OPTIONS_BY_KIND,
  optionsFor,
  overAnnouncedHashtagCap,
  previewRatio,
  type ComposeDraft,
  type DraftItem,
  type OptionName,
} from './compose-rules';
import {
  currentZoneName,
  offsetMinutes,
  timeZones,
  wallClock,
  zonedTime,
  zoneLabel,
} from './time-zone';

const image = (key: string, width = 1080, height = 1350): DraftItem => ({
  key,
  status: 'ready',
  media: { id: `med_${key}`, type: 'image', mime: 'image/png', size: 50_000, width, height },
});
const video = (key: string): DraftItem => ({
  key,
  status: 'ready',
  media: {
    id: `med_${key}`,
    type: 'video',
    mime: 'video/mp4',
    size: 900_000,
    width: 1080,
    height: 1920,
  },
});

function draft(change: Partial<ComposeDraft> = {}): ComposeDraft {
  return {
    items: [image('a')],
    kindChoice: 'auto',
    caption: 'Bom dia #café',
    accountIds: ['int_1'],
    loginModes: { int_1: 'instagram', int_2: 'instagram', int_fb: 'facebook' },
    options: {},
    when: 'now',
    date: '',
    time: '',
    timeZone: 'America/Sao_Paulo',
    ...change,
  };
}

describe('times in a named zone', () => {
  const july = new Date('2026-07-01T12:00:00Z');
  const december = new Date('2026-12-01T12:00:00Z');

  it('knows the offset of a zone at an instant, daylight saving time included', () => {
    expect(offsetMinutes('Asia/Kolkata', july)).toBe(330);
    expect(offsetMinutes('America/Sao_Paulo', july)).toBe(-180);
    expect(offsetMinutes('UTC', july)).toBe(0);
    expect(offsetMinutes('America/New_York', july)).toBe(-240);
    expect(offsetMinutes('America/New_York', december)).toBe(-300);
  });

  it('names a zone with its offset, with a true minus sign', () => {
    expect(zoneLabel('America/Sao_Paulo', july)).toBe('America/Sao_Paulo (UTC\u221203:00)');
    expect(zoneLabel('Asia/Kolkata', july)).toBe('Asia/Kolkata (UTC+05:30)');
    expect(zoneLabel('UTC', july)).toBe('UTC (UTC+00:00)');
  });

  it('turns a date and time of a zone into the instant and the scheduledFor text', () => {
    const saoPaulo = zonedTime('2026-12-01', '09:00', 'America/Sao_Paulo')!;
    expect(saoPaulo.iso).toBe('2026-12-01T09:00:00-03:00');
    expect(saoPaulo.instant.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(zonedTime('2026-07-01', '09:00', 'America/New_York')!.iso).toBe(
      '2026-07-01T09:00:00-04:00',
    );
    expect(zonedTime('2026-12-01', '09:00', 'America/New_York')!.iso).toBe(
      '2026-12-01T09:00:00-05:00',
    );
    expect(zonedTime('2026-12-01', '23:45', 'Asia/Kolkata')!.instant.toISOString()).toBe(
      '2026-12-01T18:15:00.000Z',
    );
  });

  it('refuses a time the clocks skip, and malformed values', () => {
    expect(zonedTime('2026-03-08', '02:30', 'America/New_York')).toBeNull();
    expect(zonedTime('2026-02-30', '10:00', 'UTC')).toBeNull();
    expect(zonedTime('2026-12-01', '9h', 'UTC')).toBeNull();
  });

  it('shows an instant on the clocks of a zone', () => {
    expect(wallClock(new Date('2026-12-01T18:15:00Z'), 'Asia/Kolkata')).toEqual({
      date: '2026-12-01',
      time: '23:45',
    });
  });

  it('lists every zone by its current name, sorted, with the current one and UTC', () => {
    const zones = timeZones('Etc/Unknown_Alias');
    expect(zones).toContain('America/Sao_Paulo');
    expect(zones).toContain('Asia/Kolkata');
    expect(zones).not.toContain('Asia/Calcutta');
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(zones).toContain('Etc/Unknown_Alias');
    expect(zones).toContain('UTC');
    expect([...zones].sort()).toEqual(zones);
  });
});

describe('the options each kind shows', () => {
  const types: Record<PostKind, Array<'image' | 'video'>> = {
    feed: ['image'],
    reel: ['video'],
    story: ['image'],
    carousel: ['image', 'image'],
  };
  // Each option as the kind would carry it: Reels take tags and products without positions.
  const sample = (kind: PostKind): Required<Pick<InstagramOptions, OptionName>> => ({
    aiGenerated: true,
    shareToFeed: true,
    trialParams: { graduationStrategy: 'SS_PERFORMANCE' },
    coverUrl: 'https://cdn.example.com/capa.jpg',
    thumbOffset: 0,
    audioName: 'Som da padaria',
    collaborators: ['marca.parceira'],
    userTags: [kind === 'reel' ? { username: 'ana' } : { username: 'ana', x: 0.5, y: 0.5 }],
    productTags: [kind === 'reel' ? { productId: '123' } : { productId: '123', x: 0.5, y: 0.5 }],
    locationId: '123',
    altText: kind === 'carousel' ? ['uma', 'outra'] : 'uma foto',
    firstComment: 'Primeiro!',
  });

  it('are exactly those core accepts for the kind', () => {
    for (const kind of POST_KINDS) {
      const options = sample(kind);
      for (const option of COMPOSER_OPTIONS) {
        const issues = compositionIssues(kind, {
          content: '',
          mediaTypes: types[kind],
          platforms: [{ options: { [option]: options[option] } }],
        });
        expect(issues.length === 0, `${kind} ${option}`).toBe(
          OPTIONS_BY_KIND[kind].includes(option),
        );
      }
    }
  });

  it("leave out for Instagram Login accounts exactly what core's login rule refuses", () => {
    for (const kind of POST_KINDS) {
      const options = sample(kind);
      for (const loginMode of ['instagram', 'facebook'] as const) {
        for (const option of OPTIONS_BY_KIND[kind]) {
          const refused =
            loginModeIssues([{ loginMode, options: { [option]: options[option] } }]).length > 0;
          expect(
            optionsFor(kind, loginMode).includes(option),
            `${kind} ${loginMode} ${option}`,
          ).toBe(!refused);
          expect(lockedByLogin(kind, loginMode, option)).toBe(refused);
        }
      }
    }
    expect(optionsFor('feed', 'instagram')).not.toContain('productTags');
    expect(optionsFor('reel', 'facebook')).toContain('productTags');
    expect(lockedByLogin('carousel', 'instagram', 'productTags')).toBe(false);
  });
});

describe('the checks before sending', () => {
  const now = new Date();

  it('accepts a complete draft', () => {
    expect(checkDraft(draft(), now)).toEqual({});
  });

  it('asks for media and accounts', () => {
    expect(checkDraft(draft({ items: [], accountIds: [] }), now)).toEqual({
      mediaItems: { key: 'mediaMissing' },
      platforms: { key: 'accountsMissing' },
    });
  });

  it('counts hashtags, mentions and characters as the platform does', () => {
    const hashtags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ');
    expect(checkDraft(draft({ caption: hashtags }), now).content).toEqual({
      key: 'captionHashtags',
      values: { count: 31, max: 30 },
    });
    const mentions = Array.from({ length: 21 }, (_, i) => `@pessoa${i}`).join(' ');
    expect(checkDraft(draft({ caption: mentions }), now).content?.key).toBe('captionMentions');
    expect(checkDraft(draft({ caption: '👋'.repeat(2200) }), now).content).toBeUndefined();
    expect(checkDraft(draft({ caption: 'a'.repeat(2201) }), now).content?.key).toBe(
      'captionLength',
    );
  });

  it('holds the kind to its media, and a Story to no caption', () => {
    const two = [image('a'), image('b')];
    expect(checkDraft(draft({ items: two, kindChoice: 'feed' }), now).mediaItems).toEqual({
      key: 'oneItem',
      values: { kind: 'feed' },
    });
    expect(checkDraft(draft({ kindChoice: 'reel' }), now).mediaItems?.key).toBe('reelNeedsVideo');
    expect(
      checkDraft(draft({ items: [video('v')], kindChoice: 'feed' }), now).mediaItems?.key,
    ).toBe('feedVideo');
    expect(checkDraft(draft({ kindChoice: 'carousel' }), now).mediaItems?.key).toBe(
      'carouselCount',
    );
    expect(checkDraft(draft({ kindChoice: 'story' }), now).content).toEqual({
      key: 'storyCaption',
    });
    expect(checkDraft(draft({ kindChoice: 'story', caption: ' ' }), now)).toEqual({});
  });

  it('checks each image against the kind, naming the item', () => {
    const tall = draft({ items: [image('a', 1080, 1920)] });
    expect(checkDraft(tall, now)['mediaItems.0']?.key).toBe('media_aspect');
    expect(checkDraft({ ...tall, kindChoice: 'story' }, now)['mediaItems.0']).toBeUndefined();
    const wide = draft({ items: [image('a'), image('b', 1600, 1000)] });
    expect(checkDraft(wide, now)['mediaItems.1']).toEqual({
      key: 'media_width',
      values: { width: 1600, height: 1000, min: 320, max: 1440 },
    });
  });

  it('waits for uploads and refuses refused media', () => {
    const uploading: DraftItem = { key: 'u', status: 'uploading', media: null };
    const failed: DraftItem = { key: 'f', status: 'failed', media: null };
    expect(checkDraft(draft({ items: [uploading] }), now).mediaItems?.key).toBe('mediaUploading');
    expect(checkDraft(draft({ items: [image('a'), failed] }), now).mediaItems?.key).toBe(
      'mediaFailed',
    );
  });

  it("checks each account's options by its position in platforms[]", () => {
    const options = {
      int_2: { ...emptyOptions(), collaborators: 'a, b, c, d' },
      int_1: {
        ...emptyOptions(),
        userTags: [{ id: 't', username: 'ana', x: '', y: '', itemKey: null }],
      },
    };
    expect(checkDraft(draft({ accountIds: ['int_1', 'int_2'], options }), now)).toEqual({
      'platforms.0.options.userTags': { key: 'tagIncomplete' },
      'platforms.1.options.collaborators': { key: 'collaboratorsTooMany', values: { max: 3 } },
    });
    // Options the kind does not take are neither checked nor sent.
    expect(
      checkDraft(draft({ accountIds: ['int_2'], options, kindChoice: 'story', caption: '' }), now),
    ).toEqual({});
  });

  it('asks Reel tags for a username only, and products for an id (and a position in the feed)', () => {
    const reel = { items: [video('v')], accountIds: ['int_fb'] };
    const tag = { id: 't', username: 'ana', x: '', y: '', itemKey: null };
    expect(
      checkDraft(
        draft({ ...reel, options: { int_fb: { ...emptyOptions(), userTags: [tag] } } }),
        now,
      ),
    ).toEqual({});
    expect(
      checkDraft(
        draft({
          ...reel,
          options: { int_fb: { ...emptyOptions(), userTags: [{ ...tag, username: ' ' }] } },
        }),
        now,
      ),
    ).toEqual({ 'platforms.0.options.userTags': { key: 'tagName' } });

    const product = { id: 'p', productId: '123', x: '', y: '' };
    const withProducts = (productTags: (typeof product)[], change: Partial<ComposeDraft> = {}) =>
      checkDraft(
        draft({
          accountIds: ['int_fb'],
          options: { int_fb: { ...emptyOptions(), productTags } },
          ...change,
        }),
        now,
      );
    expect(withProducts([product], reel)).toEqual({});
    expect(withProducts([{ ...product, productId: 'camisa' }], reel)).toEqual({
      'platforms.0.options.productTags': { key: 'productId' },
    });
    expect(withProducts([product])).toEqual({
      'platforms.0.options.productTags': { key: 'productIncomplete' },
    });
    expect(withProducts([{ ...product, x: '10', y: '90' }])).toEqual({});
    expect(
      withProducts(
        Array.from({ length: 6 }, (_, i) => ({ ...product, id: `p${i}` })),
        reel,
      ),
    ).toEqual({
      'platforms.0.options.productTags': { key: 'productTagsTooMany', values: { max: 5 } },
    });
    // An Instagram Login account is offered no product tags: none are checked or sent.
    expect(
      checkDraft(draft({ options: { int_1: { ...emptyOptions(), productTags: [product] } } }), now),
    ).toEqual({});
  });

  it('keeps an audio name within 255 characters', () => {
    const audio = (audioName: string) =>
      checkDraft(
        draft({ items: [video('v')], options: { int_1: { ...emptyOptions(), audioName } } }),
        now,
      );
    expect(audio('🎵'.repeat(255))).toEqual({});
    expect(audio('a'.repeat(256))).toEqual({
      'platforms.0.options.audioName': { key: 'audioNameTooLong', values: { max: 255 } },
    });
  });

  it('says when a caption passes the 5 hashtags Instagram announced, while it is still accepted', () => {
    const tags = (count: number) => Array.from({ length: count }, (_, i) => `#tag${i}`).join(' ');
    expect(overAnnouncedHashtagCap(tags(5))).toBe(false);
    expect(overAnnouncedHashtagCap(tags(6))).toBe(true);
    expect(overAnnouncedHashtagCap(tags(30))).toBe(true);
    // Past 30 the caption is refused, which its error says.
    expect(overAnnouncedHashtagCap(tags(31))).toBe(false);
    expect(checkDraft(draft({ caption: tags(6) }), now)).toEqual({});
  });

  it('keeps a schedule from 1 minute to 75 days ahead, in the chosen zone', () => {
    const at = (instant: Date) => ({
      when: 'schedule' as const,
      ...wallClock(instant, 'Asia/Kolkata'),
      timeZone: 'Asia/Kolkata',
    });
    expect(checkDraft(draft(at(new Date(now.getTime() + 10 * 60_000))), now)).toEqual({});
    expect(checkDraft(draft(at(new Date(now.getTime() + 20_000))), now).scheduledFor?.key).toBe(
      'scheduleTooSoon',
    );
    expect(
      checkDraft(draft(at(new Date(now.getTime() + 76 * 24 * 3_600_000))), now).scheduledFor?.key,
    ).toBe('scheduleTooLate');
    expect(checkDraft(draft({ when: 'schedule' }), now).scheduledFor?.key).toBe('scheduleMissing');
  });
});

describe('the body sent', () => {
  it('carries the offset of the zone, the zone and the idempotency key', () => {
    const body = buildPostBody(
      draft({ when: 'schedule', date: '2026-12-01', time: '23:45', timeZone: 'Asia/Kolkata' }),
      'feed',
      'compose-1',
    );
    expect(body).toEqual({
      content: 'Bom dia #café',
      kind: 'feed',
      mediaItems: [{ mediaId: 'med_a' }],
      platforms: [{ platform: 'instagram', accountId: 'int_1' }],
      scheduledFor: '2026-12-01T23:45:00+05:30',
      timezone: 'Asia/Kolkata',
      idempotencyKey: 'compose-1',
    });
    expect(buildPostBody(draft(), 'feed', 'k').scheduledFor).toBeUndefined();
  });

  it('asks for the queue instead of a time, whatever date was typed before', () => {
    const queued = draft({ when: 'queue', date: '2026-12-01', time: '23:45' });
    expect(checkDraft(queued, new Date('2026-12-10T00:00:00Z'))).toEqual({});
    const body = buildPostBody(queued, 'feed', 'compose-2');
    expect(body).toMatchObject({ queue: true, timezone: 'America/Sao_Paulo' });
    expect(body).not.toHaveProperty('scheduledFor');
    expect(buildPostBody(draft(), 'feed', 'k')).not.toHaveProperty('queue');
  });

  it('sends only the options of the kind, aligned with the media as ordered', () => {
    const items = [image('b'), video('v'), image('a')];
    const options = {
      int_1: {
        ...emptyOptions(),
        collaborators: '@marca.parceira, outra',
        altText: 'só no feed',
        altTexts: { a: 'a foto A', b: ' ' },
        userTags: [{ id: 't', username: '@ana', x: '25', y: '50', itemKey: 'a' }],
        thumbOffset: '1500',
        firstComment: '  Primeiro!  ',
      },
    };
    expect(buildPostBody(draft({ items, options }), 'carousel', 'k').platforms[0]!.options).toEqual(
      {
        collaborators: ['marca.parceira', 'outra'],
        userTags: [{ username: 'ana', x: 0.25, y: 0.5, mediaIndex: 2 }],
        altText: [null, null, 'a foto A'],
        firstComment: 'Primeiro!',
      },
    );
    expect(
      buildPostBody(draft({ items: [video('v')], options }), 'reel', 'k').platforms[0]!.options,
    ).toEqual({
      collaborators: ['marca.parceira', 'outra'],
      // A Reel's tag is its username: the position typed for the carousel is dropped.
      userTags: [{ username: 'ana' }],
      firstComment: 'Primeiro!',
      shareToFeed: true,
      thumbOffset: 1500,
    });
  });

  it("sends a Reel's trial, audio name, AI label, tags without positions and products", () => {
    const options = {
      ...emptyOptions(),
      aiGenerated: true,
      trial: 'MANUAL' as const,
      audioName: '  Som da padaria ',
      userTags: [{ id: 't', username: '@ana', x: '25', y: '50', itemKey: null }],
      productTags: [{ id: 'p', productId: ' 4242 ', x: '30', y: '40' }],
    };
    const reel = { items: [video('v')], options: { int_1: options, int_fb: options } };
    expect(
      buildPostBody(draft({ ...reel, accountIds: ['int_fb'] }), 'reel', 'k').platforms[0]!.options,
    ).toEqual({
      aiGenerated: true,
      shareToFeed: true,
      trialParams: { graduationStrategy: 'MANUAL' },
      audioName: 'Som da padaria',
      userTags: [{ username: 'ana' }],
      productTags: [{ productId: '4242' }],
    });
    // The same draft for an Instagram Login account: no products.
    expect(buildPostBody(draft(reel), 'reel', 'k').platforms[0]!.options).toEqual({
      aiGenerated: true,
      shareToFeed: true,
      trialParams: { graduationStrategy: 'MANUAL' },
      audioName: 'Som da padaria',
      userTags: [{ username: 'ana' }],
    });
    // In the feed, products are placed; a feed post has no trial or audio.
    expect(
      buildPostBody(draft({ options: { int_fb: options }, accountIds: ['int_fb'] }), 'feed', 'k')
        .platforms[0]!.options,
    ).toEqual({
      aiGenerated: true,
      userTags: [{ username: 'ana', x: 0.25, y: 0.5 }],
      productTags: [{ productId: '4242', x: 0.3, y: 0.4 }],
    });
    // Unticked, the AI label is not sent; a regular Reel has no trialParams.
    expect(
      buildPostBody(draft({ items: [video('v')], options: { int_1: emptyOptions() } }), 'reel', 'k')
        .platforms[0]!.options,
    ).toEqual({ shareToFeed: true });
    // A carousel and a Story carry the label for the whole post.
    expect(
      buildPostBody(
        draft({ items: [image('a'), image('b')], options: { int_1: options } }),
        'carousel',
        'k',
      ).platforms[0]!.options,
    ).toEqual({ aiGenerated: true, userTags: [{ username: 'ana', x: 0.25, y: 0.5 }] });
    expect(
      buildPostBody(draft({ caption: '', options: { int_1: options } }), 'story', 'k').platforms[0]!
        .options,
    ).toEqual({ aiGenerated: true, userTags: [{ username: 'ana', x: 0.25, y: 0.5 }] });
  });
});

describe('the field an error names', () => {
  it('maps API and core field paths to the form', () => {
    expect(errorKey('content')).toBe('content');
    expect(errorKey('caption')).toBe('content');
    expect(errorKey('scheduledFor')).toBe('scheduledFor');
    expect(errorKey('mediaItems')).toBe('mediaItems');
    expect(errorKey('mediaItems[2].mediaId')).toBe('mediaItems.2');
    expect(errorKey('platforms')).toBe('platforms');
    expect(errorKey('platforms[1].accountId')).toBe('platforms');
    expect(errorKey('platforms[0].options.collaborators[1]')).toBe(
      'platforms.0.options.collaborators',
    );
    expect(errorKey('platforms.0.options.collaborators')).toBe('platforms.0.options.collaborators');
    expect(errorKey('platforms[0].options.altText[3]')).toBe('platforms.0.options.altText.3');
    expect(errorKey('platforms[0].options.userTags[0].mediaIndex')).toBe(
      'platforms.0.options.userTags',
    );
    expect(errorKey('idempotencyKey')).toBeNull();
  });
});

describe('the preview frame', () => {
  it('takes the nearest of Instagram frames, clamped; 9:16 for Reels and Stories', () => {
    expect(previewRatio('feed', 1080, 1350)).toBe('4x5');
    expect(previewRatio('feed', 1080, 1920)).toBe('4x5');
    expect(previewRatio('feed', 1080, 1080)).toBe('1x1');
    expect(previewRatio('carousel', 1080, 1000)).toBe('1x1');
    expect(previewRatio('feed', 1910, 1000)).toBe('191x1');
    expect(previewRatio('feed', 3000, 1000)).toBe('191x1');
    expect(previewRatio('reel', 1920, 1080)).toBe('9x16');
    expect(previewRatio('story', 1080, 1080)).toBe('9x16');
    expect(previewRatio('feed', null, null)).toBe('1x1');
  });

  it('infers the kind as core does', () => {
    expect(effectiveKind('auto', [])).toBeNull();
    expect(effectiveKind('auto', ['image'])).toBe('feed');
    expect(effectiveKind('auto', ['video'])).toBe('reel');
    expect(effectiveKind('auto', ['video', 'image'])).toBe('carousel');
    expect(effectiveKind('story', ['image'])).toBe('story');
  });
});
