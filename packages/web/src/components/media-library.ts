/**
 * The project's media library as the API gives it: a page of media (newest or oldest
 * first, images or videos, unused or used, by file name), one media with the posts that
 * use it, keeping one from the cleanup of unused media, and deleting one. The
 * library page and the composer's picker read it the same way.
 */
import type { PostKind } from '@reelay/sdk';
import type { Media, MediaDetail, Reelay } from '@reelay/sdk';

/** A media of the library, with the kinds of post it fits. */
export type LibraryMedia = Media;
export type { MediaDetail } from '@reelay/sdk';

export interface LibraryQuery {
  type?: 'image' | 'video' | undefined;
  /** `true`: only media no post uses; `false`: only media some post uses. */
  unused?: boolean | undefined;
  /** Part of the file name. */
  q?: string | undefined;
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
  const { type, unused, q, ...rest } = query;
  return api.media.list(
    {
      ...rest,
      ...(type ? { type } : {}),
      ...(unused === undefined ? {} : { unused: unused ? 'true' : 'false' }),
      ...(q ? { q } : {}),
    },
    signal ? { signal } : {},
  );
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
 * Keeps a media from the cleanup of unused media (`keep: true`), or lets the cleanup
 * delete it again once no post uses it; answers the media as it now is.
 *
 * @example
 * ```ts
 * const { media } = await keepMedia(api, 'med_…', true);
 * ```
 */
export function keepMedia(
  api: Reelay,
  id: string,
  keep: boolean,
): Promise<{ media: LibraryMedia }> {
  return api.media.update(id, { keep });
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
