/**
 * One post: its caption, media, kind, time (in the person's zone, named) and status, and
 * how it went on each account, with the error's code, message and what to do, and, once
 * published, its metrics on each account (insights). What the state allows can be done
 * here: retry the failed accounts, cancel a scheduled post (after a confirmation),
 * reschedule it.
 *
 * The post is read again every 10 seconds while it is about to publish or publishing
 * (so a retry's outcome shows by itself), every minute otherwise, and when the person
 * comes back to the tab.
 */
import type { Post } from '@reelay/sdk';
import { useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeading } from '../../components/page-heading';
import { formatInZone, usePersonTimeZone, zoneLabel } from '../../components/person-zone';
import { useAutoRefresh } from '../../components/use-auto-refresh';
import { useLoad } from '../../components/use-load';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import { readProjectAccounts } from '../../components/project-accounts';
import { isReschedulable } from '../calendar/calendar-data';
import { PostActions, PostContent, PostFacts, PostNotLoaded } from './post-sections';
import { hasInsights, PostInsights } from './post-insights';
import './post-detail.css';

const SOON_MS = 5 * 60_000;

function changingSoon(post: Post): boolean {
  if (post.status === 'queued' || post.status === 'publishing') return true;
  if (post.platforms.some((target) => target.status === 'queued' || target.status === 'publishing'))
    return true;
  return (
    post.status === 'scheduled' &&
    post.scheduledFor !== null &&
    Date.parse(post.scheduledFor) - Date.now() < SOON_MS
  );
}

export default function PostDetailPage({ id }: { id?: string }) {
  const session = useSessionClient();
  const t = useT();
  const zone = usePersonTimeZone();
  const postId = id ?? '';
  const load = useLoad(
    async (signal) => (await session.api.posts.get(postId, { signal })).post,
    [postId],
  );
  const { data: post, error: loadError } = load;
  const setPost = (next: Post) => load.update(() => next);
  const accounts =
    useLoad((signal) => readProjectAccounts(session.api, signal), []).data?.integrations ?? [];
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');
  const [busy, setBusy] = useState<'retry' | 'cancel' | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  useAutoRefresh(() => void load.refresh(), post && changingSoon(post) ? 10_000 : 60_000);

  function say(text: string) {
    setActionError('');
    setNotice(text);
  }

  function fail(caught: unknown) {
    setNotice('');
    setActionError(describeError(caught));
  }

  async function retry() {
    setBusy('retry');
    try {
      const answer = await session.api.posts.retry(postId);
      setPost(answer.post);
      say(t('postDetail.retried'));
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(null);
    }
  }

  async function cancel() {
    setBusy('cancel');
    try {
      const answer = await session.api.posts.cancel(postId);
      setPost(answer.post);
      say(t('postDetail.cancelled'));
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(null);
      setConfirmingCancel(false);
    }
  }

  const accountName = (integrationId: string) => {
    const account = accounts.find((item) => item.id === integrationId);
    return account?.displayName ? `@${account.displayName}` : t('calendar.unknownAccount');
  };

  const heading = <PageHeading title={t('postDetail.title')}>{t('postDetail.title')}</PageHeading>;
  const back = (
    <p>
      <a href="/app/calendar">{t('postDetail.back')}</a>
    </p>
  );

  if (!post) {
    return (
      <section class="post-detail">
        {heading}
        {back}
        <PostNotLoaded error={loadError} onRetry={() => void load.retry()} />
      </section>
    );
  }

  const failed = post.platforms.some((target) => target.status === 'failed');
  const reschedulable = isReschedulable(post);

  return (
    <section class="post-detail">
      {heading}
      {back}
      <p role="status" class="live">
        {notice}
      </p>
      {actionError && (
        <p role="alert" class="form-error">
          {actionError}
        </p>
      )}
      {loadError ? (
        <p role="alert" class="form-error">
          {t('postDetail.refreshFailed')} {describeError(loadError)}
        </p>
      ) : null}

      <PostFacts post={post} zone={zone} />

      <PostContent post={post} zone={zone} accountName={accountName} />

      {hasInsights(post) && <PostInsights post={post} accountName={accountName} zone={zone} />}

      {(failed || reschedulable) && (
        <PostActions
          post={post}
          zone={zone}
          failed={failed}
          reschedulable={reschedulable}
          busy={busy}
          onRetry={() => void retry()}
          onCancel={() => setConfirmingCancel(true)}
          onRescheduled={(updated) => {
            setPost(updated);
            say(
              t('postDetail.rescheduled', {
                time: formatInZone(updated.scheduledFor!, zone),
                zone: zoneLabel(zone),
              }),
            );
          }}
        />
      )}

      {confirmingCancel && (
        <ConfirmDialog
          title={t('postDetail.cancelTitle')}
          confirmLabel={t('postDetail.cancelConfirm')}
          cancelLabel={t('postDetail.keep')}
          busy={busy === 'cancel'}
          onConfirm={() => void cancel()}
          onCancel={() => setConfirmingCancel(false)}
        >
          <p>{t('postDetail.cancelBody')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
