/**
 * How posts and free posting slots are drawn as FullCalendar events: a post is a link to
 * its page in its status's colour, with the status as a symbol and a word; a free slot is
 * a pale link with a dashed outline, a plus mark and the words "free slot", which opens
 * the composer at that time for that account. The insides are built with the DOM (no
 * Preact), since FullCalendar draws hundreds of them.
 */
import type { EventInput } from 'fullcalendar';
import type { Post } from '@reelay/sdk';
import { STATUS_SYMBOLS } from '../../components/post-status';
import { i18n, t } from '../../i18n';
import {
  captionExcerpt,
  isReschedulable,
  isUnplacedDraft,
  postTimes,
  type PostFilters,
} from './calendar-data';
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

/**
 * One event's inside, on one line cut with an ellipsis: time, status (symbol and word)
 * and whose caption it is.
 *
 * @example
 * ```ts
 * eventContent(post, '09:00', '@cafe.aurora · Bom dia'); // { domNodes: [<span>] }
 * ```
 */
export function eventContent(post: Post, timeText: string, title: string): { domNodes: Node[] } {
  const body = element('span', 'post-event-body');
  if (timeText) body.append(element('span', 'post-event-time', timeText));
  const status = element('span', 'post-event-status');
  const symbol = element('span', 'post-event-symbol', STATUS_SYMBOLS[post.status]);
  symbol.setAttribute('aria-hidden', 'true');
  status.append(symbol, ` ${word(`calendar.status.${post.status}`)}`);
  body.append(status, element('span', 'post-event-title', title));
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
): EventInput[] {
  // Listed beside the grid instead (calendar-drafts.tsx).
  if (isUnplacedDraft(post)) return [];
  const caption = captionExcerpt(post.content) || word('calendar.noCaption');
  const times = postTimes(post, filters);
  return times.map(({ at, targets }) => ({
    id: times.length === 1 ? post.id : `${post.id}@${at}`,
    title: `${targets
      .map((target) => accountNames.get(target.integrationId) ?? word('calendar.unknownAccount'))
      .join(', ')} · ${caption}`,
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
    extendedProps: { post },
  }));
}
