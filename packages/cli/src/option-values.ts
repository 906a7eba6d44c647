/**
 * Where the shell completion scripts find the values of an option that has no fixed
 * list of choices: an option marked here completes with what `reelay __complete <source>`
 * prints. The mark follows the option's declared placeholder, so every command that
 * takes an account completes usernames without being named anywhere.
 */
import type { Option } from '@commander-js/extra-typings';

/** The value lists `reelay __complete` can print. */
export const VALUE_SOURCES = ['accounts'] as const;
export type ValueSource = (typeof VALUE_SOURCES)[number];

const sources = new WeakMap<object, ValueSource>();

/**
 * Marks an option whose values come from a list printed by `reelay __complete`.
 *
 * @example
 * ```ts
 * markValueSource(new Option('-a, --account <account>'), 'accounts');
 * ```
 */
export function markValueSource(option: Option, source: ValueSource): void {
  sources.set(option, source);
}

/**
 * The value list of an option, if it has one.
 *
 * @example
 * ```ts
 * valueSourceOf(accountOption); // 'accounts'
 * ```
 */
export function valueSourceOf(option: Option): ValueSource | undefined {
  return sources.get(option);
}
