/**
 * The inbox's routes (docs/inbox.md): comment threads and what can be done with them,
 * mentions, saved replies, and the Meta webhook callback that brings comments in.
 */
import { isoTime } from '../../clock';
import { presentCommentThread } from '../../inbox/comment-view';
import type { InboxService, MentionRecord, SavedReplyRecord } from '../../inbox/inbox-service';
import { answerHandshake, checkSignature, queueBatch } from '../../inbox/meta-webhooks';
import type { InboxDeps } from '../../inbox/comment-ingest';
import { rawBodyOf } from '../request-body';
import { projectOf, type RouteHandlers } from '../route-handler';

function presentMention(mention: MentionRecord) {
  return {
    id: mention.id,
    integrationId: mention.integrationId,
    kind: mention.kind,
    platformMediaId: mention.platformMediaId,
    platformCommentId: mention.platformCommentId,
    username: mention.username,
    text: mention.text,
    permalink: mention.permalink,
    createdAt: isoTime(mention.createdAt),
    receivedAt: isoTime(mention.receivedAt),
  };
}

function presentSavedReply(reply: SavedReplyRecord) {
  return {
    id: reply.id,
    title: reply.title,
    text: reply.text,
    createdAt: isoTime(reply.createdAt),
  };
}

export function commentHandlers(inbox: InboxService, deps: InboxDeps): RouteHandlers {
  return {
    listComments: async ({ query }, context) => {
      const { total, threads } = await inbox.list(projectOf(context), query);
      return {
        status: 200,
        body: { success: true, total, comments: threads.map(presentCommentThread) },
      };
    },

    getComment: async ({ params }, context) => {
      const thread = await inbox.get(projectOf(context), params.id);
      return { status: 200, body: { success: true, comment: presentCommentThread(thread) } };
    },

    replyToComment: async ({ params, body }, context) => {
      const { thread, replayed } = await inbox.reply(projectOf(context), params.id, body!);
      return {
        status: replayed ? 200 : 201,
        body: { success: true, comment: presentCommentThread(thread) },
      };
    },

    hideComment: async ({ params }, context) => {
      const thread = await inbox.hide(projectOf(context), params.id, true);
      return { status: 200, body: { success: true, comment: presentCommentThread(thread) } };
    },

    unhideComment: async ({ params }, context) => {
      const thread = await inbox.hide(projectOf(context), params.id, false);
      return { status: 200, body: { success: true, comment: presentCommentThread(thread) } };
    },

    deleteComment: async ({ params }, context) => {
      const thread = await inbox.delete(projectOf(context), params.id);
      return { status: 200, body: { success: true, comment: presentCommentThread(thread) } };
    },

    updateComment: async ({ params, body }, context) => {
      const thread = await inbox.update(projectOf(context), params.id, body!);
      return { status: 200, body: { success: true, comment: presentCommentThread(thread) } };
    },

    privateReplyToComment: async ({ params, body }, context) => {
      const thread = await inbox.privateReply(projectOf(context), params.id, body!);
      return { status: 200, body: { success: true, comment: presentCommentThread(thread) } };
    },

    commentOnPost: async ({ params, body }, context) => {
      const { thread, replayed } = await inbox.commentOnPost(projectOf(context), params.id, body!);
      return {
        status: replayed ? 200 : 201,
        body: { success: true, comment: presentCommentThread(thread) },
      };
    },

    setPostCommenting: async ({ params, body }, context) => {
      const accounts = await inbox.setCommenting(projectOf(context), params.id, body!);
      return { status: 200, body: { success: true, enabled: body!.enabled, accounts } };
    },

    syncComments: async ({ body }, context) => {
      const report = await inbox.sync(projectOf(context), body?.accountId);
      return { status: 200, body: { success: true, ...report } };
    },

    listMentions: async ({ query }, context) => {
      const { total, mentions } = await inbox.mentions(projectOf(context), query);
      return {
        status: 200,
        body: { success: true, total, mentions: mentions.map(presentMention) },
      };
    },

    listSavedReplies: async (_input, context) => {
      const replies = await inbox.savedReplies(projectOf(context));
      return { status: 200, body: { success: true, savedReplies: replies.map(presentSavedReply) } };
    },

    createSavedReply: async ({ body }, context) => {
      const reply = await inbox.saveReply(projectOf(context), body!);
      return { status: 201, body: { success: true, savedReply: presentSavedReply(reply) } };
    },

    deleteSavedReply: async ({ params }, context) => {
      await inbox.deleteSavedReply(projectOf(context), params.id);
      return { status: 204, body: undefined };
    },

    verifyMetaWebhook: async ({ query }, context) => {
      const challenge = answerHandshake(deps.config, query);
      // Meta reads the challenge back as the whole body, as text.
      context.res.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': Buffer.byteLength(challenge),
      });
      context.res.end(challenge);
      return { status: 200, body: undefined };
    },

    receiveMetaWebhook: async (_input, context) => {
      const raw = rawBodyOf(context.req) ?? Buffer.alloc(0);
      checkSignature(deps.config, raw, context.req.headers['x-hub-signature-256']);
      await queueBatch(deps, raw.toString('utf8'));
      return { status: 200, body: { success: true } };
    },
  };
}
