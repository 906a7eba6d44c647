/**
 * The post's media. Files this server keeps (uploads, imports) are shown; the page's
 * security policy allows pictures and videos from this server only, so media elsewhere
 * is listed as a link instead.
 */
import type { Post } from '@reelay/sdk';
import { useT } from '../../i18n';

function sameOrigin(url: string): boolean {
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

export function MediaList({ items }: { items: Post['mediaItems'] }) {
  const t = useT();
  if (items.length === 0) return <p class="empty">{t('postDetail.noMedia')}</p>;
  return (
    <ol class="media-list">
      {items.map((item, index) => {
        const label = t('postDetail.mediaLabel', {
          position: index + 1,
          count: items.length,
          type: t(`postDetail.mediaType.${item.type}`),
        });
        return (
          <li key={`${index}-${item.url}`}>
            <figure>
              {sameOrigin(item.url) ? (
                item.type === 'video' ? (
                  <video src={item.url} controls preload="metadata" aria-label={label} />
                ) : (
                  <img src={item.url} alt={label} loading="lazy" />
                )
              ) : null}
              <figcaption>
                {label}{' '}
                <a href={item.url} target="_blank" rel="noopener noreferrer">
                  {t('postDetail.openMedia')}
                </a>
              </figcaption>
            </figure>
          </li>
        );
      })}
    </ol>
  );
}
