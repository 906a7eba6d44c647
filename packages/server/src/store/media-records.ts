/**
 * Media as the rest of the server sees it: camelCase, the moov flag as a boolean, the
 * status typed with the core's union. Rows are encoded and decoded here only, so no
 * stored column is named outside the store.
 */
import type { MEDIA_STATUSES } from '@reelay/core';
import type { MediaTable } from './schema';

/** Where a media item stands; only `ready` media is published or served. */
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** A stored media item. Times are milliseconds since the epoch. */
export interface StoredMedia {
  readonly id: string;
  readonly projectId: string;
  readonly type: 'image' | 'video';
  /** Established from the file's magic bytes. */
  readonly mime: string;
  /** Bytes of the original file. */
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
  /** Whether the video's index comes before its data (videos only; null for images). */
  readonly moovBeforeMdat: boolean | null;
  readonly status: MediaStatus;
  /** Where the original lives in storage. */
  readonly storageKey: string;
  /** The unguessable part of the public file URL. */
  readonly publicToken: string;
  /** The JPEG rendition of a PNG or WebP image, once made. */
  readonly renditionKey: string | null;
  readonly renditionSize: number | null;
  /** The URL the media was imported from, if any. */
  readonly sourceUrl: string | null;
  readonly createdAt: number;
  /** The name the file was sent with; null for media stored before names were kept. */
  readonly fileName: string | null;
  /** A person keeps it: the cleanup of unused media never deletes it. */
  readonly keep: boolean;
}

/**
 * The row of a media item.
 *
 * @example
 * ```ts
 * await db.insertInto('media').values(encodeMedia(media)).execute();
 * ```
 */
export function encodeMedia(media: StoredMedia): MediaTable {
  return {
    id: media.id,
    project_id: media.projectId,
    type: media.type,
    mime: media.mime,
    size: media.size,
    width: media.width,
    height: media.height,
    duration_seconds: media.durationSeconds,
    fps: media.fps,
    bitrate: media.bitrate,
    video_codec: media.videoCodec,
    audio_codec: media.audioCodec,
    moov_before_mdat: media.moovBeforeMdat === null ? null : Number(media.moovBeforeMdat),
    status: media.status,
    storage_key: media.storageKey,
    public_token: media.publicToken,
    rendition_key: media.renditionKey,
    rendition_size: media.renditionSize,
    source_url: media.sourceUrl,
    created_at: media.createdAt,
    file_name: media.fileName,
    keep: Number(media.keep),
  };
}

/**
 * The media item of a stored row.
 *
 * @example
 * ```ts
 * const row = await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
 * const media = row && decodeMedia(row);
 * ```
 */
export function decodeMedia(row: MediaTable): StoredMedia {
  return {
    id: row.id,
    projectId: row.project_id,
    type: row.type,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    durationSeconds: row.duration_seconds,
    fps: row.fps,
    bitrate: row.bitrate,
    videoCodec: row.video_codec,
    audioCodec: row.audio_codec,
    moovBeforeMdat: row.moov_before_mdat === null ? null : row.moov_before_mdat === 1,
    status: row.status,
    storageKey: row.storage_key,
    publicToken: row.public_token,
    renditionKey: row.rendition_key,
    renditionSize: row.rendition_size,
    sourceUrl: row.source_url,
    createdAt: row.created_at,
    fileName: row.file_name,
    keep: row.keep === 1,
  };
}
