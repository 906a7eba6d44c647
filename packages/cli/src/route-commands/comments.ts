/**
 * Inbox commands: the comments on the accounts' Instagram media (reading, replying,
 * moderating, marking and assigning threads, private replies, reading Instagram now), a
 * comment of the account's own on a published post and turning a post's comments on or
 * off, the mentions of the accounts, and the saved replies. Part of the command table
 * (`route-commands.ts`), in its order.
 */
import type { RouteId } from '@reelay/core';
import { allPages, pageOptions } from './command-parts';
import type { ArgumentSpec, CommandSpec, OptionSpec } from './command-spec';

const commentsModule = () => import('../commands/comments');
const savedRepliesModule = () => import('../commands/saved-replies');

const commentId: ArgumentSpec = { value: 'id', help: 'help.commentId' };

const idempotencyKey: OptionSpec = {
  flags: '--idempotency-key',
  value: 'placeholder.key',
  help: 'help.commentIdempotencyKey',
  field: 'idempotencyKey',
};

export const commentCommands = {
  listComments: [
    {
      name: 'comments list',
      help: 'help.commentsList',
      options: [
        {
          flags: '--account',
          value: 'placeholder.account',
          help: 'help.listAccount',
          field: 'accountId',
        },
        { flags: '--profile', value: 'id', help: 'help.listProfile', field: 'profileId' },
        { flags: '--post', value: 'id', help: 'help.commentsPost', field: 'postId' },
        { flags: '--status', value: 'status', help: 'help.commentsStatus', field: 'status' },
        { flags: '--since', value: 'placeholder.when', help: 'help.commentsSince', field: 'since' },
        {
          flags: '-q, --search',
          value: 'placeholder.text',
          help: 'help.commentsSearch',
          field: 'q',
        },
        {
          flags: '--assignee',
          value: 'placeholder.user',
          help: 'help.commentsAssignee',
          field: 'assigneeId',
        },
        ...pageOptions,
        allPages,
      ],
      run: async (_, o, ctx) => (await commentsModule()).listComments(o, ctx),
    },
  ],
  getComment: [
    {
      name: 'comments show',
      help: 'help.commentsShow',
      arguments: [commentId],
      run: async ([id], _o, ctx) => (await commentsModule()).showComment(id!, ctx),
    },
  ],
  replyToComment: [
    {
      name: 'comments reply',
      help: 'help.commentsReply',
      arguments: [
        commentId,
        { value: 'placeholder.message', help: 'help.commentMessage', optional: true },
      ],
      options: [
        { flags: '--saved', value: 'placeholder.reply', help: 'help.commentSaved' },
        idempotencyKey,
      ],
      run: async ([id, message], o, ctx) =>
        (await commentsModule()).replyToComment(id!, message, o, ctx),
    },
  ],
  hideComment: [
    {
      name: 'comments hide',
      help: 'help.commentsHide',
      arguments: [commentId],
      run: async ([id], _o, ctx) => (await commentsModule()).hideComment(id!, ctx),
    },
  ],
  unhideComment: [
    {
      name: 'comments unhide',
      help: 'help.commentsUnhide',
      arguments: [commentId],
      run: async ([id], _o, ctx) => (await commentsModule()).unhideComment(id!, ctx),
    },
  ],
  deleteComment: [
    {
      name: 'comments delete',
      help: 'help.commentsDelete',
      arguments: [commentId],
      options: [{ flags: '-y, --yes', help: 'help.yes' }],
      run: async ([id], o, ctx) => (await commentsModule()).deleteComment(id!, o, ctx),
    },
  ],
  updateComment: [
    {
      name: 'comments read',
      help: 'help.commentsRead',
      arguments: [commentId],
      run: async ([id], _o, ctx) => (await commentsModule()).markThread(id!, 'read', ctx),
    },
    {
      name: 'comments unread',
      help: 'help.commentsUnread',
      arguments: [commentId],
      run: async ([id], _o, ctx) => (await commentsModule()).markThread(id!, 'unread', ctx),
    },
    {
      name: 'comments assign',
      help: 'help.commentsAssign',
      arguments: [commentId, { value: 'placeholder.user', help: 'help.commentAssignee' }],
      run: async ([id, user], _o, ctx) => (await commentsModule()).assignThread(id!, user!, ctx),
    },
  ],
  privateReplyToComment: [
    {
      name: 'comments private-reply',
      help: 'help.commentsPrivateReply',
      arguments: [commentId, { value: 'placeholder.message', help: 'help.privateMessage' }],
      options: [idempotencyKey],
      run: async ([id, message], o, ctx) =>
        (await commentsModule()).privateReply(id!, message!, o, ctx),
    },
  ],
  syncComments: [
    {
      name: 'comments sync',
      help: 'help.commentsSync',
      options: [
        {
          flags: '--account',
          value: 'placeholder.account',
          help: 'help.syncAccount',
          field: 'accountId',
        },
      ],
      run: async (_, o, ctx) => (await commentsModule()).syncComments(o, ctx),
    },
  ],
  commentOnPost: [
    {
      name: 'posts comment',
      help: 'help.postsComment',
      arguments: [
        { value: 'id', help: 'help.postId' },
        { value: 'placeholder.message', help: 'help.commentMessage' },
      ],
      options: [
        {
          flags: '--account',
          value: 'placeholder.account',
          help: 'help.commentAccount',
          field: 'accountId',
        },
        idempotencyKey,
      ],
      run: async ([id, message], o, ctx) =>
        (await commentsModule()).commentOnPost(id!, message!, o, ctx),
    },
  ],
  setPostCommenting: [
    {
      name: 'posts commenting',
      help: 'help.postsCommenting',
      arguments: [
        { value: 'id', help: 'help.postId' },
        { value: 'on|off', help: 'help.commentingSetting' },
      ],
      options: [
        {
          flags: '--account',
          value: 'placeholder.account',
          help: 'help.commentingAccount',
          field: 'accountId',
        },
      ],
      run: async ([id, setting], o, ctx) =>
        (await commentsModule()).setCommenting(id!, setting!, o, ctx),
    },
  ],
  listMentions: [
    {
      name: 'mentions list',
      help: 'help.mentionsList',
      options: [
        {
          flags: '--account',
          value: 'placeholder.account',
          help: 'help.listAccount',
          field: 'accountId',
        },
        ...pageOptions,
      ],
      run: async (_, o, ctx) => (await import('../commands/mentions')).listMentions(o, ctx),
    },
  ],
  listSavedReplies: [
    {
      name: 'saved-replies list',
      help: 'help.savedRepliesList',
      run: async (_, _o, ctx) => (await savedRepliesModule()).listSavedReplies(ctx),
    },
  ],
  createSavedReply: [
    {
      name: 'saved-replies create',
      help: 'help.savedRepliesCreate',
      arguments: [
        { value: 'placeholder.title', help: 'help.savedReplyTitle' },
        { value: 'placeholder.text', help: 'help.savedReplyText' },
      ],
      run: async ([title, text], _o, ctx) =>
        (await savedRepliesModule()).createSavedReply(title!, text!, ctx),
    },
  ],
  deleteSavedReply: [
    {
      name: 'saved-replies delete',
      help: 'help.savedRepliesDelete',
      arguments: [{ value: 'placeholder.reply', help: 'help.savedReplyRef' }],
      run: async ([reference], _o, ctx) =>
        (await savedRepliesModule()).deleteSavedReply(reference!, ctx),
    },
  ],
} satisfies Partial<Record<RouteId, readonly CommandSpec[]>>;
