import { describe, expect, it } from 'vitest';
import { image, MB, video } from './media-descriptions.fixture';
import { fittingKinds } from './media-kinds';

describe('fittingKinds', () => {
  it('puts a 4:5 image in the feed, a Story and a carousel, never a Reel', () => {
    expect(fittingKinds(image())).toEqual(['feed', 'story', 'carousel']);
  });

  it('keeps a 9:16 image or one wider than 1440 px to Stories', () => {
    expect(fittingKinds(image({ width: 1080, height: 1920 }))).toEqual(['story']);
    expect(fittingKinds(image({ width: 1600, height: 1600 }))).toEqual(['story']);
  });

  it('fits a short video everywhere but the feed, and a long one only as a Reel', () => {
    expect(fittingKinds(video())).toEqual(['reel', 'story', 'carousel']);
    expect(fittingKinds(video({ durationSeconds: 90 }))).toEqual(['reel']);
    expect(fittingKinds(video({ size: 150 * MB }))).toEqual(['reel']);
  });

  it('fits nothing when a limit of every kind is broken', () => {
    expect(fittingKinds(video({ videoCodec: 'vp09' }))).toEqual([]);
    expect(fittingKinds(image({ mime: 'image/gif' }))).toEqual([]);
  });
});
