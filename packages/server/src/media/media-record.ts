/**
 * A media item as the server works with it: the API fields, what the limits need (core's
 * `MediaDescription`) and where its file lives.
 */
import type { MediaDescription } from '@reelay/core';
import { isoTime } from '../clock';
import type { MediaTable } from '../store/schema';

export interface MediaRecord {
  readonly id: string;
  readonly projectId: string;
  readonly type: 'image' | 'video';
  /** Established from the file's magic bytes. */
  readonly mime: string;
  readonly size: number;
  readonly width: number;
  readonly height: number;
  /** Seconds (videos). */
  readonly durationSeconds: number | null;
  readonly fps: number | null;
  /** Bits per second of the video stream. */
  readonly bitrate: number | null;
  readonly videoCodec: string | null;
  readonly audioCodec: string | null;
  readonly status: MediaTable['status'];
  readonly storageKey: string;
  readonly publicToken: string;
  /** The JPEG rendition of a PNG or WebP image, once made by `platformUrl`. */
  readonly renditionKey: string | null;
  readonly renditionSize: number | null;
  /** The URL the media was imported from, if any. */
  readonly sourceUrl: string | null;
  readonly createdAt: number;
  /** Public URL of the original file. */
  readonly url: string;
  /** What the limit checks of core read. */
  readonly description: MediaDescription;
}

/** File extension of each accepted type, used in storage keys and public URLs. */
export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};

/** File name of the original in storage and in the public URL. */
export function originalName(mime: string): string {
  return `original.${EXTENSIONS[mime] ?? 'bin'}`;
}

/** File name of the JPEG rendition of an image. */
export const RENDITION_NAME = 'platform.jpg';

/**
 * The public URL of one file of a media item: `<public url>/media/<token>/<name>`. The
 * token (192 random bits) is what makes it unguessable; the name only tells the type.
 *
 * @example
 * ```ts
 * publicFileUrl('https://reelay.example.com', 'Qm9…', 'original.png');
 * // 'https://reelay.example.com/media/Qm9…/original.png'
 * ```
 */
export function publicFileUrl(publicUrl: string, token: string, name: string): string {
  return `${publicUrl}/media/${token}/${name}`;
}

/**
 * Builds the record of a stored row.
 *
 * @example
 * ```ts
 * const record = recordOf(row, config.publicUrl);
 * ```
 */
export function recordOf(row: MediaTable, publicUrl: string): MediaRecord {
  const common = {
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
  };
  const description: MediaDescription =
    row.type === 'image'
      ? { type: 'image', ...common }
      : {
          type: 'video',
          ...common,
          durationSeconds: row.duration_seconds ?? 0,
          fps: row.fps ?? 0,
          videoCodec: row.video_codec ?? '',
          audioCodec: row.audio_codec,
          bitrate: row.bitrate ?? 0,
          moovBeforeMdat: row.moov_before_mdat === 1,
        };
  return {
    id: row.id,
    projectId: row.project_id,
    type: row.type,
    ...common,
    durationSeconds: row.duration_seconds,
    fps: row.fps,
    bitrate: row.bitrate,
    videoCodec: row.video_codec,
    audioCodec: row.audio_codec,
    status: row.status,
    storageKey: row.storage_key,
    publicToken: row.public_token,
    renditionKey: row.rendition_key,
    renditionSize: row.rendition_size,
    sourceUrl: row.source_url,
    createdAt: row.created_at,
    url: publicFileUrl(publicUrl, row.public_token, originalName(row.mime)),
    description,
  };
}

/**
 * The media record as the API answers it (`packages/core/src/schemas/media.ts`).
 *
 * @example
 * ```ts
 * return { status: 201, body: { success: true, media: presentMedia(record) } };
 * ```
 */
export function presentMedia(record: MediaRecord) {
  const video = record.type === 'video';
  return {
    id: record.id,
    type: record.type,
    mime: record.mime,
    size: record.size,
    width: record.width,
    height: record.height,
    duration: record.durationSeconds,
    fps: record.fps,
    bitrate: record.bitrate,
    codecs: video ? { video: record.videoCodec, audio: record.audioCodec } : null,
    status: record.status,
    url: record.url,
    createdAt: isoTime(record.createdAt),
  };
}
