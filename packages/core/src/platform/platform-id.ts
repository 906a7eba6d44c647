/**
 * Platform ids (users, containers, media) end up in URL paths and in the comma-separated
 * `children` list, so they are checked before use: a hostile or corrupted id must not
 * reach another path (`../`, `?`) or split into two children (`,`).
 */
import { ReelayError } from '../errors/reelay-error';

/**
 * What a platform id looks like: digits on the platform; letters and `_` tolerated.
 *
 * @example
 * ```ts
 * PLATFORM_ID.test('17841400000000001'); // true
 * PLATFORM_ID.test('1,2'); // false
 * ```
 */
export const PLATFORM_ID = /^[A-Za-z0-9_]{1,64}$/;

/**
 * Returns `id` when it is a well-formed platform id, else throws `VALIDATION_ERROR` naming
 * the field.
 *
 * @example
 * ```ts
 * assertPlatformId('17841400000000001', 'igUserId'); // '17841400000000001'
 * assertPlatformId('../me', 'igUserId'); // throws VALIDATION_ERROR
 * ```
 */
export function assertPlatformId(id: unknown, field: string): string {
  if (typeof id !== 'string' || !PLATFORM_ID.test(id)) {
    throw new ReelayError('VALIDATION_ERROR', {
      message: `Campo '${field}': id da plataforma inválido.`,
      details: { field },
    });
  }
  return id;
}
