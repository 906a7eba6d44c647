/**
 * The project's media library as the API gives it: a page of media (newest or oldest
 * first, images or videos), one media with the posts that use it, and deleting one. The
 * library page and the composer's picker read it the same way.
 */
import type { PostKind } from '@reelay/sdk';
import type { Media, MediaDetail, Reelay } from '@reelay/sdk';

/** A media of the library, with the kinds of post it fits. */
export type LibraryMedia = Media;
export type { MediaDetail } from '@reelay/sdk';

export interface LibraryQuery {
  type?: 'image' | 'video' | undefined;
  sort?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * One page of the library; `signal` cancels the read.
 *
 * @example
 * ```ts
 * const { total, media } = await listLibrary(api, { type: 'video', limit: 24, offset: 0 });
 * ```
 */
export async function listLibrary(
  api: Reelay,
  query: LibraryQuery,
  signal?: AbortSignal,
): Promise<{ total: number; media: LibraryMedia[] }> {
  const { type, ...rest } = query;
  return api.media.list({ ...rest, ...(type ? { type } : {}) }, signal ? { signal } : {});
}

/**
 * One media and the posts that use it; `signal` cancels the read.
 *
 * @example
 * ```ts
 * const { media } = await readMedia(api, 'med_…');
 * ```
 */
export function readMedia(
  api: Reelay,
  id: string,
  signal?: AbortSignal,
): Promise<{ media: MediaDetail }> {
  return api.media.get(id, signal ? { signal } : {});
}

/**
 * Deletes a media; refused with `MEDIA_IN_USE` (`details.postIds`) while a scheduled post
 * uses it.
 *
 * @example
 * ```ts
 * await deleteMedia(api, 'med_…');
 * ```
 */
export async function deleteMedia(api: Reelay, id: string): Promise<void> {
  await api.media.delete(id);
}

/**
 * Whether a media fits a kind of post (the server says which kinds it fits).
 *
 * @example
 * ```ts
 * fitsKind(media, 'reel'); // false for an image
 * ```
 */
export function fitsKind(media: Pick<LibraryMedia, 'kinds'>, kind: PostKind | null): boolean {
  return kind === null || media.kinds.includes(kind);
}
