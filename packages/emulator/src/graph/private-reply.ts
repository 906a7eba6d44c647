/**
 * Private replies (reference §10.3): a message to the author of a comment on the account's
 * media, once per comment and within 7 days of it. Instagram Login sends it to
 * `POST /{ig-user-id}/messages`, Facebook Login to `POST /{page-id}/messages` with a Page
 * token; both take `{"recipient":{"comment_id"},"message":{"text"}}` and answer
 * `{recipient_id, message_id}`.
 */
import type { EmulatorContext } from '../emulator-context';
import { GraphError, invalidParameter } from '../graph-error';
import type { Params } from '../http/params';
import { jsonReply, type Reply } from '../http/reply';
import type { Caller } from '../oauth/tokens';
import { DAY_MS } from '../state/store';
import { requirePrivateReplyAccess } from './comment-access';
import { isOwnComment } from './comment-threads';

/** A comment can be answered privately for 7 days (reference §10.3). */
export const PRIVATE_REPLY_WINDOW_MS = 7 * DAY_MS;
/** "UTF-8 and be 1,000 bytes or less" (reference §10.3, quoted from code). */
export const PRIVATE_REPLY_MAX_BYTES = 1000;

/** An object parameter: a JSON body's object, or its JSON text in a query or form. */
function objectParam(params: Params, name: string): Record<string, unknown> | undefined {
  let value = params.raw[name];
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw invalidParameter(`Param ${name} must be a JSON object`);
    }
  }
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParameter(`Param ${name} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** The Send API's answer to a recipient it cannot reach. */
function noMatchingUser(): GraphError {
  return new GraphError({ message: '(#100) No matching user found', code: 100, subcode: 2018001 });
}

/**
 * "This message is sent outside of allowed window" (10/2534022, reference §10.3): past
 * the 7 days, and for a second message, since a private reply opens no conversation until
 * the person answers.
 */
function outsideWindow(): GraphError {
  return new GraphError({
    message: '(#10) This message is sent outside of allowed window.',
    code: 10,
    subcode: 2534022,
  });
}

/** Sends the one private reply a comment may get; see the module comment. */
export function sendPrivateReply(ctx: EmulatorContext, caller: Caller, params: Params): Reply {
  requirePrivateReplyAccess(ctx, caller);
  const recipient = objectParam(params, 'recipient');
  const commentId = recipient?.comment_id;
  if (typeof commentId !== 'string' && typeof commentId !== 'number') {
    // Only private replies are imitated: a recipient by id is a conversation message.
    throw invalidParameter('The parameter recipient.comment_id is required');
  }
  const text = objectParam(params, 'message')?.text;
  if (typeof text !== 'string' || text === '') {
    throw invalidParameter('The parameter message.text is required');
  }
  if (Buffer.byteLength(text, 'utf8') > PRIVATE_REPLY_MAX_BYTES) {
    throw invalidParameter(
      `Message text must be UTF-8 and be ${PRIVATE_REPLY_MAX_BYTES.toLocaleString('en-US')} bytes or less`,
    );
  }
  const comment = ctx.store.comments.get(String(commentId));
  if (
    !comment ||
    comment.mediaOwnerId !== caller.account.id ||
    comment.deletedAt !== undefined ||
    isOwnComment(comment)
  ) {
    throw noMatchingUser();
  }
  const now = ctx.now();
  if (comment.privateReply || now - comment.createdAt > PRIVATE_REPLY_WINDOW_MS) {
    throw outsideWindow();
  }
  const messageId = ctx.ids.messageId();
  comment.privateReply = { messageId, text, at: now };
  return jsonReply({ recipient_id: comment.from.id, message_id: messageId });
}
