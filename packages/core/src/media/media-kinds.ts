/**
 * The post kinds a media item fits, decided by the very checks a post runs on its media
 * when it is accepted (`checkMedia` with the post's kind as the usage), so the media
 * library never promises a kind that posting would then refuse.
 */
import { POST_KINDS, type PostKind } from '../vocabulary/enums';
import { checkMedia, type MediaDescription } from './media-rules';

/**
 * The post kinds, in `POST_KINDS` order, whose limits the described media meets:
 * `feed` (a single image), `reel` (a video), `story`, and `carousel` (as one of its
 * items). How many items a kind takes is the post's matter, not the media's.
 *
 * @example
 * ```ts
 * const photo = { type: 'image', mime: 'image/jpeg', size: 500_000, width: 1080, height: 1350 } as const;
 * fittingKinds(photo); // ['feed', 'story', 'carousel']
 * fittingKinds({ ...photo, height: 1920 }); // ['story']: 9:16 is outside the feed's 4:5–1.91:1
 * ```
 */
export function fittingKinds(media: MediaDescription): PostKind[] {
  return POST_KINDS.filter((kind) => checkMedia(media, kind) === null);
}
