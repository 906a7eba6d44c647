/**
 * Creates the FullCalendar `Calendar` once, in `host`, and destroys it on unmount. Its
 * handlers read the latest props through a ref, so the calendar is never created again
 * for a new callback. It also follows the system's colour scheme and keeps day cells
 * described rather than named (see calendar-accessibility.ts).
 */
import { Calendar, type EventDropInfo } from 'fullcalendar';
import type { Post } from '@reelay/sdk';
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Language } from '../../i18n';
import { describeDay, keepDaysDescribed } from './calendar-accessibility';
import { eventContent, freeSlotContent } from './calendar-events';
import { baseOptions, colorScheme, isoDay, viewOf, type CalendarView } from './calendar-options';
import type { AccountFreeSlot } from './free-slots';

/** The instants the calendar shows, `[start, end)`. */
export interface VisibleRange {
  start: Date;
  end: Date;
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
    const created = new Calendar(host.current!, {
      ...baseOptions(props),
      dayCellDidMount: (info) => describeDay(info.el),
      dayLaneDidMount: (info) => describeDay(info.el),
      eventContent: (info) => {
        const post = info.event.extendedProps.post as Post | undefined;
        return post
          ? eventContent(post, info.timeText, info.event.title)
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
        const day = isoDay(info.view.currentStart, current.current.zone);
        const range = { start: info.start, end: info.end };
        current.current.onNavigate(viewOf(info.view.type), day, range);
      },
    });
    calendar.current = created;
    created.render();
    const stopDescribing = keepDaysDescribed(host.current!);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    const followScheme = () => created.setOption('colorScheme', colorScheme());
    scheme.addEventListener('change', followScheme);
    return () => {
      closing = true;
      stopDescribing();
      scheme.removeEventListener('change', followScheme);
      created.destroy();
      calendar.current = null;
    };
  }, []);

  return calendar;
}
