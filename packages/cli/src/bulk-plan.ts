/**
 * The plan of `reelay posts bulk`: each CSV row read and checked offline (columns, time,
 * media, accounts, caption, kind), before anything is sent.
 */
import { createHash } from 'node:crypto';
import {
  checkCaption,
  checkScheduleWindow,
  compositionIssues,
  isReelayError as isCoreError,
  POST_KINDS,
  resolvePostKind,
  type MediaType,
  type PostKind,
} from '@reelay/core';
import { isReelayError } from '@reelay/sdk';
import { CliError, usageError } from './cli-error';
import { parseCsv, type CsvTable } from './csv';
import { classifyMedia, type MediaRef } from './media-input';
import { assertTimeZone, parseScheduleTime } from './schedule-time';
import { t } from './i18n';

const REQUIRED = ['at', 'media', 'accounts'] as const;
const OPTIONAL = ['caption', 'kind', 'timezone', 'first_comment', 'idempotency_key'] as const;
type ColumnName = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

/** The separator of several media or accounts in one cell. */
export const LIST_SEPARATOR = '|';

export interface PlannedRow {
  /** Line of the CSV file where the row starts. */
  line: number;
  scheduledFor: Date | null;
  timezone: string | undefined;
  content: string | undefined;
  kind: (typeof POST_KINDS)[number] | undefined;
  media: MediaRef[];
  /** Media as written, for the dry run. */
  mediaText: string[];
  accounts: string[];
  firstComment: string | undefined;
  idempotencyKey: string;
  problems: string[];
}

export interface BulkOptions {
  dryRun?: boolean;
  /** Zone for rows without a `timezone` cell. */
  timezone?: string;
}

function split(cell: string): string[] {
  return cell
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Media types a file name or URL tells for sure; anything else is left to the server. */
const TYPE_BY_EXTENSION: Readonly<Record<string, MediaType>> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  webp: 'image',
  mp4: 'video',
  mov: 'video',
};

/**
 * Core's composition rules (the server's own, `assertPostComposition`) applied to a row:
 * media count against the kind, types against the kind where the file name tells the
 * type, and caption and first comment against the kind. A medium of unknown type (a
 * `med_…` id, a URL without extension) counts as the type its kind takes, so only the
 * server judges it.
 */
function compositionProblems(row: {
  kind: PostKind | undefined;
  content: string;
  media: readonly string[];
  firstComment: string | undefined;
}): string[] {
  const fallback: MediaType = row.kind === 'reel' ? 'video' : 'image';
  const mediaTypes = row.media.map((item) => {
    const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(item)?.[1]?.toLowerCase();
    return (extension && TYPE_BY_EXTENSION[extension]) || fallback;
  });
  let kind: PostKind;
  try {
    kind = resolvePostKind(row.kind, mediaTypes);
  } catch (error) {
    if (isCoreError(error)) return [error.message];
    throw error;
  }
  const columns: Record<string, string> = {
    content: 'caption',
    'platforms[0].options.firstComment': 'first_comment',
  };
  return compositionIssues(kind, {
    content: row.content,
    mediaTypes,
    platforms: [{ options: row.firstComment ? { firstComment: row.firstComment } : {} }],
  }).map((issue) => `${columns[issue.field] ?? issue.field}: ${issue.message}`);
}

/**
 * The idempotency key of a row: a hash of its cells by column name, so the same row
 * gives the same key whatever its position, the file's name or its column order.
 *
 * @example
 * ```ts
 * rowKey({ at: '2026-12-01T10:00-03:00', caption: 'Oi', media: 'a.jpg', accounts: '@cafe' }); // 'csv-3f1a…'
 * ```
 */
export function rowKey(cells: Partial<Record<ColumnName, string>>): string {
  const canonical = JSON.stringify(
    Object.keys(cells)
      .sort()
      .filter((name) => name !== 'idempotency_key' && (cells[name as ColumnName] ?? '') !== '')
      .map((name) => [name, cells[name as ColumnName]]),
  );
  return `csv-${createHash('sha256').update(canonical).digest('hex').slice(0, 40)}`;
}

function columnsOf(table: CsvTable): ColumnName[] {
  const known = new Set<string>([...REQUIRED, ...OPTIONAL]);
  const names = table.header.map((name) => name.toLowerCase());
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw usageError(
      t('bulk.unknownColumns', { columns: unknown.join(', ') }),
      t('bulk.acceptedColumns', { columns: [...REQUIRED, ...OPTIONAL].join(', ') }),
    );
  }
  const missing = REQUIRED.filter((name) => !names.includes(name));
  if (missing.length > 0)
    throw usageError(t('bulk.missingColumns', { columns: missing.join(', ') }));
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0)
    throw usageError(t('bulk.repeatedColumns', { columns: repeated.join(', ') }));
  return names as ColumnName[];
}

/**
 * Reads and checks every row of a CSV text. Rows with problems keep them in `problems`;
 * nothing here talks to a server.
 *
 * @example
 * ```ts
 * const rows = planRows(text, { baseDir: '/campanha', dryRun: true });
 * rows.filter((row) => row.problems.length > 0);
 * ```
 */
export function planRows(
  text: string,
  options: { baseDir: string; timezone?: string; checkWindow?: boolean; now?: number },
): PlannedRow[] {
  let table: CsvTable;
  try {
    table = parseCsv(text);
  } catch (error) {
    throw usageError(t('bulk.invalidCsv', { problem: (error as Error).message }));
  }
  const columns = columnsOf(table);
  if (table.records.length === 0) throw usageError(t('bulk.noRows'));
  const now = options.now ?? Date.now();
  return table.records.map((record) => {
    const problems: string[] = [];
    if (record.fields.length > columns.length) {
      problems.push(
        t('bulk.tooManyFields', { fields: record.fields.length, columns: columns.length }),
      );
    }
    const cells: Partial<Record<ColumnName, string>> = {};
    columns.forEach((name, index) => {
      cells[name] = (record.fields[index] ?? '').trim();
    });
    const attempt = <T>(work: () => T): T | undefined => {
      try {
        return work();
      } catch (error) {
        problems.push(error instanceof CliError ? error.message : String(error));
        return undefined;
      }
    };

    const timezone = cells.timezone || options.timezone;
    const zoneOk =
      timezone === undefined || attempt(() => (assertTimeZone(timezone), true)) === true;
    let scheduledFor: Date | null = null;
    if (!cells.at) problems.push(t('bulk.emptyColumn', { column: 'at' }));
    else if (zoneOk) {
      scheduledFor =
        attempt(() => parseScheduleTime(cells.at!, { timeZone: timezone, label: 'at', now })) ??
        null;
      if (scheduledFor && options.checkWindow) {
        const outside = checkScheduleWindow(scheduledFor, new Date(now));
        if (outside) problems.push(`at ${outside}`);
      }
    }

    const kind = cells.kind || undefined;
    if (kind && !(POST_KINDS as readonly string[]).includes(kind)) {
      problems.push(t('bulk.invalidKind', { kind, kinds: POST_KINDS.join(', ') }));
    }
    const content = cells.caption === undefined || cells.caption === '' ? undefined : cells.caption;
    if (content !== undefined) {
      const problem = checkCaption(content);
      if (problem) problems.push(problem);
    }

    const mediaText = split(cells.media ?? '');
    if (mediaText.length === 0) problems.push(t('bulk.emptyColumn', { column: 'media' }));
    const media = mediaText
      .map((item) => attempt(() => classifyMedia(item, options.baseDir)))
      .filter((ref): ref is MediaRef => ref !== undefined);
    if (mediaText.length > 0 && (!kind || (POST_KINDS as readonly string[]).includes(kind))) {
      problems.push(
        ...compositionProblems({
          kind: kind as PostKind | undefined,
          content: content ?? '',
          media: mediaText,
          firstComment: cells.first_comment || undefined,
        }),
      );
    }

    const accounts = split(cells.accounts ?? '');
    if (accounts.length === 0) problems.push(t('bulk.emptyColumn', { column: 'accounts' }));
    if (accounts.length > 5) problems.push(t('bulk.tooManyAccounts', { count: accounts.length }));
    const normalized = accounts.map((a) => a.replace(/^@/, '').toLowerCase());
    if (new Set(normalized).size !== normalized.length) problems.push(t('bulk.sameAccountTwice'));

    const explicitKey = cells.idempotency_key || undefined;
    if (explicitKey && explicitKey.length > 128) problems.push(t('bulk.keyTooLong'));

    return {
      line: record.line,
      scheduledFor,
      timezone,
      content,
      kind: kind as PlannedRow['kind'],
      media,
      mediaText,
      accounts,
      firstComment: cells.first_comment || undefined,
      idempotencyKey: explicitKey ?? rowKey(cells),
      problems,
    };
  });
}
