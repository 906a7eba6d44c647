/**
 * What the post calendar tells FullCalendar whatever the posts: the views and how the
 * address names them, the look, the translated texts and the colour scheme. Kept apart
 * from the component so it reads as the settings they are.
 */
import type { CalendarOptions } from 'fullcalendar';
import dayGridPlugin from 'fullcalendar/daygrid';
import interactionPlugin from 'fullcalendar/interaction';
import listPlugin from 'fullcalendar/list';
import ptBrLocale from 'fullcalendar/locales/pt-br';
import classicThemePlugin from 'fullcalendar/themes/classic';
import timeGridPlugin from 'fullcalendar/timegrid';
import { t, type Language } from '../../i18n';
import { word } from './calendar-events';

/**
 * The four ways of looking at the calendar, as the address names them. The list is an
 * agenda of the 30 days from the date shown (today, at first): what a phone opens.
 */
export type CalendarView = 'month' | 'week' | 'day' | 'list';

export const VIEW_TYPES: Readonly<Record<CalendarView, string>> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  list: 'listAgenda',
};

/** Below this width the page is a phone's: it opens the agenda, with a compact toolbar. */
export const NARROW_QUERY = '(max-width: 639.98px)';

/** Whether the screen is a phone's now. */
export function isNarrow(): boolean {
  return matchMedia(NARROW_QUERY).matches;
}

/**
 * Whether the app's language reads times on a 12-hour clock, as Intl says for it (so
 * English follows its locale's clock, and Portuguese is 24-hour).
 *
 * @example
 * ```ts
 * uses12Hours('pt-BR'); // false
 * ```
 */
export function uses12Hours(language: Language): boolean {
  const { hourCycle, hour12 } = new Intl.DateTimeFormat(language, {
    hour: 'numeric',
  }).resolvedOptions();
  return hourCycle ? hourCycle === 'h11' || hourCycle === 'h12' : hour12 === true;
}

/**
 * How times read on the time axis and on events alike, on the language's clock:
 * `13:30` in Portuguese, `1:30 PM` in English.
 */
export function timeFormat(language: Language) {
  const twelve = uses12Hours(language);
  return {
    hour: twelve ? ('numeric' as const) : ('2-digit' as const),
    minute: '2-digit' as const,
    hour12: twelve,
  };
}

/** The view named by a FullCalendar view type. */
export function viewOf(type: string): CalendarView {
  const found = (Object.keys(VIEW_TYPES) as CalendarView[]).find(
    (view) => VIEW_TYPES[view] === type,
  );
  return found ?? 'month';
}

/** FullCalendar's name for the app's language. */
export function localeOf(language: Language): string {
  return language === 'pt-BR' ? 'pt-br' : 'en';
}

export function colorScheme(): 'dark' | 'light' {
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The calendar's own words and clock, in the app's language (set again when it changes). */
export function calendarTexts(language: Language) {
  return {
    eventTimeFormat: timeFormat(language),
    slotHeaderFormat: timeFormat(language),
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

/**
 * The options a calendar starts with, before its handlers.
 *
 * @example
 * ```ts
 * new Calendar(host, { ...baseOptions({ view: 'month', date: null, zone, language }), ...handlers });
 * ```
 */
export function baseOptions(initial: {
  view: CalendarView;
  date: string | null;
  zone: string;
  language: Language;
}): CalendarOptions {
  return {
    plugins: [classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin],
    locales: [ptBrLocale],
    locale: localeOf(initial.language),
    timeZone: initial.zone,
    initialView: VIEW_TYPES[initial.view],
    ...(initial.date ? { initialDate: initial.date } : {}),
    headerToolbar: {
      start: 'prev,next today',
      center: 'title',
      end: 'dayGridMonth,timeGridWeek,timeGridDay,listAgenda',
    },
    headingLevel: 2,
    // Hooks for calendar.css: FullCalendar's own classes are generated names.
    headerToolbarClass: 'post-calendar-toolbar',
    toolbarSectionClass: (info) => `post-calendar-toolbar-${info.name}`,
    toolbarTitleClass: 'post-calendar-title',
    listDayHeaderClass: 'post-calendar-list-day',
    // The agenda's day is named once, weekday and date together.
    listDayHeaderInnerClass: (info) => (info.level > 0 ? 'post-calendar-list-day-alt' : ''),
    listItemEventClass: 'post-list-event',
    views: {
      // Two posts a day, then "+N": the month's first four weeks fit a laptop's screen.
      // Short weeks stay short (FullCalendar's default ratio makes every week tall).
      dayGridMonth: { dayMaxEvents: 2, aspectRatio: 2.4 },
      listAgenda: {
        type: 'list',
        duration: { days: 30 },
        titleFormat: { day: 'numeric', month: 'short', year: 'numeric' },
        listDayFormat: { weekday: 'long', day: 'numeric', month: 'long' },
      },
    },
    // The working day first: the week and day views open scrolled to 08:00 (half-hours
    // tall enough for the day to scroll there, on a phone too).
    scrollTime: '08:00',
    slotMinHeight: 24,
    // Tall enough for a thumbnail, the account, the time and the caption's start.
    eventMinHeight: 58,
    eventShortHeight: 30,
    eventDisplay: 'block',
    // A post is an instant: drawn half an hour long, and never over midnight.
    defaultTimedEventDuration: '00:30',
    nextDayThreshold: '01:00',
    nowIndicator: true,
    allDaySlot: false,
    editable: false,
    eventDurationEditable: false,
    colorScheme: colorScheme(),
    ...calendarTexts(initial.language),
  };
}

/** The day (`YYYY-MM-DD`) an instant falls on in `zone`. */
export function isoDay(date: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}
