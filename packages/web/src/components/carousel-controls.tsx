/**
 * The previous/next buttons and the announced position under a carousel, shared by the
 * composer's preview and a review link's page. Texts come from the caller, in its own
 * words; the buttons control the track named by `trackId`.
 */
export interface CarouselControlsProps {
  /** The element id of the scrolling track the buttons move. */
  trackId: string;
  /** The class of the row, for the page's own layout. */
  class: string;
  /** The item shown, from 0. */
  position: number;
  count: number;
  go(index: number): void;
  texts: { previous: string; next: string; position: (position: number) => string };
}

/**
 * @example
 * ```tsx
 * <CarouselControls trackId="track" class="carousel-controls" position={0} count={3} go={setPosition}
 *   texts={{ previous: 'Previous', next: 'Next', position: (n) => `${n} of 3` }} />
 * ```
 */
export function CarouselControls(props: CarouselControlsProps) {
  const { position, count, go, texts } = props;
  return (
    <div class={props.class}>
      <button
        type="button"
        class="secondary outline"
        aria-controls={props.trackId}
        disabled={position === 0}
        onClick={() => go(position - 1)}
      >
        {texts.previous}
      </button>
      <span aria-live="polite">{texts.position(position + 1)}</span>
      <button
        type="button"
        class="secondary outline"
        aria-controls={props.trackId}
        disabled={position >= count - 1}
        onClick={() => go(position + 1)}
      >
        {texts.next}
      </button>
    </div>
  );
}
