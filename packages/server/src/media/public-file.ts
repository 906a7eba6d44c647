/** The file behind a public media URL (`/media/{token}/{name}`), which the platform fetches. */
import { findMediaByToken } from '../store/media';
import type { Db } from '../store/schema';
import { originalName, RENDITION_NAME } from './media-record';

/** One file of a media item, as the public route serves it. */
export interface PublicFile {
  key: string;
  contentType: string;
  size: number;
  createdAt: number;
}

/**
 * The original or the JPEG rendition of ready media, or null for anything else.
 *
 * @example
 * ```ts
 * await findPublicFile(db, token, 'original.png'); // { key: 'proj_…/media_…/original.png', contentType: 'image/png', … }
 * ```
 */
export async function findPublicFile(
  db: Db,
  token: string,
  name: string,
): Promise<PublicFile | null> {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const media = await findMediaByToken(db, token);
  if (!media || media.status !== 'ready') return null;
  if (name === originalName(media.mime)) {
    return {
      key: media.storageKey,
      contentType: media.mime,
      size: media.size,
      createdAt: media.createdAt,
    };
  }
  if (name === RENDITION_NAME && media.renditionKey && media.renditionSize !== null) {
    return {
      key: media.renditionKey,
      contentType: 'image/jpeg',
      size: media.renditionSize,
      createdAt: media.createdAt,
    };
  }
  return null;
}
