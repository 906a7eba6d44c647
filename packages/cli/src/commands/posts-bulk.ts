/**
 * `reelay posts bulk <file.csv> [--dry-run]`: schedules one post per CSV row.
 *
 * Columns (header required, any order, case-insensitive): `at` (required), `media`
 * (required), `accounts` (required), `caption`, `kind`, `timezone`, `first_comment`,
 * `idempotency_key`. `media` and `accounts` hold several values separated by `|` (never
 * `;` or `,`, which are CSV delimiters). Media paths are relative to the CSV's folder.
 *
 * Every row is checked locally first (times, caption rules, kinds, counts, files); any
 * problem stops the run before anything is sent (exit 2). `--dry-run` stops there and
 * prints what would be sent, without credentials or network. Otherwise each row is sent
 * with an `idempotencyKey` made from its content, so running the same file again never
 * makes a second post: rows already on the server are reported as such, before any upload.
 */
import { createHash } from 'node:crypto';
import { dirname } from 'node:path';
import {
  ACCOUNT_SEARCH_MAX_LENGTH,
  checkCaption,
  checkScheduleWindow,
  compositionIssues,
  isReelayError as isCoreError,
  PAGE_LIMIT_MAX,
  POST_KINDS,
  resolvePostKind,
  type MediaType,
  type PostKind,
} from '@reelay/core';
import { isReelayError, type Post, type Reelay } from '@reelay/sdk';
import { isAccountId, pickAccount } from '../account-resolver';
import { CliError, usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { parseCsv, type CsvTable } from '../csv';
import { createProgressBar } from '../feedback';
import { readTextFile } from '../input';
import {
  classifyMedia,
  createUploadTracker,
  resolveMediaItems,
  type MediaRef,
} from '../media-input';
import { assertTimeZone, parseScheduleTime } from '../schedule-time';
import { loadSettings } from '../settings';
import { renderTable } from '../table';
import { t } from '../i18n';

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

export type RowStatus = 'valid' | 'invalid' | 'created' | 'existing' | 'failed';

export interface RowReport {
  line: number;
  status: RowStatus;
  idempotencyKey: string;
  scheduledFor: string | null;
  postId?: string;
  /** Dry run: what would be sent (media and accounts as written). */
  request?: Record<string, unknown>;
  problems?: string[];
  error?: { code: string; message: string };
}

function dryRequest(row: PlannedRow): Record<string, unknown> {
  return {
    ...(row.content !== undefined ? { content: row.content } : {}),
    ...(row.kind ? { kind: row.kind } : {}),
    media: row.mediaText,
    accounts: row.accounts,
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    ...(row.timezone ? { timezone: row.timezone } : {}),
    ...(row.firstComment ? { firstComment: row.firstComment } : {}),
    idempotencyKey: row.idempotencyKey,
  };
}

const reportColumns = () => [
  { header: t('bulk.columnLine'), value: (r: RowReport) => r.line },
  { header: t('bulk.columnState'), value: (r: RowReport) => t(STATUS_KEYS[r.status]) },
  { header: t('posts.columnWhen'), value: (r: RowReport) => r.scheduledFor },
  { header: 'post', value: (r: RowReport) => r.postId },
  {
    header: t('bulk.columnDetail'),
    value: (r: RowReport) =>
      r.problems?.join('; ') ?? (r.error ? `${r.error.code}: ${r.error.message}` : undefined),
    max: 80,
  },
];

const STATUS_KEYS = {
  valid: 'bulk.statusValid',
  invalid: 'bulk.statusInvalid',
  created: 'bulk.statusCreated',
  existing: 'bulk.statusExisting',
  failed: 'bulk.statusFailed',
} as const satisfies Record<RowStatus, string>;

/** Usernames of every row, resolved once each; an unknown or ambiguous one stops the run. */
async function resolveUsernames(
  reelay: Reelay,
  rows: readonly PlannedRow[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const problems: string[] = [];
  for (const row of rows) {
    for (const reference of row.accounts) {
      if (isAccountId(reference)) continue;
      const username = reference.replace(/^@/, '').toLowerCase();
      if (ids.has(username)) continue;
      const { integrations } = await reelay.accounts.list({
        q: username.slice(0, ACCOUNT_SEARCH_MAX_LENGTH),
        limit: PAGE_LIMIT_MAX,
      });
      try {
        ids.set(username, pickAccount(username, integrations).id);
      } catch (error) {
        problems.push(t('bulk.lineProblem', { line: row.line, problem: (error as Error).message }));
        ids.set(username, '');
      }
    }
  }
  if (problems.length > 0) {
    throw usageError(
      t('bulk.unknownAccounts', { problems: problems.join('\n  ') }),
      t('bulk.nothingSentFix'),
    );
  }
  return ids;
}

/** Posts already on the server for these keys, looked up by the rows' time range. */
async function existingPosts(
  reelay: Reelay,
  rows: readonly PlannedRow[],
): Promise<Map<string, Post>> {
  const keys = new Set(rows.map((row) => row.idempotencyKey));
  const times = rows.map((row) => row.scheduledFor!.getTime());
  const found = new Map<string, Post>();
  const query = {
    from: new Date(Math.min(...times) - 1000),
    to: new Date(Math.max(...times) + 1000),
  };
  for await (const post of reelay.posts.list(query)) {
    if (post.idempotencyKey && keys.has(post.idempotencyKey)) found.set(post.idempotencyKey, post);
  }
  return found;
}

/**
 * `reelay posts bulk <file.csv> [--dry-run] [--timezone]`.
 *
 * @example
 * ```ts
 * await bulkSchedule('campanha.csv', { dryRun: true }, ctx);
 * ```
 */
export async function bulkSchedule(
  file: string,
  options: BulkOptions,
  ctx: CommandContext,
): Promise<void> {
  if (options.timezone !== undefined) assertTimeZone(options.timezone);
  const text = await readTextFile(file, t('bulk.csvFile'));
  const rows = planRows(text, {
    baseDir: file === '-' ? process.cwd() : dirname(file),
    ...(options.timezone ? { timezone: options.timezone } : {}),
    checkWindow: options.dryRun === true,
  });
  const invalid = rows.filter((row) => row.problems.length > 0);

  if (options.dryRun || invalid.length > 0) {
    const reports: RowReport[] = rows.map((row) => ({
      line: row.line,
      status: row.problems.length > 0 ? 'invalid' : 'valid',
      idempotencyKey: row.idempotencyKey,
      scheduledFor: row.scheduledFor?.toISOString() ?? null,
      ...(row.problems.length > 0 ? { problems: row.problems } : { request: dryRequest(row) }),
    }));
    const summary = {
      success: invalid.length === 0,
      dryRun: options.dryRun === true,
      total: rows.length,
      valid: rows.length - invalid.length,
      invalid: invalid.length,
      rows: reports,
    };
    ctx.out.result(
      summary,
      () =>
        `${renderTable(reports, reportColumns())}\n${t(options.dryRun ? 'bulk.validRowsDryRun' : 'bulk.validRows', { valid: summary.valid, total: summary.total })}`,
    );
    if (invalid.length > 0) {
      throw usageError(t('bulk.invalidRows', { count: invalid.length }), t('bulk.invalidRowsHint'));
    }
    return;
  }

  const tracker = createUploadTracker();
  const reelay = await projectClient(await loadSettings(ctx.global), { fetch: tracker.fetch });
  const usernames = await resolveUsernames(reelay, rows);
  const existing = await existingPosts(reelay, rows);
  const bar = createProgressBar(t('bulk.scheduling'), rows.length, (n) => `${n}`);
  const reports: RowReport[] = [];
  // Rows that share a file upload it once.
  const uploaded = new Map<string, string>();
  for (const row of rows) {
    const base = {
      line: row.line,
      idempotencyKey: row.idempotencyKey,
      scheduledFor: row.scheduledFor!.toISOString(),
    };
    const already = existing.get(row.idempotencyKey);
    if (already) {
      reports.push({ ...base, status: 'existing', postId: already.id });
    } else {
      try {
        const mediaItems = await resolveMediaItems(reelay, tracker, row.media, {
          progress: false,
          uploaded,
        });
        const { post } = await reelay.posts.create({
          mediaItems,
          platforms: row.accounts.map((reference) => ({
            platform: 'instagram' as const,
            accountId: isAccountId(reference)
              ? reference
              : usernames.get(reference.replace(/^@/, '').toLowerCase())!,
            ...(row.firstComment ? { options: { firstComment: row.firstComment } } : {}),
          })),
          ...(row.content !== undefined ? { content: row.content } : {}),
          ...(row.kind ? { kind: row.kind } : {}),
          scheduledFor: row.scheduledFor!,
          ...(row.timezone ? { timezone: row.timezone } : {}),
          idempotencyKey: row.idempotencyKey,
        });
        reports.push({ ...base, status: 'created', postId: post.id });
      } catch (error) {
        // The same key with other media ids (files uploaded again): the row's post exists.
        if (isReelayError(error, 'IDEMPOTENCY_KEY_REUSED')) {
          const postId = /post_[A-Za-z0-9]+/.exec(error.message)?.[0];
          reports.push({ ...base, status: 'existing', ...(postId ? { postId } : {}) });
        } else if (
          isReelayError(error) &&
          ['UNAUTHORIZED', 'FORBIDDEN', 'CONNECTION_ERROR'].includes(error.code)
        ) {
          bar.stop();
          throw error; // every other row would fail the same way
        } else {
          const code = isReelayError(error)
            ? error.code
            : error instanceof CliError
              ? error.code
              : 'INTERNAL_CLI_ERROR';
          reports.push({
            ...base,
            status: 'failed',
            error: { code, message: (error as Error).message },
          });
        }
      }
    }
    bar.update(reports.length);
  }
  bar.finish();
  const count = (status: RowStatus) => reports.filter((report) => report.status === status).length;
  const summary = {
    success: count('failed') === 0,
    dryRun: false,
    total: rows.length,
    created: count('created'),
    existing: count('existing'),
    failed: count('failed'),
    rows: reports,
  };
  ctx.out.result(
    summary,
    () =>
      `${renderTable(reports, reportColumns())}\n${t('bulk.summary', { total: summary.total, created: summary.created, existing: summary.existing, failed: summary.failed })}`,
  );
  if (summary.failed > 0) {
    throw new CliError(
      'failure',
      t('bulk.failed', { failed: summary.failed, total: summary.total }),
      {
        code: 'BULK_ROWS_FAILED',
        hint: t('bulk.failedHint'),
      },
    );
  }
}
