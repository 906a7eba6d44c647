/**
 * What the server measured of a media, as people read it: type, format, size, dimensions
 * and duration, in the app's language. Shared by the composer and the media library.
 */
import type { Media } from '@reelay/sdk';
import { currentLanguage, t } from '../i18n';

/**
 * Bytes as people read them, in the app's language: `820 KB`, `1,2 MB`.
 *
 * @example
 * ```ts
 * formatBytes(1_258_291); // '1,2 MB' in Portuguese
 * ```
 */
export function formatBytes(bytes: number): string {
  const language = currentLanguage();
  const format = (value: number, unit: string) =>
    `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes < 1024 * 1024) return format(Math.max(1, Math.round(bytes / 1024)), 'KB');
  return format(bytes / 1024 / 1024, 'MB');
}

/** The format of a MIME type, as people name it: `image/jpeg` → `JPEG`. */
export function formatName(mime: string): string {
  return mime.split('/')[1]?.toUpperCase() ?? mime;
}

/** `1080 × 1350 px`, or null when the server measured no dimensions. */
export function dimensionsText(media: Pick<Media, 'width' | 'height'>): string | null {
  if (media.width === null || media.height === null) return null;
  return t('compose.media.dimensions', { width: media.width, height: media.height });
}

/** `12,5 s`, or null for a media without duration (an image). */
export function durationText(media: Pick<Media, 'duration'>): string | null {
  if (media.duration === null) return null;
  return t('compose.media.duration', {
    seconds: new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 }).format(
      media.duration,
    ),
  });
}

/**
 * The facts of a media in one line's parts: type, format, size, then dimensions and
 * duration when measured.
 *
 * @example
 * ```ts
 * mediaFacts(media).join(' · '); // 'Imagem · JPEG · 820 KB · 1080 × 1350 px'
 * ```
 */
export function mediaFacts(
  media: Pick<Media, 'type' | 'mime' | 'size' | 'width' | 'height' | 'duration'>,
): string[] {
  const facts = [
    t(`compose.media.type.${media.type}`),
    formatName(media.mime),
    formatBytes(media.size),
  ];
  const dimensions = dimensionsText(media);
  if (dimensions) facts.push(dimensions);
  const duration = durationText(media);
  if (duration) facts.push(duration);
  return facts;
}

/**
 * Whether the page may show a media's file: the CSP allows pictures and videos from this
 * server only.
 *
 * @example
 * ```ts
 * sameOriginUrl(media.url); // the URL, or null for a file kept elsewhere
 * ```
 */
export function sameOriginUrl(url: string): string | null {
  try {
    return new URL(url, location.href).origin === location.origin ? url : null;
  } catch {
    return null;
  }
}
