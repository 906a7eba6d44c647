/**
 * Memory of the server while it takes a 50 MB upload (`POST /v1/media`, multipart): the
 * file is streamed to disk, inspected from its box headers and moved into storage, so the
 * server's resident memory should barely move. The server runs in its own process; this
 * one sends a real, valid 50 MB MP4 (made with ffmpeg) and reads the server's resident
 * set (`VmRSS`) and its high-water mark (`VmHWM`) from /proc (Linux).
 *
 * Run: pnpm bench media-upload
 * Knobs: BENCH_UPLOADS (default 3).
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, openAsBlob, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const uploads = Number(process.env.BENCH_UPLOADS ?? 3);
const MB = 1024 * 1024;

/** A valid Reel just under 50 MB: 21 s of H.264 at a constant 20 Mbps (filler-padded). */
function makeVideo(): string {
  const path = join(tmpdir(), 'reelay-bench-50mb-v2.mp4');
  if (existsSync(path)) return path;
  const part = `${path}.part.mp4`;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=21'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-b:v', '20M', '-minrate', '20M', '-maxrate', '20M', '-bufsize', '20M'],
    ...['-x264-params', 'nal-hrd=cbr', '-movflags', '+faststart', part],
  ]);
  renameSync(part, path);
  return path;
}

/** Resident and peak resident memory of a process, in bytes (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

const video = makeVideo();
const size = statSync(video).size;
if (size > 50 * MB) throw new Error(`the bench video has ${mb(size)}, over the 50 MB limit`);

const child = spawn(
  process.execPath,
  [...process.execArgv, fileURLToPath(new URL('./fixtures/serve-reelay.ts', import.meta.url))],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
const server = JSON.parse(line) as { url: string; key: string };
const pid = child.pid!;

async function upload(path: string, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', await openAsBlob(path), name);
  const started = performance.now();
  const response = await fetch(`${server.url}/v1/media`, {
    method: 'POST',
    headers: { 'x-access-key': server.key },
    body: form,
  });
  const body = (await response.json()) as any;
  if (response.status !== 201)
    throw new Error(`upload answered ${response.status}: ${JSON.stringify(body)}`);
  return performance.now() - started;
}

try {
  // Warm up: load the parsers, the image library and the code paths once.
  await upload(video, 'warm-up.mp4');
  const before = memoryOf(pid);
  const rows = [];
  for (let i = 0; i < uploads; i++) {
    const ms = await upload(video, `upload-${i}.mp4`);
    const after = memoryOf(pid);
    rows.push({
      upload: i + 1,
      file: mb(size),
      'time ms': Math.round(ms),
      'MB/s': (size / MB / (ms / 1000)).toFixed(0),
      'server RSS after': mb(after.rss),
      'peak RSS growth': mb(Math.max(0, after.peak - before.peak)),
    });
  }
  const final = memoryOf(pid);
  console.log(
    `\nmedia upload: ${uploads} × ${mb(size)} multipart uploads of a valid MP4 (local storage)`,
  );
  console.log(`server RSS before: ${mb(before.rss)} (peak so far ${mb(before.peak)})`);
  console.table(rows);
  console.log(
    `peak RSS growth over ${uploads} uploads: ${mb(Math.max(0, final.peak - before.peak))} ` +
      `(${((Math.max(0, final.peak - before.peak) / size) * 100).toFixed(1)}% of one file)`,
  );
} finally {
  child.kill('SIGTERM');
}
