/**
 * How a media of the library is named and pictured, on the library page and in the
 * composer's picker: its type and date, the kinds of post it fits, and its thumbnail.
 */
import type { PostKind } from '@reelay/sdk';
import { sameOriginUrl } from './media-facts';
import type { LibraryMedia } from './media-library';
import { formatInZone } from './person-zone';
import { t } from '../i18n';

/**
 * The name a media goes by: its type and when it was added, in the person's zone.
 *
 * @example
 * ```ts
 * mediaTitle(media, 'America/Sao_Paulo'); // 'Imagem de 12 de nov. de 2026 10:00'
 * ```
 */
export function mediaTitle(media: Pick<LibraryMedia, 'type' | 'createdAt'>, zone: string): string {
  return t('library.itemTitle', {
    type: t(`compose.media.type.${media.type}`),
    date: formatInZone(media.createdAt, zone),
  });
}

/** The kinds a media fits, in words: `Feed, Story, Carrossel`. */
export function kindsText(kinds: readonly PostKind[]): string {
  return kinds.length > 0
    ? kinds.map((kind) => t(`compose.kinds.${kind}`)).join(', ')
    : t('library.noKinds');
}

/** The picture of a media: the image, a video's first frame, or a plain square. */
export function MediaThumb({ media, class: className }: { media: LibraryMedia; class: string }) {
  const url = sameOriginUrl(media.url);
  if (!url) return <div class={`${className} empty`} aria-hidden="true" />;
  if (media.type === 'video') {
    return (
      <div class={`${className} thumb-video`} aria-hidden="true">
        <video src={url} muted preload="metadata" />
        <span class="play-mark">▶</span>
      </div>
    );
  }
  return <img class={className} src={url} alt="" loading="lazy" />;
}
