/**
 * A PNG of one colour (black) of any declared size, written by hand: the rows are
 * streamed through zlib a few hundred at a time, so a 1920×139000 image (a
 * decompression bomb) costs a few megabytes to make, not the gigabytes its pixels
 * would take. Used by the image-bomb tests and the media-bomb benchmark.
 */
import { once } from 'node:events';
import { renameSync, writeFileSync } from 'node:fs';
import { crc32, createDeflate } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ROWS_AT_ONCE = 500;

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])));
  return Buffer.concat([head, data, crc]);
}

/**
 * Writes a black RGB PNG of `width`×`height` to `path` (atomically: a half-written file
 * is never seen under that name).
 *
 * @example
 * ```ts
 * await writeSolidPng('/tmp/bomb.png', 1920, 65_000); // about 364 KB on disk
 * ```
 */
export async function writeSolidPng(path: string, width: number, height: number): Promise<void> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // truecolour (RGB)
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const rowBytes = width * 3 + 1; // filter byte, then the pixels
  const block = Buffer.alloc(rowBytes * ROWS_AT_ONCE);
  for (let row = 0; row < height; row += ROWS_AT_ONCE) {
    const rows = Math.min(ROWS_AT_ONCE, height - row);
    if (!deflate.write(block.subarray(0, rows * rowBytes))) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  const file = Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  writeFileSync(`${path}.part`, file);
  renameSync(`${path}.part`, path);
}
