/**
 * The address of an invitation, `/app/invite/<token>`, as the server writes it in the
 * link it shows once. Kept apart from the page so the shell can tell the path without
 * loading the page's chunk.
 */

const INVITE_PATH = /^\/app\/invite\/([^/]+)\/?$/;

/**
 * The invitation token an app path carries, or null when the path is not an invitation's.
 *
 * @example
 * ```ts
 * invitationTokenIn('/app/invite/rly_inv_abc'); // 'rly_inv_abc'
 * invitationTokenIn('/app/calendar'); // null
 * ```
 */
export function invitationTokenIn(path: string): string | null {
  const match = INVITE_PATH.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}
