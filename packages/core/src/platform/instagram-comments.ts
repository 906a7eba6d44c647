/**
 * Comments on an account's media, their moderation, private replies, mentions and the
 * webhook subscription (reference §10). The paths are the same on both hosts; the calls
 * are sent by the Instagram client through {@link CommentTransport}, so the Facebook Login
 * client, which reuses it, gets them too.
 */
import * as z from 'zod';
import { malformedResponse, parseWith } from './platform-http';
import { assertPlatformId } from './platform-id';
import type { CommentScopes } from './instagram-client-options';

/** A comment as the platform answers it (`GET /{media}/comments`, `GET /{comment}`). */
export interface PlatformComment {
  readonly id: string;
  readonly text: string;
  /** ISO 8601 as answered (`2026-01-01T00:00:00+0000`), or `null` when absent. */
  readonly timestamp: string | null;
  readonly username: string | null;
  /** The commenter's IGSID; on the account's own comments, the account id. */
  readonly fromId: string | null;
  readonly hidden: boolean;
  /** The top-level comment a reply belongs to, or `null`. */
  readonly parentId: string | null;
  /** The media, when asked for (`GET /{comment}`). */
  readonly mediaId: string | null;
  /** Replies (top-level comments only), oldest first, every page read. */
  readonly replies: readonly PlatformComment[];
}

/**
 * The account's call budget as the platform reports it (`X-Business-Use-Case-Usage`,
 * reference §10.6): the highest of its shares, in percent, and the minutes until access
 * returns once throttled.
 */
export interface BusinessUseCaseUsage {
  readonly percent: number;
  readonly regainAccessMinutes: number;
}

/** One page of a media's comments and the cursor of the next, if any. */
export interface CommentPage {
  readonly comments: readonly PlatformComment[];
  readonly after: string | null;
}

/** A media of the account with its comment count (`GET /{ig-user-id}/media`). */
export interface MediaCommentCount {
  readonly id: string;
  /** Comments and replies, as `comments_count` reports them (reference §10.2). */
  readonly commentsCount: number;
  /** ISO 8601 as answered, or `null` when absent. */
  readonly timestamp: string | null;
}

/** One page of the account's media, newest first, and the cursor of the next, if any. */
export interface MediaCountPage {
  readonly media: readonly MediaCommentCount[];
  readonly after: string | null;
}

/** A mention read back from its webhook id (reference §10.4). */
export interface PlatformMention {
  readonly text: string | null;
  readonly username: string | null;
  readonly timestamp: string | null;
  readonly permalink: string | null;
  readonly mediaId: string | null;
}

/** The three kinds of call the comment endpoints make. */
export interface CommentTransport {
  get(
    path: string,
    query: Record<string, string>,
    scope: string,
    onHeaders?: (headers: Readonly<Record<string, string | string[] | undefined>>) => void,
  ): Promise<unknown>;
  post(path: string, form: Record<string, string>, scope: string): Promise<unknown>;
  postJson(path: string, body: unknown, scope: string): Promise<unknown>;
  delete(path: string, scope: string): Promise<unknown>;
}

/** Comments per page: the documented maximum (reference §10.2). */
export const COMMENT_PAGE_SIZE = 50;

/** Pages of replies read for one thread, beyond the first that comes with it. */
const MAX_REPLY_PAGES = 20;

const COMMENT_FIELDS = 'id,text,timestamp,username,from{id,username},hidden,parent_id';

/**
 * The fields asked of a media's comments: each with its first page of replies.
 *
 * @example
 * ```ts
 * COMMENTS_QUERY_FIELDS; // 'id,text,…,replies.limit(50){id,text,…}'
 * ```
 */
export const COMMENTS_QUERY_FIELDS = `${COMMENT_FIELDS},replies.limit(${COMMENT_PAGE_SIZE}){${COMMENT_FIELDS}}`;

const idText = z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String);
const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const pagingSchema = z
  .object({
    cursors: z.object({ after: z.string().nullish() }).nullish(),
    next: z.string().nullish(),
  })
  .nullish();

const commentFieldsSchema = z.object({
  id: idText,
  text: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  timestamp: nullableText,
  username: nullableText,
  from: z.object({ id: idText.nullish(), username: nullableText }).nullish(),
  hidden: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  parent_id: idText.nullish(),
  media: z.object({ id: idText }).nullish(),
});

const mediaCountPageSchema = z.object({
  data: z.array(
    z.object({
      id: idText,
      comments_count: z
        .number()
        .int()
        .nonnegative()
        .nullish()
        .transform((value) => value ?? 0),
      timestamp: nullableText,
    }),
  ),
  paging: pagingSchema,
});

/** Media per page of the account's media listing. */
export const MEDIA_COUNT_PAGE_SIZE = 50;

const replyPageSchema = z.object({
  data: z.array(commentFieldsSchema),
  paging: pagingSchema,
});

const commentSchema = commentFieldsSchema.extend({ replies: replyPageSchema.nullish() });
const commentPageSchema = z.object({ data: z.array(commentSchema), paging: pagingSchema });

type CommentFields = z.output<typeof commentFieldsSchema>;

function readComment(
  fields: CommentFields,
  replies: readonly PlatformComment[] = [],
): PlatformComment {
  return {
    id: fields.id,
    text: fields.text,
    timestamp: fields.timestamp,
    username: fields.username ?? fields.from?.username ?? null,
    fromId: fields.from?.id ?? null,
    hidden: fields.hidden,
    parentId: fields.parent_id ?? null,
    mediaId: fields.media?.id ?? null,
    replies,
  };
}

/** The next cursor of a page: only when the platform says there is a next page. */
function nextCursor(paging: z.output<typeof pagingSchema>): string | null {
  return paging?.next && paging.cursors?.after ? paging.cursors.after : null;
}

/**
 * The usage the platform reports for one account, or `null` when the header is absent or
 * unreadable. Every entry's shares are considered: the highest counts.
 *
 * @example
 * ```ts
 * readBusinessUseCaseUsage('{"1784…":[{"type":"instagram","call_count":80,"total_cputime":5,"total_time":7,"estimated_time_to_regain_access":0}]}');
 * // { percent: 80, regainAccessMinutes: 0 }
 * ```
 */
export function readBusinessUseCaseUsage(
  header: string | string[] | undefined,
): BusinessUseCaseUsage | null {
  const text = Array.isArray(header) ? header[0] : header;
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  let percent = 0;
  let regainAccessMinutes = 0;
  let seen = false;
  for (const entries of Object.values(parsed)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as Array<Record<string, unknown>>) {
      for (const share of ['call_count', 'total_cputime', 'total_time']) {
        const value = Number(entry[share]);
        if (Number.isFinite(value)) {
          percent = Math.max(percent, value);
          seen = true;
        }
      }
      const regain = Number(entry.estimated_time_to_regain_access);
      if (Number.isFinite(regain)) regainAccessMinutes = Math.max(regainAccessMinutes, regain);
    }
  }
  return seen ? { percent, regainAccessMinutes } : null;
}

/** Reads the usage header of an answer and hands it on. */
function usageReader(onUsage: ((usage: BusinessUseCaseUsage) => void) | undefined) {
  if (!onUsage) return undefined;
  return (headers: Readonly<Record<string, string | string[] | undefined>>) => {
    const usage = readBusinessUseCaseUsage(headers['x-business-use-case-usage']);
    if (usage) onUsage(usage);
  };
}

export type { CommentScopes };

/**
 * The comment calls, sent through a transport.
 *
 * @example
 * ```ts
 * const comments = commentCalls(transport, { comments: 'instagram_business_manage_comments', messages: 'instagram_business_manage_messages' });
 * const page = await comments.listComments({ mediaId, after: null });
 * ```
 */
export function commentCalls(transport: CommentTransport, scopes: CommentScopes) {
  async function remainingReplies(commentId: string, after: string | null) {
    const replies: PlatformComment[] = [];
    let cursor = after;
    for (let page = 0; cursor !== null && page < MAX_REPLY_PAGES; page++) {
      const body = await transport.get(
        `${commentId}/replies`,
        { fields: COMMENT_FIELDS, limit: String(COMMENT_PAGE_SIZE), after: cursor },
        scopes.comments,
      );
      const read = parseWith(replyPageSchema, body, 'replies without data');
      replies.push(...read.data.map((reply) => readComment(reply)));
      cursor = nextCursor(read.paging);
    }
    return replies;
  }

  return {
    /** One page of a media's top-level comments (newest first), each with all its replies. */
    async listComments(input: {
      mediaId: string;
      after: string | null;
      onUsage?: (usage: BusinessUseCaseUsage) => void;
    }): Promise<CommentPage> {
      const media = assertPlatformId(input.mediaId, 'mediaId');
      const body = await transport.get(
        `${media}/comments`,
        {
          fields: COMMENTS_QUERY_FIELDS,
          limit: String(COMMENT_PAGE_SIZE),
          ...(input.after ? { after: input.after } : {}),
        },
        scopes.comments,
        usageReader(input.onUsage),
      );
      const page = parseWith(commentPageSchema, body, 'comments without data');
      const comments: PlatformComment[] = [];
      for (const comment of page.data) {
        const first = comment.replies?.data.map((reply) => readComment(reply)) ?? [];
        const more = await remainingReplies(comment.id, nextCursor(comment.replies?.paging));
        // The edge answers replies oldest first; keep that order whatever a page did.
        comments.push(readComment(comment, [...first, ...more]));
      }
      return { comments, after: nextCursor(page.paging) };
    },

    /**
     * One page of the account's media (newest first) with their comment counts: one call
     * tells which of many media have new comments. `since` (ms) asks for media published
     * from then on; Instagram documents the parameter, and a caller still stops on the
     * timestamps in case a page goes further back.
     */
    async listMediaCommentCounts(input: {
      igUserId: string;
      since: number;
      after: string | null;
      onUsage?: (usage: BusinessUseCaseUsage) => void;
    }): Promise<MediaCountPage> {
      const user = assertPlatformId(input.igUserId, 'igUserId');
      const body = await transport.get(
        `${user}/media`,
        {
          fields: 'id,comments_count,timestamp',
          limit: String(MEDIA_COUNT_PAGE_SIZE),
          since: String(Math.floor(input.since / 1000)),
          ...(input.after ? { after: input.after } : {}),
        },
        scopes.comments,
        usageReader(input.onUsage),
      );
      const page = parseWith(mediaCountPageSchema, body, 'media without data');
      return {
        media: page.data.map((item) => ({
          id: item.id,
          commentsCount: item.comments_count,
          timestamp: item.timestamp,
        })),
        after: nextCursor(page.paging),
      };
    },

    /** Every reply of a top-level comment, oldest first. */
    async listReplies(input: { commentId: string }): Promise<PlatformComment[]> {
      const comment = assertPlatformId(input.commentId, 'commentId');
      const body = await transport.get(
        `${comment}/replies`,
        { fields: COMMENT_FIELDS, limit: String(COMMENT_PAGE_SIZE) },
        scopes.comments,
      );
      const read = parseWith(replyPageSchema, body, 'replies without data');
      return [
        ...read.data.map((reply) => readComment(reply)),
        ...(await remainingReplies(comment, nextCursor(read.paging))),
      ];
    },

    /** One comment, with its media (`GET /{comment}`). */
    async getComment(input: { commentId: string }): Promise<PlatformComment> {
      const comment = assertPlatformId(input.commentId, 'commentId');
      const body = await transport.get(
        comment,
        { fields: `${COMMENT_FIELDS},media{id}` },
        scopes.comments,
      );
      return readComment(parseWith(commentFieldsSchema, body, 'comment without id'));
    },

    /** `POST /{comment}/replies`: the reply's id. Never with `fields` (reference §10.3). */
    async replyToComment(input: { commentId: string; message: string }): Promise<{ id: string }> {
      const comment = assertPlatformId(input.commentId, 'commentId');
      const body = await transport.post(
        `${comment}/replies`,
        { message: input.message },
        scopes.comments,
      );
      return { id: parseWith(z.object({ id: idText }), body, 'reply without id').id };
    },

    /** `POST /{comment}?hide=true|false`. */
    async setCommentHidden(input: { commentId: string; hidden: boolean }): Promise<void> {
      const comment = assertPlatformId(input.commentId, 'commentId');
      await transport.post(comment, { hide: String(input.hidden) }, scopes.comments);
    },

    /** `DELETE /{comment}`: only on the account's own media. */
    async deleteComment(input: { commentId: string }): Promise<void> {
      const comment = assertPlatformId(input.commentId, 'commentId');
      await transport.delete(comment, scopes.comments);
    },

    /** `POST /{media}?comment_enabled=true|false`. */
    async setCommentsEnabled(input: { mediaId: string; enabled: boolean }): Promise<void> {
      const media = assertPlatformId(input.mediaId, 'mediaId');
      await transport.post(media, { comment_enabled: String(input.enabled) }, scopes.comments);
    },

    /**
     * A private reply to a comment's author: on the account's node with Instagram Login, on
     * the Page's with Facebook Login (reference §10.3).
     */
    async sendPrivateReply(input: {
      node: string;
      commentId: string;
      message: string;
    }): Promise<{ messageId: string }> {
      const node = assertPlatformId(input.node, 'node');
      const comment = assertPlatformId(input.commentId, 'commentId');
      const body = await transport.postJson(
        `${node}/messages`,
        { recipient: { comment_id: comment }, message: { text: input.message } },
        scopes.messages,
      );
      const answer = parseWith(
        z.object({ message_id: idText.nullish(), id: idText.nullish() }),
        body,
        'private reply without message_id',
      );
      const messageId = answer.message_id ?? answer.id;
      if (!messageId) throw malformedResponse('private reply without message_id');
      return { messageId };
    },

    /** `POST /{node}/subscribed_apps`: turns the app's webhooks on for the account. */
    async subscribeToWebhooks(input: { node: string; fields: readonly string[] }): Promise<void> {
      const node = assertPlatformId(input.node, 'node');
      await transport.post(
        `${node}/subscribed_apps`,
        { subscribed_fields: input.fields.join(',') },
        scopes.comments,
      );
    },

    /**
     * A comment or a caption that mentions the account, read from the id its webhook
     * carried (`mentioned_comment` / `mentioned_media`, reference §10.4).
     */
    async getMention(input: {
      igUserId: string;
      commentId: string | null;
      mediaId: string;
    }): Promise<PlatformMention> {
      const user = assertPlatformId(input.igUserId, 'igUserId');
      if (input.commentId !== null) {
        const comment = assertPlatformId(input.commentId, 'commentId');
        const body = await transport.get(
          user,
          {
            fields: `mentioned_comment.comment_id(${comment}){id,text,username,timestamp,media{id}}`,
          },
          scopes.comments,
        );
        const read = parseWith(
          z.object({
            mentioned_comment: z.object({
              text: nullableText,
              username: nullableText,
              timestamp: nullableText,
              media: z.object({ id: idText }).nullish(),
            }),
          }),
          body,
          'mentioned_comment missing',
        ).mentioned_comment;
        return {
          text: read.text,
          username: read.username,
          timestamp: read.timestamp,
          // A comment's media carries its id only (reference §10.2 "IG Comment fields").
          permalink: null,
          mediaId: read.media?.id ?? input.mediaId,
        };
      }
      const media = assertPlatformId(input.mediaId, 'mediaId');
      const body = await transport.get(
        user,
        { fields: `mentioned_media.media_id(${media}){caption,username,permalink,timestamp}` },
        scopes.comments,
      );
      const read = parseWith(
        z.object({
          mentioned_media: z.object({
            caption: nullableText,
            username: nullableText,
            permalink: nullableText,
            timestamp: nullableText,
          }),
        }),
        body,
        'mentioned_media missing',
      ).mentioned_media;
      return {
        text: read.caption,
        username: read.username,
        timestamp: read.timestamp,
        permalink: read.permalink,
        mediaId: media,
      };
    },
  };
}

/** The comment calls of a client. */
export type InstagramCommentCalls = ReturnType<typeof commentCalls>;

/**
 * The comment calls as a client offers them: each takes the account's token with its
 * input.
 *
 * @example
 * ```ts
 * await client.replyToComment({ accessToken, commentId, message: 'Obrigada!' });
 * ```
 */
export type InstagramCommentClient = {
  [Name in keyof InstagramCommentCalls]: (
    input: Parameters<InstagramCommentCalls[Name]>[0] & { readonly accessToken: string },
  ) => ReturnType<InstagramCommentCalls[Name]>;
};
