/**
 * Describes an image for the limits of spec §8 through sharp (libvips): it reads only the
 * header, so an 8 MB file costs a few kilobytes of memory. The header is also where a
 * decompression bomb shows (a small PNG declaring 1920×65000 pixels): past the pixel
 * budget the image is refused here, and nothing ever decodes it.
 */
import { MEDIA_LIMITS, type ImageDescription } from '@reelay/core';
import sharp from 'sharp';

/** The image declares more pixels (width × height) than the budget allows. */
export class ImageOverPixelBudgetError extends Error {
  constructor(readonly maxPixels: number) {
    super(
      `a imagem passa do limite de ${Math.round(maxPixels / 100_000) / 10} megapixels (largura × altura)`,
    );
    this.name = 'ImageOverPixelBudgetError';
  }
}

/**
 * Reads width and height of a JPEG, PNG or WebP as it is displayed (EXIF orientation
 * applied: a portrait photo stored sideways counts as portrait). Throws
 * `ImageOverPixelBudgetError` past the pixel budget, and another error when the file is
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
  maxPixels: number = MEDIA_LIMITS.image.maxPixels,
): Promise<ImageDescription> {
  const metadata = await sharp(path, { failOn: 'error', limitInputPixels: maxPixels })
    .metadata()
    .catch((error: unknown) => {
      throw isPixelLimitError(error) ? new ImageOverPixelBudgetError(maxPixels) : error;
    });
  const oriented = metadata.autoOrient ?? { width: metadata.width, height: metadata.height };
  if (!oriented.width || !oriented.height) throw new Error('imagem sem dimensões');
  return { type: 'image', mime, size, width: oriented.width, height: oriented.height };
}

/**
 * Whether sharp refused an input for its pixel count (`limitInputPixels`); sharp says so
 * only in the message.
 *
 * @example
 * ```ts
 * isPixelLimitError(new Error('Input image exceeds pixel limit')); // true
 * ```
 */
export function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /exceeds pixel limit/i.test(error.message);
}
