/**
 * The plan of `reelay posts bulk`: core's CSV plan (`@reelay/core/bulk`, shared with the
 * web app's import page), with media paths read from the CSV's folder and every problem
 * worded in the CLI's language.
 */
import {
  BulkFileError,
  LIST_SEPARATOR,
  planBulkRows,
  rowKey,
  type BulkFileProblem,
  type BulkProblem,
  type BulkRow,
} from '@reelay/core/bulk';
import { CliError, usageError } from './cli-error';
import { classifyMedia, type MediaRef } from './media-input';
import { t } from './i18n';

export { LIST_SEPARATOR, rowKey };

export interface PlannedRow extends Omit<BulkRow, 'media' | 'problems'> {
  media: MediaRef[];
  problems: string[];
}

export interface BulkOptions {
  dryRun?: boolean;
  /** Zone for rows without a `timezone` cell. */
  timezone?: string;
}

/** A row's problem in the CLI's words; core's own wording where the rule has one. */
function problemText(problem: BulkProblem): string {
  const value = (name: string): string | number => problem.values[name] ?? '';
  switch (problem.code) {
    case 'tooManyFields':
      return t('bulk.tooManyFields', { fields: value('fields'), columns: value('columns') });
    case 'emptyColumn':
      return t('bulk.emptyColumn', { column: value('column') });
    case 'unknownZone':
      return t('time.unknownZone', { zone: value('zone') });
    case 'time_invalid':
      return t('time.invalid', { label: 'at', text: value('text') });
    case 'time_noZone':
      return t('time.noZone', { label: 'at', text: value('text') });
    case 'time_noSuchDate':
      return t('time.noSuchDate', { label: `at "${value('text')}"` });
    case 'time_skipped':
      return t('time.skipped', { label: `at "${value('text')}"`, zone: value('zone') });
    case 'invalidKind':
      return t('bulk.invalidKind', { kind: value('kind'), kinds: value('kinds') });
    case 'invalidMediaUrl':
      return t('shared.invalidMediaUrl', { value: value('value') });
    case 'tooManyAccounts':
      return t('bulk.tooManyAccounts', { count: value('count') });
    case 'sameAccountTwice':
      return t('bulk.sameAccountTwice');
    case 'keyTooLong':
      return t('bulk.keyTooLong');
    default:
      // Core's rules (window, caption, kind and media) and the file checks below.
      return problem.message ?? problem.code;
  }
}

/** A file core cannot plan, as the usage error (exit 2) the CLI has always given. */
function fileError(problem: BulkFileProblem): CliError {
  switch (problem.code) {
    case 'openQuote':
      return usageError(
        t('bulk.invalidCsv', { problem: t('shared.csvOpenQuote', { line: problem.line }) }),
      );
    case 'unknownColumns':
      return usageError(
        t('bulk.unknownColumns', { columns: problem.columns.join(', ') }),
        t('bulk.acceptedColumns', { columns: problem.accepted.join(', ') }),
      );
    case 'missingColumns':
      return usageError(t('bulk.missingColumns', { columns: problem.columns.join(', ') }));
    case 'repeatedColumns':
      return usageError(t('bulk.repeatedColumns', { columns: problem.columns.join(', ') }));
    case 'noRows':
      return usageError(t('bulk.noRows'));
  }
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
  let rows: BulkRow[];
  try {
    rows = planBulkRows(text, {
      timezone: options.timezone,
      checkWindow: options.checkWindow ?? false,
      ...(options.now !== undefined ? { now: options.now } : {}),
      // Paths are files next to the CSV: they must exist.
      checkPath: (path) => {
        try {
          classifyMedia(path, options.baseDir);
          return null;
        } catch (error) {
          if (!(error instanceof CliError)) throw error;
          return {
            code: 'mediaFile',
            column: 'media',
            values: { value: path },
            message: error.message,
          };
        }
      },
    });
  } catch (error) {
    if (error instanceof BulkFileError) throw fileError(error.problem);
    throw error;
  }
  return rows.map((row) => ({
    ...row,
    media: row.media.map((medium) =>
      classifyMedia(
        medium.kind === 'url' ? medium.url : medium.kind === 'id' ? medium.id : medium.path,
        options.baseDir,
      ),
    ),
    problems: row.problems.map(problemText),
  }));
}
