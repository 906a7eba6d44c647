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
import { isReelayError, type Post } from '@reelay/sdk';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { describeError } from '../../components/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeading } from '../../components/page-heading';
import { formatInZone, usePersonTimeZone, zoneLabel } from '../../components/person-zone';
import { StatusBadge } from '../../components/post-status';
import { useAutoRefresh } from '../../components/use-auto-refresh';
import { useT } from '../../i18n';
import { useSessionClient } from '../../session/session-context';
import { readProjectAccounts } from '../../components/project-accounts';
import { isReschedulable, type Integration } from '../calendar/calendar-data';
import { MediaList } from './media-list';
import { hasInsights, PostInsights } from './post-insights';
import { RescheduleForm } from './reschedule-form';
import { TargetOutcome } from './target-outcome';
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
  const [post, setPost] = useState<Post | null>(null);
  const [accounts, setAccounts] = useState<Integration[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState('');
  const [busy, setBusy] = useState<'retry' | 'cancel' | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const reload = useCallback(async () => {
    try {
      const answer = await session.api.posts.get(postId);
      setPost(answer.post);
      setLoadError(null);
    } catch (caught) {
      setLoadError(caught);
    }
  }, [postId]);

  useEffect(() => {
    void reload();
    readProjectAccounts(session.api).then(
      (loaded) => setAccounts(loaded.integrations),
      () => setAccounts([]),
    );
  }, [reload]);

  useAutoRefresh(() => void reload(), post && changingSoon(post) ? 10_000 : 60_000);

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
        {loadError ? (
          <div role="alert">
            <p>
              {isReelayError(loadError, 'NOT_FOUND', 'VALIDATION_ERROR')
                ? t('postDetail.notFound')
                : `${t('postDetail.loadFailed')} ${describeError(loadError)}`}
            </p>
            <button type="button" onClick={() => void reload()}>
              {t('app.retry')}
            </button>
          </div>
        ) : (
          <p aria-busy="true">{t('app.loading')}</p>
        )}
      </section>
    );
  }

  const failed = post.platforms.some((target) => target.status === 'failed');
  const reschedulable = isReschedulable(post);
  const otherZone = post.timezone !== zone ? post.timezone : null;

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

      <dl class="post-facts">
        <dt>{t('postDetail.status')}</dt>
        <dd>
          <StatusBadge status={post.status} />
        </dd>
        <dt>{t('postDetail.kind')}</dt>
        <dd>{t(`postDetail.kindValue.${post.kind}`)}</dd>
        <dt>{post.scheduledFor ? t('postDetail.scheduledFor') : t('postDetail.createdAt')}</dt>
        <dd>
          {formatInZone(post.scheduledFor ?? post.createdAt, zone)} ({zoneLabel(zone)})
          {otherZone && post.scheduledFor && (
            <>
              <br />
              <small>
                {t('postDetail.inPostZone', {
                  time: formatInZone(post.scheduledFor, otherZone),
                  zone: zoneLabel(otherZone),
                })}
              </small>
            </>
          )}
        </dd>
        {post.publishedAt && (
          <>
            <dt>{t('postDetail.publishedAt')}</dt>
            <dd>
              {formatInZone(post.publishedAt, zone)} ({zoneLabel(zone)})
            </dd>
          </>
        )}
        <dt>{t('postDetail.id')}</dt>
        <dd>
          <code>{post.id}</code>
        </dd>
      </dl>

      <h2>{t('postDetail.caption')}</h2>
      {post.content ? (
        <p class="caption">{post.content}</p>
      ) : (
        <p class="empty">{t('calendar.noCaption')}</p>
      )}

      <h2>{t('postDetail.media')}</h2>
      <MediaList items={post.mediaItems} />

      <h2>{t('postDetail.targets')}</h2>
      <div class="target-grid">
        {post.platforms.map((target) => (
          <TargetOutcome
            key={target.id}
            target={target}
            accountName={accountName(target.integrationId)}
            zone={zone}
          />
        ))}
      </div>

      {hasInsights(post) && <PostInsights post={post} accountName={accountName} zone={zone} />}

      {(failed || reschedulable) && (
        <section class="post-actions" aria-labelledby="post-actions-title">
          <h2 id="post-actions-title">{t('postDetail.actions')}</h2>
          <div class="actions">
            {failed && (
              <button
                type="button"
                aria-busy={busy === 'retry' ? 'true' : undefined}
                disabled={busy !== null}
                onClick={() => void retry()}
              >
                {busy === 'retry' ? t('postDetail.retrying') : t('postDetail.retry')}
              </button>
            )}
            {reschedulable && (
              <button
                type="button"
                class="danger outline"
                disabled={busy !== null}
                onClick={() => setConfirmingCancel(true)}
              >
                {t('postDetail.cancel')}
              </button>
            )}
          </div>
          {reschedulable && (
            <RescheduleForm
              key={post.scheduledFor}
              post={post}
              zone={zone}
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
        </section>
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
