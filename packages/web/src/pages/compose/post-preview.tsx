/**
 * The post as Instagram frames it, for each chosen account in its own tab: the feed in
 * 4:5, 1:1 or 1.91:1 with the like/comment/share/save bar under it, Reels and Stories in
 * 9:16 with the zones Instagram covers shaded, a carousel swiped with previous/next
 * buttons or by scrolling (snapping to each item), and the caption folded after two
 * lines or 125 characters as the feed folds it. Pictures come from the local files
 * (object URLs) or from this server, the only sources the page's CSP allows.
 */
import type { PostKind } from '@reelay/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useT } from '../../i18n';
import { CarouselControls } from '../../components/carousel-controls';
import { previewRatio } from './compose-rules';
import { PreviewActions } from './preview-actions';
import {
  AccountInitial,
  PREVIEW_PANEL_ID,
  PreviewAccountTabs,
  type PreviewAccount,
} from './preview-account-tabs';
import { PreviewCaption } from './preview-caption';
import type { MediaItem } from './use-media-items';

export interface PostPreviewProps {
  kind: PostKind | null;
  items: readonly MediaItem[];
  caption: string;
  /** The chosen accounts, in the order chosen: one tab each. */
  accounts: readonly PreviewAccount[];
  /** The alt text an account's options give the single feed image, if written. */
  altTextOf(accountId: string): string;
}

/** The parts of a 9:16 frame Instagram covers with its own overlays, shaded. */
function SafeZones({ kind }: { kind: 'reel' | 'story' }) {
  return (
    <div class={`safe-zones safe-zones-${kind}`} aria-hidden="true">
      <span class="zone-top" />
      <span class="zone-bottom" />
      {kind === 'reel' && <span class="zone-side" />}
    </div>
  );
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

export function PostPreview({ kind, items, caption, accounts, altTextOf }: PostPreviewProps) {
  const t = useT();
  const [tab, setTab] = useState<string | null>(null);
  // The tab shown: the one picked while its account is still chosen, else the first.
  const account = accounts.find((item) => item.id === tab) ?? accounts[0] ?? null;
  const altText = kind === 'feed' && account ? altTextOf(account.id) : '';
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

  const name = account?.name ?? t('compose.preview.yourAccount');

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
        {(kind === 'reel' || kind === 'story') && <SafeZones kind={kind} />}
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
      {kind && count > 0 && (kind === 'reel' || kind === 'story') && (
        <p class="hint">
          {t(kind === 'reel' ? 'composer.preview.reelZones' : 'composer.preview.storyZones')}
        </p>
      )}
      {accounts.length > 0 && (
        <PreviewAccountTabs accounts={accounts} selected={account!.id} onSelect={setTab} />
      )}
      <div
        id={PREVIEW_PANEL_ID}
        class={`phone kind-${kind ?? 'none'}`}
        role={account ? 'tabpanel' : undefined}
        // Named apart from the handle: the handle names the account's checkbox in the form.
        aria-label={account ? t('composer.preview.panel') : undefined}
      >
        <p class="preview-account">
          <AccountInitial name={name} />
          <strong>{name}</strong>
        </p>
        {frame}
        {(kind === 'feed' || kind === 'carousel') && count > 0 && <PreviewActions />}
        {kind !== 'story' && caption.trim() !== '' && (
          <PreviewCaption name={name} caption={caption} />
        )}
      </div>
    </section>
  );
}
