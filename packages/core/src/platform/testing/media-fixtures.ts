/**
 * Real media bytes for tests, built here rather than stored: a baseline JPEG and a minimal
 * MP4 whose structure media checks can read.
 */

function segment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xff00 | marker, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/**
 * A valid baseline JPEG of one grey component, every 8×8 block mid-grey. Both Huffman
 * tables hold a single one-bit code (DC difference 0, AC end-of-block), so the entropy
 * data is two zero bits per block.
 *
 * @example
 * ```ts
 * media.answer(() => ({ body: solidJpeg(640, 800), headers: { 'content-type': 'image/jpeg' } }));
 * ```
 */
export function solidJpeg(width: number, height: number): Buffer {
  const quantization = Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)]);
  const frame = Buffer.alloc(9);
  frame.writeUInt8(8, 0); // precision
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  frame.set([1, 1, 0x11, 0], 5); // one component: id 1, sampling 1×1, table 0
  const oneCode = (tableClass: number) =>
    Buffer.concat([
      Buffer.from([tableClass << 4]),
      Buffer.from([1, ...Array(15).fill(0)]),
      Buffer.from([0]),
    ]);
  const scan = Buffer.from([1, 1, 0x00, 0, 63, 0]);
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const data = Buffer.alloc(Math.ceil(bits / 8));
  // Pad the last byte with 1-bits, as the standard asks.
  const spare = data.length * 8 - bits;
  if (spare > 0) data[data.length - 1] = (1 << spare) - 1;
  const app0 = Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, app0),
    segment(0xdb, quantization),
    segment(0xc0, frame),
    segment(0xc4, oneCode(0)),
    segment(0xc4, oneCode(1)),
    segment(0xda, scan),
    data,
    Buffer.from([0xff, 0xd9]),
  ]);
}

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * An MP4 with `ftyp`, then `moov` (a movie header with the duration), then an empty `mdat`.
 *
 * @example
 * ```ts
 * media.answer(() => ({ body: minimalMp4(8000), headers: { 'content-type': 'video/mp4' } }));
 * ```
 */
export function minimalMp4(durationMs: number): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.from('isom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
  );
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale: ms
  mvhd.writeUInt32BE(durationMs, 16);
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  // Identity matrix.
  mvhd.writeUInt32BE(0x00010000, 36);
  mvhd.writeUInt32BE(0x00010000, 52);
  mvhd.writeUInt32BE(0x40000000, 68);
  mvhd.writeUInt32BE(2, 96); // next track id
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), box('mdat')]);
}
