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
import { dirname } from 'node:path';
import { ACCOUNT_SEARCH_MAX_LENGTH, PAGE_LIMIT_MAX } from '@reelay/core';
import { isReelayError, type Post, type Reelay } from '@reelay/sdk';
import { isAccountId, pickAccount } from '../account-resolver';
import { CliError, usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { createProgressBar } from '../feedback';
import { readTextFile } from '../input';
import { createUploadTracker, resolveMediaItems } from '../media-input';
import { statusText } from '../post-display';
import { assertTimeZone } from '../schedule-time';
import { loadSettings } from '../settings';
import { renderTable } from '../table';
import { t } from '../i18n';
import { planRows, type BulkOptions, type PlannedRow } from '../bulk-plan';

export { planRows, rowKey, LIST_SEPARATOR, type BulkOptions, type PlannedRow } from '../bulk-plan';

export type RowStatus = 'valid' | 'invalid' | 'created' | 'existing' | 'failed';

export interface RowReport {
  line: number;
  status: RowStatus;
  idempotencyKey: string;
  scheduledFor: string | null;
  postId?: string;
  /** The created post's status: `scheduled`, or `awaiting_approval` where approval is required. */
  postStatus?: string;
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
  {
    header: t('bulk.columnState'),
    // A row created where approval is required waits for an admin: it is not scheduled.
    value: (r: RowReport) =>
      r.postStatus === 'awaiting_approval' ? statusText(r.postStatus) : t(STATUS_KEYS[r.status]),
  },
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
        reports.push({ ...base, status: 'created', postId: post.id, postStatus: post.status });
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
