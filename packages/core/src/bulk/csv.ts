/**
 * A CSV reader (RFC 4180): quoted fields with commas, quotes ("") and line breaks,
 * CRLF or LF, a UTF-8 byte-order mark. The delimiter is `,` or `;` (spreadsheets set to
 * Portuguese save with `;`), chosen by the header line.
 */

/** A quote opened and never closed; `line` is where it opened. Each surface words it. */
export class CsvQuoteError extends SyntaxError {
  constructor(readonly line: number) {
    super(`quotes opened on line ${line} were never closed`);
    this.name = 'CsvQuoteError';
  }
}

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

/** Counts a character in the header line, outside quotes. */
function countOutsideQuotes(line: string, char: string): number {
  let count = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === char && !quoted) count++;
  }
  return count;
}

/**
 * Parses CSV text: the first record is the header; blank lines are skipped. Throws a
 * `CsvQuoteError` naming the line for an unclosed quote.
 *
 * @example
 * ```ts
 * parseCsv('at,caption\n+2h,"Olá, mundo"\n');
 * // { delimiter: ',', header: ['at', 'caption'], records: [{ line: 2, fields: ['+2h', 'Olá, mundo'] }] }
 * ```
 */
export function parseCsv(text: string): CsvTable {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const delimiter =
    countOutsideQuotes(firstLine, ';') > countOutsideQuotes(firstLine, ',') ? ';' : ',';

  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteStart = 0;
  let index = 0;
  const endRecord = () => {
    fields.push(field);
    // A line with nothing on it is no record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (index < source.length) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
      index++;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      quoteStart = line;
    } else if (char === delimiter) {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
    }
    index++;
  }
  if (quoted) throw new CsvQuoteError(quoteStart);
  if (field !== '' || fields.length > 0) endRecord();

  const [header, ...rest] = records;
  return {
    delimiter,
    header: (header?.fields ?? []).map((name) => name.trim()),
    records: rest,
  };
}
