/**
 * English texts of the calendar added with its agenda, day view and hover cards. Its type
 * is the shape of the Portuguese texts, so a key missing here, or one only here, does not
 * compile. Mounted in `en.ts` inside `calendar`.
 */
import type { calendarPtBR } from './calendar-pt-BR';

/** The same nested keys as `T`, each a text (as `TranslationShape` in `en.ts`). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const calendarEn: Shape<typeof calendarPtBR> = {
  readNote:
    'Rest the pointer on a post, or reach it with Tab, to read its whole caption, accounts and status; Esc closes it. On a phone, the calendar opens the list: the agenda, each post in full.',
  filters_zero: 'Filters',
  filters_one: 'Filters (1 on)',
  filters_other: 'Filters ({{count}} on)',
};
