/**
 * FullCalendar (its vanilla `Calendar`, which renders with its own copy of Preact) in a
 * Preact component: created once on mount, destroyed on unmount, and told about changes
 * (view, language, zone, filters) through its API rather than created again. Posts load
 * for the visible range through the events function; only scheduled posts can be
 * dragged, and a refused move is put back. Free posting slots, when the page gives them,
 * are a second source: marked events with their own words and a dashed outline, which
 * open the composer at that time for that account.
 *
 * Times are placed in a named IANA zone: FullCalendar 7 computes zone offsets itself
 * (with the Temporal polyfill), so the grid shows the person's chosen zone, which need
 * not be the browser's.
 */
import { Calendar, type EventDropInfo } from 'fullcalendar';
import dayGridPlugin from 'fullcalendar/daygrid';
import interactionPlugin from 'fullcalendar/interaction';
import listPlugin from 'fullcalendar/list';
import ptBrLocale from 'fullcalendar/locales/pt-br';
import classicThemePlugin from 'fullcalendar/themes/classic';
import timeGridPlugin from 'fullcalendar/timegrid';
import './calendar-reset.css';
import 'fullcalendar/skeleton.css';
import 'fullcalendar/themes/classic/theme.css';
import 'fullcalendar/themes/classic/palette.css';
import type { Post } from '@reelay/sdk';
import { useEffect, useRef } from 'preact/hooks';
import { t, type Language } from '../../i18n';
import { useApi } from '../../session/session-context';
import { postsBetween, type PostFilters } from './calendar-data';
import { eventContent, freeSlotContent, toEvents, toFreeEvent, word } from './calendar-events';
import type { AccountFreeSlot } from './free-slots';

/** The three ways of looking at the calendar, as the address names them. */
export type CalendarView = 'month' | 'week' | 'list';

const VIEW_TYPES: Readonly<Record<CalendarView, string>> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  list: 'listMonth',
};

/** The view named by a FullCalendar view type. */
function viewOf(type: string): CalendarView {
  const found = (Object.keys(VIEW_TYPES) as CalendarView[]).find(
    (view) => VIEW_TYPES[view] === type,
  );
  return found ?? 'month';
}

export interface PostCalendarProps {
  view: CalendarView;
  /** A day inside the period shown (`YYYY-MM-DD`), or null for today. */
  date: string | null;
  zone: string;
  language: Language;
  filters: PostFilters;
  /** `@username` of each account, for the events' titles. */
  accountNames: ReadonlyMap<string, string>;
  /** Changing it reads the posts again. */
  refreshKey: number;
  /** The person moved to another period or view. */
  onNavigate(view: CalendarView, date: string): void;
  onOpen(postId: string): void;
  /** The posts of the range just loaded. */
  onLoaded(posts: Post[]): void;
  onLoadError(error: unknown): void;
  /** Saves a dragged post's new time; a rejection puts the post back. */
  onReschedule(post: Post, start: Date): Promise<Post>;
  /** Free posting slots to mark (the week view's). */
  freeSlots: readonly AccountFreeSlot[];
  /** A free slot was chosen: compose a post for that account at that time. */
  onCompose(slot: AccountFreeSlot): void;
}

const FREE_SLOTS_SOURCE = 'free-slots';

function colorScheme(): 'dark' | 'light' {
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * FullCalendar names each day cell with its date (`aria-label`), which hides the posts
 * inside from a screen reader moving through the grid, and names a cell by words that are
 * not all of its visible text. The date becomes the cell's description instead, so the
 * cell reads as its posts, then its date.
 */
function describeDaysInsteadOfNaming(root: HTMLElement): void {
  for (const cell of root.querySelectorAll<HTMLElement>('[role="gridcell"][aria-label]')) {
    describeDay(cell);
  }
}

function describeDay(cell: HTMLElement): void {
  const label = cell.getAttribute('aria-label');
  if (cell.getAttribute('role') !== 'gridcell' || label === null) return;
  cell.setAttribute('aria-description', label);
  cell.removeAttribute('aria-label');
}

/** Marks for the browser's performance panel: posts in hand, then drawn. */
function markRendered(): void {
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      performance.mark('reelay:calendar-rendered');
      performance.measure(
        'reelay:calendar-render',
        'reelay:calendar-data',
        'reelay:calendar-rendered',
      );
    }),
  );
}

function calendarTexts() {
  return {
    noEventsText: t('calendar.noPosts'),
    moreLinkText: (count: number) => word('calendar.more', count),
    moreLinkHint: (count: number) => word('calendar.moreHint', count),
    eventsHint: t('calendar.postsOfDay'),
    viewHint: (view: string) => t('calendar.viewHint', { view }),
    prevHint: t('calendar.prevHint'),
    nextHint: t('calendar.nextHint'),
    todayHint: t('calendar.todayHint'),
  };
}

export function PostCalendar(props: PostCalendarProps) {
  const host = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  // The calendar's callbacks read the latest props through this.
  const api = useApi();
  const current = useRef({ ...props, api });
  current.current = { ...props, api };

  useEffect(() => {
    // Tearing the calendar down reports dates again; nobody is looking any more.
    let closing = false;
    const calendar_ = new Calendar(host.current!, {
      plugins: [classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin],
      locales: [ptBrLocale],
      locale: props.language === 'pt-BR' ? 'pt-br' : 'en',
      timeZone: props.zone,
      initialView: VIEW_TYPES[props.view],
      ...(props.date ? { initialDate: props.date } : {}),
      headerToolbar: {
        start: 'prev,next today',
        center: 'title',
        end: 'dayGridMonth,timeGridWeek,listMonth',
      },
      headingLevel: 2,
      height: 'auto',
      views: { dayGridMonth: { dayMaxEvents: 4 } },
      eventDisplay: 'block',
      // A post is an instant: drawn half an hour long, and never over midnight.
      defaultTimedEventDuration: '00:30',
      nextDayThreshold: '01:00',
      nowIndicator: true,
      allDaySlot: false,
      editable: false,
      eventDurationEditable: false,
      colorScheme: colorScheme(),
      eventTimeFormat: { hour: '2-digit', minute: '2-digit', hour12: false },
      ...calendarTexts(),
      events: (info, success, failure) => {
        const { filters, accountNames, api } = current.current;
        postsBetween(api, info.start, info.end, filters).then(
          (posts) => {
            // One pair of marks at a time: the page reads the posts again every minute.
            performance.clearMarks('reelay:calendar-data');
            performance.clearMarks('reelay:calendar-rendered');
            performance.clearMeasures('reelay:calendar-render');
            performance.mark('reelay:calendar-data', { detail: { posts: posts.length } });
            success(posts.flatMap((post) => toEvents(post, accountNames, filters)));
            markRendered();
            current.current.onLoaded(posts);
          },
          (error: unknown) => {
            current.current.onLoadError(error);
            failure(error instanceof Error ? error : new Error(String(error)));
          },
        );
      },
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
        const day = info.view.currentStart;
        current.current.onNavigate(viewOf(info.view.type), isoDay(day, current.current.zone));
      },
    });
    calendar.current = calendar_;
    calendar_.render();
    // New cells are handled as they mount; a label set again later (another language)
    // is caught here. Only that attribute is watched: drawing events records nothing.
    const root = host.current!;
    const labels = new MutationObserver(() => describeDaysInsteadOfNaming(root));
    labels.observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-label'] });
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    const followScheme = () => calendar_.setOption('colorScheme', colorScheme());
    scheme.addEventListener('change', followScheme);
    return () => {
      closing = true;
      labels.disconnect();
      scheme.removeEventListener('change', followScheme);
      calendar_.destroy();
      calendar.current = null;
    };
  }, []);

  useEffect(() => {
    const api = calendar.current;
    if (!api) return;
    api.batchRendering(() => {
      api.setOption('locale', props.language === 'pt-BR' ? 'pt-br' : 'en');
      for (const [name, value] of Object.entries(calendarTexts())) {
        api.setOption(name as 'noEventsText', value as string);
      }
    });
    // Event contents hold translated words: draw them again.
    api.render();
  }, [props.language]);

  useEffect(() => {
    calendar.current?.setOption('timeZone', props.zone);
  }, [props.zone]);

  useEffect(() => {
    const api = calendar.current;
    if (api && api.view.type !== VIEW_TYPES[props.view]) api.changeView(VIEW_TYPES[props.view]);
  }, [props.view]);

  // The free slots are an array source, replaced whole when they change.
  useEffect(() => {
    const api = calendar.current;
    if (!api) return;
    api.batchRendering(() => {
      api.getEventSourceById(FREE_SLOTS_SOURCE)?.remove();
      if (props.freeSlots.length === 0) return;
      api.addEventSource({
        id: FREE_SLOTS_SOURCE,
        events: props.freeSlots.map((slot) => toFreeEvent(slot, props.accountNames)),
      });
    });
  }, [props.freeSlots, props.accountNames]);

  const filterKey = `${props.filters.accountId ?? ''}|${props.filters.profileId ?? ''}`;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    calendar.current?.refetchEvents();
  }, [filterKey, props.refreshKey]);

  return <div ref={host} class="post-calendar" />;
}

/** The day (`YYYY-MM-DD`) an instant falls on in `zone`. */
function isoDay(date: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}
