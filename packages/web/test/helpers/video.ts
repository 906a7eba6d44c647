/**
 * A real short video for the browser tests, made with ffmpeg (Debian's package, which the
 * server's media tests need too): 3.2 s, 360 × 640, H.264 and AAC, "fast start", so the
 * server accepts it as a Reel. Made once per machine.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ImageFile } from './compose';

const run = promisify(execFile);
const PATH = join(tmpdir(), 'reelay-web-reel-v1.mp4');

/**
 * @example
 * ```ts
 * await page.getByLabel('Escolher arquivos').setInputFiles(await reelFile('padaria.mp4'));
 * ```
 */
export async function reelFile(name: string): Promise<ImageFile> {
  if (!existsSync(PATH)) {
    const partial = `${PATH}.${process.pid}.mp4`;
    await run('ffmpeg', [
      ...['-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=30:duration=3.2'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3.2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart'],
      partial,
    ]);
    // Renamed when complete, so a test running at the same time never reads half a file.
    renameSync(partial, PATH);
  }
  return { name, mimeType: 'video/mp4', buffer: readFileSync(PATH) };
}
