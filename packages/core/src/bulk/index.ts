/**
 * `@reelay/core/bulk`: the CSV bulk import's plan, shared by `reelay posts bulk` and the
 * web app's import page. It reads the file (RFC 4180, `,` or `;`), checks each row with
 * core's rules and gives each row its idempotency key, offline and without `node:`
 * modules, so a browser runs exactly what the CLI runs.
 *
 * @example
 * ```ts
 * import { planBulkRows } from '@reelay/core/bulk';
 * const rows = planBulkRows('at,media,accounts\n2026-12-01T10:00-03:00,https://x.test/a.jpg,@cafe\n');
 * rows[0].problems; // []
 * ```
 */
export { CsvQuoteError, parseCsv, type CsvRecord, type CsvTable } from './csv';
export {
  BULK_OPTIONAL_COLUMNS,
  BULK_REQUIRED_COLUMNS,
  BulkFileError,
  classifyMediaText,
  LIST_SEPARATOR,
  planBulkRows,
  rowKey,
  type BulkColumn,
  type BulkFileProblem,
  type BulkMedia,
  type BulkPlanOptions,
  type BulkProblem,
  type BulkProblemCode,
  type BulkRow,
} from './plan';
export {
  isRealDate,
  readScheduleText,
  type FullWallClock,
  type ScheduleTextProblem,
  type ScheduleTextResult,
} from './schedule-text';
export { sha256Hex } from './sha256';
