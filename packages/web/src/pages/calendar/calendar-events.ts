/**
 * How posts and free posting slots are drawn as FullCalendar events: a post is a link to
 * its page in its status's colour, with its first media's thumbnail, the time, the status
 * as a symbol and a word, its accounts and its caption; a free slot is
 * a pale link with a dashed outline, a plus mark and the words "free slot", which opens
 * the composer at that time for that account. The insides are built with the DOM (no
 * Preact), since FullCalendar draws hundreds of them.
 */
import type { EventInput } from 'fullcalendar';
import type { Post } from '@reelay/sdk';
import { sameOriginUrl } from '../../components/media-facts';
import { STATUS_SYMBOLS } from '../../components/post-status';
import { i18n, t } from '../../i18n';
import {
  captionExcerpt,
  isReschedulable,
  isUnplacedDraft,
  postTimes,
  type PostFilters,
} from './calendar-data';
import { seriesMark, type SeriesFacts } from '../series/series-mark';
import '../series/series.css';
import type { AccountFreeSlot } from './free-slots';

/**
 * Texts drawn in every event, looked up once per language: with hundreds of events a
 * month, looking each up again is a visible part of drawing them.
 *
 * @example
 * ```ts
 * word('calendar.more', 3); // 'mais 3'
 * ```
 */
const words = new Map<string, string>();
let wordsLanguage = '';
export function word(key: string, count?: number): string {
  if (i18n.language !== wordsLanguage) {
    words.clear();
    wordsLanguage = i18n.language;
  }
  const id = count === undefined ? key : `${key}|${count}`;
  let text = words.get(id);
  if (text === undefined) {
    text = count === undefined ? t(key) : t(key, { count });
    words.set(id, text);
  }
  return text;
}

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

/** What an event's inside was drawn from: the hover card reads it back. */
export interface EventFacts {
  post: Post;
  /** `@name` of the accounts of this time, joined. */
  accounts: string;
  /** When this event is, and the time as the calendar wrote it. */
  at: Date | null;
  timeText: string;
  /** The post's series' rule and size, when it is an occurrence and they were read. */
  series?: SeriesFacts | undefined;
}

const drawnFrom = new WeakMap<Element, EventFacts>();

/** The facts an event's inside (or anything in it) was drawn from. */
export function factsOf(node: Element): EventFacts | undefined {
  const body = node.closest('.post-event-body') ?? node.querySelector('.post-event-body');
  return body ? drawnFrom.get(body) : undefined;
}

/**
 * The post's first media as a small picture, when this server keeps the file (the page's
 * security policy allows no other): a photo itself, a video's first frame in the agenda,
 * a play mark in the grid. Decorative: the post is named beside it.
 */
function thumbnail(post: Post, agenda: boolean): HTMLElement {
  const item = post.mediaItems[0];
  const url = item ? sameOriginUrl(item.url) : null;
  if (item && url && item.type === 'image') {
    const image = element('img', 'post-event-thumb');
    image.alt = '';
    // Lazy before the address: set after it, the picture would be read and decoded at
    // once for every post, even those the month keeps hidden behind "+N".
    image.loading = 'lazy';
    image.draggable = false;
    image.src = url;
    return image;
  }
  const picture = element('span', 'post-event-thumb post-event-no-thumb');
  if (item && url && agenda) {
    const video = element('video', '');
    video.preload = 'metadata';
    video.muted = true;
    video.src = url;
    picture.append(video);
  }
  if (item?.type === 'video') picture.append(element('span', 'play-mark', '▶'));
  picture.setAttribute('aria-hidden', 'true');
  return picture;
}

/** The status as a symbol and a word; in the grid the word is for screen readers only. */
function statusLabel(post: Post, agenda: boolean): HTMLElement {
  const status = element(
    'span',
    agenda ? `post-event-status status-badge status-${post.status}` : 'post-event-status',
  );
  const symbol = element('span', 'post-event-symbol', STATUS_SYMBOLS[post.status]);
  symbol.setAttribute('aria-hidden', 'true');
  const text = ` ${word(`calendar.status.${post.status}`)}`;
  status.append(symbol, agenda ? text : element('span', 'visually-hidden', text));
  return status;
}

/**
 * How an event is laid out: a row of the agenda (everything, the caption whole), a block
 * of the week and day views (one fact a line), or a line of the month (two lines).
 */
export type EventLayout = 'agenda' | 'column' | 'row';

/** The layout of the events of a FullCalendar view type. */
export function layoutOf(viewType: string): EventLayout {
  if (viewType.startsWith('list')) return 'agenda';
  return viewType.startsWith('timeGrid') ? 'column' : 'row';
}

/**
 * One event's inside: the thumbnail of the post's first media, then the time and the
 * status (symbol, and the word), the accounts and the caption. In the grid (month, week,
 * day) the caption is its first line, cut to fit, and the status word is for screen
 * readers (the symbol and the colour show it); in the agenda the caption is whole and the
 * status a badge with its word. An occurrence of a series carries the series mark. An event of a narrow day (`narrow`, as FullCalendar
 * tells it) keeps the time and the symbol only.
 *
 * @example
 * ```ts
 * eventContent(post, '09:00', '@cafe.aurora', 'column', start); // { domNodes: [<span>] }
 * ```
 */
export function eventContent(
  post: Post,
  timeText: string,
  accounts: string,
  layout: EventLayout,
  at: Date | null = null,
  narrow = false,
  series?: SeriesFacts,
): { domNodes: Node[] } {
  const agenda = layout === 'agenda';
  const body = element(
    'span',
    `post-event-body post-event-${layout}${narrow && !agenda ? ' post-event-narrow' : ''}`,
  );
  drawnFrom.set(body, { post, accounts, timeText, at, series });
  const text = element('span', 'post-event-text');
  const head = element('span', 'post-event-head');
  if (timeText) head.append(element('span', 'post-event-time', timeText), ' ');
  head.append(statusLabel(post, agenda), ' ');
  // An occurrence of a series: a mark named "Part of a series, 3 of 12".
  const mark = seriesMark(post, series);
  if (mark) head.append(mark, ' ');
  const account = element('span', 'post-event-account', accounts);
  const caption = agenda
    ? post.content.trim() || word('calendar.noCaption')
    : captionExcerpt(post.content, 80) || word('calendar.noCaption');
  const captionLine = element('span', 'post-event-caption', caption);
  // The month's two lines: time, status and accounts; then the caption.
  if (layout === 'row') {
    head.append(account);
    text.append(head, ' ', captionLine);
  } else text.append(head, ' ', account, ' ', captionLine);
  body.append(thumbnail(post, agenda), text);
  return { domNodes: [body] };
}

/**
 * A free slot's inside: time, a plus mark and the words "free slot", and whose it is.
 *
 * @example
 * ```ts
 * freeSlotContent('09:00', '@cafe.aurora'); // reads "09:00 Horário livre @cafe.aurora"
 * ```
 */
export function freeSlotContent(timeText: string, name: string): { domNodes: Node[] } {
  const body = element('span', 'post-event-body');
  if (timeText) body.append(element('span', 'post-event-time', timeText), ' ');
  const label = element('span', 'post-event-status');
  const symbol = element('span', 'post-event-symbol', '+');
  symbol.setAttribute('aria-hidden', 'true');
  label.append(symbol, ` ${word('calendar.freeSlot')}`);
  // A space between the words, so the link reads "09:00 Free slot @name".
  body.append(label, ' ', element('span', 'post-event-title', name));
  return { domNodes: [body] };
}

/**
 * A free slot as an event: a link to the composer at that time for that account.
 *
 * @example
 * ```ts
 * toFreeEvent({ accountId: 'int_…', at: '2026-12-01T12:00:00.000Z' }, names).url;
 * // '/app/compose?at=2026-12-01T12%3A00%3A00.000Z&account=int_…'
 * ```
 */
export function toFreeEvent(
  slot: AccountFreeSlot,
  accountNames: ReadonlyMap<string, string>,
): EventInput {
  const name = accountNames.get(slot.accountId) ?? word('calendar.unknownAccount');
  const query = new URLSearchParams({ at: slot.at, account: slot.accountId });
  return {
    id: `free-${slot.accountId}-${slot.at}`,
    title: name,
    start: slot.at,
    allDay: false,
    url: `/app/compose?${query.toString()}`,
    startEditable: false,
    durationEditable: false,
    className: 'free-slot-event',
    color: 'var(--reelay-free-slot)',
    contrastColor: 'var(--reelay-free-slot-text)',
    extendedProps: { freeSlot: slot },
  };
}

/**
 * A post as events, one per time it goes out at (see {@link postTimes}): each a link to
 * the post's page naming the accounts of that time; none for a draft the grid cannot
 * place. Dragging moves the whole post, so
 * only a post with one time is draggable while it can be rescheduled.
 *
 * @example
 * ```ts
 * toEvents(post, names, {})[0]!.url; // '/app/posts/post_…'
 * ```
 */
export function toEvents(
  post: Post,
  accountNames: ReadonlyMap<string, string>,
  filters: PostFilters,
  seriesFacts: ReadonlyMap<string, SeriesFacts> = new Map(),
): EventInput[] {
  // Listed beside the grid instead (calendar-drafts.tsx).
  if (isUnplacedDraft(post)) return [];
  const caption = captionExcerpt(post.content) || word('calendar.noCaption');
  const times = postTimes(post, filters);
  return times.map(({ at, targets }) => {
    const accounts = targets
      .map((target) => accountNames.get(target.integrationId) ?? word('calendar.unknownAccount'))
      .join(', ');
    return {
      id: times.length === 1 ? post.id : `${post.id}@${at}`,
      title: `${accounts} · ${caption}`,
      start: at,
      allDay: false,
      url: `/app/posts/${post.id}`,
      startEditable: times.length === 1 && isReschedulable(post),
      durationEditable: false,
      className: `post-event status-${post.status}`,
      // FullCalendar draws the event in this colour (a custom property, so no inline
      // colour value), with white text over it.
      color: `var(--reelay-status-${post.status})`,
      contrastColor: '#fff',
      extendedProps: {
        post,
        accounts,
        series: post.series ? seriesFacts.get(post.series.id) : undefined,
      },
    };
  });
}
