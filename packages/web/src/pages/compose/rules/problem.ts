/**
 * A refusal of a form field, as the composer's checks and the repeat control give it: a
 * text key and its values, shown beside the field.
 */

/** Why a field is refused: a text key under `compose.problems` and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/** Problems by form field (the keys {@link errorKey} gives). */
export type Problems = Record<string, Problem>;
