/**
 * Makes the sample media of examples/media, used by the README, the docs and anyone
 * trying Reelay: `sample.jpg`, a 1080×1350 feed image (4:5), and `sample.mp4`, a 4-second
 * 1080×1920 Reel (H.264 and AAC, `moov` first). Drawn here, with sharp and ffmpeg, so the
 * repository holds nobody else's picture. Run with `pnpm samples`; a test checks that the
 * committed files pass the server's own media inspection for their kinds.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

/** Where the samples go, from the repository root. */
export const SAMPLE_MEDIA_DIR = 'examples/media';

/** The two samples, with the sizes they are made at. */
export const SAMPLES = {
  image: { file: 'sample.jpg', width: 1080, height: 1350 },
  video: { file: 'sample.mp4', width: 1080, height: 1920, seconds: 4, fps: 30 },
} as const;

/** A gradient card with the name and a caption line, as an SVG of the given size. */
function card(width: number, height: number, caption: string): Buffer {
  const title = Math.round(width * 0.2);
  const small = Math.round(width * 0.045);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#feda75"/>
      <stop offset="0.35" stop-color="#fa7e1e"/>
      <stop offset="0.65" stop-color="#d62976"/>
      <stop offset="1" stop-color="#4f5bd5"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${width * 0.8}" cy="${height * 0.18}" r="${width * 0.22}" fill="#ffffff" fill-opacity="0.18"/>
  <circle cx="${width * 0.15}" cy="${height * 0.85}" r="${width * 0.3}" fill="#ffffff" fill-opacity="0.12"/>
  <text x="50%" y="50%" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif"
    font-weight="bold" font-size="${title}" fill="#ffffff">Reelay</text>
  <text x="50%" y="${height / 2 + small * 2.2}" text-anchor="middle"
    font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="${small}" fill="#ffffff">${caption}</text>
</svg>`);
}

/** The feed image: a JPEG of the card. */
async function makeImage(path: string): Promise<void> {
  const { width, height } = SAMPLES.image;
  await sharp(card(width, height, `Imagem de exemplo · ${width}×${height}`))
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(path);
}

/**
 * The Reel: the card as a still frame with a bar running along the bottom for its whole
 * length, over a quiet tone that fades in and out; `+faststart` puts `moov` first.
 */
async function makeVideo(path: string, work: string): Promise<void> {
  const { width, height, seconds, fps } = SAMPLES.video;
  const frame = join(work, 'frame.png');
  await sharp(card(width, height, `Reel de exemplo · ${seconds} s`))
    .png()
    .toFile(frame);
  const bar = `color=c=white@0.85:s=${width}x24:r=${fps}:d=${seconds}`;
  const tone = `sine=frequency=330:sample_rate=44100:duration=${seconds}`;
  await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-y'],
      ...['-loop', '1', '-framerate', String(fps), '-t', String(seconds), '-i', frame],
      ...['-f', 'lavfi', '-i', bar],
      ...['-f', 'lavfi', '-i', tone],
      '-filter_complex',
      `[0:v][1:v]overlay=x='-w+w*t/${seconds}':y=H-160,format=yuv420p[v];` +
        `[2:a]volume=0.15,afade=t=in:d=0.5,afade=t=out:st=${seconds - 0.5}:d=0.5[a]`,
      ...['-map', '[v]', '-map', '[a]'],
      ...['-c:v', 'libx264', '-preset', 'slow', '-crf', '30', '-profile:v', 'high'],
      ...['-r', String(fps), '-g', String(fps * 2)],
      ...['-c:a', 'aac', '-b:a', '64k', '-ac', '1'],
      ...['-t', String(seconds), '-movflags', '+faststart', path],
    ],
    { maxBuffer: 1 << 20 },
  );
}

/** Writes both samples into `dir`. */
export async function makeSampleMedia(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'reelay-samples-'));
  try {
    await makeImage(join(dir, SAMPLES.image.file));
    await makeVideo(join(dir, SAMPLES.video.file), work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = fileURLToPath(new URL(`../${SAMPLE_MEDIA_DIR}/`, import.meta.url));
  await makeSampleMedia(dir);
  for (const { file } of Object.values(SAMPLES)) {
    console.log(
      `${SAMPLE_MEDIA_DIR}/${file}: ${Math.round(statSync(join(dir, file)).size / 1024)} KB`,
    );
  }
}
