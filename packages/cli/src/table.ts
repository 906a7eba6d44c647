/**
 * A small table printer: columns padded to their widest cell, long cells cut with "…".
 * Enough for ids, statuses and dates; no dependency, no box drawing to copy around.
 */
import { t } from './i18n';

export interface Column<Row> {
  /** Header text (shown in capitals). */
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
  /** Longest cell before it is cut; default 60. */
  max?: number;
}

/** Width of a text on a terminal, counting code points (an emoji counts as one). */
function width(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (width(flat) <= max) return flat;
  return `${Array.from(flat)
    .slice(0, max - 1)
    .join('')}…`;
}

function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? t('shared.yes') : t('shared.no');
  return String(value);
}

/**
 * Renders rows as an aligned text table, one line per row, ending with a newline.
 * No rows renders a single line saying so.
 *
 * @example
 * ```ts
 * renderTable([{ id: 'prf_1', name: 'Café' }], [
 *   { header: 'id', value: (p) => p.id },
 *   { header: 'nome', value: (p) => p.name },
 * ]);
 * // 'ID     NOME\nprf_1  Café\n'
 * ```
 */
export function renderTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  if (rows.length === 0) return `${t('shared.noItems')}\n`;
  const grid = [
    // A note in parentheses keeps its case: a zone is `America/Sao_Paulo`, not shouted.
    columns.map((column) => column.header.replace(/^[^(]*/, (name) => name.toUpperCase())),
    ...rows.map((row) => columns.map((column) => cut(cell(column.value(row)), column.max ?? 60))),
  ];
  const widths = columns.map((_, index) => Math.max(...grid.map((line) => width(line[index]!))));
  return grid
    .map((line) =>
      line
        .map((text, index) =>
          index === line.length - 1 ? text : text + ' '.repeat(widths[index]! - width(text)),
        )
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}

/**
 * Renders label/value pairs, labels aligned, for one resource (`posts show`, `whoami`).
 *
 * @example
 * ```ts
 * renderFields([['Id', 'post_1'], ['Status', 'scheduled']]);
 * // 'Id:     post_1\nStatus: scheduled\n'
 * ```
 */
export function renderFields(
  fields: ReadonlyArray<readonly [string, string | number | boolean | null | undefined]>,
): string {
  const labelWidth = Math.max(...fields.map(([label]) => width(label)));
  return fields
    .map(([label, value]) => `${label}:${' '.repeat(labelWidth - width(label))} ${cell(value)}\n`)
    .join('');
}
