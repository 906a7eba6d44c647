/**
 * The platform takes JPEG only (reference §3: "JPEG; sRGB (others converted)"), so PNG
 * and WebP images get a JPEG rendition when published; the original is kept.
 */
import { stat } from 'node:fs/promises';
import { MEDIA_LIMITS } from '@reelay/core';
import sharp from 'sharp';

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
 * profile, no chroma subsampling (text and logos stay sharp).
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
): Promise<JpegRendition> {
  for (const quality of JPEG_QUALITIES) {
    const info = await sharp(input)
      .autoOrient()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .withIccProfile('srgb')
      .jpeg({ quality, chromaSubsampling: '4:4:4' })
      .toFile(output);
    const { size } = await stat(output);
    if (size <= maxBytes || quality === JPEG_QUALITIES.at(-1)) {
      return { size, width: info.width, height: info.height, quality };
    }
  }
  throw new Error('inalcançável');
}
