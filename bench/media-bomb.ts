/**
 * Memory against image decompression bombs: a 364 KB PNG declaring 1920×65000 pixels
 * (124.8 megapixels) took 1.7 GB to convert, and four uploads of it were accepted at
 * once. Now the upload is refused from the image header, and the JPEG conversion never
 * holds the whole image. This script reads, from /proc (Linux), the peak resident memory
 * (`VmHWM`) of a server process while it refuses four bombs sent at once, beside a
 * normal 1920×3414 PNG it accepts; then, in this process, the peak while converting the
 * largest image the pixel budget allows and while refusing to convert the bomb.
 *
 * Run: pnpm bench media-bomb
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MEDIA_LIMITS } from '@reelay/core';
import { convertToJpeg } from '../packages/server/src/media/convert-image';
import { writeSolidPng } from '@reelay/test-support/solid-png';

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** A black RGB PNG of that size, made once per machine (see the helper: cheap whatever its size). */
async function solidPng(width: number, height: number): Promise<string> {
  const path = join(tmpdir(), `reelay-bench-solid-${width}x${height}.png`);
  if (!existsSync(path)) await writeSolidPng(path, width, height);
  return path;
}

/** Resident and peak resident memory of a process, in bytes (Linux /proc). */
function memoryOf(pid: number | 'self'): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const bomb = await solidPng(1920, 65_000);
const tall = await solidPng(1920, 3414);
const atBudget = await solidPng(1920, Math.floor(MEDIA_LIMITS.image.maxPixels / 1920));

const child = spawn(
  process.execPath,
  [...process.execArgv, fileURLToPath(new URL('./fixtures/serve-reelay.ts', import.meta.url))],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
const server = JSON.parse(line) as { url: string; key: string };
const pid = child.pid!;

async function upload(path: string): Promise<{ status: number; reason?: string; ms: number }> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(path)]), 'image.png');
  const started = performance.now();
  const response = await fetch(`${server.url}/v1/media`, {
    method: 'POST',
    headers: { 'x-access-key': server.key },
    body: form,
  });
  const body = (await response.json()) as any;
  return { status: response.status, reason: body.details?.reason, ms: performance.now() - started };
}

try {
  await upload(tall); // warm up: parsers, the image library
  const rows = [];
  const before = memoryOf(pid);
  const bombs = await Promise.all([1, 2, 3, 4].map(() => upload(bomb)));
  const afterBombs = memoryOf(pid);
  rows.push({
    upload: `4 × 1920×65000 PNG at once (${mb(readFileSync(bomb).length)} each)`,
    answers: bombs.map((answer) => `${answer.status} ${answer.reason ?? ''}`.trim()).join(', '),
    'slowest ms': Math.round(Math.max(...bombs.map((answer) => answer.ms))),
    'peak RSS growth': mb(Math.max(0, afterBombs.peak - before.peak)),
  });
  const normal = await upload(tall);
  const afterNormal = memoryOf(pid);
  rows.push({
    upload: '1920×3414 PNG',
    answers: String(normal.status),
    'slowest ms': Math.round(normal.ms),
    'peak RSS growth': mb(Math.max(0, afterNormal.peak - afterBombs.peak)),
  });
  console.log(`\nmedia bomb: server RSS before ${mb(before.rss)} (peak so far ${mb(before.peak)})`);
  console.table(rows);
} finally {
  child.kill('SIGTERM');
}

const output = join(tmpdir(), `reelay-bench-bomb-${process.pid}.jpg`);
try {
  const conversions = [];
  const atBudgetLabel = `1920×${Math.floor(MEDIA_LIMITS.image.maxPixels / 1920)}`;
  // The same work done the simplest way, as before the budget: sharp's defaults (no
  // pixel limit beyond its own) with optimised Huffman tables, on the largest image the
  // budget allows (the bomb itself would take 1.6 GB and about 17 s).
  const simplest = (input: string) =>
    sharp(input, { limitInputPixels: false })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .withIccProfile('srgb')
      .jpeg({ quality: 92, chromaSubsampling: '4:4:4', optimiseCoding: true })
      .toFile(output)
      .then((info) => ({ size: info.size }));
  for (const [label, input, convert] of [
    [`simplest (sharp defaults, optimised coding), ${atBudgetLabel}`, atBudget, simplest],
    [`Reelay, at the budget, ${atBudgetLabel}`, atBudget, convertToJpeg],
    ['Reelay, bomb, 1920×65000', bomb, convertToJpeg],
  ] as const) {
    // Resets this process's peak (VmHWM) to its current size (Linux 4.0+).
    writeFileSync('/proc/self/clear_refs', '5');
    const before = memoryOf('self');
    const started = performance.now();
    const outcome = await convert(input, output).then(
      (rendition) => `JPEG of ${mb(rendition.size)}`,
      (error: Error) => `refused: ${error.message}`,
    );
    conversions.push({
      conversion: label,
      outcome,
      ms: Math.round(performance.now() - started),
      'peak RSS growth': mb(Math.max(0, memoryOf('self').peak - before.rss)),
    });
  }
  console.log('\nJPEG conversion in this process');
  console.table(conversions);
} finally {
  rmSync(output, { force: true });
}
