/**
 * `@reelay/core/vocabulary`: the words and numbers of the contract without its schemas:
 * every limit as a named constant, the closed value lists (`as const` arrays with their
 * types), which options each kind of post takes, and wall clocks in IANA time zones with
 * daylight saving decided once. Loads no schema library, so a browser page or a command
 * line can show a limit or offer a choice without zod. `@reelay/core` and `@reelay/sdk`
 * export the same names.
 *
 * @example
 * ```ts
 * import { CAPTION_MAX_LENGTH, POST_KINDS, postOptionsFor, resolveZonedTime } from '@reelay/core/vocabulary';
 * postOptionsFor('story', 'instagram'); // ['userTags', 'aiGenerated']
 * ```
 */
export * from './limits';
export * from './enums';
export * from './post-options';
export * from './roles';
export * from './zoned-time';
export { isIanaTimeZone } from '../rules/timezone';
