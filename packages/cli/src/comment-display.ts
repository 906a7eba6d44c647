/**
 * How `reelay comments` shows the inbox to people: the table of `comments list`, each
 * thread followed by its replies, indented; the fields of `comments show`; the marks of
 * a comment hidden, deleted or written by the account itself. Times are on the wall
 * clock of this machine's zone, named in the header, as in `posts list`.
 */
import type { Comment, CommentReply } from '@reelay/sdk';
import { t, tDynamic } from './i18n';
import { inZone, localTime, tableZone } from './post-display';
import { renderFields, renderTable, type Column } from './table';

/** One line of the table: a thread's top-level comment, or one of its replies. */
interface CommentRow {
  readonly comment: CommentReply;
  readonly reply: boolean;
}

/**
 * A thread's status in the person's language; one this version does not know stays as
 * the server wrote it.
 *
 * @example
 * ```ts
 * commentStatusText('unread'); // 'não lido' in Portuguese, 'unread' in English
 * ```
 */
export function commentStatusText(status: string): string {
  return tDynamic(`comments.statuses.${status}`) ?? status;
}

/**
 * What sets a comment apart, as words: hidden or deleted on Instagram, written by the
 * account itself.
 *
 * @example
 * ```ts
 * commentMarks({ hidden: true, deleted: false, fromSelf: false }); // ['oculto']
 * ```
 */
export function commentMarks(
  comment: Pick<CommentReply, 'hidden' | 'deleted' | 'fromSelf'>,
): string[] {
  return [
    ...(comment.fromSelf ? [t('comments.markOwn')] : []),
    ...(comment.hidden ? [t('comments.markHidden')] : []),
    ...(comment.deleted ? [t('comments.markDeleted')] : []),
  ];
}

/** The status of a thread with its marks, or a reply's marks alone. */
function stateOf(row: CommentRow): string {
  const words = [
    ...(row.reply ? [] : [commentStatusText(row.comment.status)]),
    ...commentMarks(row.comment),
  ];
  return words.join(', ');
}

const author = (comment: CommentReply) => (comment.username ? `@${comment.username}` : null);

/** Where a comment is: its Reelay post, or the Instagram media of a post made elsewhere. */
const placeOf = (comment: CommentReply) => comment.postId ?? comment.platformMediaId;

/** The threads, each followed by its replies, oldest first, as rows. */
function rowsOf(threads: readonly Comment[]): CommentRow[] {
  return threads.flatMap((thread) => [
    { comment: thread, reply: false },
    ...thread.replies.map((reply) => ({ comment: reply, reply: true })),
  ]);
}

/**
 * The table of `comments list`: one row per comment, the replies under their thread with
 * their id indented (`└ cmt_…`), times in this machine's zone. Without `withPost`, the
 * post column is left out (the list is of one post already).
 *
 * @example
 * ```ts
 * process.stdout.write(renderThreads(answer.comments, { withPost: true }));
 * ```
 */
export function renderThreads(threads: readonly Comment[], options: { withPost: boolean }): string {
  const zone = tableZone(false);
  const columns: Array<Column<CommentRow>> = [
    { header: 'id', value: (row) => (row.reply ? `└ ${row.comment.id}` : row.comment.id) },
    {
      header: `${t('comments.columnWhen')} (${zone})`,
      value: (row) => localTime(row.comment.createdAt, zone),
    },
    { header: t('comments.columnFrom'), value: (row) => author(row.comment), max: 30 },
    { header: t('posts.columnStatus'), value: stateOf, max: 30 },
    ...(options.withPost
      ? [{ header: 'post', value: (row: CommentRow) => (row.reply ? '' : placeOf(row.comment)) }]
      : []),
    { header: t('comments.columnComment'), value: (row) => row.comment.text, max: 50 },
  ];
  return renderTable(rowsOf(threads), columns);
}

/**
 * A thread for people (`comments show`): its top-level comment's fields, then its
 * replies, oldest first. Accounts by @username when `usernames` knows them.
 *
 * @example
 * ```ts
 * process.stdout.write(describeThread(answer.comment, new Map([['int_01…', 'cafe.aurora']])));
 * ```
 */
export function describeThread(
  thread: Comment,
  usernames: ReadonlyMap<string, string> = new Map(),
): string {
  const zone = tableZone(false);
  const account = usernames.get(thread.integrationId);
  const fields = renderFields([
    ['Id', thread.id],
    [t('accounts.fieldAccount'), account ? `@${account}` : thread.integrationId],
    ['Post', thread.postId ?? `${thread.platformMediaId} (Instagram)`],
    [t('comments.fieldFrom'), author(thread)],
    [t('comments.fieldWrittenAt'), inZone(thread.createdAt, zone)],
    [t('posts.fieldStatus'), stateOf({ comment: thread, reply: false })],
    [t('comments.fieldAssignee'), thread.assigneeId],
    [
      t('comments.fieldPrivateReply'),
      thread.privateReplySentAt ? inZone(thread.privateReplySentAt, zone) : null,
    ],
    [t('comments.fieldText'), thread.text],
  ]);
  if (thread.replies.length === 0) return `${fields}\n${t('comments.noReplies')}\n`;
  const replies = renderTable(thread.replies, [
    { header: 'id', value: (reply: CommentReply) => reply.id },
    {
      header: `${t('comments.columnWhen')} (${zone})`,
      value: (reply: CommentReply) => localTime(reply.createdAt, zone),
    },
    { header: t('comments.columnFrom'), value: author, max: 30 },
    {
      header: t('comments.columnMarks'),
      value: (reply: CommentReply) => commentMarks(reply).join(', '),
    },
    { header: t('comments.columnComment'), value: (reply: CommentReply) => reply.text, max: 60 },
  ]);
  return `${fields}\n${t('comments.fieldReplies')}:\n${replies}`;
}
