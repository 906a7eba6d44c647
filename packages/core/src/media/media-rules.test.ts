import { describe, expect, it } from 'vitest';
import { image, MB, video } from './media-descriptions.fixture';
import {
  checkImage,
  checkMedia,
  checkVideo,
  mediaInvalid,
  normalizeCodec,
  type VideoDescription,
} from './media-rules';
import { MEDIA_INVALID_REASONS } from '../vocabulary/enums';

const reasonOf = (found: { reason: string } | null) => found?.reason ?? null;

describe('image rules', () => {
  it('accepts JPEG, PNG and WebP and refuses other types', () => {
    for (const mime of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(checkImage(image({ mime }), 'upload'), mime).toBeNull();
    }
    expect(reasonOf(checkImage(image({ mime: 'image/gif' }), 'upload'))).toBe('mime');
    expect(reasonOf(checkImage(image({ mime: 'image/heic' }), 'story'))).toBe('mime');
  });

  it('accepts 8 MB and refuses a byte more', () => {
    expect(checkImage(image({ size: 8 * MB }), 'upload')).toBeNull();
    expect(reasonOf(checkImage(image({ size: 8 * MB + 1 }), 'upload'))).toBe('too_large');
  });

  it('accepts widths 320 to 1920 for stories and uploads', () => {
    expect(checkImage(image({ width: 320, height: 400 }), 'story')).toBeNull();
    expect(checkImage(image({ width: 1920, height: 3413 }), 'story')).toBeNull();
    expect(reasonOf(checkImage(image({ width: 319 }), 'story'))).toBe('width');
    expect(reasonOf(checkImage(image({ width: 1921, height: 3414 }), 'upload'))).toBe('width');
  });

  it('holds feed and carousel images to 320–1440 px and 4:5–1.91:1', () => {
    expect(checkImage(image({ width: 1440, height: 1800 }), 'feed')).toBeNull();
    expect(reasonOf(checkImage(image({ width: 1441, height: 1800 }), 'feed'))).toBe('width');
    expect(checkImage(image({ width: 1080, height: 1350 }), 'feed')).toBeNull(); // exactly 4:5
    expect(reasonOf(checkImage(image({ width: 1080, height: 1351 }), 'feed'))).toBe('aspect');
    expect(checkImage(image({ width: 1146, height: 600 }), 'carousel')).toBeNull(); // 1.91:1
    expect(reasonOf(checkImage(image({ width: 1147, height: 600 }), 'carousel'))).toBe('aspect');
    // The same 9:16 image is fine as a Story.
    expect(checkImage(image({ width: 1080, height: 1920 }), 'story')).toBeNull();
    expect(reasonOf(checkImage(image({ width: 1080, height: 1920 }), 'feed'))).toBe('aspect');
  });

  it('refuses an image declaring more pixels than the budget, whatever the usage', () => {
    // A 364 KB PNG can declare 1920×65000 pixels (a decompression bomb).
    for (const usage of ['upload', 'story', 'feed', 'carousel'] as const) {
      const found = checkImage(image({ mime: 'image/png', width: 1920, height: 65_000 }), usage);
      expect(reasonOf(found), usage).toBe(
        usage === 'upload' || usage === 'story' ? 'too_large' : 'width',
      );
    }
    const found = checkImage(image({ width: 1920, height: 65_000 }), 'story');
    expect(found?.message).toContain('1920x65000 px (124.8 megapixels); o máximo é 40 megapixels');
    // The budget is exactly inclusive, and far above a 9:16 Story at full width.
    expect(checkImage(image({ width: 1600, height: 25_000 }), 'story')).toBeNull();
    expect(reasonOf(checkImage(image({ width: 1600, height: 25_001 }), 'story'))).toBe('too_large');
    expect(checkImage(image({ width: 1920, height: 3414 }), 'story')).toBeNull();
  });

  it('refuses an image as a Reel', () => {
    expect(reasonOf(checkImage(image(), 'reel'))).toBe('mime');
  });
});

describe('video rules', () => {
  it('accepts a typical Reel', () => {
    expect(checkVideo(video(), 'reel')).toBeNull();
    expect(checkMedia(video(), 'upload')).toBeNull();
  });

  it('names each broken limit', () => {
    const cases: Array<[Partial<VideoDescription>, string]> = [
      [{ mime: 'video/webm' }, 'mime'],
      [{ moovBeforeMdat: false }, 'moov'],
      [{ videoCodec: 'vp09' }, 'codec'],
      [{ audioCodec: 'opus' }, 'audio'],
      [{ fps: 22.9 }, 'fps'],
      [{ fps: 60.1 }, 'fps'],
      [{ bitrate: 25_000_001 }, 'bitrate'],
      [{ width: 1921, height: 3414 }, 'width'],
      [{ durationSeconds: 2.9 }, 'duration'],
    ];
    for (const [overrides, reason] of cases) {
      expect(reasonOf(checkVideo(video(overrides), 'reel')), reason).toBe(reason);
    }
  });

  it('accepts the edges of fps, bitrate and silent video', () => {
    expect(checkVideo(video({ fps: 23 }), 'reel')).toBeNull();
    expect(checkVideo(video({ fps: 60 }), 'reel')).toBeNull();
    expect(checkVideo(video({ bitrate: 25_000_000 }), 'reel')).toBeNull();
    expect(checkVideo(video({ audioCodec: null }), 'reel')).toBeNull();
    expect(checkVideo(video({ videoCodec: 'hvc1', mime: 'video/quicktime' }), 'reel')).toBeNull();
  });

  it('holds Reels to 15 min and 300 MB, Stories and carousel items to 60 s and 100 MB', () => {
    expect(checkVideo(video({ durationSeconds: 900 }), 'reel')).toBeNull();
    expect(reasonOf(checkVideo(video({ durationSeconds: 900.5 }), 'reel'))).toBe('duration');
    expect(checkVideo(video({ size: 300 * MB }), 'reel')).toBeNull();
    expect(reasonOf(checkVideo(video({ size: 300 * MB + 1 }), 'reel'))).toBe('too_large');
    for (const usage of ['story', 'carousel'] as const) {
      expect(checkVideo(video({ durationSeconds: 60 }), usage), usage).toBeNull();
      expect(reasonOf(checkVideo(video({ durationSeconds: 61 }), usage)), usage).toBe('duration');
      expect(checkVideo(video({ size: 100 * MB }), usage), usage).toBeNull();
      expect(reasonOf(checkVideo(video({ size: 100 * MB + 1 }), usage)), usage).toBe('too_large');
    }
  });

  it('checks the Story aspect range 0.1:1 to 10:1', () => {
    expect(reasonOf(checkVideo(video({ width: 100, height: 1001 }), 'story'))).toBe('aspect');
    expect(checkVideo(video({ width: 100, height: 1000 }), 'story')).toBeNull();
  });

  it('refuses a single video in the feed: it publishes as a Reel', () => {
    expect(reasonOf(checkVideo(video(), 'feed'))).toBe('mime');
  });
});

describe('normalizeCodec', () => {
  it('maps container codec tags to names', () => {
    expect(normalizeCodec('avc1.64001F')).toBe('h264');
    expect(normalizeCodec('hev1.1.6.L93.B0')).toBe('hevc');
    expect(normalizeCodec('mp4a.40.2')).toBe('aac');
    expect(normalizeCodec('VP09')).toBe('vp09');
  });
});

describe('mediaInvalid', () => {
  it('builds MEDIA_INVALID with the reason and field', () => {
    const error = mediaInvalid({ reason: 'fps', message: 'o vídeo tem 12 fps' }, 'mediaItems[1]');
    expect(error.code).toBe('MEDIA_INVALID');
    expect(error.statusCode).toBe(400);
    expect(error.details).toEqual({ reason: 'fps', field: 'mediaItems[1]' });
    expect(error.message).toBe("Mídia 'mediaItems[1]': o vídeo tem 12 fps.");
  });

  it('knows exactly the reasons of spec §7', () => {
    expect([...MEDIA_INVALID_REASONS].sort()).toEqual(
      [
        'missing',
        'too_many',
        'too_large',
        'mime',
        'width',
        'aspect',
        'duration',
        'fps',
        'codec',
        'audio',
        'bitrate',
        'moov',
      ].sort(),
    );
  });
});
