/**
 * The card a post shows in the grid (month, week and day views) while the pointer rests on
 * it or it has the keyboard's focus: its picture, status (symbol, word and colour), when
 * it goes out, its accounts, its series (by its rule) and its whole caption, which the event itself can only start.
 * One card serves every event: built with the DOM over the page, filled when shown,
 * and tied to the event by `aria-describedby` while it shows. Escape hides it; the
 * pointer can move onto it without it closing (WCAG 1.4.13). The agenda writes everything
 * in the row already, so its rows have none.
 */
import { sameOriginUrl } from '../../components/media-facts';
import { STATUS_SYMBOLS } from '../../components/post-status';
import { currentLanguage } from '../../i18n';
import { seriesCardLine } from '../series/series-mark';
import { factsOf, word, type EventFacts } from './calendar-events';
import { timeFormat } from './calendar-options';

/** How long the pointer rests on an event before its card shows, and leaves before it hides. */
const SHOW_DELAY_MS = 250;
const HIDE_DELAY_MS = 150;
/** Room kept between the card and the event, and the screen's edges. */
const GAP = 8;

let cards = 0;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** When the event goes out, with its day, in the calendar's zone and the language's clock. */
function whenText(at: Date | null, zone: string, fallback: string): string {
  if (!at) return fallback;
  const language = currentLanguage();
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: zone,
    ...timeFormat(language),
  }).format(at);
}

function fill(card: HTMLElement, facts: EventFacts, zone: string): void {
  const { post } = facts;
  const head = element('div', 'post-card-head');
  const item = post.mediaItems[0];
  const url = item && item.type === 'image' ? sameOriginUrl(item.url) : null;
  if (url) {
    const image = element('img', 'post-card-thumb');
    image.alt = '';
    image.src = url;
    head.append(image);
  }
  const status = element('span', `status-badge status-${post.status}`);
  const symbol = element('span', '', STATUS_SYMBOLS[post.status]);
  symbol.setAttribute('aria-hidden', 'true');
  status.append(symbol, ` ${word(`calendar.status.${post.status}`)}`);
  const facts_ = element('div', 'post-card-facts');
  facts_.append(
    status,
    element('strong', 'post-card-accounts', facts.accounts),
    element('span', 'post-card-when', whenText(facts.at, zone, facts.timeText)),
  );
  // The series it belongs to, by its rule, and its place in it.
  const series = seriesCardLine(post, facts.series);
  if (series) facts_.append(series);
  head.append(facts_);
  const caption = element(
    'p',
    'post-card-caption',
    post.content.trim() || word('calendar.noCaption'),
  );
  card.replaceChildren(head, caption);
}

/**
 * Shows the card of the post event under the pointer or the focus, inside `host`.
 *
 * @param zone - The calendar's zone now, for the card's date and time.
 * @returns A function that removes the card and stops listening.
 * @example
 * ```ts
 * const detach = attachEventCard(host, () => props.zone);
 * ```
 */
export function attachEventCard(host: HTMLElement, zone: () => string): () => void {
  cards += 1;
  const card = element('div', 'post-card');
  card.id = `post-card-${cards}`;
  card.setAttribute('role', 'tooltip');
  card.hidden = true;
  // Over the page, outside the parts Preact and FullCalendar draw.
  document.body.append(card);

  let shownFor: HTMLElement | null = null;
  /** An event whose card Escape closed: it stays closed until left. */
  let dismissed: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** A button is held: a drag may be under way, and no card gets in its way. */
  let pressed = false;

  const later = (action: () => void, delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(action, delay);
  };

  function eventOf(target: EventTarget | null): HTMLElement | null {
    if (!(target instanceof Element)) return null;
    const event = target.closest<HTMLElement>('a.post-event');
    if (!event || !host.contains(event)) return null;
    const facts = factsOf(event);
    // The agenda's rows say it all already.
    if (!facts || event.querySelector('.post-event-agenda')) return null;
    return event;
  }

  function hide(): void {
    clearTimeout(timer);
    if (!shownFor) return;
    shownFor.removeAttribute('aria-describedby');
    shownFor = null;
    card.hidden = true;
  }

  function show(event: HTMLElement): void {
    clearTimeout(timer);
    if (pressed || event === dismissed || !event.isConnected) return;
    const facts = factsOf(event);
    if (!facts) return;
    if (shownFor && shownFor !== event) shownFor.removeAttribute('aria-describedby');
    shownFor = event;
    event.setAttribute('aria-describedby', card.id);
    fill(card, facts, zone());
    card.hidden = false;
    place(event);
  }

  /** Beside the event, on the side with room; over the page, never past its edges. */
  function place(event: HTMLElement): void {
    const anchor = event.getBoundingClientRect();
    const width = card.offsetWidth;
    const height = card.offsetHeight;
    let left = anchor.right + GAP;
    if (left + width > innerWidth - GAP) left = anchor.left - GAP - width;
    if (left < GAP) left = Math.min(Math.max(GAP, anchor.left), innerWidth - GAP - width);
    const beside = left >= anchor.right || left + width <= anchor.left;
    let top = beside ? anchor.top : anchor.bottom + GAP;
    if (!beside && top + height > innerHeight - GAP) top = anchor.top - GAP - height;
    top = Math.min(Math.max(GAP, top), Math.max(GAP, innerHeight - GAP - height));
    card.style.left = `${Math.max(GAP, left)}px`;
    card.style.top = `${top}px`;
  }

  const onOver = (ev: MouseEvent) => {
    const event = eventOf(ev.target);
    if (!event) return;
    if (event === shownFor) clearTimeout(timer);
    else later(() => show(event), shownFor ? 0 : SHOW_DELAY_MS);
  };
  const onOut = (ev: MouseEvent) => {
    const event = eventOf(ev.target);
    if (!event) return;
    const next = ev.relatedTarget;
    if (next instanceof Node && (event.contains(next) || card.contains(next))) return;
    if (dismissed === event) dismissed = null;
    later(hide, HIDE_DELAY_MS);
  };
  const onFocusIn = (ev: FocusEvent) => {
    const event = eventOf(ev.target);
    if (event) show(event);
  };
  const onFocusOut = (ev: FocusEvent) => {
    const event = eventOf(ev.target);
    if (!event) return;
    if (dismissed === event) dismissed = null;
    if (event === shownFor) hide();
  };
  const onKey = (ev: KeyboardEvent) => {
    if (ev.key !== 'Escape' || !shownFor) return;
    dismissed = shownFor;
    hide();
  };
  const onCardOver = () => clearTimeout(timer);
  const onCardOut = (ev: MouseEvent) => {
    const next = ev.relatedTarget;
    if (next instanceof Node && (card.contains(next) || shownFor?.contains(next))) return;
    later(hide, HIDE_DELAY_MS);
  };

  const onPress = () => {
    pressed = true;
    hide();
  };
  const onRelease = () => {
    pressed = false;
  };
  host.addEventListener('mouseover', onOver);
  host.addEventListener('mouseout', onOut);
  host.addEventListener('focusin', onFocusIn);
  host.addEventListener('focusout', onFocusOut);
  // A drag begins, or a click opens the post: no card in the way.
  host.addEventListener('pointerdown', onPress);
  document.addEventListener('pointerup', onRelease);
  document.addEventListener('pointercancel', onRelease);
  card.addEventListener('mouseover', onCardOver);
  card.addEventListener('mouseout', onCardOut);
  document.addEventListener('keydown', onKey);
  // The card sits over the page where the event was: it goes when the page moves. A card
  // about to show is left to show (placed where the event is then): the calendar scrolls
  // its hours by itself once drawn, under a pointer already resting on an event.
  const onScroll = () => {
    if (shownFor) hide();
  };
  document.addEventListener('scroll', onScroll, { capture: true, passive: true });
  return () => {
    clearTimeout(timer);
    host.removeEventListener('mouseover', onOver);
    host.removeEventListener('mouseout', onOut);
    host.removeEventListener('focusin', onFocusIn);
    host.removeEventListener('focusout', onFocusOut);
    host.removeEventListener('pointerdown', onPress);
    document.removeEventListener('pointerup', onRelease);
    document.removeEventListener('pointercancel', onRelease);
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('scroll', onScroll, { capture: true });
    card.remove();
  };
}
