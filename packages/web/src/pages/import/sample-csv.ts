/**
 * The template offered for download: every column, a row per kind of use (a local time in
 * the row's zone, an offset, a carousel to two accounts), media as https addresses.
 */
import { BULK_OPTIONAL_COLUMNS, BULK_REQUIRED_COLUMNS } from '@reelay/sdk';

const ROWS = [
  [
    '2026-12-01 10:00',
    'https://example.com/photos/cake.jpg',
    '@my.bakery',
    'Fresh from the oven #bakery',
    '',
    'America/Sao_Paulo',
    'Order at the link in the bio',
    '',
  ],
  [
    '2026-12-02T18:30-03:00',
    'https://example.com/photos/bread.jpg|https://example.com/photos/oven.jpg',
    '@my.bakery|@my.cafe',
    'Two pictures, one post',
    'carousel',
    '',
    '',
    '',
  ],
];

/** A CSV field, quoted when it holds a delimiter, a quote or a line break. */
function field(value: string): string {
  return /[",;\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The template's text.
 *
 * @example
 * ```ts
 * sampleCsv().split('\n')[0]; // 'at,media,accounts,caption,kind,timezone,first_comment,idempotency_key'
 * ```
 */
export function sampleCsv(): string {
  const header = [...BULK_REQUIRED_COLUMNS, ...BULK_OPTIONAL_COLUMNS];
  return [header, ...ROWS].map((row) => row.map(field).join(',')).join('\n') + '\n';
}

/** The template as a link's `href`. */
export function sampleHref(): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(sampleCsv())}`;
}
