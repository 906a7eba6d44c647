/**
 * Describes an image for the limits of spec §8 through sharp (libvips): it reads only the
 * header, so an 8 MB file costs a few kilobytes of memory.
 */
import type { ImageDescription } from '@reelay/core';
import sharp from 'sharp';

/**
 * Reads width and height of a JPEG, PNG or WebP as it is displayed (EXIF orientation
 * applied: a portrait photo stored sideways counts as portrait). Throws when the file is
 * not a readable image.
 *
 * @example
 * ```ts
 * await inspectImage('/tmp/upload-1', 'image/png', 812_345);
 * // { type: 'image', mime: 'image/png', size: 812345, width: 1080, height: 1080 }
 * ```
 */
export async function inspectImage(
  path: string,
  mime: string,
  size: number,
): Promise<ImageDescription> {
  const metadata = await sharp(path, { failOn: 'error' }).metadata();
  const oriented = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  if (!oriented.width || !oriented.height) throw new Error('imagem sem dimensões');
  return { type: 'image', mime, size, width: oriented.width, height: oriented.height };
}
