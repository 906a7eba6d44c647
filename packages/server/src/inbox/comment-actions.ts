/**
 * What the inbox does on Instagram: replies, comments on the account's own posts,
 * private replies, hiding, deleting, turning comments on and off.
 *
 * The calls that create something are idempotent by key (DESIGN.md "Inbox"): the action
 * is recorded `pending` before the call and `done` with what it made after. A retry with
 * the key of a done action answers what it made; one that finds it pending (the server
 * stopped between Instagram's answer and our write, or another request is sending it)
 * first looks for the result (in our rows, then in the thread on Instagram) and adopts
 * it, and sends again only when it is not there. Without a key, the same message to the
 * same subject within 24 hours is the same action.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { newId, ReelayError } from '@reelay/core';
import { InstagramPlatformError, type PlatformComment } from '@reelay/core/platform';
import {
  claimCommentAction,
  finishCommentAction,
  forgetCommentAction,
  type CommentActionKind,
  type CommentActionRecord,
} from '../store/comment-actions';
import {
  findComment,
  listCommentsOfMedia,
  markThreadDeleted,
  updateComment,
  type CommentRecord,
} from '../store/comments';
import { findIntegration, type IntegrationRecord } from '../store/integrations';
import { findPost } from '../store/posts';
import { findTargetsOfPost } from '../store/post-targets';
import { accountClient, platformTime } from './account-client';
import { commentFailure, isGoneAnswer } from './comment-errors';
import { ingestComment, isOwnComment, type InboxDeps } from './comment-ingest';

const DAY = 86_400_000;

/**
 * How long a pending action may still be in flight in another request: the longest a
 * platform call lasts. Until then a retry that does not find the result waits for it
 * rather than send a second one.
 */
const IN_FLIGHT_MS = 45_000;

/** How close to the action's start a found result must be (clocks differ a little). */
const CLOCK_SLACK_MS = 60_000;

const notFound = () =>
  new ReelayError('NOT_FOUND', { message: 'Comentário não encontrado neste projeto.' });

/** A created comment, and whether this request made it or an earlier one did. */
export interface ActionResult {
  comment: CommentRecord;
  replayed: boolean;
}

/** The comment of the project, or `NOT_FOUND`. */
export async function projectComment(
  deps: InboxDeps,
  projectId: string,
  id: string,
): Promise<CommentRecord> {
  const comment = await findComment(deps.db, projectId, id);
  if (!comment) throw notFound();
  return comment;
}

async function accountOf(
  deps: InboxDeps,
  comment: Pick<CommentRecord, 'projectId' | 'integrationId'>,
) {
  const account = await findIntegration(deps.db, comment.projectId, comment.integrationId);
  if (!account) throw notFound();
  return account;
}

/** The key of a request without one: its subject and message, within a day. */
function automaticKeys(subjectId: string, message: string, now: number): string[] {
  const digest = createHash('sha256').update(`${subjectId}\n${message}`).digest('base64url');
  const day = Math.floor(now / DAY);
  return [`auto:${digest}:${day}`, `auto:${digest}:${day - 1}`];
}

/** Whether a platform failure says for sure that nothing was created. */
function surelyNotSent(error: unknown): boolean {
  return !(error instanceof InstagramPlatformError) || error.outcome !== 'unknown';
}

interface CreatingAction {
  kind: CommentActionKind;
  subjectId: string;
  account: IntegrationRecord;
  message: string;
  idempotencyKey: string | undefined;
  /** Looks for what an earlier attempt made, in our rows and then on Instagram. */
  find(action: CommentActionRecord): Promise<CommentRecord | null>;
  /** Makes it on Instagram and records it; answers the recorded comment. */
  send(): Promise<CommentRecord>;
}

/** The record of an action about to be sent, written before the call. */
function pendingAction(request: CreatingAction, key: string, now: number): CommentActionRecord {
  return {
    id: newId('comment', now),
    projectId: request.account.projectId,
    kind: request.kind,
    subjectId: request.subjectId,
    integrationId: request.account.id,
    idempotencyKey: key,
    message: request.message,
    state: 'pending',
    resultCommentId: null,
    createdAt: now,
    finishedAt: null,
  };
}

/**
 * Runs a creating action exactly once per key.
 */
async function runOnce(deps: InboxDeps, request: CreatingAction): Promise<ActionResult> {
  const now = deps.clock.now();
  let key = request.idempotencyKey;
  if (key === undefined) {
    const [today, yesterday] = automaticKeys(request.subjectId, request.message, now);
    const earlier = await claimable(deps, request, yesterday!, now);
    key = earlier ? yesterday! : today!;
  }
  const { action, created } = await claimCommentAction(deps.db, pendingAction(request, key, now));
  let actionId = action.id;
  if (!created) {
    if (action.subjectId !== request.subjectId || action.message !== request.message) {
      throw new ReelayError('IDEMPOTENCY_KEY_REUSED', {
        message: 'Esta chave de idempotência já foi usada para outra mensagem ou outro comentário.',
      });
    }
    const earlier = await resultOf(deps, request, action);
    if (typeof earlier !== 'string') return { comment: earlier, replayed: true };
    actionId = earlier;
  }
  let comment: CommentRecord;
  try {
    comment = await request.send();
  } catch (error) {
    // Refused for sure: nothing was made, the key is free again. Otherwise a retry checks.
    if (surelyNotSent(error)) await forgetCommentAction(deps.db, actionId);
    throw error;
  }
  await finishCommentAction(deps.db, actionId, comment.id, deps.clock.now());
  return { comment, replayed: false };
}

/** Whether yesterday's automatic key names this very request still within 24 hours. */
async function claimable(
  deps: InboxDeps,
  request: CreatingAction,
  key: string,
  now: number,
): Promise<boolean> {
  const probe = await claimCommentAction(deps.db, pendingAction(request, key, now));
  if (probe.created) {
    await forgetCommentAction(deps.db, probe.action.id);
    return false;
  }
  return now - probe.action.createdAt < DAY;
}

/**
 * What an earlier attempt of the action made, waiting for one still in flight; or, when
 * nothing was made and this request must send, the id of the pending action it sends as.
 */
async function resultOf(
  deps: InboxDeps,
  request: CreatingAction,
  action: CommentActionRecord,
): Promise<CommentRecord | string> {
  // Bounded by real time too: a test's manual clock may not move while this waits.
  const waitStarted = performance.now();
  for (;;) {
    if (action.state === 'done') {
      const comment =
        action.resultCommentId === null
          ? null
          : await findComment(deps.db, action.projectId, action.resultCommentId);
      if (comment) return comment;
    }
    const found = await request.find(action);
    if (found) {
      await finishCommentAction(deps.db, action.id, found.id, deps.clock.now());
      return found;
    }
    if (
      deps.clock.now() - action.createdAt >= IN_FLIGHT_MS ||
      performance.now() - waitStarted >= IN_FLIGHT_MS
    ) {
      return action.id;
    }
    await sleep(500);
    // Read again; if the other attempt gave up meanwhile, this claims the key afresh.
    const again = await claimCommentAction(deps.db, {
      ...action,
      id: newId('comment', deps.clock.now()),
      state: 'pending',
      createdAt: deps.clock.now(),
    });
    if (again.created) return again.action.id;
    action = again.action;
  }
}

/** Records a comment the account just made through the API. */
async function recordOwn(
  deps: InboxDeps,
  account: IntegrationRecord,
  made: { id: string; mediaId: string; parentPlatformId: string | null; text: string },
): Promise<CommentRecord> {
  const { comment } = await ingestComment(deps, account, {
    platformCommentId: made.id,
    platformMediaId: made.mediaId,
    parentPlatformId: made.parentPlatformId,
    text: made.text,
    username: account.username,
    fromId: account.platformUserId,
    markedSelf: true,
    writtenAt: deps.clock.now(),
    hidden: false,
  });
  return comment;
}

/** The account's own comment with this text, written since the action began. */
function ownMatch(
  account: IntegrationRecord,
  candidates: readonly PlatformComment[],
  message: string,
  since: number,
): PlatformComment | undefined {
  return candidates.find(
    (candidate) =>
      candidate.text === message &&
      isOwnComment(account, {
        markedSelf: false,
        fromId: candidate.fromId,
        username: candidate.username,
      }) &&
      (platformTime(candidate.timestamp) ?? Infinity) >= since - CLOCK_SLACK_MS,
  );
}

/** Our own row of the account with this text under a thread, written since the action began. */
function ownRow(
  rows: readonly CommentRecord[],
  message: string,
  since: number,
  parentId: string | null,
): CommentRecord | undefined {
  return rows.find(
    (row) =>
      row.fromSelf &&
      row.text === message &&
      row.parentId === parentId &&
      row.createdAt >= since - CLOCK_SLACK_MS,
  );
}

/**
 * Replies in a comment's thread (a reply to a reply goes to its thread, as on Instagram).
 *
 * @example
 * ```ts
 * const { comment, replayed } = await replyToComment(deps, projectId, 'cmt_…', { message: 'Obrigada!' });
 * ```
 */
export async function replyToComment(
  deps: InboxDeps,
  projectId: string,
  commentId: string,
  request: { message: string; idempotencyKey?: string | undefined },
): Promise<ActionResult> {
  const comment = await projectComment(deps, projectId, commentId);
  const thread = comment.parentId
    ? await projectComment(deps, projectId, comment.parentId)
    : comment;
  if (thread.deletedAt !== null || comment.deletedAt !== null)
    throw new ReelayError('COMMENT_DELETED');
  if (thread.hidden) throw new ReelayError('COMMENT_HIDDEN');
  const account = await accountOf(deps, thread);
  return runOnce(deps, {
    kind: 'reply',
    subjectId: thread.id,
    account,
    message: request.message,
    idempotencyKey: request.idempotencyKey,
    async find(action) {
      const rows = await listCommentsOfMedia(deps.db, account.id, thread.platformMediaId);
      const row = ownRow(rows, action.message, action.createdAt, thread.id);
      if (row) return row;
      const { client, accessToken } = accountClient(deps, account);
      const replies = await client.listReplies({
        accessToken,
        commentId: thread.platformCommentId,
      });
      const match = ownMatch(account, replies, action.message, action.createdAt);
      if (!match) return null;
      return recordOwn(deps, account, {
        id: match.id,
        mediaId: thread.platformMediaId,
        parentPlatformId: thread.platformCommentId,
        text: match.text,
      });
    },
    async send() {
      const { client, accessToken } = accountClient(deps, account);
      let made: { id: string };
      try {
        made = await client.replyToComment({
          accessToken,
          commentId: thread.platformCommentId,
          message: request.message,
        });
      } catch (error) {
        if (isGoneAnswer(error)) await markThreadDeleted(deps.db, thread.id, deps.clock.now());
        throw commentFailure(error, 'comment');
      }
      return recordOwn(deps, account, {
        id: made.id,
        mediaId: thread.platformMediaId,
        parentPlatformId: thread.platformCommentId,
        text: request.message,
      });
    },
  });
}

/** The published targets of a post, or the errors that say why there are none. */
async function publishedTargets(
  deps: InboxDeps,
  projectId: string,
  postId: string,
  accountId?: string,
) {
  const post = await findPost(deps.db, projectId, postId);
  if (!post) throw new ReelayError('NOT_FOUND', { message: 'Post não encontrado neste projeto.' });
  const targets = (await findTargetsOfPost(deps.db, post.id)).filter(
    (target) => accountId === undefined || target.integrationId === accountId,
  );
  if (accountId !== undefined && targets.length === 0) {
    throw new ReelayError('VALIDATION_ERROR', {
      message: `Campo 'accountId': o post não saiu nesta conta.`,
      details: { field: 'accountId' },
    });
  }
  const published = targets.filter(
    (target) => target.status === 'published' && target.platformPostId !== null,
  );
  if (published.length === 0) throw new ReelayError('POST_NOT_PUBLISHED');
  return published;
}

/**
 * A comment by the account on its own published post.
 *
 * @example
 * ```ts
 * await commentOnPost(deps, projectId, 'post_…', { message: 'Sorteio encerrado!' });
 * ```
 */
export async function commentOnPost(
  deps: InboxDeps,
  projectId: string,
  postId: string,
  request: { message: string; accountId?: string | undefined; idempotencyKey?: string | undefined },
): Promise<ActionResult> {
  const targets = await publishedTargets(deps, projectId, postId, request.accountId);
  if (targets.length > 1) {
    throw new ReelayError('VALIDATION_ERROR', {
      message: `Campo 'accountId': o post saiu em mais de uma conta; diga em qual comentar.`,
      details: { field: 'accountId' },
    });
  }
  const target = targets[0]!;
  const mediaId = target.platformPostId!;
  const account = await accountOf(deps, { projectId, integrationId: target.integrationId });
  return runOnce(deps, {
    kind: 'comment',
    subjectId: `${postId}:${account.id}`,
    account,
    message: request.message,
    idempotencyKey: request.idempotencyKey,
    async find(action) {
      const rows = await listCommentsOfMedia(deps.db, account.id, mediaId);
      const row = ownRow(rows, action.message, action.createdAt, null);
      if (row) return row;
      const { client, accessToken } = accountClient(deps, account);
      // Newest first: a comment made since the action began is on the first page.
      const page = await client.listComments({ accessToken, mediaId, after: null });
      const match = ownMatch(account, page.comments, action.message, action.createdAt);
      if (!match) return null;
      return recordOwn(deps, account, {
        id: match.id,
        mediaId,
        parentPlatformId: null,
        text: match.text,
      });
    },
    async send() {
      const { client, accessToken } = accountClient(deps, account);
      let made: { id: string };
      try {
        made = await client.createComment({ accessToken, mediaId, message: request.message });
      } catch (error) {
        throw commentFailure(error, 'media');
      }
      return recordOwn(deps, account, {
        id: made.id,
        mediaId,
        parentPlatformId: null,
        text: request.message,
      });
    },
  });
}

/**
 * A private reply (a direct message) to a comment's author: one per comment, within 7
 * days (reference §10.3).
 *
 * @example
 * ```ts
 * await privateReply(deps, projectId, 'cmt_…', { message: 'Oi! Segue o link.' });
 * ```
 */
export async function privateReply(
  deps: InboxDeps,
  projectId: string,
  commentId: string,
  request: { message: string; idempotencyKey?: string | undefined },
): Promise<ActionResult> {
  const comment = await projectComment(deps, projectId, commentId);
  if (comment.deletedAt !== null) throw new ReelayError('COMMENT_DELETED');
  if (comment.fromSelf) {
    throw new ReelayError('PRIVATE_REPLY_UNAVAILABLE', { details: { reason: 'own_comment' } });
  }
  const account = await accountOf(deps, comment);
  const now = deps.clock.now();
  if (comment.privateReplyAt === null && now - comment.createdAt > 7 * DAY) {
    throw new ReelayError('PRIVATE_REPLY_UNAVAILABLE', { details: { reason: 'window_closed' } });
  }
  return runOnce(deps, {
    kind: 'private_reply',
    subjectId: comment.id,
    account,
    message: request.message,
    idempotencyKey: request.idempotencyKey,
    async find() {
      // Messages cannot be read back; the comment says whether one was recorded.
      const current = await projectComment(deps, projectId, commentId);
      return current.privateReplyAt !== null ? current : null;
    },
    async send() {
      const current = await projectComment(deps, projectId, commentId);
      if (current.privateReplyAt !== null) {
        throw new ReelayError('PRIVATE_REPLY_UNAVAILABLE', { details: { reason: 'already_sent' } });
      }
      const node =
        account.loginMode === 'facebook' ? account.facebookPageId : account.platformUserId;
      if (!node) throw new ReelayError('TOKEN_INVALID', { details: { accountId: account.id } });
      const { client, accessToken } = accountClient(deps, account);
      try {
        await client.sendPrivateReply({
          accessToken,
          node,
          commentId: comment.platformCommentId,
          message: request.message,
        });
      } catch (error) {
        throw commentFailure(error, 'private_reply');
      }
      await updateComment(deps.db, comment.id, { privateReplyAt: deps.clock.now() });
      return { ...current, privateReplyAt: deps.clock.now() };
    },
  });
}

/**
 * Hides or shows a comment on Instagram. The account's own comments always stay visible
 * there, and are recorded so.
 *
 * @example
 * ```ts
 * await setCommentHidden(deps, projectId, 'cmt_…', true);
 * ```
 */
export async function setCommentHidden(
  deps: InboxDeps,
  projectId: string,
  commentId: string,
  hidden: boolean,
): Promise<CommentRecord> {
  const comment = await projectComment(deps, projectId, commentId);
  if (comment.deletedAt !== null) throw new ReelayError('COMMENT_DELETED');
  const account = await accountOf(deps, comment);
  const { client, accessToken } = accountClient(deps, account);
  try {
    await client.setCommentHidden({ accessToken, commentId: comment.platformCommentId, hidden });
  } catch (error) {
    if (isGoneAnswer(error)) await markThreadDeleted(deps.db, comment.id, deps.clock.now());
    throw commentFailure(error, 'comment');
  }
  const shown = hidden && !comment.fromSelf;
  await updateComment(deps.db, comment.id, { hidden: shown });
  return { ...comment, hidden: shown };
}

/**
 * Deletes a comment (and its replies) on Instagram; kept here, marked deleted. Deleting
 * one already gone there only records it.
 *
 * @example
 * ```ts
 * await deleteComment(deps, projectId, 'cmt_…');
 * ```
 */
export async function deleteComment(
  deps: InboxDeps,
  projectId: string,
  commentId: string,
): Promise<CommentRecord> {
  const comment = await projectComment(deps, projectId, commentId);
  if (comment.deletedAt === null) {
    const account = await accountOf(deps, comment);
    const { client, accessToken } = accountClient(deps, account);
    try {
      await client.deleteComment({ accessToken, commentId: comment.platformCommentId });
    } catch (error) {
      if (!isGoneAnswer(error)) throw commentFailure(error, 'comment');
    }
    await markThreadDeleted(deps.db, comment.id, deps.clock.now());
  }
  return projectComment(deps, projectId, commentId);
}

/**
 * Turns comments on or off on a published post, on one account or all it went out on.
 *
 * @example
 * ```ts
 * await setCommenting(deps, projectId, 'post_…', { enabled: false });
 * ```
 */
export async function setCommenting(
  deps: InboxDeps,
  projectId: string,
  postId: string,
  request: { enabled: boolean; accountId?: string | undefined },
): Promise<string[]> {
  const targets = await publishedTargets(deps, projectId, postId, request.accountId);
  const changed: string[] = [];
  for (const target of targets) {
    const account = await accountOf(deps, { projectId, integrationId: target.integrationId });
    const { client, accessToken } = accountClient(deps, account);
    try {
      await client.setCommentsEnabled({
        accessToken,
        mediaId: target.platformPostId!,
        enabled: request.enabled,
      });
    } catch (error) {
      throw commentFailure(error, 'media');
    }
    changed.push(account.id);
  }
  return changed;
}
