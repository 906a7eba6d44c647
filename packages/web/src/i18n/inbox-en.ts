/**
 * English texts of the inbox. Its type is the shape of the Portuguese texts, so a key
 * missing here, or one only here, does not compile. Mounted in `en.ts` as `inbox`.
 */
import type { inboxPtBR } from './inbox-pt-BR';

/** The same nested keys as `T`, each a text (as `TranslationShape` in `en.ts`). */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const inboxEn: Shape<typeof inboxPtBR> = {
  nav: 'Inbox',
  navLabel_one: '{{label}}, {{count}} unread thread',
  navLabel_other: '{{label}}, {{count}} unread threads',
  title: 'Inbox',
  intro:
    "Comments on the posts of the project's accounts, latest activity first, grouped by post. Open a thread to read, reply and moderate.",
  viewerOnly:
    'Only editors, admins and the owner reply, moderate and mark threads. Your role is {{role}}.',
  checkNow: 'Check now',
  checking: 'Checking…',
  checked_zero: 'Read the comments of {{media}} on Instagram: no new ones.',
  checked_one: 'Read the comments of {{media}} on Instagram: {{count}} new.',
  checked_other: 'Read the comments of {{media}} on Instagram: {{count}} new.',
  checkedMedia_zero: 'no post',
  checkedMedia_one: '{{count}} post',
  checkedMedia_other: '{{count}} posts',
  timesIn: 'Times in the {{zone}} time zone.',
  threads: 'Threads',
  loadFailed: 'The comments could not be loaded.',
  empty:
    'No comments yet. Comments on published posts arrive here by themselves; “Check now” reads Instagram at once.',
  emptyFiltered: 'No thread matches these filters.',
  count_one: '{{count}} thread',
  count_other: '{{count}} threads',
  more: 'Show more',
  paneLabel: 'Open thread',
  choose: 'Choose a thread in the list to read and answer it.',
  backToList: 'Back to the list',
  openPost: 'Open the post',
  openInInbox: 'Open in the inbox',
  outsideThread:
    "On a media published outside Reelay (Instagram id {{media}}): it came through Meta's webhook.",
  threadGone:
    'This thread no longer exists in this project (its account may have been disconnected).',
  threadFailed: 'The thread could not be loaded.',
  outsideGroup: 'Posts published outside Reelay',
  outsideHint: 'no post in Reelay',
  postFallback: 'Reelay post',
  replyCount_one: '{{count}} reply',
  replyCount_other: '{{count}} replies',
  someone: 'someone',
  fromSelf: 'your account',
  hidden: 'Hidden',
  deleted: 'Deleted on Instagram',
  privateSent: 'Private reply sent on {{when}}.',
  threadTitle: 'Comment by {{name}}',
  onAccount: 'On {{account}}',
  status: {
    unread: 'Unread',
    read: 'Read',
    replied: 'Replied',
  },
  hide: 'Hide',
  hideLabel: "Hide {{name}}'s comment",
  unhide: 'Unhide',
  unhideLabel: "Unhide {{name}}'s comment",
  private: 'Reply privately',
  privateLabel: 'Reply privately to {{name}}',
  privateBox: 'Private message to {{name}}',
  privateHint:
    'A direct message to whoever commented: one per comment, within 7 days of it. The account needs the messaging permission.',
  privateSend: 'Send privately',
  delete: 'Delete',
  deleteLabel: "Delete {{name}}'s comment",
  deleteTitle: "Delete {{name}}'s comment?",
  deleteBody: 'It is deleted on Instagram and kept here only as a record. This cannot be undone.',
  deleteBodyThread:
    'It is deleted on Instagram with its replies and kept here only as a record. This cannot be undone.',
  deleteConfirm: 'Delete on Instagram',
  keep: 'Keep it',
  cancel: 'Cancel',
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  replyToLabel: 'Reply to {{name}}',
  reply: {
    open: 'Reply',
    label: 'Reply to {{name}}',
    hint: "Public on Instagram, in the comment's thread.",
    send: 'Reply',
    characters: '{{used}} of {{max}} characters.',
    bytes: '{{used}} of {{max}} bytes.',
    closedDeleted: 'This comment was deleted on Instagram: it takes no more replies.',
    closedHidden:
      'This comment is hidden: Instagram takes no reply to a hidden comment. Unhide it to reply.',
  },
  done: {
    reply: "Reply published in {{name}}'s thread.",
    private: 'Private reply sent to {{name}}.',
    hide: "{{name}}'s comment hidden on Instagram.",
    unhide: "{{name}}'s comment visible again on Instagram.",
    delete: "{{name}}'s comment deleted on Instagram.",
    read: "{{name}}'s thread marked as read.",
    unread: "{{name}}'s thread marked as unread.",
  },
  saved: {
    pick: 'Insert a saved reply…',
    pickLabel: 'Saved replies',
    manage: 'Manage saved replies',
    title: 'Saved replies',
    intro:
      'Texts the team reuses when replying. Pick one in the reply box to fill it, and adjust it before sending.',
    listLabel: "The project's saved replies",
    empty: 'No saved replies yet.',
    loadFailed: 'The saved replies could not be loaded.',
    delete: 'Delete',
    deleteLabel: 'Delete the saved reply “{{title}}”',
    deleted: 'Saved reply “{{title}}” deleted.',
    newTitle: 'New saved reply',
    titleLabel: 'Title',
    textLabel: 'Text',
    textHint: 'Up to {{max}} characters.',
    save: 'Save the reply',
    created: 'Saved reply “{{title}}” saved.',
    editorsOnly: 'Only editors, admins and the owner create and delete saved replies.',
    close: 'Close',
  },
  filters: {
    account: 'Account',
    allAccounts: 'All accounts',
    status: 'Show',
    all: 'All threads',
    unread: 'Unread',
    read: 'Read',
    replied: 'Replied',
    hidden: 'Hidden',
    search: 'Search',
    searchButton: 'Search',
  },
  keys: {
    label: 'Keyboard:',
    or: 'or',
    move: 'next and previous thread',
    reply: 'reply',
    search: 'search',
    back: 'back to the list',
  },
  commenting: {
    title: 'New comments on Instagram',
    hint: 'Turned off, the post takes no new comments; those already there stay. Reelay does not read this setting from Instagram: this shows what was applied from this page.',
    turnOff: 'Turn comments off',
    turnOn: 'Turn comments on',
    turnedOff: 'New comments turned off on {{accounts}}.',
    turnedOn: 'New comments allowed again on {{accounts}}.',
  },
  postSection: {
    title: 'Comments',
    intro:
      'The threads on this post, on each account it went out on. Reply and moderate here or in the inbox.',
    empty: 'No comments on this post yet.',
  },
  errors: {
    PERMISSION_REQUIRED:
      "The account did not grant Instagram's comments permission: reconnect it on the accounts page, accepting every permission.",
    PERMISSION_REQUIRED_scope:
      "The account did not grant Instagram's {{scope}} permission: reconnect it on the accounts page, accepting every permission.",
    scope: {
      instagram_business_manage_messages:
        "To reply privately, the account needs Instagram's messaging permission (instagram_business_manage_messages): reconnect it on the accounts page, accepting every permission.",
      pages_messaging:
        "To reply privately, the account needs the Facebook Page's messaging permission (pages_messaging): reconnect it on the accounts page, accepting every permission.",
    },
    privateReplyWindow:
      'Instagram no longer takes a private reply to this comment: there is one, within 7 days of it.',
    IDEMPOTENCY_KEY_REUSED:
      'This reply was already sent before with another text. Reload the page and write it again.',
    NOT_FOUND:
      'This comment no longer exists in this project (its account may have been disconnected). Reload the page.',
    TOKEN_INVALID:
      'Access to the account expired or was revoked: reconnect it on the accounts page and try again.',
    RATE_LIMIT_APP:
      'Instagram is limiting calls for a while. Nothing was done: try again in a few minutes.',
    PLATFORM_UNAVAILABLE: 'Instagram failed on its side. Try again in a moment.',
    PLATFORM_TIMEOUT: 'Instagram did not answer in time. Try again in a moment.',
  },
};
