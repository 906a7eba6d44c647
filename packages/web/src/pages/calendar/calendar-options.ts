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

/** The three ways of looking at the calendar, as the address names them. */
export type CalendarView = 'month' | 'week' | 'list';

export const VIEW_TYPES: Readonly<Record<CalendarView, string>> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  list: 'listMonth',
};

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

/** The calendar's own words, in the app's language (set again when it changes). */
export function calendarTexts() {
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
