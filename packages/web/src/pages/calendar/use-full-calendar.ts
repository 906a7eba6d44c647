/**
 * Creates the FullCalendar `Calendar` once, in `host`, and destroys it on unmount. Its
 * handlers read the latest props through a ref, so the calendar is never created again
 * for a new callback. It also follows the system's colour scheme, keeps day cells
 * described rather than named (see calendar-accessibility.ts), shows a post's card on
 * hover and focus (event-card.ts), and sizes the grid to the screen: the week and day
 * views fill the window's height under the calendar's top and scroll inside, opening at
 * the working day; the month and the agenda are as tall as their posts.
 */
import { Calendar, type EventDropInfo } from 'fullcalendar';
import type { Post } from '@reelay/sdk';
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Language } from '../../i18n';
import { describeDay, keepDaysDescribed } from './calendar-accessibility';
import type { SeriesFacts } from '../series/series-mark';
import { eventContent, freeSlotContent, layoutOf } from './calendar-events';
import { attachEventCard } from './event-card';
import {
  baseOptions,
  colorScheme,
  isoDay,
  VIEW_TYPES,
  viewOf,
  type CalendarView,
} from './calendar-options';
import type { AccountFreeSlot } from './free-slots';

/** The instants the calendar shows, `[start, end)`. */
export interface VisibleRange {
  start: Date;
  end: Date;
}

/** The least height of the grid views, whatever the window. */
const MIN_GRID_HEIGHT = 480;
/** Room left under the grid, so its bottom edge shows. */
const BOTTOM_ROOM = 16;

/**
 * The height of a view in `host`: the window's height under the calendar's top (where it
 * is with the page scrolled to the top) for the week and day views, `auto` for the others.
 */
export function heightFor(host: HTMLElement, viewType: string): number | 'auto' {
  if (!viewType.startsWith('timeGrid')) return 'auto';
  const top = host.getBoundingClientRect().top + scrollY;
  return Math.max(MIN_GRID_HEIGHT, Math.round(innerHeight - top - BOTTOM_ROOM));
}

/** What the calendar starts with and whom it tells. */
export interface CalendarHandlers {
  view: CalendarView;
  date: string | null;
  zone: string;
  language: Language;
  onNavigate(view: CalendarView, date: string, range: VisibleRange): void;
  onOpen(postId: string): void;
  onReschedule(post: Post, start: Date): Promise<Post>;
  onCompose(slot: AccountFreeSlot): void;
}

/**
 * @returns The calendar, null before it is mounted and after it is gone.
 * @example
 * ```ts
 * const calendar = useFullCalendar(host, props);
 * calendar.current?.setOption('timeZone', zone);
 * ```
 */
export function useFullCalendar(
  host: RefObject<HTMLDivElement | null>,
  props: CalendarHandlers,
): RefObject<Calendar | null> {
  const calendar = useRef<Calendar | null>(null);
  const current = useRef(props);
  current.current = props;

  useEffect(() => {
    // Tearing the calendar down reports dates again; nobody is looking any more.
    let closing = false;
    const element = host.current!;
    let sizedFor = VIEW_TYPES[props.view];
    let height = heightFor(element, sizedFor);
    // Drawn again only when the height changes (a phone's address bar resizes the window).
    const fitHeight = () => {
      const next = heightFor(element, sizedFor);
      if (next === height) return;
      height = next;
      created.setOption('height', next);
    };
    const created = new Calendar(element, {
      ...baseOptions(props),
      height,
      dayCellDidMount: (info) => describeDay(info.el),
      dayLaneDidMount: (info) => describeDay(info.el),
      eventContent: (info) => {
        const post = info.event.extendedProps.post as Post | undefined;
        return post
          ? eventContent(
              post,
              info.timeText,
              info.event.extendedProps.accounts as string,
              layoutOf(info.view.type),
              info.event.start,
              info.isNarrow,
              info.event.extendedProps.series as SeriesFacts | undefined,
            )
          : freeSlotContent(info.timeText, info.event.title);
      },
      eventClick: (info) => {
        // A plain click stays in the app; a modified click (new tab) is the browser's.
        if (info.jsEvent.ctrlKey || info.jsEvent.metaKey || info.jsEvent.shiftKey) return;
        info.jsEvent.preventDefault();
        const slot = info.event.extendedProps.freeSlot as AccountFreeSlot | undefined;
        if (slot) current.current.onCompose(slot);
        else current.current.onOpen((info.event.extendedProps.post as Post).id);
      },
      eventDrop: (info: EventDropInfo) => {
        const post = info.event.extendedProps.post as Post;
        const start = info.event.start;
        if (!start) return info.revert();
        current.current.onReschedule(post, start).then(
          (updated) => info.event.setExtendedProp('post', updated),
          () => info.revert(),
        );
      },
      datesSet: (info) => {
        if (closing) return;
        if (info.view.type !== sizedFor) {
          sizedFor = info.view.type;
          queueMicrotask(fitHeight);
        }
        const day = isoDay(info.view.currentStart, current.current.zone);
        const range = { start: info.start, end: info.end };
        current.current.onNavigate(viewOf(info.view.type), day, range);
      },
    });
    calendar.current = created;
    created.render();
    const stopDescribing = keepDaysDescribed(element);
    const detachCard = attachEventCard(element, () => current.current.zone);
    let resizing: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(resizing);
      resizing = setTimeout(fitHeight, 150);
    };
    addEventListener('resize', onResize);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    const followScheme = () => created.setOption('colorScheme', colorScheme());
    scheme.addEventListener('change', followScheme);
    return () => {
      closing = true;
      stopDescribing();
      detachCard();
      clearTimeout(resizing);
      removeEventListener('resize', onResize);
      scheme.removeEventListener('change', followScheme);
      created.destroy();
      calendar.current = null;
    };
  }, []);

  return calendar;
}
