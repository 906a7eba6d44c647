/** Parsing helpers for option values, with usage errors in the user's language (exit 2). */
import { usageError } from './cli-error';
import { t } from './i18n';

/**
 * Parses a whole number option within bounds.
 *
 * @example
 * ```ts
 * integerOption('20', '--limit', { min: 1, max: 100 }); // 20
 * integerOption('abc', '--limit'); // throws: --limit deve ser um número inteiro
 * ```
 */
export function integerOption(
  value: string | undefined,
  flag: string,
  bounds: { min?: number; max?: number } = {},
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw usageError(t('shared.notInteger', { flag, value }));
  const number = Number(value);
  if (bounds.min !== undefined && number < bounds.min)
    throw usageError(t('shared.atLeast', { flag, min: bounds.min }));
  if (bounds.max !== undefined && number > bounds.max)
    throw usageError(t('shared.atMost', { flag, max: bounds.max }));
  return number;
}

/**
 * Splits repeated or comma-separated values (`--events a,b --events c`).
 *
 * @example
 * ```ts
 * listOption(['post.published,post.failed', 'post.partial']); // ['post.published', 'post.failed', 'post.partial']
 * ```
 */
export function listOption(values: readonly string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((value) => value.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}
