/**
 * The inbox's limits, as the contract sets them (`@reelay/core`'s vocabulary): the SDK's
 * vocabulary does not carry them yet, so they are written here, and a test checks that
 * they still equal the contract's.
 */

/** Characters of a reply or a comment sent from the app. */
export const COMMENT_MESSAGE_MAX_LENGTH = 2200;
/** UTF-8 bytes of a private reply. */
export const PRIVATE_REPLY_MAX_BYTES = 1000;
/** Days after a comment during which its author can get one private reply. */
export const PRIVATE_REPLY_WINDOW_DAYS = 7;
/** Characters of a saved reply's title. */
export const SAVED_REPLY_TITLE_MAX_LENGTH = 80;
/** Characters of the inbox's search. */
export const COMMENT_SEARCH_MAX_LENGTH = 200;

const DAY_MS = 86_400_000;

/** What a private reply needs of the comment it answers. */
export interface PrivateReplyCandidate {
  fromSelf: boolean;
  deleted: boolean;
  privateReplySentAt: string | null;
  createdAt: string;
}

/**
 * Whether a private reply may still be offered for a comment: someone else's, not
 * deleted, none sent yet, and written in the last 7 days. The account's permission to
 * send messages is known only when Instagram answers.
 *
 * @example
 * ```ts
 * privateReplyOpen(comment, Date.now()); // true for a stranger's comment of yesterday
 * ```
 */
export function privateReplyOpen(comment: PrivateReplyCandidate, now: number): boolean {
  return (
    !comment.fromSelf &&
    !comment.deleted &&
    comment.privateReplySentAt === null &&
    now - Date.parse(comment.createdAt) < PRIVATE_REPLY_WINDOW_DAYS * DAY_MS
  );
}

/** The UTF-8 bytes of a text, as Instagram counts a message's length. */
export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * A new idempotency key for a reply. `crypto.getRandomValues` works on plain http too,
 * where `crypto.randomUUID` does not (a server on a local network address).
 */
export function newReplyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `reply-${[...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
