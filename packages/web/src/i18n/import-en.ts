/**
 * English texts of the CSV import page. Its type is the shape of the Portuguese texts, so
 * a key missing here, or one only here, does not compile. Mounted in `en.ts` as `import`.
 */
import type { importPtBR } from './import-pt-BR';

/** The same nested keys as `T`, each a text (as `TranslationShape` in `en.ts`). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const importEn: Shape<typeof importPtBR> = {
  fromCompose: 'Many posts at once? Import a CSV file.',
  title: 'Import posts from a CSV',
  helpIntro:
    'Schedule many posts at once from a spreadsheet saved as CSV, with the same columns as the reelay posts bulk command. One row is one post; the header is required, in any order.',
  helpColumns: 'The columns:',
  columnHelp: {
    at: "at (required): when to publish: 2026-12-01T10:00-03:00, 2026-12-01 10:00 (in the row's time zone or yours) or +2h, +1d.",
    media:
      'media (required): https:// addresses of the images or videos, or library ids (med_…), separated by |. Files on your computer do not work here: upload them to the library first.',
    accounts:
      'accounts (required): @username or id (int_…) of up to 5 connected accounts, separated by |.',
    caption: 'caption: the caption.',
    kind: 'kind: feed, reel, story or carousel; empty picks it from the media.',
    timezone: "timezone: the row's time zone (America/Sao_Paulo); empty uses yours.",
    first_comment: 'first_comment: the first comment.',
    idempotency_key:
      'idempotency_key: a key of your own; empty, the row gets one made from its content.',
  },
  helpRepeat:
    'Nothing is created until you have checked the dry run and confirmed. Rows with problems are skipped. Importing the same file again does not create posts twice.',
  sample: 'Download a template (CSV)',
  choose: 'Choose the CSV file',
  dropHere: 'Drop the CSV file here, or',
  hint: 'Comma or semicolon separated, in UTF-8.',
  zoneNote:
    'Times without a time zone are read in {{zone}}, your time zone; the times below are in it.',
  readFailed: 'The file could not be read.',
  fileProblem: 'The file {{name}} cannot be imported: {{problem}}',
  fileProblems: {
    openQuote: 'the quotes opened on line {{line}} were never closed.',
    unknownColumns: 'unknown columns: {{columns}}. The accepted columns are {{accepted}}.',
    missingColumns: 'the columns {{columns}} are missing.',
    repeatedColumns: 'repeated columns: {{columns}}.',
    noRows: 'there are no rows besides the header.',
  },
  planTitle: 'Dry run of {{name}}',
  summary: '{{ready}}, {{problems}}.',
  ready_one: '{{count}} post ready',
  ready_other: '{{count}} posts ready',
  withProblems_zero: 'no rows with problems',
  withProblems_one: '{{count}} row with problems',
  withProblems_other: '{{count}} rows with problems',
  skipNote:
    'Rows with problems will be skipped. To include them, fix the file and choose it again.',
  nothingReady: 'No row can be created: fix the file and choose it again.',
  tableLabel: 'Rows of the file',
  columns: {
    line: 'Row',
    accounts: 'Accounts',
    kind: 'Kind',
    when: 'When',
    caption: 'Caption',
    media: 'Media',
    state: 'State',
  },
  kindAuto: 'from the media',
  noCaption: 'no caption',
  mediaCount_one: '{{count}} medium',
  mediaCount_other: '{{count}} media',
  problemAt: 'Row {{line}}, column {{column}}: {{problem}}',
  problemAtRow: 'Row {{line}}: {{problem}}',
  problems: {
    tooManyFields: '{{fields}} fields, but the header has {{columns}}.',
    emptyColumn: 'is empty.',
    unknownZone: 'unknown time zone: "{{zone}}". Use an IANA name, such as America/Sao_Paulo.',
    time_invalid: 'invalid time: "{{text}}". Use 2026-12-01T10:00-03:00, 2026-12-01 10:00 or +2h.',
    time_noZone: '"{{text}}" does not say its time zone.',
    time_noSuchDate: '"{{text}}": no such date.',
    time_skipped:
      '"{{text}}" does not exist in {{zone}}: the clock skips that hour when daylight saving time starts.',
    scheduleTooSoon: '"{{text}}" must be at least 1 minute in the future.',
    scheduleTooLate: '"{{text}}" is more than {{days}} days in the future.',
    invalidKind: 'unknown kind: "{{kind}}". Use {{kinds}}.',
    captionLength: 'the caption has {{count}} characters; the maximum is {{max}}.',
    captionHashtags: 'the caption has {{count}} hashtags; the maximum is {{max}}.',
    captionMentions: 'the caption mentions {{count}} accounts; the maximum is {{max}}.',
    invalidMediaUrl: 'invalid media address: {{value}}.',
    localFile:
      '"{{value}}" is a file on a computer: use an https:// address or the id of a library medium (med_…).',
    mediaFile: 'media file not found: {{value}}.',
    mediaCount:
      '{{count}} media do not fit {{kind}} (feed and reel take 1, carousel 2 to 10, story 1).',
    mediaType:
      'the media type does not fit {{kind}}: a single video is a reel, and a reel needs a video.',
    storyCaption: 'Stories have no caption; leave the column empty.',
    storyFirstComment: 'Stories take no first comment.',
    composition: 'does not fit {{kind}}.',
    tooManyAccounts: '{{count}} accounts; at most {{max}}.',
    sameAccountTwice: 'the same account appears twice.',
    keyTooLong: 'is longer than {{max}} characters.',
    unknownAccount: 'no connected account is named {{account}}.',
    ambiguousAccount:
      '{{account}} is ambiguous: {{count}} accounts have that name; use the id (int_…).',
  },
  state: {
    ready: 'Ready',
    problem: 'Skipped',
    waiting: 'Waiting',
    creating: 'Creating…',
    created: 'Created',
    existing: 'Already there',
    failed: 'Failed',
  },
  openPost: 'See the post of row {{line}}',
  create_one: 'Create {{count}} post',
  create_other: 'Create {{count}} posts',
  creating: 'Creating the posts…',
  progress: '{{done}} of {{total}} rows',
  result: '{{created}} created, {{existing}} already there, {{failed}} failed.',
  another: 'Import another file',
  viewerOnly:
    'Only editors, admins and the owner create posts. Your role is {{role}}: you can check a file, but not import it.',
};
