/**
 * The CSV reader of `reelay posts bulk` is core's (`@reelay/core/bulk`), shared with the
 * web app; here its one error is told in the CLI's language.
 */
import { CsvQuoteError, parseCsv as parseCsvText } from '@reelay/core/bulk';
import { t } from './i18n';

/**
 * A record as the package's public API declares it: core is bundled in, not a dependency,
 * so its types are written here (core's reader answers the same shape).
 */
export interface CsvRecord {
  /** Line of the file where the record starts (1-based), for messages. */
  line: number;
  fields: string[];
}

export interface CsvTable {
  delimiter: ',' | ';';
  header: string[];
  records: CsvRecord[];
}

/**
 * Parses CSV text (core's reader); an unclosed quote is a `SyntaxError` in the CLI's
 * language, naming its line.
 *
 * @example
 * ```ts
 * parseCsv('at,caption\n+2h,"Olá, mundo"\n').records; // [{ line: 2, fields: ['+2h', 'Olá, mundo'] }]
 * ```
 */
export function parseCsv(text: string): CsvTable {
  try {
    return parseCsvText(text);
  } catch (error) {
    if (error instanceof CsvQuoteError) {
      throw new SyntaxError(t('shared.csvOpenQuote', { line: error.line }));
    }
    throw error;
  }
}
