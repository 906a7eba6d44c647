/**
 * English texts of recurring posts: the composer's "Repeat", the series mark on the
 * calendar and the post page's series section. Its type is the shape of the Portuguese
 * texts, so a key missing here, or one only here, does not compile. Mounted in `en.ts`
 * as `series`.
 */
import type { seriesPtBR } from './series-pt-BR';

/** The same nested keys as `T`, each a text (as `TranslationShape` in `en.ts`). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const seriesEn: Shape<typeof seriesPtBR> = {
  done: 'It is the first of a series: the next occurrences show on the calendar and on the post’s page.',
  repeat: {
    legend: 'Repeat',
    frequency: 'Repeat',
    daily: 'Daily',
    weekly: 'Weekly',
    monthly: 'Monthly',
    interval: {
      daily: 'Every how many days',
      weekly: 'Every how many weeks',
      monthly: 'Every how many months',
    },
    weekdays: 'On',
    weekdaysHint: 'None ticked: on the first post’s weekday ({{day}}).',
    monthDay: 'On day {{day}} of each month; months without that day are skipped.',
    end: 'Ends',
    never: 'Never (stops after {{max}} occurrences)',
    afterCount: 'After a number of times',
    count: 'How many times in all, the first post included',
    onDate: 'On a date',
    until: 'Last day',
    previewTitle: 'Next occurrences',
    previewSeriesZone: 'In the series’ zone: {{zone}}',
    previewYourZone: 'In your zone: {{zone}}',
    previewAccountZone: 'In the schedule of {{names}}: {{zone}}',
    previewMore_one: 'and {{count}} more occurrence.',
    previewMore_other: 'and {{count}} more occurrences.',
    previewNoEnd: 'and so on, up to {{max}} occurrences.',
    adjusted: 'time adjusted: daylight saving change',
  },
  rule: {
    daily_one: 'Every day',
    daily_other: 'Every {{count}} days',
    weekly_one: 'Every week on {{days}}',
    weekly_other: 'Every {{count}} weeks on {{days}}',
    weeklyNoDay_one: 'Every week',
    weeklyNoDay_other: 'Every {{count}} weeks',
    monthly_one: 'Every month, on day {{day}}',
    monthly_other: 'Every {{count}} months, on day {{day}}',
    times: '{{count}} times',
    until: 'until {{date}}',
  },
  problems: {
    interval: 'Use a whole number from 1 to {{max}}.',
    count: 'Use a whole number from 2 to {{max}}.',
    untilMissing: 'Choose the last day.',
    untilBefore: 'The last day must come after the first post.',
    too_many: 'This rule makes more than {{max}} occurrences: choose a nearer end.',
    empty: 'This rule has no occurrence after the first post.',
    other: 'The server does not take this rule.',
  },
  mark: {
    label: 'Part of a series, {{index}} of {{total}}',
    labelOpen: 'Part of a series, occurrence {{index}}',
    card: 'Series: {{rule}}',
    legend: 'Part of a series',
  },
  section: {
    title: 'Series',
    rule: 'Repeats',
    zone: 'Series’ zone',
    status: 'Status',
    statusValue: {
      active: 'active',
      ended: 'every occurrence created',
      stopped: 'stopped',
    },
    position: 'This post',
    positionValue: '{{index}} of {{total}}',
    loadFailed: 'The series could not be loaded.',
    publishedNote:
      'Occurrences already published, publishing or failed stay as they are: no change to the series reaches them.',
    thisPublished: 'This post has left the queue: only the following occurrences can change.',
    editThis: 'Edit this post only',
    editFollowing: 'Edit this and all following',
    stop: 'Stop the series',
    upcoming: 'Next occurrences',
    created: 'Occurrences created',
    when: 'When (your zone, {{zone}})',
    index: 'No.',
    state: 'Status',
    notCreated: 'not created yet',
    notCreatedError: 'not created: {{message}}',
    occurrence: 'occurrence {{index}}',
  },
  edit: {
    titleThis: 'Edit this post only',
    titleFollowing: 'Edit this and all following',
    hintThis:
      'Changes this occurrence only; the others stay as they are. The time changes under “Actions”.',
    hintFollowing:
      'Changes this occurrence and every following one not yet published. Earlier and published ones stay as they are.',
    caption: 'Caption',
    changeRule: 'Change the rule too, from this post on',
    save: 'Save',
    saving: 'Saving…',
    close: 'Close without saving',
    savedThis: 'This post was changed.',
    savedFollowing: 'This occurrence and the following ones were changed.',
    nothing: 'Change the caption or the rule before saving.',
  },
  stop: {
    title: 'Stop the series?',
    body: 'No new occurrence will be created, and the scheduled ones that have not started publishing will be cancelled. Published posts stay.',
    confirm: 'Stop the series',
    keep: 'Keep the series',
    done_zero: 'Series stopped. No scheduled occurrence needed cancelling.',
    done_one: 'Series stopped. {{count}} scheduled occurrence was cancelled.',
    done_other: 'Series stopped. {{count}} scheduled occurrences were cancelled.',
  },
};
