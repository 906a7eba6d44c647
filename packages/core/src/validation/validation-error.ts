/**
 * The `VALIDATION_ERROR` every rule raises, without a schema library: the rules that the
 * SDK carries to clients (caption, media, composition) build it from here, so a client
 * bundle that checks a draft stays free of zod.
 */
import { ReelayError } from '../errors/reelay-error';

/** Where an input came from; used to name the field in messages. */
export type InputLocation = 'body' | 'query' | 'path' | 'header' | 'form';

const LOCATION_NAMES: Record<InputLocation, string> = {
  body: 'corpo',
  query: 'parâmetros de consulta',
  path: 'caminho',
  header: 'cabeçalhos',
  form: 'formulário',
};

/** One validation problem: the field path as users wrote it, and a Portuguese message. */
export interface ValidationIssue {
  field: string;
  message: string;
}

/**
 * A `VALIDATION_ERROR` whose message names the first offending field (spec §7), with
 * every problem listed in `details.issues`.
 *
 * @example
 * ```ts
 * throw validationError([{ field: 'platforms[0].options.shareToFeed', message: 'só vale para Reels' }]);
 * ```
 */
export function validationError(
  issues: readonly ValidationIssue[],
  location: InputLocation = 'body',
): ReelayError {
  const first = issues[0] ?? { field: '', message: 'entrada inválida' };
  const where = first.field ? `Campo '${first.field}'` : `O ${LOCATION_NAMES[location]}`;
  const more = issues.length > 1 ? ` (e mais ${issues.length - 1} problema(s))` : '';
  return new ReelayError('VALIDATION_ERROR', {
    message: `${where}: ${lowerFirst(first.message)}${more}.`.replace(/\.\.$/, '.'),
    details: { field: first.field || location, issues: [...issues] },
  });
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
