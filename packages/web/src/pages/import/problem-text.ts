/** A dry run's problems in the person's language, with the row and the column to fix. */
import type { BulkFileProblem } from '@reelay/sdk';
import { t } from '../../i18n';
import type { ImportProblem } from './import-plan';

/**
 * One row's problem as a sentence.
 *
 * @example
 * ```ts
 * problemText(3, { code: 'emptyColumn', column: 'media', values: { column: 'media' } });
 * // 'Row 3, column media: is empty.'
 * ```
 */
export function problemText(line: number, problem: ImportProblem): string {
  const text = t(`import.problems.${problem.code}`, problem.values);
  return problem.column
    ? t('import.problemAt', { line, column: problem.column, problem: text })
    : t('import.problemAtRow', { line, problem: text });
}

/**
 * Why a whole file cannot be imported.
 *
 * @example
 * ```ts
 * fileProblemText({ code: 'noRows' }); // 'there are no rows besides the header.'
 * ```
 */
export function fileProblemText(problem: BulkFileProblem): string {
  switch (problem.code) {
    case 'openQuote':
      return t('import.fileProblems.openQuote', { line: problem.line });
    case 'unknownColumns':
      return t('import.fileProblems.unknownColumns', {
        columns: problem.columns.join(', '),
        accepted: problem.accepted.join(', '),
      });
    case 'missingColumns':
    case 'repeatedColumns':
      return t(`import.fileProblems.${problem.code}`, { columns: problem.columns.join(', ') });
    case 'noRows':
      return t('import.fileProblems.noRows');
  }
}
