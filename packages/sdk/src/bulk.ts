/**
 * The CSV bulk import's plan, as `reelay posts bulk` and the web app's import page read
 * files: the CSV read (`,` or `;`), each row checked with the API's rules, offline, and
 * each row's idempotency key made from its cells. Bundled in from `@reelay/core/bulk`,
 * where it is documented and tested; declared here with the SDK's own types.
 *
 * @example
 * ```ts
 * import { planBulkFile } from '@reelay/sdk';
 * const plan = planBulkFile('at,media,accounts\n+2h,med_1,@cafe\n', { checkWindow: true });
 * if (plan.ok) plan.rows[0].problems; // []
 * ```
 */
import {
  BULK_OPTIONAL_COLUMNS as CORE_OPTIONAL,
  BULK_REQUIRED_COLUMNS as CORE_REQUIRED,
  BulkFileError,
  planBulkRows,
} from '@reelay/core/bulk';
import type { PostKind } from './vocabulary';

/** The columns a bulk CSV must have. */
export const BULK_REQUIRED_COLUMNS: readonly ['at', 'media', 'accounts'] = CORE_REQUIRED;
/** The columns a bulk CSV may have. */
export const BULK_OPTIONAL_COLUMNS: readonly [
  'caption',
  'kind',
  'timezone',
  'first_comment',
  'idempotency_key',
] = CORE_OPTIONAL;

export type BulkColumn =
  (typeof BULK_REQUIRED_COLUMNS)[number] | (typeof BULK_OPTIONAL_COLUMNS)[number];

/** Why a row cannot be created, by code. */
export type BulkProblemCode =
  | 'tooManyFields'
  | 'emptyColumn'
  | 'unknownZone'
  | 'time_invalid'
  | 'time_noZone'
  | 'time_noSuchDate'
  | 'time_skipped'
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

/** One problem of a row: its code, the column to fix (`null`: the row), what it names. */
export interface BulkProblem {
  code: BulkProblemCode;
  column: BulkColumn | null;
  values: Record<string, string | number>;
  /** The API's own wording (Portuguese) where the rule has one. */
  message?: string;
}

/** One medium as written: an address, an uploaded medium's id, or a file path. */
export type BulkMedia =
  { kind: 'url'; url: string } | { kind: 'id'; id: string } | { kind: 'path'; path: string };

/** One row of the file, read and checked. */
export interface BulkRow {
  /** Line of the file where the row starts. */
  line: number;
  scheduledFor: Date | null;
  timezone: string | undefined;
  content: string | undefined;
  kind: PostKind | undefined;
  media: BulkMedia[];
  mediaText: string[];
  /** `int_…` ids or usernames, as written. */
  accounts: string[];
  firstComment: string | undefined;
  idempotencyKey: string;
  problems: BulkProblem[];
}

/** What is wrong with a whole file. */
export type BulkFileProblem =
  | { code: 'openQuote'; line: number }
  | { code: 'unknownColumns'; columns: string[]; accepted: string[] }
  | { code: 'missingColumns'; columns: string[] }
  | { code: 'repeatedColumns'; columns: string[] }
  | { code: 'noRows' };

export type BulkPlan = { ok: true; rows: BulkRow[] } | { ok: false; problem: BulkFileProblem };

/**
 * Reads and checks a bulk CSV: its rows with their problems, or why the whole file cannot
 * be read. Local paths in `media` are a `localFile` problem (a browser has no folder).
 *
 * @example
 * ```ts
 * const plan = planBulkFile(text, { timezone: 'America/Sao_Paulo', checkWindow: true });
 * ```
 */
export function planBulkFile(
  text: string,
  options: { timezone?: string; checkWindow?: boolean; now?: number } = {},
): BulkPlan {
  try {
    return { ok: true, rows: planBulkRows(text, options) };
  } catch (error) {
    if (error instanceof BulkFileError) return { ok: false, problem: error.problem };
    throw error;
  }
}
