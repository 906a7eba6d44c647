/**
 * The address of a review link, `/review/<token>`, as the server writes it in the link
 * it shows once. Kept apart from the page so the shell can tell the path without loading
 * the page's chunk.
 */

const REVIEW_PATH = /^\/review\/([^/]+)\/?$/;

/**
 * The review token a path carries, or null when the path is not a review link's.
 *
 * @example
 * ```ts
 * reviewTokenIn('/review/rly_rvw_abc'); // 'rly_rvw_abc'
 * reviewTokenIn('/app/calendar'); // null
 * ```
 */
export function reviewTokenIn(path: string): string | null {
  const match = REVIEW_PATH.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}
