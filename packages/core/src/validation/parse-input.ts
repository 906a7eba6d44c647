import * as z from 'zod';
import type { ReelayError } from '../errors/reelay-error';
import { validationError, type InputLocation, type ValidationIssue } from './validation-error';

export { validationError, type InputLocation, type ValidationIssue } from './validation-error';

// Brazilian Portuguese texts for zod's generic issues (spec §1: messages are Portuguese).
// Schemas that need a precise text carry their own `error`, which takes precedence.
const portugueseIssues = z.locales.ptBR().localeError;

/**
 * Formats a zod issue path as the field name users wrote: `mediaItems[0].url`.
 *
 * @example
 * ```ts
 * formatFieldPath(['platforms', 2, 'options', 'altText']); // 'platforms[2].options.altText'
 * ```
 */
export function formatFieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${String(segment)}` : String(segment);
  }
  return out;
}

function describeIssue(issue: z.core.$ZodIssue): ValidationIssue {
  if (issue.code === 'unrecognized_keys') {
    const parent = formatFieldPath(issue.path);
    const names = issue.keys.map((key) => (parent ? `${parent}.${key}` : key));
    return {
      field: names[0] ?? parent,
      message: `campo não permitido: ${names.join(', ')}`,
    };
  }
  return { field: formatFieldPath(issue.path), message: issue.message };
}

/**
 * Turns a zod error into a `VALIDATION_ERROR` naming the field.
 *
 * @example
 * ```ts
 * const result = schema.safeParse(input);
 * if (!result.success) throw validationErrorFromZod(result.error, 'body');
 * ```
 */
export function validationErrorFromZod(
  error: z.ZodError,
  location: InputLocation = 'body',
): ReelayError {
  return validationError(error.issues.map(describeIssue), location);
}

/**
 * Parses untrusted input with a schema and returns its typed output, or throws a
 * `VALIDATION_ERROR` whose Portuguese message names the offending field.
 *
 * @example
 * ```ts
 * const body = parseInput(createProfileBodySchema, await readJson(req));
 * // throws ReelayError VALIDATION_ERROR: "Campo 'name': ..." on bad input
 * ```
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  location: InputLocation = 'body',
): z.output<S> {
  const result = schema.safeParse(input, { error: portugueseIssues });
  if (!result.success) throw validationErrorFromZod(result.error, location);
  return result.data;
}
