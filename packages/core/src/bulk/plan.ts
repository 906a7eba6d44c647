/**
 * The plan of a CSV bulk import: each row read and checked offline (columns, time,
 * media, accounts, caption, kind) with core's own rules, before anything is sent. The
 * CLI (`reelay posts bulk`) and the web app's import page read files with this one plan;
 * each words the problems in its own language from their codes.
 */
import { isReelayError } from '../errors/reelay-error';
import { captionIssue, checkCaption } from '../rules/caption';
import { compositionIssues, resolvePostKind } from '../rules/post-composition';
import { checkScheduleWindow } from '../rules/schedule';
import { isIanaTimeZone } from '../rules/timezone';
import { POST_KINDS, type MediaType, type PostKind } from '../vocabulary/enums';
import {
  ACCOUNTS_PER_POST_MAX,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  SCHEDULE_MAX_LEAD_DAYS,
  SCHEDULE_MIN_LEAD_MS,
} from '../vocabulary/limits';
import { CsvQuoteError, parseCsv, type CsvTable } from './csv';
import { readScheduleText, type ScheduleTextProblem } from './schedule-text';
import { sha256Hex } from './sha256';

/** The columns a bulk CSV must have. */
export const BULK_REQUIRED_COLUMNS = ['at', 'media', 'accounts'] as const;
/** The columns a bulk CSV may have. */
export const BULK_OPTIONAL_COLUMNS = [
  'caption',
  'kind',
  'timezone',
  'first_comment',
  'idempotency_key',
] as const;
export type BulkColumn =
  (typeof BULK_REQUIRED_COLUMNS)[number] | (typeof BULK_OPTIONAL_COLUMNS)[number];

/** The separator of several media or accounts in one cell. */
export const LIST_SEPARATOR = '|';

/** What is wrong with a whole file; nothing of it can be planned. */
export type BulkFileProblem =
  | { code: 'openQuote'; line: number }
  | { code: 'unknownColumns'; columns: string[]; accepted: string[] }
  | { code: 'missingColumns'; columns: string[] }
  | { code: 'repeatedColumns'; columns: string[] }
  | { code: 'noRows' };

/** Thrown by `planBulkRows` for a file it cannot plan at all. */
export class BulkFileError extends Error {
  constructor(readonly problem: BulkFileProblem) {
    super(`bulk CSV: ${problem.code}`);
    this.name = 'BulkFileError';
  }
}

/** Why a row cannot be created, by code; each surface words it. */
export type BulkProblemCode =
  | 'tooManyFields'
  | 'emptyColumn'
  | 'unknownZone'
  | `time_${Exclude<ScheduleTextProblem, 'unknownZone'>}`
  | 'scheduleTooSoon'
  | 'scheduleTooLate'
  | 'invalidKind'
  | 'captionLength'
  | 'captionHashtags'
  | 'captionMentions'
  | 'invalidMediaUrl'
  | 'localFile'
  | 'mediaFile'
  | 'mediaCount'
  | 'mediaType'
  | 'storyCaption'
  | 'storyFirstComment'
  | 'composition'
  | 'tooManyAccounts'
  | 'sameAccountTwice'
  | 'keyTooLong';

/** One problem of a row: its code, the column it is about, and what it names. */
export interface BulkProblem {
  code: BulkProblemCode;
  /** The column to fix; `null` for the row as a whole. */
  column: BulkColumn | null;
  values: Record<string, string | number>;
  /** Core's own wording (Portuguese) where the rule has one, as the API would answer. */
  message?: string;
}

/** One medium of a row as written: a URL, an uploaded medium's id, or a file path. */
export type BulkMedia =
  { kind: 'url'; url: string } | { kind: 'id'; id: string } | { kind: 'path'; path: string };

export interface BulkRow {
  /** Line of the CSV file where the row starts. */
  line: number;
  scheduledFor: Date | null;
  timezone: string | undefined;
  content: string | undefined;
  kind: PostKind | undefined;
  media: BulkMedia[];
  /** Media as written. */
  mediaText: string[];
  /** Accounts as written: `int_…` ids or usernames, with or without `@`. */
  accounts: string[];
  firstComment: string | undefined;
  idempotencyKey: string;
  problems: BulkProblem[];
}

export interface BulkPlanOptions {
  /** Zone for rows without a `timezone` cell. */
  timezone?: string | undefined;
  /** Also refuse times outside the scheduling window (1 minute to 75 days ahead). */
  checkWindow?: boolean;
  /** "Now" in milliseconds, for relative times and the window; default `Date.now()`. */
  now?: number;
  /**
   * Checks a media path (the CLI reads files next to the CSV). Without it a path is a
   * `localFile` problem: a browser has no folder to read it from.
   */
  checkPath?: (path: string) => BulkProblem | null;
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
 * One medium as written: a URL, a `med_…` id, or a path; an http(s) address that is not a
 * URL is a problem.
 *
 * @example
 * ```ts
 * classifyMediaText('https://cdn.example.com/a.jpg'); // { kind: 'url', url: '…' }
 * classifyMediaText('med_01jd8k'); // { kind: 'id', id: 'med_01jd8k' }
 * classifyMediaText('fotos/a.jpg'); // { kind: 'path', path: 'fotos/a.jpg' }
 * ```
 */
export function classifyMediaText(text: string): BulkMedia | null {
  const value = text.trim();
  if (/^https?:\/\//i.test(value)) {
    try {
      new URL(value);
    } catch {
      return null;
    }
    return { kind: 'url', url: value };
  }
  if (/^med_[A-Za-z0-9]+$/.test(value)) return { kind: 'id', id: value };
  return { kind: 'path', path: value };
}

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
}): BulkProblem[] {
  const fallback: MediaType = row.kind === 'reel' ? 'video' : 'image';
  const mediaTypes = row.media.map((item) => {
    const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(item)?.[1]?.toLowerCase();
    return (extension && TYPE_BY_EXTENSION[extension]) || fallback;
  });
  let kind: PostKind;
  try {
    kind = resolvePostKind(row.kind, mediaTypes);
  } catch (error) {
    if (!isReelayError(error)) throw error;
    const reason = (error.details as { reason?: string } | undefined)?.reason;
    const asked = row.kind ?? (mediaTypes.length > 1 ? 'carousel' : 'feed');
    return [
      {
        code: reason === 'mime' ? 'mediaType' : 'mediaCount',
        column: 'media',
        values: { kind: asked, count: mediaTypes.length },
        message: error.message,
      },
    ];
  }
  const fields: Record<string, { column: BulkColumn; code: BulkProblemCode }> = {
    content: { column: 'caption', code: 'storyCaption' },
    'platforms[0].options.firstComment': { column: 'first_comment', code: 'storyFirstComment' },
  };
  return compositionIssues(kind, {
    content: row.content,
    mediaTypes,
    platforms: [{ options: row.firstComment ? { firstComment: row.firstComment } : {} }],
  }).map((issue) => ({
    code: fields[issue.field]?.code ?? 'composition',
    column: fields[issue.field]?.column ?? null,
    values: { kind },
    message: `${fields[issue.field]?.column ?? issue.field}: ${issue.message}`,
  }));
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
export function rowKey(cells: Partial<Record<BulkColumn, string>>): string {
  const canonical = JSON.stringify(
    Object.keys(cells)
      .sort()
      .filter((name) => name !== 'idempotency_key' && (cells[name as BulkColumn] ?? '') !== '')
      .map((name) => [name, cells[name as BulkColumn]]),
  );
  return `csv-${sha256Hex(canonical).slice(0, 40)}`;
}

function columnsOf(table: CsvTable): BulkColumn[] {
  const accepted: string[] = [...BULK_REQUIRED_COLUMNS, ...BULK_OPTIONAL_COLUMNS];
  const names = table.header.map((name) => name.toLowerCase());
  const unknown = names.filter((name) => !accepted.includes(name));
  if (unknown.length > 0) {
    throw new BulkFileError({ code: 'unknownColumns', columns: unknown, accepted });
  }
  const missing = BULK_REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  if (missing.length > 0) throw new BulkFileError({ code: 'missingColumns', columns: missing });
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0) throw new BulkFileError({ code: 'repeatedColumns', columns: repeated });
  return names as BulkColumn[];
}

/** The row's time: read in its zone, then (when asked) against the scheduling window. */
function timeOf(
  at: string | undefined,
  timezone: string | undefined,
  options: BulkPlanOptions,
  now: number,
  problems: BulkProblem[],
): Date | null {
  const zoneOk = timezone === undefined || isIanaTimeZone(timezone);
  if (!zoneOk)
    problems.push({ code: 'unknownZone', column: 'timezone', values: { zone: timezone } });
  if (!at) {
    problems.push({ code: 'emptyColumn', column: 'at', values: { column: 'at' } });
    return null;
  }
  if (!zoneOk) return null;
  const read = readScheduleText(at, { timeZone: timezone, now });
  if ('problem' in read) {
    problems.push({
      code: `time_${read.problem as Exclude<ScheduleTextProblem, 'unknownZone'>}`,
      column: 'at',
      values: { text: at, zone: timezone ?? '' },
    });
    return null;
  }
  if (options.checkWindow) {
    const outside = checkScheduleWindow(read.instant, new Date(now));
    if (outside) {
      const soon = read.instant.getTime() - now < SCHEDULE_MIN_LEAD_MS;
      problems.push({
        code: soon ? 'scheduleTooSoon' : 'scheduleTooLate',
        column: 'at',
        values: { text: at, days: SCHEDULE_MAX_LEAD_DAYS },
        message: `at ${outside}`,
      });
    }
  }
  return read.instant;
}

/**
 * Reads and checks every row of a CSV text. Rows with problems keep them in `problems`;
 * nothing here talks to a server. A file that cannot be planned at all (an unclosed
 * quote, unknown, missing or repeated columns, no rows) throws a `BulkFileError`.
 *
 * @example
 * ```ts
 * const rows = planBulkRows(text, { timezone: 'America/Sao_Paulo', checkWindow: true });
 * rows.filter((row) => row.problems.length > 0);
 * ```
 */
export function planBulkRows(text: string, options: BulkPlanOptions = {}): BulkRow[] {
  let table: CsvTable;
  try {
    table = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvQuoteError) {
      throw new BulkFileError({ code: 'openQuote', line: error.line });
    }
    throw error;
  }
  const columns = columnsOf(table);
  if (table.records.length === 0) throw new BulkFileError({ code: 'noRows' });
  const now = options.now ?? Date.now();
  return table.records.map((record) => {
    const problems: BulkProblem[] = [];
    if (record.fields.length > columns.length) {
      problems.push({
        code: 'tooManyFields',
        column: null,
        values: { fields: record.fields.length, columns: columns.length },
      });
    }
    const cells: Partial<Record<BulkColumn, string>> = {};
    columns.forEach((name, index) => {
      cells[name] = (record.fields[index] ?? '').trim();
    });

    const timezone = cells.timezone || options.timezone;
    const scheduledFor = timeOf(cells.at, timezone, options, now, problems);

    const kind = cells.kind || undefined;
    const kindKnown = !kind || (POST_KINDS as readonly string[]).includes(kind);
    if (!kindKnown) {
      problems.push({
        code: 'invalidKind',
        column: 'kind',
        values: { kind: kind!, kinds: POST_KINDS.join(', ') },
      });
    }
    const content = cells.caption === undefined || cells.caption === '' ? undefined : cells.caption;
    const caption = content === undefined ? null : captionIssue(content);
    if (caption) {
      const code = (
        {
          length: 'captionLength',
          hashtags: 'captionHashtags',
          mentions: 'captionMentions',
        } as const
      )[caption.limit];
      problems.push({
        code,
        column: 'caption',
        values: { count: caption.count, max: caption.max },
        message: checkCaption(content!)!,
      });
    }

    const mediaText = split(cells.media ?? '');
    if (mediaText.length === 0) {
      problems.push({ code: 'emptyColumn', column: 'media', values: { column: 'media' } });
    }
    const media: BulkMedia[] = [];
    for (const item of mediaText) {
      const medium = classifyMediaText(item);
      if (!medium) {
        problems.push({ code: 'invalidMediaUrl', column: 'media', values: { value: item } });
        continue;
      }
      if (medium.kind === 'path') {
        const problem = options.checkPath
          ? options.checkPath(medium.path)
          : { code: 'localFile' as const, column: 'media' as const, values: { value: item } };
        if (problem) {
          problems.push(problem);
          continue;
        }
      }
      media.push(medium);
    }
    if (mediaText.length > 0 && kindKnown) {
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
    if (accounts.length === 0) {
      problems.push({ code: 'emptyColumn', column: 'accounts', values: { column: 'accounts' } });
    }
    if (accounts.length > ACCOUNTS_PER_POST_MAX) {
      problems.push({
        code: 'tooManyAccounts',
        column: 'accounts',
        values: { count: accounts.length, max: ACCOUNTS_PER_POST_MAX },
      });
    }
    const normalized = accounts.map((a) => a.replace(/^@/, '').toLowerCase());
    if (new Set(normalized).size !== normalized.length) {
      problems.push({ code: 'sameAccountTwice', column: 'accounts', values: {} });
    }

    const explicitKey = cells.idempotency_key || undefined;
    if (explicitKey && explicitKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      problems.push({
        code: 'keyTooLong',
        column: 'idempotency_key',
        values: { max: IDEMPOTENCY_KEY_MAX_LENGTH },
      });
    }

    return {
      line: record.line,
      scheduledFor,
      timezone,
      content,
      kind: kindKnown ? (kind as PostKind | undefined) : undefined,
      media,
      mediaText,
      accounts,
      firstComment: cells.first_comment || undefined,
      idempotencyKey: explicitKey ?? rowKey(cells),
      problems,
    };
  });
}
