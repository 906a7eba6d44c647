import { statSync } from 'node:fs';
import { checkMedia, type MediaUsage } from '@reelay/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BROKEN_VIDEOS,
  fixture,
  makeFixtures,
  type FixtureName,
} from '@reelay/test-support/media-fixtures';
import { inspectMedia } from './inspect-media';

async function inspect(name: FixtureName) {
  const path = fixture(name);
  return inspectMedia(path, statSync(path).size);
}

/** The reason a fixture is refused for a usage, or null when it is accepted. */
async function verdict(name: FixtureName, usage: MediaUsage = 'upload') {
  const inspection = await inspect(name);
  if (!inspection.ok) return inspection.problem.reason;
  return checkMedia(inspection.description, usage)?.reason ?? null;
}

beforeAll(() => makeFixtures(), 120_000);

describe('image inspection', () => {
  it('reads type by magic bytes and size as displayed', async () => {
    expect(await inspect('photo.jpg')).toMatchObject({
      ok: true,
      description: { type: 'image', mime: 'image/jpeg', width: 1080, height: 1350 },
    });
    expect(await inspect('square-alpha.png')).toMatchObject({
      description: { mime: 'image/png', width: 1080, height: 1080 },
    });
    expect(await inspect('wide.webp')).toMatchObject({
      description: { mime: 'image/webp', width: 1146, height: 600 },
    });
  });

  it('measures a sideways-stored photo as the EXIF orientation shows it', async () => {
    expect(await inspect('rotated-exif.jpg')).toMatchObject({
      description: { width: 1080, height: 1350 },
    });
  });

  it('accepts the width edges 320 and 1920 and refuses 319 and 1921', async () => {
    expect(await verdict('edge-320.png')).toBeNull();
    expect(await verdict('edge-1920.jpg')).toBeNull();
    expect(await verdict('narrow-319.jpg')).toBe('width');
    expect(await verdict('wide-1921.jpg')).toBe('width');
  });

  it('holds feed images to 1440 px and 4:5–1.91:1, but not Stories', async () => {
    expect(await verdict('photo.jpg', 'feed')).toBeNull();
    expect(await verdict('wide.webp', 'carousel')).toBeNull();
    expect(await verdict('edge-1920.jpg', 'feed')).toBe('width');
    expect(await verdict('tall-1080x1351.jpg', 'feed')).toBe('aspect');
    expect(await verdict('story-1080x1920.jpg', 'feed')).toBe('aspect');
    expect(await verdict('story-1080x1920.jpg', 'story')).toBeNull();
    expect(await verdict('photo.jpg', 'reel')).toBe('mime');
  });

  it('refuses an image over 8 MB', async () => {
    expect(statSync(fixture('huge-noise.png')).size).toBeGreaterThan(8 * 1024 * 1024);
    expect(await verdict('huge-noise.png')).toBe('too_large');
  });

  it('refuses other formats by content, whatever the name says', async () => {
    expect(await verdict('anim.gif')).toBe('mime');
    expect(await verdict('scan.tiff')).toBe('mime');
    expect(await verdict('notes.txt')).toBe('mime');
    expect(await verdict('empty.bin')).toBe('mime');
  });
});

describe('video inspection', () => {
  it('describes an H.264/AAC MP4 from its boxes', async () => {
    const inspection = await inspect('reel.mp4');
    expect(inspection).toMatchObject({
      ok: true,
      description: {
        type: 'video',
        mime: 'video/mp4',
        width: 360,
        height: 640,
        durationSeconds: 3.2,
        fps: 30,
        moovBeforeMdat: true,
        audioCodec: 'mp4a.40.2',
      },
    });
    const description = (inspection as { description: { videoCodec: string; bitrate: number } })
      .description;
    expect(description.videoCodec).toMatch(/^avc1\./);
    expect(description.bitrate).toBeGreaterThan(10_000);
    expect(await verdict('reel.mp4')).toBeNull();
  });

  it('accepts HEVC in a MOV and a silent video', async () => {
    expect(await inspect('hevc.mov')).toMatchObject({
      description: { mime: 'video/quicktime', videoCodec: expect.stringMatching(/^hvc1/) },
    });
    expect(await verdict('hevc.mov')).toBeNull();
    expect(await inspect('silent.mp4')).toMatchObject({ description: { audioCodec: null } });
    expect(await verdict('silent.mp4')).toBeNull();
  });

  it('swaps width and height of a track rotated by its matrix', async () => {
    expect(await inspect('rotated.mp4')).toMatchObject({
      description: { width: 360, height: 640 },
    });
  });

  it('names each broken video limit', async () => {
    for (const [name, reason] of BROKEN_VIDEOS) {
      expect(await verdict(name), name).toBe(reason);
    }
  });

  it('takes a 61 s video as a Reel but not as a Story or carousel item', async () => {
    expect(await verdict('long-61s.mp4', 'reel')).toBeNull();
    expect(await verdict('long-61s.mp4', 'story')).toBe('duration');
    expect(await verdict('long-61s.mp4', 'carousel')).toBe('duration');
  });

  it('describes a video whose moov comes after mdat, and marks it', async () => {
    const inspection = await inspect('moov-end.mp4');
    expect(inspection).toMatchObject({ ok: true, description: { moovBeforeMdat: false, fps: 30 } });
  });
});
