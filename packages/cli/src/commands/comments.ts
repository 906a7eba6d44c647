/**
 * `reelay comments list|show|reply|hide|unhide|delete|read|unread|assign|private-reply|sync`
 * and `reelay posts comment|commenting`: the inbox of the accounts' Instagram comments.
 * A reply, a private reply or a comment is sent with an idempotency key: `--idempotency-key`,
 * else one made from what it says and where, so running the same command again (after a
 * lost answer, say) answers what the first run made instead of writing twice on
 * Instagram. `delete` asks before deleting on Instagram, unless `--yes`.
 */
import { createHash } from 'node:crypto';
import type { CommentFilter } from '@reelay/core';
import type { Comment, CommentReply, ListCommentsQuery } from '@reelay/sdk';
import { accountUsernames, resolveAccountIds } from '../account-resolver';
import { approvalSetting } from '../approval-setting';
import { CliError, usageError } from '../cli-error';
import { projectClient } from '../client';
import type { CommandContext } from '../command-context';
import { describeThread, renderThreads } from '../comment-display';
import { t } from '../i18n';
import { assertTerminal, isYes, prompt, readCaption } from '../input';
import { parseScheduleTime } from '../schedule-time';
import { loadSettings } from '../settings';
import { findSavedReply } from './saved-replies';

export interface ListCommentsOptions {
  account?: string;
  profile?: string;
  post?: string;
  status?: CommentFilter;
  since?: string;
  search?: string;
  assignee?: string;
  /** Checked against the route's bounds, with its default, before the command runs. */
  limit?: number;
  offset?: number;
  all?: boolean;
}

/**
 * The idempotency key of a reply, private reply or comment: the one given, else `cli-`,
 * the kind and the first 40 hex digits of the SHA-256 of the kind, where it goes and the
 * message, so the same command run again is the same request.
 *
 * @example
 * ```ts
 * idempotencyKeyOf(undefined, 'reply', ['cmt_01…', 'Obrigada!']); // 'cli-reply-5d41…'
 * idempotencyKeyOf('resposta-1', 'reply', ['cmt_01…', 'Obrigada!']); // 'resposta-1'
 * ```
 */
export function idempotencyKeyOf(
  given: string | undefined,
  kind: 'reply' | 'private-reply' | 'comment',
  parts: readonly string[],
): string {
  if (given) return given;
  const digest = createHash('sha256')
    .update([kind, ...parts].join('\n'))
    .digest('hex');
  return `cli-${kind}-${digest.slice(0, 40)}`;
}

/** The project's client, for one command. */
async function clientOf(ctx: CommandContext) {
  return projectClient(await loadSettings(ctx.global));
}

/** One account, by id or @username, when given. */
async function accountIdOf(
  reelay: Awaited<ReturnType<typeof clientOf>>,
  account: string | undefined,
): Promise<string | undefined> {
  return account ? (await resolveAccountIds(reelay, [account]))[0] : undefined;
}

/**
 * `reelay comments list`: the threads, newest first, each with its replies; filtered by
 * account, profile, post, status (`hidden` for the hidden ones), date, text and assignee.
 * One page, or every thread with `--all`.
 *
 * @example
 * ```ts
 * await listComments({ status: 'unread', account: '@cafe.aurora' }, ctx);
 * ```
 */
export async function listComments(
  options: ListCommentsOptions,
  ctx: CommandContext,
): Promise<void> {
  const since = options.since ? parseScheduleTime(options.since, { label: '--since' }) : undefined;
  const { limit, offset = 0 } = options;
  const reelay = await clientOf(ctx);
  const accountId = await accountIdOf(reelay, options.account);
  const query: ListCommentsQuery = {
    ...(accountId ? { accountId } : {}),
    ...(options.profile ? { profileId: options.profile } : {}),
    ...(options.post ? { postId: options.post } : {}),
    ...(options.status ? { status: options.status } : {}),
    ...(options.assignee ? { assigneeId: options.assignee } : {}),
    ...(since ? { since } : {}),
    ...(options.search ? { q: options.search } : {}),
    ...(options.all || limit === undefined ? {} : { limit }),
    offset,
  };
  const withPost = options.post === undefined;
  if (options.all) {
    const comments: Comment[] = [];
    for await (const thread of reelay.comments.list(query)) comments.push(thread);
    ctx.out.result({ success: true, total: comments.length, comments }, () =>
      comments.length === 0 ? t('comments.none') : renderThreads(comments, { withPost }),
    );
    return;
  }
  const answer = await reelay.comments.list(query);
  ctx.out.result(answer, () => {
    if (answer.comments.length === 0) return t('comments.none');
    const shown = answer.comments.length;
    const more =
      answer.total > offset + shown
        ? `\n${t('posts.more', { shown, total: answer.total, next: offset + shown })}\n`
        : '';
    return renderThreads(answer.comments, { withPost }) + more;
  });
}

/**
 * `reelay comments show <id>`: the comment's thread (a reply shows the thread it is in).
 *
 * @example
 * ```ts
 * await showComment('cmt_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * ```
 */
export async function showComment(commentId: string, ctx: CommandContext): Promise<void> {
  const reelay = await clientOf(ctx);
  const answer = await reelay.comments.get(commentId);
  // Usernames only for people: `--json` is the server's answer as it came.
  const usernames = ctx.out.json ? undefined : await accountUsernames(reelay);
  ctx.out.result(answer, () => describeThread(answer.comment, usernames));
}

/**
 * The message of a reply: the argument (`-` reads stdin), or the text of a saved reply
 * (`--saved`), one of the two.
 */
async function replyMessage(
  reelay: Awaited<ReturnType<typeof clientOf>>,
  message: string | undefined,
  saved: string | undefined,
): Promise<string> {
  if (message !== undefined && saved !== undefined) {
    throw usageError(t('comments.messageOrSaved'));
  }
  const text =
    saved !== undefined
      ? (await findSavedReply(reelay, saved)).text
      : await readCaption(message, undefined);
  if (text === undefined) throw usageError(t('comments.messageMissing'), t('comments.messageHint'));
  if (text.trim() === '') throw usageError(t('comments.messageEmpty'));
  return text;
}

/**
 * `reelay comments reply <id> [message] [--saved <title>] [--idempotency-key <key>]`:
 * a public reply in the comment's thread on Instagram; the thread becomes `replied`.
 *
 * @example
 * ```ts
 * await replyToComment('cmt_01…', 'Oi, Ana! Custa R$ 35.', {}, ctx);
 * await replyToComment('cmt_01…', undefined, { saved: 'Preço' }, ctx);
 * ```
 */
export async function replyToComment(
  commentId: string,
  message: string | undefined,
  options: { saved?: string; idempotencyKey?: string },
  ctx: CommandContext,
): Promise<void> {
  const reelay = await clientOf(ctx);
  const text = await replyMessage(reelay, message, options.saved);
  const answer = await reelay.comments.reply(commentId, {
    message: text,
    idempotencyKey: idempotencyKeyOf(options.idempotencyKey, 'reply', [commentId, text]),
  });
  const reply = answer.comment;
  ctx.out.result(answer, () =>
    t('comments.replied', { id: reply.id, thread: reply.parentId ?? commentId }),
  );
}

/**
 * `reelay comments hide <id>`: only its author still sees it on Instagram.
 *
 * @example
 * ```ts
 * await hideComment('cmt_01…', ctx);
 * ```
 */
export async function hideComment(commentId: string, ctx: CommandContext): Promise<void> {
  const reelay = await clientOf(ctx);
  const answer = await reelay.comments.hide(commentId);
  ctx.out.result(answer, () => t('comments.hidden', { id: commentId }));
}

/**
 * `reelay comments unhide <id>`: everyone sees it again.
 *
 * @example
 * ```ts
 * await unhideComment('cmt_01…', ctx);
 * ```
 */
export async function unhideComment(commentId: string, ctx: CommandContext): Promise<void> {
  const reelay = await clientOf(ctx);
  const answer = await reelay.comments.unhide(commentId);
  ctx.out.result(answer, () => t('comments.unhidden', { id: commentId }));
}

/** A comment's text for a question on one line: spaces folded, cut at `max` characters. */
function shortText(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

/** The comment of a thread with this id: the thread itself or one of its replies. */
function commentIn(thread: Comment, commentId: string): CommentReply {
  return thread.replies.find((reply) => reply.id === commentId) ?? thread;
}

/**
 * `reelay comments delete <id> [--yes]`: deletes the comment and its replies on
 * Instagram, for good; Reelay keeps it as a record (`deleted`). On a terminal it shows
 * the comment and asks first; elsewhere (a script, a pipe) it needs `--yes`.
 *
 * @example
 * ```ts
 * await deleteComment('cmt_01…', { yes: true }, ctx);
 * ```
 */
export async function deleteComment(
  commentId: string,
  options: { yes?: boolean },
  ctx: CommandContext,
): Promise<void> {
  if (!options.yes) assertTerminal(t('comments.deleteAsk', { id: commentId }), '--yes');
  const reelay = await clientOf(ctx);
  if (!options.yes) {
    const { comment: thread } = await reelay.comments.get(commentId);
    const comment = commentIn(thread, commentId);
    const replies = comment.id === thread.id ? thread.replies.length : 0;
    const question = t(replies > 0 ? 'comments.deleteQuestionReplies' : 'comments.deleteQuestion', {
      username: comment.username ?? '?',
      text: shortText(comment.text),
      replies,
    });
    if (!isYes(await prompt(question, { flag: '--yes' }))) {
      throw new CliError('failure', t('comments.notDeleted'), { code: 'NOT_CONFIRMED' });
    }
  }
  const answer = await reelay.comments.delete(commentId);
  ctx.out.result(answer, () => t('comments.deleted', { id: commentId }));
}

/**
 * `reelay comments read|unread <id>`: marks the whole thread, in Reelay only.
 *
 * @example
 * ```ts
 * await markThread('cmt_01…', 'read', ctx);
 * ```
 */
export async function markThread(
  commentId: string,
  status: 'read' | 'unread',
  ctx: CommandContext,
): Promise<void> {
  const reelay = await clientOf(ctx);
  const answer = await reelay.comments.update(commentId, { status });
  ctx.out.result(answer, () =>
    t(status === 'read' ? 'comments.markedRead' : 'comments.markedUnread', { id: commentId }),
  );
}

/**
 * `reelay comments assign <id> <userId|none>`: gives the thread to a member of the
 * project to answer, or to nobody.
 *
 * @example
 * ```ts
 * await assignThread('cmt_01…', 'usr_01jd8k2m3n4p5q6r7s8t9v0wxy', ctx);
 * await assignThread('cmt_01…', 'none', ctx);
 * ```
 */
export async function assignThread(
  commentId: string,
  user: string,
  ctx: CommandContext,
): Promise<void> {
  const assigneeId = user.trim().toLowerCase() === 'none' ? null : user.trim();
  const reelay = await clientOf(ctx);
  const answer = await reelay.comments.update(commentId, { assigneeId });
  ctx.out.result(answer, () =>
    assigneeId === null
      ? t('comments.unassigned', { id: commentId })
      : t('comments.assigned', { id: commentId, user: assigneeId }),
  );
}

/**
 * `reelay comments private-reply <id> <message>`: a direct message to whoever wrote the
 * comment; Instagram allows one per comment, within 7 days of it.
 *
 * @example
 * ```ts
 * await privateReply('cmt_01…', 'Oi! Segue o cardápio: https://example.com/cardapio', {}, ctx);
 * ```
 */
export async function privateReply(
  commentId: string,
  message: string,
  options: { idempotencyKey?: string },
  ctx: CommandContext,
): Promise<void> {
  if (message.trim() === '') throw usageError(t('comments.messageEmpty'));
  const reelay = await clientOf(ctx);
  const answer = await reelay.comments.privateReply(commentId, {
    message,
    idempotencyKey: idempotencyKeyOf(options.idempotencyKey, 'private-reply', [commentId, message]),
  });
  const comment = answer.comment;
  ctx.out.result(answer, () =>
    t('comments.privateReplySent', {
      username: comment.username ?? '?',
      when: comment.privateReplySentAt ?? '',
    }),
  );
}

/**
 * `reelay comments sync [--account]`: reads the comments of the recent published posts on
 * Instagram now, instead of waiting for the periodic read. It spends the account's
 * Instagram call budget.
 *
 * @example
 * ```ts
 * await syncComments({ account: '@cafe.aurora' }, ctx);
 * ```
 */
export async function syncComments(
  options: { account?: string },
  ctx: CommandContext,
): Promise<void> {
  const reelay = await clientOf(ctx);
  const accountId = await accountIdOf(reelay, options.account);
  const answer = await reelay.comments.sync(accountId ? { accountId } : {});
  ctx.out.result(answer, () =>
    t('comments.synced', { media: answer.media, count: answer.newComments }),
  );
}

/**
 * `reelay posts comment <postId> <message> [--account] [--idempotency-key]`: a comment of
 * the account's own on its published post.
 *
 * @example
 * ```ts
 * await commentOnPost('post_01…', 'Sorteio encerrado, obrigado a todos!', {}, ctx);
 * ```
 */
export async function commentOnPost(
  postId: string,
  message: string,
  options: { account?: string; idempotencyKey?: string },
  ctx: CommandContext,
): Promise<void> {
  if (message.trim() === '') throw usageError(t('comments.messageEmpty'));
  const reelay = await clientOf(ctx);
  const accountId = await accountIdOf(reelay, options.account);
  const answer = await reelay.posts.comment(postId, {
    message,
    ...(accountId ? { accountId } : {}),
    idempotencyKey: idempotencyKeyOf(options.idempotencyKey, 'comment', [
      postId,
      accountId ?? '',
      message,
    ]),
  });
  ctx.out.result(answer, () => t('comments.commented', { id: answer.comment.id, post: postId }));
}

/**
 * `reelay posts commenting <postId> on|off [--account]`: whether the published post takes
 * new comments on Instagram; those already there can still be read.
 *
 * @example
 * ```ts
 * await setCommenting('post_01…', 'off', {}, ctx);
 * ```
 */
export async function setCommenting(
  postId: string,
  setting: string,
  options: { account?: string },
  ctx: CommandContext,
): Promise<void> {
  const enabled = approvalSetting(setting, false) === true;
  const reelay = await clientOf(ctx);
  const accountId = await accountIdOf(reelay, options.account);
  const answer = await reelay.posts.setCommenting(postId, {
    enabled,
    ...(accountId ? { accountId } : {}),
  });
  const usernames = ctx.out.json ? new Map<string, string>() : await accountUsernames(reelay);
  const accounts = answer.accounts
    .map((id) => (usernames.has(id) ? `@${usernames.get(id)}` : id))
    .join(', ');
  ctx.out.result(answer, () =>
    t(answer.enabled ? 'comments.commentingOn' : 'comments.commentingOff', {
      id: postId,
      accounts,
    }),
  );
}
