/**
 * The platform takes JPEG only (reference §3: "JPEG; sRGB (others converted)"), so PNG
 * and WebP images get a JPEG rendition when published; the original is kept.
 *
 * Memory stays bounded whatever the height: the image streams through libvips row by
 * row. Huffman table optimisation keeps the coefficients of the whole image in memory
 * (about 12 MB per megapixel: a 1920×65000 PNG took 1.6 GB with it, under 100 MB
 * without), so it is used only up to OPTIMISED_CODING_MAX_PIXELS, which every image
 * Instagram shows at full size fits (a 1920×3414 Story is 6.6 megapixels); taller
 * images are written without it, a larger file for a flat memory. Inputs past the pixel
 * budget are refused before decoding.
 */
import { stat } from 'node:fs/promises';
import { MEDIA_LIMITS } from '@reelay/core';
import sharp from 'sharp';

/** Up to this size (width × height) the JPEG's Huffman tables are optimised. */
export const OPTIMISED_CODING_MAX_PIXELS = 8_000_000;

/** Qualities tried in turn; the first whose file fits the platform's 8 MB wins. */
export const JPEG_QUALITIES = [92, 85, 75] as const;

export interface JpegRendition {
  size: number;
  width: number;
  height: number;
  quality: number;
}

/**
 * Writes a JPEG rendition of an image: same pixel size, orientation applied,
 * transparency flattened on white, colour converted to sRGB and tagged with the sRGB
 * profile, no chroma subsampling (text and logos stay sharp). Throws (sharp's "Input
 * image exceeds pixel limit") for an input past `maxPixels`, without decoding it.
 *
 * @example
 * ```ts
 * await convertToJpeg('/data/media/…/original.png', '/tmp/platform.jpg');
 * // { size: 734211, width: 1080, height: 1080, quality: 92 }
 * ```
 */
export async function convertToJpeg(
  input: string,
  output: string,
  maxBytes: number = MEDIA_LIMITS.image.maxBytes,
  maxPixels: number = MEDIA_LIMITS.image.maxPixels,
): Promise<JpegRendition> {
  // Reads the header only; past the budget this throws before any pixel is decoded.
  const { width = 0, height = 0 } = await sharp(input, { limitInputPixels: maxPixels }).metadata();
  const optimiseCoding = width * height <= OPTIMISED_CODING_MAX_PIXELS;
  for (const quality of JPEG_QUALITIES) {
    const info = await sharp(input, { limitInputPixels: maxPixels })
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .withIccProfile('srgb')
      .jpeg({ quality, chromaSubsampling: '4:4:4', optimiseCoding })
      .toFile(output);
    const { size } = await stat(output);
    if (size <= maxBytes || quality === JPEG_QUALITIES.at(-1)) {
      return { size, width: info.width, height: info.height, quality };
    }
  }
  throw new Error('inalcançável');
}
