/**
 * The post as Instagram frames it: the feed in 4:5, 1:1 or 1.91:1, Reels and Stories in
 * 9:16, a carousel swiped with previous/next buttons or by scrolling (snapping to each
 * item). Pictures come from the local files (object URLs) or from this server, the only
 * sources the page's CSP allows.
 */
import type { PostKind } from '@reelay/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useT } from '../../i18n';
import { CarouselControls } from '../../components/carousel-controls';
import { previewRatio } from './compose-rules';
import type { MediaItem } from './use-media-items';

/** Instagram cuts a caption in the feed at about this many characters. */
const CAPTION_PREVIEW_LENGTH = 125;

export interface PostPreviewProps {
  kind: PostKind | null;
  items: readonly MediaItem[];
  caption: string;
  /** The first chosen account's name, as the post would show it. */
  accountName: string | null;
  /** The alt text of the single feed image, if written. */
  altText: string;
}

function Visual({ item, alt }: { item: MediaItem; alt: string }) {
  const t = useT();
  if (!item.previewUrl) return <div class="no-preview">{t('compose.preview.unavailable')}</div>;
  const type = item.media?.type ?? item.localType;
  return type === 'video' ? (
    <video src={item.previewUrl} muted loop playsInline controls aria-label={alt} />
  ) : (
    <img src={item.previewUrl} alt={alt} />
  );
}

export function PostPreview({ kind, items, caption, accountName, altText }: PostPreviewProps) {
  const t = useT();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  // The item a previous/next button is scrolling to: the positions passed on the way there
  // are not shown (nor announced), until the scroll ends.
  const heading = useRef<number | null>(null);
  const shown = items.filter((item) => item.status !== 'failed');
  const first = shown[0]?.media;
  const ratio = previewRatio(kind, first?.width, first?.height);
  const count = shown.length;
  const position = Math.min(current, Math.max(count - 1, 0));

  useEffect(() => {
    if (current > count - 1) setCurrent(Math.max(count - 1, 0));
  }, [count]);

  function go(index: number) {
    const element = track.current;
    if (!element) return;
    const left = index * element.clientWidth;
    if (Math.abs(element.scrollLeft - left) >= 1) heading.current = index;
    element.scrollTo({ left, behavior: 'smooth' });
    setCurrent(index);
  }

  const carouselShown = kind === 'carousel' && count > 0;
  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const settle = () => {
      heading.current = null;
      setCurrent(Math.round(element.scrollLeft / Math.max(element.clientWidth, 1)));
    };
    element.addEventListener('scrollend', settle);
    return () => element.removeEventListener('scrollend', settle);
  }, [carouselShown]);

  const name = accountName ?? t('compose.preview.yourAccount');
  const characters = [...caption];
  const shortCaption =
    characters.length > CAPTION_PREVIEW_LENGTH
      ? `${characters.slice(0, CAPTION_PREVIEW_LENGTH).join('').trimEnd()}… ${t('compose.preview.more')}`
      : caption;

  let frame;
  if (count === 0 || !kind) {
    frame = <p class="preview-empty">{t('compose.preview.empty')}</p>;
  } else if (kind === 'carousel') {
    frame = (
      <div class="carousel">
        <div
          ref={track}
          id="compose-carousel-track"
          class={`frame ratio-${ratio} carousel-track`}
          tabIndex={0}
          role="group"
          aria-roledescription={t('compose.preview.carousel')}
          aria-label={t('compose.preview.carouselLabel', { total: count })}
          onScroll={(event) => {
            if (heading.current !== null) return;
            const element = event.currentTarget;
            setCurrent(Math.round(element.scrollLeft / Math.max(element.clientWidth, 1)));
          }}
        >
          {shown.map((item, index) => (
            <div
              key={item.key}
              class="slide"
              role="group"
              aria-roledescription={t('compose.preview.slide')}
              aria-label={t('compose.preview.position', { position: index + 1, total: count })}
            >
              <Visual
                item={item}
                alt={t('compose.preview.position', { position: index + 1, total: count })}
              />
            </div>
          ))}
        </div>
        <CarouselControls
          trackId="compose-carousel-track"
          class="carousel-controls"
          position={position}
          count={count}
          go={go}
          texts={{
            previous: t('compose.preview.previous'),
            next: t('compose.preview.next'),
            position: (shown) => t('compose.preview.position', { position: shown, total: count }),
          }}
        />
      </div>
    );
  } else {
    frame = (
      <div class={`frame ratio-${ratio}`}>
        <Visual item={shown[0]!} alt={altText.trim() || t('compose.preview.media')} />
      </div>
    );
  }

  return (
    <section class="compose-preview" aria-labelledby="compose-preview-title">
      <h2 id="compose-preview-title">{t('compose.preview.title')}</h2>
      {kind && count > 0 && (
        <p class="hint">
          {t('compose.preview.frame', {
            kind: t(`compose.kinds.${kind}`),
            ratio: t(`compose.preview.ratio.${ratio}`),
          })}
        </p>
      )}
      <div class={`phone kind-${kind ?? 'none'}`}>
        <p class="preview-account" aria-hidden="true">
          <span class="avatar" />
          <strong>{name}</strong>
        </p>
        {frame}
        {kind !== 'story' && caption.trim() !== '' && (
          <p class="preview-caption">
            <strong>{name}</strong> {shortCaption}
          </p>
        )}
      </div>
    </section>
  );
}
