/**
 * JSON parsing that keeps platform ids exact. Instagram user ids are 17-digit numbers
 * (reference §1a: "treat it as a string, because it can overflow JS number precision");
 * some answers carry them as bare JSON numbers, which `JSON.parse` would round. The raw
 * digits are captured from the text before parsing, so they survive as strings.
 */

// A member whose key is `id` or ends in `_id` (user_id, ig_id, creation_id …) and whose
// value is a bare number. The key must follow `{` or `,`: inside a JSON string a quote is
// always escaped (`\"`), so text that merely looks like a member is never touched.
const NUMERIC_ID_MEMBER =
  /([{,]\s*)"((?:[A-Za-z0-9]+_)*id)"(\s*:\s*)(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=\s*[,}\]])/g;

/**
 * Parses JSON text, turning every numeric `id` / `*_id` member into the string of its
 * exact digits. Throws `SyntaxError` like `JSON.parse` on invalid text.
 *
 * @example
 * ```ts
 * parseJsonKeepingIds('{"user_id": 17841400000000000123}');
 * // { user_id: '17841400000000000123' }
 * ```
 */
export function parseJsonKeepingIds(text: string): unknown {
  return JSON.parse(
    text.replace(
      NUMERIC_ID_MEMBER,
      (_match, before: string, key: string, colon: string, digits: string) =>
        `${before}"${key}"${colon}"${digits}"`,
    ),
  );
}
