/**
 * The post as Instagram will show it: the account's name over the media, in the frame
 * Instagram gives its kind (4:5, 1:1 or 1.91:1 in the feed, taken from the first item's
 * shape once it loads; 9:16 for Reels and Stories), a carousel swiped with previous/next
 * buttons or by scrolling, and the caption under it with its line breaks. The page's
 * security policy shows media this server keeps; media kept elsewhere is a link.
 */
import type { Review } from '@reelay/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useT } from '../../i18n';
import { CarouselControls } from '../../components/carousel-controls';
import { previewRatio, type PreviewRatio } from '../compose/rules/preview-ratio';

type ReviewPost = Review['post'];
type ReviewMedia = ReviewPost['mediaItems'][number];

function sameOrigin(url: string): boolean {
  try {
    return new URL(url, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/** One picture or video; `onSize` hears its natural size once known. */
function MediaView({
  item,
  label,
  onSize,
}: {
  item: ReviewMedia;
  label: string;
  onSize?: (width: number, height: number) => void;
}) {
  const t = useT();
  if (!sameOrigin(item.url)) {
    return (
      <div class="review-elsewhere">
        <p>
          {label}. {t('reviewLinks.page.mediaElsewhere')}
        </p>
        <a href={item.url} target="_blank" rel="noopener noreferrer">
          {t('reviewLinks.page.openMedia')}
        </a>
      </div>
    );
  }
  return item.type === 'video' ? (
    <video
      src={item.url}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      onLoadedMetadata={(event) =>
        onSize?.(event.currentTarget.videoWidth, event.currentTarget.videoHeight)
      }
    />
  ) : (
    <img
      src={item.url}
      alt={label}
      onLoad={(event) =>
        onSize?.(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)
      }
    />
  );
}

function Carousel({
  items,
  ratio,
  labelOf,
  onFirstSize,
}: {
  items: readonly ReviewMedia[];
  ratio: PreviewRatio;
  labelOf(index: number): string;
  onFirstSize(width: number, height: number): void;
}) {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  // While a button scrolls to an item, the positions passed on the way are not announced.
  const heading = useRef<number | null>(null);
  const count = items.length;

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const settle = () => {
      heading.current = null;
      setCurrent(Math.round(element.scrollLeft / Math.max(element.clientWidth, 1)));
    };
    element.addEventListener('scrollend', settle);
    return () => element.removeEventListener('scrollend', settle);
  }, []);

  function go(index: number) {
    const element = track.current;
    if (!element) return;
    const left = index * element.clientWidth;
    if (Math.abs(element.scrollLeft - left) >= 1) heading.current = index;
    element.scrollTo({ left, behavior: 'smooth' });
    setCurrent(index);
  }

  return (
    <div class="review-carousel">
      <div
        ref={track}
        id="review-carousel-track"
        class={`review-frame ratio-${ratio} review-track`}
        tabIndex={0}
        role="group"
        aria-roledescription={t('reviewLinks.page.carousel')}
        aria-label={t('reviewLinks.page.carouselLabel', { total: count })}
        onScroll={(event) => {
          if (heading.current !== null) return;
          const element = event.currentTarget;
          setCurrent(Math.round(element.scrollLeft / Math.max(element.clientWidth, 1)));
        }}
      >
        {items.map((item, index) => (
          <div
            key={`${index}-${item.url}`}
            class="review-slide"
            role="group"
            aria-roledescription={t('reviewLinks.page.slide')}
            aria-label={t('reviewLinks.page.position', { position: index + 1, total: count })}
          >
            <MediaView
              item={item}
              label={labelOf(index)}
              {...(index === 0 ? { onSize: onFirstSize } : {})}
            />
          </div>
        ))}
      </div>
      <CarouselControls
        trackId="review-carousel-track"
        class="review-carousel-controls"
        position={current}
        count={count}
        go={go}
        texts={{
          previous: t('reviewLinks.page.previous'),
          next: t('reviewLinks.page.next'),
          position: (position) => t('reviewLinks.page.position', { position, total: count }),
        }}
      />
    </div>
  );
}

export function ReviewPreview({ post }: { post: ReviewPost }) {
  const t = useT();
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const ratio = previewRatio(post.kind, size?.width, size?.height);
  const items = post.mediaItems;
  const name = post.accounts[0]?.username ?? t('reviewLinks.page.unknownAccount');
  const onFirstSize = (width: number, height: number) => setSize({ width, height });
  const labelOf = (index: number) =>
    t('reviewLinks.page.media', {
      position: index + 1,
      count: items.length,
      type: t(`reviewLinks.page.mediaType.${items[index]!.type}`),
    });

  let frame;
  if (items.length === 0) {
    frame = <p class="review-no-media">{t('reviewLinks.page.noMedia')}</p>;
  } else if (post.kind === 'carousel' || items.length > 1) {
    frame = <Carousel items={items} ratio={ratio} labelOf={labelOf} onFirstSize={onFirstSize} />;
  } else {
    frame = (
      <div class={`review-frame ratio-${ratio}`}>
        <MediaView item={items[0]!} label={labelOf(0)} onSize={onFirstSize} />
      </div>
    );
  }

  const caption = post.content.trim();
  return (
    <section class="review-preview" aria-labelledby="review-preview-title">
      <h2 id="review-preview-title">{t('reviewLinks.page.previewTitle')}</h2>
      <div class={`review-phone kind-${post.kind}`}>
        <p class="review-account">
          <span class="review-avatar" aria-hidden="true" />
          <strong>{name}</strong>
        </p>
        {frame}
        {post.kind === 'story' ? (
          caption && <p class="review-hint">{t('reviewLinks.page.storyNoCaption')}</p>
        ) : caption ? (
          <p class="review-caption">
            <strong>{name}</strong> {post.content}
          </p>
        ) : (
          <p class="review-hint">{t('reviewLinks.page.noCaption')}</p>
        )}
      </div>
    </section>
  );
}
