/**
 * Recording a comment Instagram told us about, by webhook or by polling: once per
 * account and Instagram id, in its thread, linked to the Reelay post of its media, with
 * `comment.received` written in the same transaction when someone else wrote it. The
 * account's own comments (a reply sent from Reelay or from the Instagram app) are
 * recorded as its own: they mark the thread replied and are never news.
 */
import { newId, WEBHOOK_PAYLOAD_VERSION } from '@reelay/core';
import { isoTime } from '../clock';
import type { ServerContext } from '../server-context';
import {
  findCommentByPlatformId,
  findPostOfMedia,
  insertCommentOnce,
  updateComment,
  type CommentRecord,
} from '../store/comments';
import type { NewEvent } from '../store/events';
import type { IntegrationRecord } from '../store/integrations';
import type { Db } from '../store/schema';
import { appendEvents } from '../webhooks/dispatch-events';
import { presentCommentReply } from './comment-view';

/** What the inbox needs of the server. */
export type InboxDeps = Pick<
  ServerContext,
  | 'db'
  | 'capabilities'
  | 'clock'
  | 'logger'
  | 'cipher'
  | 'platform'
  | 'facebook'
  | 'config'
  | 'wakeWorker'
>;

/** A comment as Instagram described it, from either source. */
export interface IncomingComment {
  platformCommentId: string;
  platformMediaId: string;
  /** The Instagram id of the top-level comment a reply belongs to. */
  parentPlatformId: string | null;
  text: string;
  username: string | null;
  fromId: string | null;
  /** The webhook marked it as the account's own (`from.self_ig_scoped_id`). */
  markedSelf: boolean;
  /** When it was written, or `null` when the source does not say (webhooks). */
  writtenAt: number | null;
  /** Whether it is hidden, when the source says (polling). */
  hidden: boolean | null;
}

/**
 * Whether the account wrote a comment: marked so by the webhook, or written by the
 * account's id or username (polling has no mark; the account's own comments carry its id).
 *
 * @example
 * ```ts
 * isOwnComment(account, { markedSelf: false, fromId: account.platformUserId, username: null }); // true
 * ```
 */
export function isOwnComment(
  account: Pick<IntegrationRecord, 'platformUserId' | 'platformScopedId' | 'username'>,
  comment: Pick<IncomingComment, 'markedSelf' | 'fromId' | 'username'>,
): boolean {
  if (comment.markedSelf) return true;
  if (comment.fromId !== null) {
    return comment.fromId === account.platformUserId || comment.fromId === account.platformScopedId;
  }
  return (
    comment.username !== null &&
    account.username !== null &&
    comment.username.toLowerCase() === account.username.toLowerCase()
  );
}

/** The `comment.received` event of a comment, as stored in the outbox. */
function commentEvent(comment: CommentRecord, account: IntegrationRecord, now: number): NewEvent {
  const id = newId('event', now);
  return {
    id,
    projectId: comment.projectId,
    profileId: account.profileId,
    // The outbox names a subject per event: the post commented on, or the comment itself.
    postId: comment.postId ?? comment.id,
    type: 'comment.received',
    wasScheduled: false,
    payload: {
      version: WEBHOOK_PAYLOAD_VERSION,
      id,
      type: 'comment.received',
      createdAt: isoTime(now),
      projectId: comment.projectId,
      profileId: account.profileId,
      data: {
        comment: {
          ...presentCommentReply(comment),
          profileId: account.profileId,
          accountUsername: account.username,
        },
      },
    },
    createdAt: now,
  };
}

/** The outcome of recording one comment. */
export interface IngestResult {
  comment: CommentRecord;
  /** This call recorded it (it was not known before). */
  created: boolean;
}

/**
 * Records a comment of an account, or refreshes what changed of one already known (its
 * text, whether it is hidden). A reply whose thread is unknown is recorded as a thread of
 * its own; callers that can read the thread first do so.
 *
 * @example
 * ```ts
 * const { created } = await ingestComment(deps, account, incoming);
 * ```
 */
export async function ingestComment(
  deps: InboxDeps,
  account: IntegrationRecord,
  incoming: IncomingComment,
): Promise<IngestResult> {
  const now = deps.clock.now();
  const result = await deps.db
    .transaction()
    .execute((trx) => recordComment(trx, deps, account, incoming, now));
  if (result.created && !result.comment.fromSelf) deps.wakeWorker();
  return result;
}

async function recordComment(
  trx: Db,
  deps: InboxDeps,
  account: IntegrationRecord,
  incoming: IncomingComment,
  now: number,
): Promise<IngestResult> {
  const known = await findCommentByPlatformId(trx, account.id, incoming.platformCommentId);
  if (known) {
    const changes: Parameters<typeof updateComment>[2] = {};
    if (incoming.hidden !== null && incoming.hidden !== known.hidden)
      changes.hidden = incoming.hidden;
    if (incoming.text !== '' && incoming.text !== known.text) changes.text = incoming.text;
    if (known.username === null && incoming.username !== null) changes.username = incoming.username;
    await updateComment(trx, known.id, changes);
    return { comment: { ...known, ...changes }, created: false };
  }
  const parent =
    incoming.parentPlatformId === null
      ? undefined
      : await findCommentByPlatformId(trx, account.id, incoming.parentPlatformId);
  const fromSelf = isOwnComment(account, incoming);
  const writtenAt = incoming.writtenAt ?? now;
  const comment: CommentRecord = {
    id: newId('comment', now),
    projectId: account.projectId,
    integrationId: account.id,
    postId: parent?.postId ?? (await findPostOfMedia(trx, account.id, incoming.platformMediaId)),
    platformCommentId: incoming.platformCommentId,
    platformMediaId: incoming.platformMediaId,
    parentId: parent?.id ?? null,
    username: incoming.username,
    fromId: incoming.fromId,
    text: incoming.text,
    createdAt: writtenAt,
    receivedAt: now,
    hidden: incoming.hidden ?? false,
    deletedAt: null,
    status: fromSelf ? 'read' : 'unread',
    fromSelf,
    assigneeId: null,
    privateReplyAt: null,
    threadActivityAt: writtenAt,
  };
  if (!(await insertCommentOnce(trx, comment))) {
    // Recorded meanwhile by the other source: that one is the record.
    const stored = await findCommentByPlatformId(trx, account.id, incoming.platformCommentId);
    return { comment: stored ?? comment, created: false };
  }
  if (parent) {
    await updateComment(trx, parent.id, {
      // The account answered: replied. Someone else wrote: the thread needs reading again.
      status: fromSelf ? 'replied' : 'unread',
      threadActivityAt: Math.max(parent.threadActivityAt, writtenAt),
    });
  }
  if (!fromSelf) {
    await appendEvents(trx, deps.capabilities, [commentEvent(comment, account, now)], now);
  }
  return { comment, created: true };
}
