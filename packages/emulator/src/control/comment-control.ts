/**
 * What the control API (`/_emulator/comments`, `/_emulator/mentions`,
 * `/_emulator/webhooks`) and the `Emulator` handle can do about comments: add comments by
 * other people (at the emulator's time), read back every comment of a media with its
 * replies, hidden and deleted state and private reply, @mention or tag an account from
 * outside, and register the apps' webhook callback URLs.
 */
import type { EmulatorContext } from '../emulator-context';
import {
  commentTarget,
  commenterFor,
  isOwnComment,
  markDeleted,
  mentionedAccountIds,
  repliesOf,
  topLevelComments,
} from '../graph/comment-threads';
import { addComment } from '../graph/new-comment';
import { graphTimestamp } from '../graph/timestamp';
import { shortcodeOf } from '../ids';
import type { Comment, ForeignMedia } from '../state/types';
import { notifyMention } from '../webhooks/comment-events';
import type { WebhookDelivery, WebhookRegistration } from '../webhooks/webhook-dispatcher';
import { ControlError } from './control-error';

// Instagram usernames: letters, digits, periods and underscores, at most 30.
const USERNAME = /^[A-Za-z0-9._]{1,30}$/;

/**
 * A comment by someone, as posted to `POST /_emulator/comments`.
 *
 * @example
 * ```ts
 * const input: CommentInput = { mediaId, username: 'ana.souza', text: 'Que lindo!' };
 * ```
 */
export interface CommentInput {
  /** A published media of an account, or a post made by `POST /_emulator/mentions`. */
  readonly mediaId: string;
  /** Who writes it; an account's own username makes it the account's own comment. */
  readonly username: string;
  readonly text: string;
  /** The comment it answers; a reply to a reply joins the top-level comment's thread. */
  readonly parentId?: string | undefined;
  readonly likeCount?: number | undefined;
}

/**
 * A comment as the control API shows it, for checking what an app did: who wrote it,
 * whether it is hidden or deleted, its private reply and, when listed by media, its replies.
 *
 * @example
 * ```ts
 * const [first]: CommentView[] = emulator.comments(mediaId);
 * first?.replies?.[0]?.self; // true when the account itself replied
 * ```
 */
export interface CommentView {
  readonly id: string;
  readonly mediaId: string;
  /** The account whose media carries it; absent on a post of someone outside the emulator. */
  readonly accountId?: string | undefined;
  readonly parentId?: string | undefined;
  /** Who wrote it: IGSID and username, or the account id when the media's owner did. */
  readonly from: { readonly id: string; readonly username: string };
  /** Written by the media's owner: through the API (a first comment, a reply) or in the app. */
  readonly self: boolean;
  /** The emulator account that wrote it, if one did. */
  readonly authorAccountId?: string | undefined;
  readonly text: string;
  readonly timestamp: string;
  readonly hidden: boolean;
  readonly deleted: boolean;
  readonly likeCount: number;
  readonly privateReply?:
    { readonly messageId: string; readonly text: string; readonly timestamp: string } | undefined;
  /** Replies, oldest first (when listed by media). */
  readonly replies?: readonly CommentView[] | undefined;
}

/** A comment as the control API shows it; `withReplies` nests its thread. */
export function commentView(
  ctx: EmulatorContext,
  comment: Comment,
  withReplies = false,
): CommentView {
  const self = isOwnComment(comment);
  return {
    id: comment.id,
    mediaId: comment.mediaId,
    accountId: comment.mediaOwnerId,
    parentId: comment.parentId,
    from: self
      ? { id: comment.authorAccountId as string, username: comment.from.username }
      : { id: comment.from.id, username: comment.from.username },
    self,
    authorAccountId: comment.authorAccountId,
    text: comment.text,
    timestamp: graphTimestamp(comment.createdAt),
    hidden: comment.hidden,
    deleted: comment.deletedAt !== undefined,
    likeCount: comment.likeCount,
    privateReply: comment.privateReply && {
      messageId: comment.privateReply.messageId,
      text: comment.privateReply.text,
      timestamp: graphTimestamp(comment.privateReply.at),
    },
    ...(withReplies && comment.parentId === undefined
      ? { replies: repliesOf(ctx, comment.id).map((reply) => commentView(ctx, reply)) }
      : {}),
  };
}

function record(input: unknown, what: string): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ControlError(400, `${what} must be a JSON object`);
  }
  return input as Record<string, unknown>;
}

function refuseUnknown(data: Record<string, unknown>, known: readonly string[], what: string) {
  for (const key of Object.keys(data)) {
    if (!known.includes(key)) throw new ControlError(400, `unknown ${what} field "${key}"`);
  }
}

function usernameOf(data: Record<string, unknown>): string {
  if (typeof data.username !== 'string' || !USERNAME.test(data.username)) {
    throw new ControlError(400, 'username must be 1-30 letters, digits, periods or underscores');
  }
  return data.username;
}

function textOf(data: Record<string, unknown>): string {
  if (typeof data.text !== 'string' || data.text === '') {
    throw new ControlError(400, 'text (a non-empty string) is required');
  }
  return data.text;
}

/**
 * Adds a comment by someone else (or, under the account's own username, by the account in
 * the app) at the emulator's time; apps subscribed to the account's webhooks hear of it.
 */
export function addCommentAction(ctx: EmulatorContext, input: unknown): { id: string } {
  const data = record(input, 'the comment');
  refuseUnknown(data, ['mediaId', 'username', 'text', 'parentId', 'likeCount'], 'comment');
  if (typeof data.mediaId !== 'string')
    throw new ControlError(400, 'mediaId (a string) is required');
  const target = commentTarget(ctx, data.mediaId);
  if (!target) throw new ControlError(404, `no media ${data.mediaId}`);
  const username = usernameOf(data);
  const text = textOf(data);
  const likeCount = data.likeCount;
  if (
    likeCount !== undefined &&
    (typeof likeCount !== 'number' || !Number.isInteger(likeCount) || likeCount < 0)
  ) {
    throw new ControlError(400, 'likeCount must be an integer >= 0');
  }
  if (target.kind === 'own' && target.media.productType === 'STORY') {
    throw new ControlError(409, 'stories take no comments: replies to a story are messages');
  }
  if (target.kind === 'own' && target.media.commentsDisabled) {
    throw new ControlError(409, `comments are turned off on media ${target.media.id}`);
  }
  let parentId: string | undefined;
  if (data.parentId !== undefined) {
    const parent =
      typeof data.parentId === 'string' ? ctx.store.comments.get(data.parentId) : undefined;
    if (!parent || parent.mediaId !== target.media.id) {
      throw new ControlError(
        404,
        `no comment ${String(data.parentId)} on media ${target.media.id}`,
      );
    }
    if (parent.deletedAt !== undefined) {
      throw new ControlError(409, `comment ${parent.id} is deleted`);
    }
    parentId = parent.id;
  }
  const account = ctx.store.accountByUsername(username);
  const comment = addComment(ctx, {
    target,
    authorAccountId: account?.id,
    username: account?.username ?? username,
    text,
    parentId,
    likeCount: likeCount as number | undefined,
  });
  return { id: comment.id };
}

/**
 * The comments of a media, oldest first, each with its replies; without `mediaId`, every
 * comment of every media, replies listed on their own with their `parentId`.
 */
export function commentsAction(ctx: EmulatorContext, mediaId?: string): CommentView[] {
  if (mediaId === undefined) {
    return [...ctx.store.comments.values()].map((comment) => commentView(ctx, comment));
  }
  if (!commentTarget(ctx, mediaId)) throw new ControlError(404, `no media ${mediaId}`);
  return topLevelComments(ctx, mediaId)
    .reverse()
    .map((comment) => commentView(ctx, comment, true));
}

/** Deletes a comment as its author would, with its replies; reads then answer the deleted-comment error. */
export function deleteCommentAction(ctx: EmulatorContext, id: string): CommentView {
  const comment = ctx.store.comments.get(id);
  if (!comment) throw new ControlError(404, `no comment ${id}`);
  if (comment.deletedAt === undefined) markDeleted(ctx, comment);
  return commentView(ctx, comment, true);
}

/**
 * An @mention or a tag of an account by someone outside the emulator, as posted to
 * `POST /_emulator/mentions`.
 *
 * @example
 * ```ts
 * emulator.addMention({ accountId, username: 'ana.souza', text: 'Olha isto @cafe.aurora' });
 * ```
 */
export interface MentionInput {
  readonly accountId: string;
  /** Who mentions: the author of the comment, and of the post unless `mediaId` is given. */
  readonly username: string;
  /** The comment's text, or the caption; `@<username>` is put in front when missing. */
  readonly text: string;
  /** `comment` (default): in a comment; `caption`: in a post's caption; `tag`: a post tagging the account. */
  readonly in?: 'comment' | 'caption' | 'tag' | undefined;
  /** For `comment`: the post to comment on (one made here before, or an account's media). */
  readonly mediaId?: string | undefined;
}

/**
 * Where a mention landed.
 *
 * @example
 * ```ts
 * const { mediaId, commentId }: MentionResult = emulator.addMention({ accountId, username, text });
 * ```
 */
export interface MentionResult {
  readonly mediaId: string;
  readonly commentId?: string | undefined;
}

function foreignMedia(
  ctx: EmulatorContext,
  username: string,
  caption: string,
  taggedAccountIds: readonly string[],
): ForeignMedia {
  const id = ctx.ids.id('media');
  const shortcode = shortcodeOf(id);
  const media: ForeignMedia = {
    id,
    owner: commenterFor(ctx, username),
    caption,
    shortcode,
    permalink: `https://www.instagram.com/p/${shortcode}/`,
    createdAt: ctx.now(),
    taggedAccountIds,
  };
  ctx.store.foreignMedia.set(id, media);
  return media;
}

/**
 * Mentions an account from outside (reference §10.4): in a comment (on a new post of
 * `username`'s, or on `mediaId`), in a post's caption, or by tagging it on a post. Mentions
 * in comments and captions reach the account's subscribed apps by webhook; tags only show
 * on `GET /{ig-user-id}/tags`.
 */
export function addMentionAction(ctx: EmulatorContext, input: unknown): MentionResult {
  const data = record(input, 'the mention');
  refuseUnknown(data, ['accountId', 'username', 'text', 'in', 'mediaId'], 'mention');
  if (typeof data.accountId !== 'string') {
    throw new ControlError(400, 'accountId (a string) is required');
  }
  const account = ctx.store.accounts.get(data.accountId);
  if (!account) throw new ControlError(404, `no account ${data.accountId}`);
  const username = usernameOf(data);
  let text = textOf(data);
  const where = data.in ?? 'comment';
  if (where !== 'comment' && where !== 'caption' && where !== 'tag') {
    throw new ControlError(400, "in must be 'comment', 'caption' or 'tag'");
  }
  if (where === 'tag') return { mediaId: foreignMedia(ctx, username, text, [account.id]).id };
  if (!mentionedAccountIds(ctx, text).includes(account.id)) text = `@${account.username} ${text}`;
  if (where === 'caption') {
    const media = foreignMedia(ctx, username, text, []);
    notifyMention(ctx, account.id, { mediaId: media.id });
    return { mediaId: media.id };
  }
  if (data.mediaId !== undefined && typeof data.mediaId !== 'string') {
    throw new ControlError(400, 'mediaId must be a string');
  }
  const mediaId = data.mediaId ?? foreignMedia(ctx, username, '', []).id;
  const { id } = addCommentAction(ctx, { mediaId, username, text });
  return { mediaId, commentId: id };
}

/**
 * The webhook side of the emulator, as `GET /_emulator/webhooks` shows it.
 *
 * @example
 * ```ts
 * const { deliveries }: WebhooksView = emulator.webhooks();
 * ```
 */
export interface WebhooksView {
  readonly registrations: readonly WebhookRegistration[];
  /** Who subscribed the apps: accounts (Instagram Login) and Pages (Facebook Login). */
  readonly subscriptions: readonly {
    readonly app: 'instagram' | 'facebook';
    readonly accountId: string | null;
    readonly pageId?: string | undefined;
    readonly fields: readonly string[];
  }[];
  /** Changes waiting for a flush (with `webhookBatching`). */
  readonly pending: number;
  readonly deliveries: readonly WebhookDelivery[];
}

/** Registrations, subscriptions, pending changes and deliveries. */
export function webhooksView(ctx: EmulatorContext): WebhooksView {
  return {
    registrations: ctx.webhooks.registrations(),
    subscriptions: [
      ...[...ctx.store.accountSubscriptions].map(([accountId, sub]) => ({
        app: 'instagram' as const,
        accountId,
        fields: sub.fields,
      })),
      ...[...ctx.store.pageSubscriptions].map(([pageId, sub]) => ({
        app: 'facebook' as const,
        accountId: ctx.store.pages.get(pageId)?.instagramAccountId ?? null,
        pageId,
        fields: sub.fields,
      })),
    ],
    pending: ctx.webhooks.pending(),
    deliveries: ctx.webhooks.deliveries(),
  };
}
