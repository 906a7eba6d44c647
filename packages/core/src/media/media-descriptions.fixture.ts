/** Descriptions of media that pass every rule, for tests to vary one field at a time. */
import type { ImageDescription, VideoDescription } from './media-rules';

export const MB = 1024 * 1024;

/** A 1080×1350 JPEG of 2 MB: a valid feed image. */
export const image = (overrides: Partial<ImageDescription> = {}): ImageDescription => ({
  type: 'image',
  mime: 'image/jpeg',
  size: 2 * MB,
  width: 1080,
  height: 1350,
  ...overrides,
});

/** A 30-second 1080×1920 H.264/AAC MP4 of 40 MB: a valid Reel. */
export const video = (overrides: Partial<VideoDescription> = {}): VideoDescription => ({
  type: 'video',
  mime: 'video/mp4',
  size: 40 * MB,
  width: 1080,
  height: 1920,
  durationSeconds: 30,
  fps: 30,
  videoCodec: 'avc1.640028',
  audioCodec: 'mp4a.40.2',
  bitrate: 8_000_000,
  moovBeforeMdat: true,
  ...overrides,
});
