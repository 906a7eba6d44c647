/**
 * The sample media committed in examples/media, made by `pnpm samples`
 * (scripts/make-sample-media.ts), pass the server's own inspection for their kinds: the
 * image as a feed image, the video as a Reel. The script is run again too, so a change
 * that breaks it fails here rather than at the next person who runs it.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkMedia, normalizeCodec, type MediaUsage } from '@reelay/core';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSampleMedia, SAMPLE_MEDIA_DIR, SAMPLES } from '../../../scripts/make-sample-media';
import { inspectMedia } from '../src/media/inspect-media';

const committed = fileURLToPath(new URL(`../../../${SAMPLE_MEDIA_DIR}/`, import.meta.url));
const remade = mkdtempSync(join(tmpdir(), 'reelay-sample-media-'));
afterAll(() => rmSync(remade, { recursive: true, force: true }));

/** The inspection of a file, and the first limit it breaks for a usage (null: none). */
async function verdict(path: string, usage: MediaUsage) {
  const inspection = await inspectMedia(path, statSync(path).size);
  if (!inspection.ok) throw new Error(`${path}: ${inspection.problem.message}`);
  return {
    description: inspection.description,
    problem: checkMedia(inspection.description, usage),
  };
}

describe.each([
  ['committed', committed],
  ['made again by the script', remade],
])('sample media (%s)', (label, dir) => {
  if (dir === remade) it('are made by pnpm samples', () => makeSampleMedia(remade), 120_000);

  it('has a 1080×1350 JPEG of a few hundred KB at most, accepted as a feed image', async () => {
    const path = join(dir, SAMPLES.image.file);
    const { description, problem } = await verdict(path, 'feed');
    expect(problem, label).toBeNull();
    expect(description).toMatchObject({
      type: 'image',
      mime: 'image/jpeg',
      width: 1080,
      height: 1350,
    });
    expect(statSync(path).size).toBeLessThan(300 * 1024);
  });

  it('has a 3–5 s 1080×1920 H.264/AAC MP4 under 1 MB, accepted as a Reel', async () => {
    const path = join(dir, SAMPLES.video.file);
    const { description, problem } = await verdict(path, 'reel');
    expect(problem, label).toBeNull();
    expect(description).toMatchObject({
      type: 'video',
      mime: 'video/mp4',
      width: 1080,
      height: 1920,
      moovBeforeMdat: true,
    });
    if (description.type !== 'video') throw new Error('not a video');
    expect(description.durationSeconds).toBeGreaterThanOrEqual(3);
    expect(description.durationSeconds).toBeLessThanOrEqual(5);
    expect(normalizeCodec(description.videoCodec)).toBe('h264');
    expect(normalizeCodec(description.audioCodec ?? 'none')).toBe('aac');
    expect(statSync(path).size).toBeLessThan(1024 * 1024);
  });

  it('has an image that is no Reel and a video that is no feed image', async () => {
    expect((await verdict(join(dir, SAMPLES.image.file), 'reel')).problem?.reason).toBe('mime');
    expect((await verdict(join(dir, SAMPLES.video.file), 'feed')).problem?.reason).toBe('mime');
  });
});
