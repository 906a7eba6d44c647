/**
 * Real media files for the media tests, made once per machine and version: images by
 * sharp, videos by ffmpeg (Debian's package; `.ci/run` installs it). Each file breaks
 * exactly one limit, or none. Kept in the system's temporary folder so every suite (and
 * the next run) shares them.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/** Bump when a recipe changes, so stale files are not reused. */
const VERSION = 4;
export const FIXTURES_DIR = join(tmpdir(), `reelay-media-fixtures-v${VERSION}`);

type Recipe = (path: string) => Promise<void>;

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({
    create: {
      width,
      height,
      channels,
      background: channels === 4 ? { r: 200, g: 40, b: 90, alpha: 0.5 } : { r: 30, g: 120, b: 200 },
    },
  });

/** Random pixels: incompressible, so the file is as big as asked. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

const ffmpeg =
  (...args: string[]) =>
  async (path: string) => {
    await run('ffmpeg', ['-v', 'error', '-y', ...args, path], { maxBuffer: 1 << 20 });
  };
const testVideo = (size: string, rate: number, seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`,
];
const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
const aac = ['-c:a', 'aac', '-b:a', '64k', '-shortest'];
const faststart = ['-movflags', '+faststart'];

/** Every fixture, by file name. */
export const RECIPES = {
  // ---- images
  'photo.jpg': (path) =>
    solid(1080, 1350)
      .jpeg()
      .toFile(path)
      .then(() => {}),
  'square-alpha.png': (path) =>
    solid(1080, 1080, 4)
      .png()
      .toFile(path)
      .then(() => {}),
  'wide.webp': (path) =>
    solid(1146, 600)
      .webp()
      .toFile(path)
      .then(() => {}),
  'narrow-319.jpg': (path) =>
    solid(319, 400)
      .jpeg()
      .toFile(path)
      .then(() => {}),
  'edge-320.png': (path) =>
    solid(320, 400)
      .png()
      .toFile(path)
      .then(() => {}),
  'edge-1920.jpg': (path) =>
    solid(1920, 1080)
      .jpeg()
      .toFile(path)
      .then(() => {}),
  'wide-1921.jpg': (path) =>
    solid(1921, 1080)
      .jpeg()
      .toFile(path)
      .then(() => {}),
  'tall-1080x1351.jpg': (path) =>
    solid(1080, 1351)
      .jpeg()
      .toFile(path)
      .then(() => {}),
  'story-1080x1920.jpg': (path) =>
    solid(1080, 1920)
      .jpeg()
      .toFile(path)
      .then(() => {}),
  // Stored 1350x1080 and marked "rotate 90°": shown (and measured) as 1080x1350.
  'rotated-exif.jpg': (path) =>
    solid(1350, 1080)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toFile(path)
      .then(() => {}),
  // 1600x1800 of noise without compression: about 8.6 MB, over the 8 MB limit.
  'huge-noise.png': (path) =>
    noise(1600, 1800)
      .png({ compressionLevel: 0 })
      .toFile(path)
      .then(() => {}),
  'anim.gif': (path) =>
    solid(400, 400)
      .gif()
      .toFile(path)
      .then(() => {}),
  'scan.tiff': (path) =>
    solid(400, 400)
      .tiff()
      .toFile(path)
      .then(() => {}),
  'notes.txt': async (path) => writeFileSync(path, 'não sou uma imagem\n'.repeat(100)),
  'empty.bin': async (path) => writeFileSync(path, ''),

  // ---- videos
  'reel.mp4': ffmpeg(...testVideo('360x640', 30, 3.2), ...tone(3.2), ...h264, ...aac, ...faststart),
  'silent.mp4': ffmpeg(...testVideo('360x640', 30, 3.2), ...h264, ...faststart),
  'hevc.mov': ffmpeg(
    ...testVideo('360x640', 30, 3.2),
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=none'],
    ...['-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'],
    ...faststart,
  ),
  // ffmpeg writes `moov` after `mdat` unless told +faststart.
  'moov-end.mp4': ffmpeg(...testVideo('360x640', 30, 3.2), ...tone(3.2), ...h264, ...aac),
  'fragmented.mp4': ffmpeg(
    ...testVideo('360x640', 30, 3.2),
    ...h264,
    ...['-movflags', 'frag_keyframe+empty_moov'],
  ),
  'vp9.mp4': ffmpeg(
    ...testVideo('360x640', 30, 3.2),
    ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k'],
    ...faststart,
  ),
  'mp3-audio.mp4': ffmpeg(
    ...testVideo('360x640', 30, 3.2),
    ...tone(3.2),
    ...h264,
    ...['-c:a', 'libmp3lame', '-shortest'],
    ...faststart,
  ),
  'fps-120.mp4': ffmpeg(...testVideo('360x640', 120, 3.2), ...h264, ...faststart),
  'fps-15.mp4': ffmpeg(...testVideo('360x640', 15, 3.2), ...h264, ...faststart),
  'short-2s.mp4': ffmpeg(...testVideo('360x640', 30, 2), ...h264, ...faststart),
  // Fine as a Reel, too long for a Story or a carousel (60 s).
  'long-61s.mp4': ffmpeg(...testVideo('128x128', 24, 61), ...h264, ...faststart),
  // Constant 30 Mbps, padded with filler data: over the 25 Mbps limit.
  'bitrate-30mbps.mp4': ffmpeg(
    ...testVideo('320x240', 30, 3.1),
    ...['-vf', 'noise=alls=100:allf=t'],
    ...h264,
    ...['-b:v', '30M', '-minrate', '30M', '-maxrate', '30M', '-bufsize', '30M'],
    ...['-x264-params', 'nal-hrd=cbr'],
    ...faststart,
  ),
  'wide-1936.mp4': ffmpeg(
    ...['-f', 'lavfi', '-i', 'color=c=black:size=1936x1088:rate=30:duration=3.2'],
    ...h264,
    ...faststart,
  ),
  // 12:1, past the 10:1 a Reel accepts.
  'strip-12x1.mp4': ffmpeg(
    ...['-f', 'lavfi', '-i', 'color=c=navy:size=1920x160:rate=30:duration=3.2'],
    ...h264,
    ...faststart,
  ),
  // Stored 640x360 with a 90° display matrix: shown as 360x640.
  // (ffmpeg 5 writes the rotation only when copying the stream, hence two steps.)
  'rotated.mp4': async (path) => {
    const plain = `${path}.plain.mp4`;
    try {
      await ffmpeg(...testVideo('640x360', 30, 3.2), ...h264)(plain);
      await ffmpeg('-i', plain, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', ...faststart)(path);
    } finally {
      rmSync(plain, { force: true });
    }
  },
  'clip.webm': ffmpeg(
    ...testVideo('360x640', 30, 3.2),
    ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k'],
  ),
  'voice.m4a': ffmpeg(...tone(3.2), ...['-c:a', 'aac', '-b:a', '64k']),
} satisfies Record<string, Recipe>;

export type FixtureName = keyof typeof RECIPES;

/** Each broken video and the `details.reason` of the `MEDIA_INVALID` it must get. */
export const BROKEN_VIDEOS: ReadonlyArray<readonly [FixtureName, string]> = [
  ['moov-end.mp4', 'moov'],
  ['fragmented.mp4', 'moov'],
  ['vp9.mp4', 'codec'],
  ['mp3-audio.mp4', 'audio'],
  ['fps-120.mp4', 'fps'],
  ['fps-15.mp4', 'fps'],
  ['short-2s.mp4', 'duration'],
  ['bitrate-30mbps.mp4', 'bitrate'],
  ['wide-1936.mp4', 'width'],
  ['strip-12x1.mp4', 'aspect'],
  ['clip.webm', 'mime'],
  ['voice.m4a', 'mime'],
];

let ready: Promise<void> | null = null;

/**
 * Makes every fixture that is not on disk yet; resolves when all are there.
 *
 * @example
 * ```ts
 * beforeAll(() => makeFixtures(), 120_000);
 * const path = fixture('reel.mp4');
 * ```
 */
export function makeFixtures(): Promise<void> {
  ready ??= (async () => {
    mkdirSync(FIXTURES_DIR, { recursive: true });
    try {
      await run('ffmpeg', ['-version']);
    } catch {
      throw new Error(
        'ffmpeg não encontrado: instale com apt-get install -y ffmpeg (.ci/run instala)',
      );
    }
    const missing = (Object.keys(RECIPES) as FixtureName[]).filter(
      (name) => !existsSync(fixture(name)),
    );
    // A few at a time: ffmpeg runs use both cores already.
    for (let i = 0; i < missing.length; i += 4) {
      await Promise.all(
        missing.slice(i, i + 4).map(async (name) => {
          // Written aside and renamed, so a suite started meanwhile never sees half a file.
          const part = join(FIXTURES_DIR, `.${process.pid}-${name}`);
          try {
            await RECIPES[name](part);
            renameSync(part, fixture(name));
          } finally {
            rmSync(part, { force: true });
          }
        }),
      );
    }
  })();
  return ready;
}

/** The path of a fixture (after {@link makeFixtures}). */
export function fixture(name: FixtureName): string {
  return join(FIXTURES_DIR, name);
}
