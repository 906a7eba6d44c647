/**
 * A media item as the server works with it: the API fields, what the limits need (core's
 * `MediaDescription`) and where its file lives.
 */
import { fittingKinds, type MediaDescription } from '@reelay/core';
import { isoTime } from '../clock';
import type { StoredMedia } from '../store/media-records';

export interface MediaRecord extends StoredMedia {
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
 * The record of a stored media item: its public URL and what core's limit checks read.
 *
 * @example
 * ```ts
 * const stored = await findMedia(db, projectId, id);
 * const record = stored && recordOf(stored, config.publicUrl);
 * ```
 */
export function recordOf(media: StoredMedia, publicUrl: string): MediaRecord {
  const common = {
    mime: media.mime,
    size: media.size,
    width: media.width,
    height: media.height,
  };
  const description: MediaDescription =
    media.type === 'image'
      ? { type: 'image', ...common }
      : {
          type: 'video',
          ...common,
          durationSeconds: media.durationSeconds ?? 0,
          fps: media.fps ?? 0,
          videoCodec: media.videoCodec ?? '',
          audioCodec: media.audioCodec,
          bitrate: media.bitrate ?? 0,
          moovBeforeMdat: media.moovBeforeMdat === true,
        };
  return {
    ...media,
    url: publicFileUrl(publicUrl, media.publicToken, originalName(media.mime)),
    description,
  };
}

/**
 * The media record as the API answers it (`packages/core/src/schemas/media.ts`); `unused`
 * says whether no post uses it, which the record alone does not know.
 *
 * @example
 * ```ts
 * return { status: 201, body: { success: true, media: presentMedia(record, { unused: true }) } };
 * ```
 */
export function presentMedia(record: MediaRecord, use: { unused: boolean }) {
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
    // The same checks a post runs on its media, so a listed kind is one a post accepts.
    kinds: fittingKinds(record.description),
    url: record.url,
    createdAt: isoTime(record.createdAt),
    fileName: record.fileName,
    unused: use.unused,
    keep: record.keep,
  };
}
