/**
 * FullCalendar (its vanilla `Calendar`, which renders with its own copy of Preact) in a
 * Preact component: created once on mount, destroyed on unmount, and told about changes
 * (view, language, zone, posts) through its API rather than created again. The page
 * reads the posts of the visible range, which the calendar reports as the person moves;
 * only scheduled posts can be dragged, and a refused move is put back. Free posting
 * slots, when the page gives them, are a second source: marked events with their own
 * words and a dashed outline, which open the composer at that time for that account.
 *
 * Times are placed in a named IANA zone: FullCalendar 7 computes zone offsets itself
 * (with the Temporal polyfill), so the grid shows the person's chosen zone, which need
 * not be the browser's.
 */
import './calendar-reset.css';
import 'fullcalendar/skeleton.css';
import 'fullcalendar/themes/classic/theme.css';
import 'fullcalendar/themes/classic/palette.css';
import type { Calendar } from 'fullcalendar';
import type { RefObject } from 'preact';
import type { Post } from '@reelay/sdk';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { Language } from '../../i18n';
import type { PostFilters } from './calendar-data';
import { toEvents, toFreeEvent } from './calendar-events';
import { calendarTexts, localeOf, VIEW_TYPES, type CalendarView } from './calendar-options';
import { markData, markRendered } from './calendar-marks';
import type { AccountFreeSlot } from './free-slots';
import type { SeriesFacts } from '../series/series-mark';
import { useFullCalendar, type VisibleRange } from './use-full-calendar';

export type { CalendarView } from './calendar-options';
export type { VisibleRange } from './use-full-calendar';

export interface PostCalendarProps {
  view: CalendarView;
  /** A day inside the period shown (`YYYY-MM-DD`), or null for today. */
  date: string | null;
  zone: string;
  language: Language;
  /** The posts of the visible range; null until the first answer. */
  posts: readonly Post[] | null;
  /**
   * The filters `posts` were read with (not the address's, which changes first): a post
   * sits at the times of the accounts they keep.
   */
  filters: PostFilters;
  /** `@username` of each account, for the events' titles. */
  accountNames: ReadonlyMap<string, string>;
  /** The person moved to another period or view; `range` is what the calendar shows now. */
  onNavigate(view: CalendarView, date: string, range: VisibleRange): void;
  onOpen(postId: string): void;
  /** Saves a dragged post's new time; a rejection puts the post back. */
  onReschedule(post: Post, start: Date): Promise<Post>;
  /** Free posting slots to mark (the week view's). */
  freeSlots: readonly AccountFreeSlot[];
  /** A free slot was chosen: compose a post for that account at that time. */
  onCompose(slot: AccountFreeSlot): void;
  /** The rule and size of the posts' series, by id, for their marks. */
  seriesFacts?: ReadonlyMap<string, SeriesFacts>;
}

const POSTS_SOURCE = 'posts';
const FREE_SLOTS_SOURCE = 'free-slots';

export function PostCalendar(props: PostCalendarProps) {
  const host = useRef<HTMLDivElement>(null);
  const calendar = useFullCalendar(host, props);
  useFollowLanguage(calendar, props.language);

  useEffect(() => {
    calendar.current?.setOption('timeZone', props.zone);
  }, [props.zone]);

  useEffect(() => {
    const api = calendar.current;
    if (api && api.view.type !== VIEW_TYPES[props.view]) api.changeView(VIEW_TYPES[props.view]);
  }, [props.view]);

  const postEvents = useMemo(() => {
    if (!props.posts) return null;
    return props.posts.flatMap((post) =>
      toEvents(post, props.accountNames, props.filters, props.seriesFacts),
    );
  }, [props.posts, props.accountNames, props.seriesFacts]);
  useEffect(() => {
    if (!postEvents || !calendar.current) return;
    markData(postEvents.length);
    replaceSource(calendar.current, POSTS_SOURCE, postEvents);
    markRendered();
  }, [postEvents]);

  useEffect(() => {
    if (!calendar.current) return;
    const events = props.freeSlots.map((slot) => toFreeEvent(slot, props.accountNames));
    replaceSource(calendar.current, FREE_SLOTS_SOURCE, events);
  }, [props.freeSlots, props.accountNames]);

  return <div ref={host} class="post-calendar" />;
}

/** Posts and free slots are array sources, replaced whole when they change. */
function replaceSource(
  calendar: Calendar,
  id: string,
  events: ReturnType<typeof toFreeEvent>[],
): void {
  calendar.batchRendering(() => {
    calendar.getEventSourceById(id)?.remove();
    if (events.length > 0) calendar.addEventSource({ id, events });
  });
}

/** Tells the calendar the app's language, and draws the events again in it. */
function useFollowLanguage(calendar: RefObject<Calendar | null>, language: Language): void {
  useEffect(() => {
    const api = calendar.current;
    if (!api) return;
    api.batchRendering(() => {
      api.setOption('locale', localeOf(language));
      for (const [name, value] of Object.entries(calendarTexts(language))) {
        api.setOption(name as 'noEventsText', value as string);
      }
    });
    // Event contents hold translated words: draw them again.
    api.render();
  }, [language]);
}
