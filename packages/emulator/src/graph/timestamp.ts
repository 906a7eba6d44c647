/**
 * A time as Graph writes it: ISO 8601 in UTC with a `+0000` offset and no milliseconds,
 * e.g. `2019-09-26T22:36:43+0000` (reference §2 "Published media fields").
 *
 * @example
 * ```ts
 * graphTimestamp(Date.UTC(2019, 8, 26, 22, 36, 43)); // '2019-09-26T22:36:43+0000'
 * ```
 */
export function graphTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
}
