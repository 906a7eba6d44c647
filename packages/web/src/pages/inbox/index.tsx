/**
 * The inbox: the comment threads on the project's Instagram media, newest activity first,
 * grouped by post (media published outside Reelay in a group of their own), filtered by
 * account, state and text (filters and the open thread live in the address). A thread
 * opens beside the list (below it on a phone), where an editor replies in public (with
 * the project's saved replies), replies in private while Instagram allows it, hides,
 * shows again and deletes comments (after a confirmation), and marks the thread read or
 * unread; opening an unread thread marks it read. "Check now" asks Instagram at once
 * instead of waiting for the next read. Keys: `j`/`k` (or the arrows) move between
 * threads, `r` replies, `/` searches, `Escape` goes back to the list.
 *
 * The list is read again every minute while the tab is visible, and when the person comes
 * back to the tab; the navigation's count of unread threads follows every change.
 */
import { isReelayError, roleMeets, type Comment } from '@reelay/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { CommentThread } from '../../components/comments/comment-thread';
import { describeCommentError } from '../../components/comments/comment-errors';
import { DeleteCommentDialog } from '../../components/comments/delete-comment-dialog';
import { SavedRepliesDialog } from '../../components/comments/saved-replies-dialog';
import { useCommentActions } from '../../components/comments/use-comment-actions';
import { useSavedReplies } from '../../components/comments/use-saved-replies';
import { inboxChanged } from '../../components/inbox-count';
import { ActionFeedback, LoadFailed, useActionFeedback } from '../../components/page-feedback';
import { PageHeading } from '../../components/page-heading';
import { usePersonTimeZone, zoneLabel } from '../../components/person-zone';
import { readProjectAccounts } from '../../components/project-accounts';
import { useAutoRefresh } from '../../components/use-auto-refresh';
import { useLoad } from '../../components/use-load';
import { usePagedLoad } from '../../components/use-paged-load';
import { useT } from '../../i18n';
import { useApi, useProjectRole } from '../../session/session-context';
import { InboxFilters } from './inbox-filters';
import { InboxKeysHint } from './inbox-keys-hint';
import { groupThreads, neighbour, shownOrder } from './thread-groups';
import { ThreadList } from './thread-list';
import { useInboxAddress } from './use-inbox-address';
import { useInboxKeys } from './use-inbox-keys';
import { useInboxPosts } from './use-inbox-posts';
import './inbox.css';

const PAGE_SIZE = 50;

export default function InboxPage() {
  const api = useApi();
  const t = useT();
  const zone = usePersonTimeZone();
  const role = useProjectRole();
  const canEdit = role !== null && roleMeets(role, 'editor');
  const address = useInboxAddress();
  const feedback = useActionFeedback();
  const [managingSaved, setManagingSaved] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const saved = useSavedReplies();

  const accounts = useLoad((signal) => readProjectAccounts(api, signal), [api]);
  const integrations = accounts.data?.integrations ?? [];
  const accountName = (integrationId: string) => {
    const account = integrations.find((item) => item.id === integrationId);
    return account?.displayName ? `@${account.displayName}` : t('calendar.unknownAccount');
  };

  const list = usePagedLoad(
    async (offset, signal) => {
      const page = await api.comments.list(
        {
          limit: PAGE_SIZE,
          offset,
          ...(address.status ? { status: address.status } : {}),
          ...(address.account ? { accountId: address.account } : {}),
          ...(address.q ? { q: address.q } : {}),
        },
        signal ? { signal } : {},
      );
      return { items: page.comments, total: page.total, read: page.comments.length };
    },
    [api, address.status, address.account, address.q],
  );
  // Read again quietly, unless more than the first page is shown (it would start over).
  useAutoRefresh(() => {
    if (list.read <= PAGE_SIZE) void list.refresh();
  }, 60_000);

  const groups = groupThreads(list.items ?? []);
  const order = shownOrder(groups);
  const posts = useInboxPosts(groups.map((group) => group.postId));

  // The open thread: from the list, else read on its own (a link, or filtered out).
  const listed = order.find((thread) => thread.id === address.thread);
  const listRead = list.items !== null;
  const single = useLoad(
    async (signal) =>
      address.thread && listRead && !listed
        ? (await api.comments.get(address.thread, { signal })).comment
        : null,
    [api, address.thread, listRead, Boolean(listed)],
  );
  const selected: Comment | undefined =
    listed ?? (single.data?.id === address.thread ? single.data : undefined) ?? undefined;

  function replaceThread(thread: Comment) {
    list.update((items) => items.map((item) => (item.id === thread.id ? thread : item)));
    if (single.data?.id === thread.id) single.update(() => thread);
  }
  const actions = useCommentActions(replaceThread, feedback);

  // Opening an unread thread marks it read (an editor's only: marking is a change).
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!selected || !canEdit || marked.current === selected.id) return;
    marked.current = selected.id;
    if (selected.status === 'unread') void actions.mark(selected, 'read', true);
  }, [selected?.id, canEdit]);

  // After a move, focus goes to the thread in the list (keys) or to the thread (pointer),
  // once it is drawn: the thread asked for, whatever else the page draws meanwhile.
  const focusNext = useRef<{ id: string; where: 'link' | 'pane' } | null>(null);
  useEffect(() => {
    const wanted = focusNext.current;
    if (!wanted) return;
    const target = document.getElementById(
      wanted.where === 'link' ? `inbox-link-${wanted.id}` : `thread-${wanted.id}-title`,
    );
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  // The thread open as of the last key, ahead of the address (keys may come faster than
  // the page draws).
  const current = useRef(address.thread);
  const shown = useRef(address.thread);
  if (shown.current !== address.thread) {
    // Moved by the address itself (Back, a link): it wins.
    shown.current = address.thread;
    current.current = address.thread;
  }
  function open(thread: Comment, focus: 'link' | 'pane') {
    focusNext.current = { id: thread.id, where: focus };
    current.current = thread.id;
    address.open(thread.id);
  }

  useInboxKeys({
    move(step) {
      const next = neighbour(order, current.current, step);
      if (next) open(next, 'link');
    },
    reply() {
      const box = address.thread && document.getElementById(`reply-${address.thread}`);
      if (!box) return false;
      box.focus();
      return true;
    },
    search: () => document.getElementById('inbox-search')?.focus(),
    back() {
      const id = address.thread ?? order[0]?.id;
      if (id) document.getElementById(`inbox-link-${id}`)?.focus();
    },
  });

  async function checkNow() {
    setSyncing(true);
    try {
      const report = await api.comments.sync();
      feedback.say(
        t('inbox.checked', {
          count: report.newComments,
          media: t('inbox.checkedMedia', { count: report.media }),
        }),
      );
      inboxChanged();
      await list.refresh();
    } catch (caught) {
      feedback.failWith(describeCommentError(caught));
    } finally {
      setSyncing(false);
    }
  }

  const filtered = Boolean(address.status || address.account || address.q);

  return (
    <section class="inbox-page">
      <PageHeading title={t('inbox.title')} help={<p>{t('inbox.intro')}</p>}>
        {t('inbox.title')}
      </PageHeading>
      {role && !canEdit && (
        <p class="notice">{t('inbox.viewerOnly', { role: t(`roles.${role}`) })}</p>
      )}
      <div class="inbox-toolbar">
        <InboxFilters
          integrations={integrations}
          accountName={accountName}
          account={address.account}
          status={address.status}
          q={address.q}
          onFilter={address.filter}
        />
        {canEdit && (
          <button
            type="button"
            class="secondary inbox-check"
            aria-busy={syncing ? 'true' : undefined}
            disabled={syncing}
            onClick={() => void checkNow()}
          >
            {syncing ? t('inbox.checking') : t('inbox.checkNow')}
          </button>
        )}
      </div>
      <div class="inbox-hints">
        <InboxKeysHint />
        <p class="hint">{t('inbox.timesIn', { zone: zoneLabel(zone) })}</p>
      </div>
      <ActionFeedback notice={feedback.notice} actionError={feedback.actionError} />

      <div class="inbox-layout">
        <section class="inbox-threads" aria-labelledby="inbox-threads-title">
          <h2 id="inbox-threads-title" class="visually-hidden">
            {t('inbox.threads')}
          </h2>
          {list.error && !list.items ? (
            <LoadFailed
              message={t('inbox.loadFailed')}
              error={list.error}
              onRetry={() => void list.retry()}
            />
          ) : !list.items ? (
            <p aria-busy="true">{t('app.loading')}</p>
          ) : list.items.length === 0 ? (
            <p class="empty">{t(filtered ? 'inbox.emptyFiltered' : 'inbox.empty')}</p>
          ) : (
            <>
              <p class="inbox-count">{t('inbox.count', { count: list.total })}</p>
              <ThreadList
                groups={groups}
                posts={posts}
                selectedId={address.thread}
                zone={zone}
                accountName={accountName}
                linkTo={address.linkTo}
                onOpen={(thread) => open(thread, 'pane')}
              />
              {list.read < list.total && (
                <button
                  type="button"
                  class="secondary"
                  aria-busy={list.busy ? 'true' : undefined}
                  disabled={list.busy}
                  onClick={() => void list.more()}
                >
                  {t('inbox.more')}
                </button>
              )}
            </>
          )}
        </section>

        <section class="inbox-pane" aria-label={t('inbox.paneLabel')}>
          {!address.thread ? (
            <p class="empty">{t('inbox.choose')}</p>
          ) : selected ? (
            <>
              <button
                type="button"
                class="secondary outline inbox-back"
                onClick={() => {
                  focusNext.current = null;
                  document.getElementById(`inbox-link-${selected.id}`)?.focus();
                }}
              >
                {t('inbox.backToList')}
              </button>
              <CommentThread
                key={selected.id}
                thread={selected}
                level={2}
                zone={zone}
                accountName={accountName(selected.integrationId)}
                canEdit={canEdit}
                actions={actions}
                saved={saved}
                onManageSaved={() => setManagingSaved(true)}
              >
                <p class="thread-links">
                  {selected.postId ? (
                    <a href={`/app/posts/${encodeURIComponent(selected.postId)}`}>
                      {t('inbox.openPost')}
                    </a>
                  ) : (
                    t('inbox.outsideThread', { media: selected.platformMediaId })
                  )}
                </p>
              </CommentThread>
            </>
          ) : single.error ? (
            <div role="alert">
              <p>
                {isReelayError(single.error, 'NOT_FOUND', 'VALIDATION_ERROR')
                  ? t('inbox.threadGone')
                  : `${t('inbox.threadFailed')} ${describeCommentError(single.error)}`}
              </p>
              <button type="button" onClick={() => void single.retry()}>
                {t('app.retry')}
              </button>
            </div>
          ) : (
            <p aria-busy="true">{t('app.loading')}</p>
          )}
        </section>
      </div>

      <DeleteCommentDialog actions={actions} />
      {managingSaved && (
        <SavedRepliesDialog
          saved={saved}
          canEdit={canEdit}
          onClose={() => setManagingSaved(false)}
        />
      )}
    </section>
  );
}
