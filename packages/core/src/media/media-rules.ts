/**
 * The media limits of spec §8 as data, and pure checks that tell which limit a described
 * image or video breaks, as the `MEDIA_INVALID` `details.reason` of spec §7.
 *
 * Sizes are in bytes with 1 MB = 1,048,576 bytes, as the platform counts them ("8 MiB"
 * in error 36000/2207004).
 */
import { ReelayError } from '../errors/reelay-error';
import { MEDIA_LIMITS } from '../vocabulary/limits';
import type { MediaInvalidReason, MediaType } from '../vocabulary/enums';

/**
 * Where a media item is going. `upload` is acceptance into the media library, before
 * any post uses the file; the others are the post kinds.
 */
export type MediaUsage = 'upload' | 'feed' | 'carousel' | 'story' | 'reel';

interface Range {
  readonly min: number;
  readonly max: number;
}

export interface ImageDescription {
  type: 'image';
  /** MIME type established from the file's magic bytes, not from its name. */
  mime: string;
  size: number;
  width: number;
  height: number;
}

export interface VideoDescription {
  type: 'video';
  mime: string;
  size: number;
  width: number;
  height: number;
  durationSeconds: number;
  fps: number;
  /** Codec of the video track, as written in the file (`avc1`, `hvc1`, …) or normalised. */
  videoCodec: string;
  /** Codec of the audio track, or `null` for a silent video. */
  audioCodec: string | null;
  /** Bits per second of the video stream. */
  bitrate: number;
  /** Whether the `moov` box comes before `mdat` (required by the platform). */
  moovBeforeMdat: boolean;
}

export type MediaDescription = ImageDescription | VideoDescription;

/** A broken limit: the reason code and a Portuguese explanation. */
export interface MediaProblem {
  reason: MediaInvalidReason;
  message: string;
}

const CODEC_ALIASES: Record<string, string> = {
  avc1: 'h264',
  avc3: 'h264',
  avc: 'h264',
  h264: 'h264',
  'h.264': 'h264',
  hvc1: 'hevc',
  hev1: 'hevc',
  hevc: 'hevc',
  h265: 'hevc',
  'h.265': 'hevc',
  mp4a: 'aac',
  aac: 'aac',
};

/**
 * Normalises a codec name from a container (`avc1.64001f`, `mp4a.40.2`, `hvc1`) to
 * `h264`, `hevc` or `aac`; other codecs come back lower-cased.
 *
 * @example
 * ```ts
 * normalizeCodec('avc1.64001F'); // 'h264'
 * normalizeCodec('mp4a.40.2'); // 'aac'
 * ```
 */
export function normalizeCodec(codec: string): string {
  const base = codec.trim().toLowerCase();
  return CODEC_ALIASES[base] ?? CODEC_ALIASES[base.split('.')[0]!] ?? base;
}

const EPSILON = 1e-9;
const inRange = (value: number, range: Range) =>
  value >= range.min - EPSILON && value <= range.max + EPSILON;
const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;
const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10}`;
const problem = (reason: MediaInvalidReason, message: string): MediaProblem => ({
  reason,
  message,
});

/**
 * Checks a described image against the limits of a usage. Returns the first broken
 * limit, or `null` when the image may be used that way.
 *
 * @example
 * ```ts
 * checkImage({ type: 'image', mime: 'image/jpeg', size: 500_000, width: 1080, height: 1350 }, 'feed'); // null
 * checkImage({ type: 'image', mime: 'image/jpeg', size: 500_000, width: 1080, height: 1920 }, 'feed');
 * // { reason: 'aspect', message: '...' }
 * ```
 */
export function checkImage(image: ImageDescription, usage: MediaUsage): MediaProblem | null {
  const limits = MEDIA_LIMITS.image;
  if (usage === 'reel') return problem('mime', 'um Reel exige um vídeo, não uma imagem');
  if (!(limits.mimes as readonly string[]).includes(image.mime)) {
    return problem('mime', `imagens devem ser JPEG, PNG ou WebP; recebido ${image.mime}`);
  }
  if (image.size > limits.maxBytes) {
    return problem('too_large', `a imagem tem ${megabytes(image.size)}; o máximo é 8 MB`);
  }
  const feedLike = usage === 'feed' || usage === 'carousel';
  const width = feedLike ? limits.feed.width : limits.width;
  if (!inRange(image.width, width)) {
    return problem(
      'width',
      `a imagem tem ${image.width} px de largura; ${feedLike ? 'no feed ' : ''}o aceito é de ${width.min} a ${width.max} px`,
    );
  }
  const pixels = image.width * image.height;
  if (pixels > limits.maxPixels) {
    return problem(
      'too_large',
      `a imagem tem ${image.width}x${image.height} px (${megapixels(pixels)} megapixels); o máximo é ${megapixels(limits.maxPixels)} megapixels`,
    );
  }
  if (feedLike && image.height > 0) {
    const aspect = image.width / image.height;
    if (!inRange(aspect, limits.feed.aspect)) {
      return problem(
        'aspect',
        `a proporção da imagem é ${image.width}x${image.height}; no feed deve ficar entre 4:5 e 1.91:1`,
      );
    }
  }
  return null;
}

/**
 * Checks a described video against the limits of a usage (`upload` applies the widest
 * limits, those of a Reel). Returns the first broken limit, or `null`.
 *
 * @example
 * ```ts
 * checkVideo({ ...reel, durationSeconds: 75 }, 'story'); // { reason: 'duration', ... }
 * ```
 */
export function checkVideo(video: VideoDescription, usage: MediaUsage): MediaProblem | null {
  const limits = MEDIA_LIMITS.video;
  if (usage === 'feed') {
    return problem('mime', 'um vídeo único é publicado como Reel; use o tipo de post reel');
  }
  if (!(limits.mimes as readonly string[]).includes(video.mime)) {
    return problem('mime', `vídeos devem ser MP4 ou MOV; recebido ${video.mime}`);
  }
  if (!video.moovBeforeMdat) {
    return problem('moov', 'o átomo moov deve vir antes do mdat (use faststart ao exportar)');
  }
  const videoCodec = normalizeCodec(video.videoCodec);
  if (!(limits.videoCodecs as readonly string[]).includes(videoCodec)) {
    return problem('codec', `o vídeo deve usar H.264 ou HEVC; recebido ${video.videoCodec}`);
  }
  if (video.audioCodec !== null) {
    const audioCodec = normalizeCodec(video.audioCodec);
    if (!(limits.audioCodecs as readonly string[]).includes(audioCodec)) {
      return problem('audio', `o áudio deve ser AAC; recebido ${video.audioCodec}`);
    }
  }
  const kind = usage === 'upload' ? limits.reel : limits[usage];
  if (video.size > kind.maxBytes) {
    return problem(
      'too_large',
      `o vídeo tem ${megabytes(video.size)}; o máximo ${usageLabel(usage)} é ${megabytes(kind.maxBytes)}`,
    );
  }
  if (video.width > limits.maxWidth) {
    return problem(
      'width',
      `o vídeo tem ${video.width} px de largura; o máximo é ${limits.maxWidth} px`,
    );
  }
  if (kind.aspect && video.height > 0 && !inRange(video.width / video.height, kind.aspect)) {
    return problem(
      'aspect',
      `a proporção ${video.width}x${video.height} não é aceita ${usageLabel(usage)}`,
    );
  }
  if (!inRange(video.durationSeconds, kind.durationSeconds)) {
    return problem(
      'duration',
      `o vídeo dura ${Math.round(video.durationSeconds * 10) / 10} s; ${usageLabel(usage)} o aceito é de ${kind.durationSeconds.min} a ${kind.durationSeconds.max} s`,
    );
  }
  if (!inRange(video.fps, limits.fps)) {
    return problem(
      'fps',
      `o vídeo tem ${Math.round(video.fps * 100) / 100} fps; o aceito é de 23 a 60`,
    );
  }
  if (video.bitrate > limits.maxBitrate) {
    return problem(
      'bitrate',
      `a taxa de bits do vídeo é ${Math.round(video.bitrate / 100_000) / 10} Mbps; o máximo é 25 Mbps`,
    );
  }
  return null;
}

/**
 * Checks any described media item against the limits of a usage.
 *
 * @example
 * ```ts
 * const found = checkMedia(description, 'story');
 * if (found) throw mediaInvalid(found, 'mediaItems[0]');
 * ```
 */
export function checkMedia(media: MediaDescription, usage: MediaUsage): MediaProblem | null {
  return media.type === 'image' ? checkImage(media, usage) : checkVideo(media, usage);
}

/**
 * The `MEDIA_INVALID` error for a broken limit, naming the media item when known.
 *
 * @example
 * ```ts
 * throw mediaInvalid({ reason: 'too_many', message: 'um Story leva exatamente 1 mídia' }, 'mediaItems');
 * ```
 */
export function mediaInvalid(found: MediaProblem, field?: string): ReelayError {
  const where = field ? `Mídia '${field}': ` : 'Mídia inválida: ';
  return new ReelayError('MEDIA_INVALID', {
    message: `${where}${found.message}.`,
    details: field ? { reason: found.reason, field } : { reason: found.reason },
  });
}

function usageLabel(usage: MediaUsage): string {
  switch (usage) {
    case 'story':
      return 'em Stories';
    case 'carousel':
      return 'em carrosséis';
    default:
      return 'em Reels';
  }
}
